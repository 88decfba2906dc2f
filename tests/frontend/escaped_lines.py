#!/usr/bin/env python3
"""The source line a diagnostic echoes is safe to print on a terminal.

    escaped_lines.py --arrc PATH

For source lines holding ESC sequences, BEL, NUL, a CR, tabs, a C1 control
character, bytes that are not UTF-8 and valid UTF-8, `arrc --dump-after=typecheck`
must print: control characters and invalid bytes as \\xNN (as messages do), valid
UTF-8 and tabs as they are (messages quoting the source alike), and a caret under
each error's column in the echoed line (an escaped byte is four columns wide; a tab
in the line is a tab in the caret line). Nothing else but newlines and tabs may be a
control character in its output, which must be valid UTF-8. Prints one PASS/FAIL
line per case; exits 1 if any failed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402

ERROR = re.compile(r"^(?P<path>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.*)$")
PREFIX = b"entry main(x: f64): f64 = "

# (name, the source line, the line as echoed, [(column, the echoed text at the caret)]
# for the errors expected on it, in order).
CASES = [
    ("an ESC sequence retitling the terminal, and BEL",
     PREFIX + b"x \x1b]0 owned\x07 + q",
     "entry main(x: f64): f64 = x \\x1B]0 owned\\x07 + q",
     [(29, "\\x1B"), (38, "\\x07")]),
    ("an import path holding ESC and BEL, in the line and the message",
     b'import "\x1b]0 x\x07"',
     'import "\\x1B]0 x\\x07"',
     [(8, '"')]),
    ("NUL bytes",
     PREFIX + b"x \x00 \x00 + q",
     "entry main(x: f64): f64 = x \\x00 \\x00 + q",
     [(29, "\\x00"), (31, "\\x00")]),
    ("a CR inside the line",
     PREFIX + b"x\r + q",
     "entry main(x: f64): f64 = x\\x0D + q",
     [(32, "q")]),
    ("tabs, kept in the line and the caret line",
     b"entry main(x: f64): f64 =\t\tx +\tq",
     "entry main(x: f64): f64 =\t\tx +\tq",
     [(32, "q")]),
    ("valid UTF-8, kept, one column per code point",
     PREFIX + "x é λ + ".encode() + b"\xc2\x9b",
     "entry main(x: f64): f64 = x é λ + \\xC2\\x9B",
     [(29, "é"), (31, "λ"), (35, "\\xC2\\x9B")]),
    ("bytes that are not UTF-8",
     PREFIX + b"x -- \xff\xfe end",
     "entry main(x: f64): f64 = x -- \\xFF\\xFE end",
     [(32, "\\xFF")]),
    ("a truncated sequence and a stray continuation byte",
     PREFIX + b"x -- \xe2\x82 \x80 end",
     "entry main(x: f64): f64 = x -- \\xE2\\x82 \\x80 end",
     [(32, "\\xE2\\x82")]),
]


def unsafe(text):
    """The characters of `text` a terminal would act on, but newlines and tabs."""
    return sorted({hex(ord(c)) for c in text
                   if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0})


def check_case(arrc, directory, name, source, shown, errors):
    path = os.path.join(directory, "case.arr")
    with open(path, "wb") as file:
        file.write(source + b"\n")
    result = subprocess.run([arrc, "--dump-after=typecheck", path], capture_output=True,
                            timeout=60, stdin=subprocess.DEVNULL)
    details = f"  exit: {result.returncode}\n  stderr: {result.stderr!r}"
    try:
        stderr = result.stderr.decode("utf-8")
    except UnicodeDecodeError:
        return report(False, f"{name}: the output is UTF-8", details)
    if not report(result.returncode == 1 and not unsafe(stderr),
                  f"{name}: exit 1, no control character in the output",
                  details + f"\n  unsafe: {unsafe(stderr)}"):
        return
    lines = stderr.split("\n")
    found = [(i, ERROR.match(line)) for i, line in enumerate(lines) if ERROR.match(line)]
    seen = [int(match.group("col")) for _, match in found]
    if not report(seen == [column for column, _ in errors],
                  f"{name}: errors at columns {[column for column, _ in errors]}",
                  details + f"\n  columns: {seen}"):
        return
    for (index, _), (column, under) in zip(found, errors):
        echoed, caret = lines[index + 1], lines[index + 2]
        at = caret.find("^")
        report(echoed == shown and at >= 0 and caret[:at].strip(" \t") == "" and
               all(caret[i] == "\t" for i in range(at) if echoed[i] == "\t") and
               echoed[at:].startswith(under),
               f"{name}: column {column} echoed with the caret under {under!r}",
               f"  echoed: {echoed!r}\n  wanted: {shown!r}\n  caret:  {caret!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arr-escaped-") as directory:
        for case in CASES:
            check_case(os.path.abspath(args.arrc), directory, *case)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
