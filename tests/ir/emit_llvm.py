#!/usr/bin/env python3
"""`arrc --emit-llvm PROG -o FILE.ll` writes textual LLVM IR that LLVM's own tools accept.

    emit_llvm.py --arrc PATH --llvm-as PATH PROG.arr [PROG.arr ...]

For every program and every optimisation level -O0 and -O2: arrc must exit 0 and
write FILE.ll (and print nothing on standard output); FILE.ll must define one
function `arr_NAME` per `entry NAME` of the program; and `llvm-as FILE.ll -o
/dev/null` (which parses and verifies the module) must exit 0.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

TIMEOUT_SECONDS = 300
ENTRY = re.compile(r"^entry\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--llvm-as", required=True)
    parser.add_argument("programs", nargs="+")
    options = parser.parse_args()
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="emit_llvm_") as tmp:
        for program in options.programs:
            with open(program, encoding="utf-8") as f:
                entries = ENTRY.findall(f.read())
            for level in ("-O0", "-O2"):
                name = "%s %s" % (os.path.relpath(program), level)
                ll = os.path.join(tmp, "%s%s.ll" % (os.path.splitext(os.path.basename(program))[0], level))
                problems = []
                command = [options.arrc, "--emit-llvm", level, program, "-o", ll]
                result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
                if result.returncode != 0:
                    problems.append("%s exited %d: %s" % (" ".join(command), result.returncode,
                                                          result.stderr.strip()[:2000]))
                elif result.stdout.strip():
                    problems.append("arrc --emit-llvm -o FILE printed on standard output: %r" % result.stdout[:200])
                if not problems and not os.path.isfile(ll):
                    problems.append("%s wrote no file" % " ".join(command))
                if not problems:
                    with open(ll, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                    for entry in entries:
                        if not re.search(r"^define\b[^\n]*@arr_%s\(" % re.escape(entry), text, re.MULTILINE):
                            problems.append("no `define ... @arr_%s(` in %s" % (entry, ll))
                    verify = subprocess.run([options.llvm_as, ll, "-o", os.devnull], capture_output=True, text=True,
                                            timeout=TIMEOUT_SECONDS)
                    if verify.returncode != 0:
                        problems.append("llvm-as rejects the file (exit %d):\n    %s" % (
                            verify.returncode, "\n    ".join(verify.stderr.strip().splitlines()[:20])))
                if problems:
                    failed += 1
                    print("FAIL %s\n    %s" % (name, "\n    ".join(problems)))
                else:
                    passed += 1
                    print("PASS %s: %d entr%s defined, llvm-as accepts it" % (
                        name, len(entries), "y" if len(entries) == 1 else "ies"))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
