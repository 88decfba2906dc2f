#!/usr/bin/env python3
"""The C ABI of object files (LANGUAGE.md section 9): arrc -c, the header, linking from C.

    cabi_test.py --arrc PATH [--cc clang-19] [--cxx clang++-19]

Steps, each reported as one PASS/FAIL line:
  1. `arrc -c tests/cabi/cabi.arr -o DIR/cabi.o` exits 0 and writes DIR/cabi.o and
     DIR/cabi.h (the header beside the object, named after it).
  2. The header declares every entry with the parameter order of section 9: size
     variables in order of first appearance, then the parameters (arrays as const
     pointers, scalars by value), then one caller-allocated result pointer per
     result component. The section's own example, `f`, must be declared exactly as
     printed there (modulo whitespace and comments):
         int arr_f(int64_t n, int64_t m, const double *x, int64_t k, const float *y,
                   double *out0, double *out1);
     For the other entries the types and the names of sizes and parameters are
     checked; result pointers only by type. bool may be `bool`, `_Bool` or `uint8_t`
     (the specification does not say which). It also declares
     `const char *arr_last_error(void);`.
  3. `arrc --print-link-flags` exits 0.
  4. cabi_main.c (C11, -Wall -Wextra -Werror, the header included first so it must be
     self-contained) compiles, links with the object and the printed flags through the
     C compiler driver, runs, and all its checks pass: results against values computed
     in C, and inconsistent calls (negative size variables, a dimension that
     evaluates negative) return non-zero with a non-empty arr_last_error().
  5. The header is usable from C++ too (extern "C" linkage): a C++ file that includes
     it and calls arr_answer links with the same flags and prints 42.
Exits 1 if any step failed.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "cabi.arr")
MAIN_C = os.path.join(HERE, "cabi_main.c")
EXPECTED_C_CHECKS = 47  # the number of checks cabi_main.c reports when all of them run

BOOL = r"(?:bool|_Bool|uint8_t)"
I64 = r"int64_t"
F64 = r"double"
F32 = r"float"


def in_(ctype, name):
    """An array parameter: a const pointer."""
    return (rf"const {ctype} \*", name)


def scalar(ctype, name):
    return (rf"{ctype} ", name)


def out(ctype):
    return (rf"{ctype} \*", None)


# Each entry of cabi.arr: its expected parameter list (type pattern, name or None).
EXPECTED = {
    "f": [scalar(I64, "n"), scalar(I64, "m"), in_(F64, "x"), scalar(I64, "k"), in_(F32, "y"),
          out(F64), out(F64)],
    "sizes": [scalar(I64, "q"), scalar(I64, "p"), scalar(I64, "r"), in_(I64, "s"), in_(F64, "t"),
              in_(F64, "u"), in_(F32, "w"), out(F64), out(F32), out(I64)],
    "masks": [scalar(I64, "n"), in_(I64, "v"), in_(BOOL, "keep"), scalar(BOOL, "flip"), out(I64),
              out(BOOL), out(I64)],
    "norm2": [scalar(I64, "n"), in_(F64, "v"), out(F64)],
    "answer": [out(I64)],
    "tail3": [scalar(I64, "n"), in_(F64, "x"), out(F64)],
    "dnorm2": [scalar(I64, "n"), in_(F64, "v"), out(F64)],
    "vgnorm2": [scalar(I64, "n"), in_(F64, "v"), scalar(F64, "s"), out(F64), out(F64), out(F64)],
}
EXACT_F = ("int arr_f(int64_t n, int64_t m, const double *x, int64_t k, const float *y, "
           "double *out0, double *out1);")

CXX_PROGRAM = """\
#include "cabi.h"

#include <cstdio>

int main() {
  int64_t answer = 0;
  int code = arr_answer(&answer);
  std::printf("%d %lld\\n", code, static_cast<long long>(answer));
  return code;
}
"""

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, **kwargs)


def describe(command, result):
    return (f"  command: {shlex.join(command)}\n  exit: {result.returncode}\n"
            f"  stdout:\n{result.stdout}  stderr:\n{result.stderr}")


def normalise_header(text):
    """The header without comments or preprocessor lines, whitespace collapsed,
    pointers written `type *name`."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s*\*\s*", " *", text)
    text = re.sub(r"\s*([(),;])\s*", r"\1", text)
    text = text.replace(",", ", ")
    return text


def declarations(normal):
    """name -> parameter list text, for every `int arr_NAME(...);` in a normalised header."""
    found = {}
    for match in re.finditer(r"\bint arr_(\w+)\(([^()]*)\);", normal):
        found[match.group(1)] = match.group(2)
    return found


def check_parameters(name, params_text, expected):
    params = [p.strip() for p in params_text.split(",")] if params_text.strip() else []
    if params == ["void"]:
        params = []
    if len(params) != len(expected):
        return f"arr_{name} has {len(params)} parameters ({params_text}), expected {len(expected)}"
    for position, (param, (type_pattern, pname)) in enumerate(zip(params, expected)):
        name_pattern = re.escape(pname) if pname else r"\w+"
        if not re.fullmatch(type_pattern + name_pattern, param):
            want = type_pattern.replace("\\", "") + (pname or "NAME")
            return f"arr_{name} parameter {position + 1} is {param!r}, expected {want!r}"
    return None


def check_header(header_path):
    with open(header_path, encoding="utf-8") as source:
        text = source.read()
    normal = normalise_header(text)
    report(EXACT_F in normal, "the header declares arr_f exactly as LANGUAGE.md section 9 shows",
           f"  expected: {EXACT_F}\n  header (normalised): {normal}")
    found = declarations(normal)
    for name, expected in EXPECTED.items():
        if name not in found:
            report(False, f"the header declares arr_{name}", f"  header (normalised): {normal}")
            continue
        problem = check_parameters(name, found[name], expected)
        report(problem is None, f"arr_{name}: sizes in order of first appearance, parameters, "
               "results", f"  {problem}")
    last_error = re.search(r"\bconst char \*arr_last_error\((?:void)?\);", normal)
    report(last_error is not None, "the header declares const char *arr_last_error(void)",
           f"  header (normalised): {normal}")


def find_tool(preferred, fallback):
    for name in (preferred, fallback):
        if name and shutil.which(name):
            return shutil.which(name)
    return preferred


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--cc", default=None, help="C compiler (default clang-19, else cc)")
    parser.add_argument("--cxx", default=None, help="C++ compiler (default clang++-19, else c++)")
    args = parser.parse_args()
    arrc = os.path.abspath(args.arrc)
    cc = args.cc or find_tool("clang-19", "cc")
    cxx = args.cxx or find_tool("clang++-19", "c++")

    with tempfile.TemporaryDirectory(prefix="arr-cabi-") as directory:
        obj = os.path.join(directory, "cabi.o")
        header = os.path.join(directory, "cabi.h")
        command = [arrc, "-c", PROGRAM, "-o", obj]
        result = run(command)
        ok = report(result.returncode == 0, "arrc -c cabi.arr -o DIR/cabi.o exits 0",
                    describe(command, result))
        ok = report(ok and os.path.isfile(obj), "arrc -c writes the object DIR/cabi.o") and ok
        has_header = report(ok and os.path.isfile(header), "arrc -c writes DIR/cabi.h beside it",
                            f"  files in DIR: {sorted(os.listdir(directory))}")
        if has_header:
            check_header(header)

        flags_command = [arrc, "--print-link-flags"]
        flags_result = run(flags_command)
        flags_ok = report(flags_result.returncode == 0, "arrc --print-link-flags exits 0",
                          describe(flags_command, flags_result))
        flags = shlex.split(flags_result.stdout) if flags_ok else []
        print(f"  link flags: {flags}")

        if ok and has_header and flags_ok:
            main_obj = os.path.join(directory, "cabi_main.o")
            command = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", directory, "-c", MAIN_C,
                       "-o", main_obj]
            result = run(command)
            compiled = report(result.returncode == 0, "cabi_main.c compiles against the header",
                              describe(command, result))
            if compiled:
                exe = os.path.join(directory, "cabi_test")
                command = [cc, main_obj, obj] + flags + ["-lm", "-o", exe]
                result = run(command)
                linked = report(result.returncode == 0,
                                "cabi_main.o links with the object and the printed flags",
                                describe(command, result))
                if linked:
                    command = [exe]
                    result = run(command)
                    print("  " + result.stdout.replace("\n", "\n  ").rstrip())
                    lines = result.stdout.splitlines()
                    counts = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
                    all_ran = (counts is not None and int(counts.group(2)) == 0
                               and int(counts.group(1)) == EXPECTED_C_CHECKS)
                    report(result.returncode == 0 and all_ran,
                           f"the C program's {EXPECTED_C_CHECKS} checks pass",
                           describe(command, result))

            cxx_source = os.path.join(directory, "cxx_main.cpp")
            with open(cxx_source, "w", encoding="utf-8") as source:
                source.write(CXX_PROGRAM)
            cxx_exe = os.path.join(directory, "cxx_test")
            command = [cxx, "-std=c++20", "-I", directory, cxx_source, obj] + flags + ["-o", cxx_exe]
            result = run(command)
            if report(result.returncode == 0, "the header compiles and links from C++",
                      describe(command, result)):
                result = run([cxx_exe])
                report(result.returncode == 0 and result.stdout.strip() == "0 42",
                       "arr_answer called from C++ returns 0 and 42", describe([cxx_exe], result))

    return summary()


if __name__ == "__main__":
    sys.exit(main())
