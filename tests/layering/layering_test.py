#!/usr/bin/python3
"""The compiler's layering (ARCHITECTURE.md, README "Layout"): each directory of compiler/
includes only the layers below it, so that the core IR knows nothing of the front end and
code generation reads only the loop IR. An include that crosses a layer upward fails here,
naming the file and the line.

    /usr/bin/python3 tests/layering/layering_test.py [REPOSITORY]
"""

import pathlib
import re
import sys

# What each directory may include besides itself and the C++ / LLVM headers.
ALLOWED = {
    "base": {"runtime"},
    "frontend": {"base"},
    "grammar": set(),
    "sema": {"base", "frontend"},
    "ir": {"base", "runtime"},
    "lower": {"base", "sema", "ir", "runtime"},
    "passes": {"base", "ir", "runtime"},
    "loops": {"base", "ir", "runtime"},
    "codegen": {"base", "loops", "runtime"},
    "driver": None,  # the driver assembles every stage
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')


def violations(root):
    found = []
    compiler = root / "compiler"
    for path in sorted(compiler.rglob("*")):
        if path.suffix not in (".h", ".cpp"):
            continue
        layer = path.relative_to(compiler).parts[0]
        if layer not in ALLOWED:
            found.append("%s: directory %s has no entry in the layering table" % (path, layer))
            continue
        allowed = ALLOWED[layer]
        if allowed is None:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if match and match.group(1) not in allowed | {layer}:
                found.append("%s:%d: %s includes %s" % (path.relative_to(root), number, layer,
                                                        line.strip()))
    return found


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else __file__).resolve()
    if root.is_file():
        root = root.parents[2]
    found = violations(root)
    for line in found:
        print(line)
    print("%d layering violations" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
