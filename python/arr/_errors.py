"""The package's exceptions."""


class Error(Exception):
    """A failure inside a call of a compiled entry point; the message is the
    runtime's (for example a dimension that evaluates to a negative size)."""


class CompileError(Error):
    """arrc rejected the program (or could not be run). `diagnostics` holds its
    messages: `file:line:col: error: ...`, the source line and a caret."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics)
        self.diagnostics = diagnostics
