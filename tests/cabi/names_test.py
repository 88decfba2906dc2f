#!/usr/bin/env python3
"""Entry points named like the runtime's symbols (LANGUAGE.md section 9: entry NAME is
the C function arr_NAME, for every legal NAME).

    names_test.py --arrc PATH [--cc clang-19]

Steps, each reported as one PASS/FAIL line:
  1. `arrc -c runtime_names.arr` (entries alloc, free, set_threads, parallel_for, ...)
     exits 0; the header declares each arr_NAME once, and arr_last_error once.
  2. The object defines exactly the entries' C functions among its arr* symbols.
  3. The runtime library keeps out of the entries' namespace: of the names
     arr_<identifier>, it defines only arr_last_error.
  4. runtime_names_main.c links with the object and the runtime, calls every entry
     and the runtime's arr_last_error, and all its checks pass.
  5. `entry last_error` cannot be compiled with -c (its C name is the runtime's
     arr_last_error): exit 1 with `FILE:LINE:COL: error:` at the name, naming
     arr_last_error, and no object or header written.
  6. Compiled to executables, the same programs (runtime_names.arr, and one with
     `entry last_error` and `entry main`) run every entry as the interpreter does,
     and their global arr_ symbols are the runtime's arr_last_error only.
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
PROGRAM = os.path.join(HERE, "runtime_names.arr")
MAIN_C = os.path.join(HERE, "runtime_names_main.c")
ENTRIES = ["alloc", "free", "set_threads", "parallel_for", "parallel_max_chunks", "set_error",
           "pow_i64", "entry_table", "entry_count", "set_negative_dimension_error", "call_main"]
# Inputs for running each entry of runtime_names.arr as an executable.
INPUTS = {
    "alloc": "[1.5, -2.0, 3.25, 0.5]", "free": "[0.5, 1.0, 2.0]", "set_threads": "4",
    "parallel_for": "3 5", "parallel_max_chunks": "[1.0, 7.5, -2.0]",
    "set_error": "[1.0, 2.0, 3.0, 4.0, 5.0]", "pow_i64": "[2, -3]", "entry_table": "0.25",
    "entry_count": "", "set_negative_dimension_error": "[0.25, 0.5]", "call_main": "2.0000001",
}
LAST_ERROR_PROGRAM = """\
entry main(x: f64): f64 = x + 1.0
entry last_error(x: f64): f64 = x * 3.0
"""

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402


def run(command, stdin_text=None, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=600,
                          input=stdin_text if stdin_text is not None else "", **kwargs)


def describe(command, result):
    return (f"  command: {shlex.join(command)}\n  exit: {result.returncode}\n"
            f"  stdout:\n{result.stdout[-3000:]}  stderr:\n{result.stderr[-3000:]}")


def find_tool(*names):
    for name in names:
        if name and shutil.which(name):
            return shutil.which(name)
    return names[0]


def defined_globals(nm, path):
    """The names of the global symbols `path` defines (nm -g --defined-only)."""
    result = run([nm, "-g", "--defined-only", path])
    if result.returncode != 0:
        return None, result
    names = set()
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            names.add(parts[2])
    return names, result


def check_object(arrc, nm, directory):
    obj = os.path.join(directory, "runtime_names.o")
    header = os.path.join(directory, "runtime_names.h")
    command = [arrc, "-c", PROGRAM, "-o", obj]
    result = run(command)
    if not report(result.returncode == 0 and os.path.isfile(obj) and os.path.isfile(header),
                  "arrc -c runtime_names.arr writes the object and its header",
                  describe(command, result)):
        return None
    with open(header, encoding="utf-8") as source:
        text = source.read()
    counts = {name: len(re.findall(r"\bint arr_%s\(" % name, text)) for name in ENTRIES}
    last_error = len(re.findall(r"\bconst char \*arr_last_error\(void\);", text))
    report(all(count == 1 for count in counts.values()) and last_error == 1,
           "the header declares each arr_NAME once and arr_last_error once",
           f"  declarations: {counts}, arr_last_error: {last_error}\n{text}")
    names, listing = defined_globals(nm, obj)
    if names is None:
        report(False, "nm lists the object's symbols", describe([nm, obj], listing))
    else:
        # The bodies the C functions call (arr.entry.NAME, hidden) are no C names: they
        # cannot clash with a host's.
        ours = {name for name in names if name.startswith("arr") and "." not in name}
        wanted = {"arr_" + name for name in ENTRIES}
        report(ours == wanted, "the object defines exactly the entries' C functions",
               f"  defined: {sorted(ours)}\n  expected: {sorted(wanted)}")
    return obj


def check_runtime_namespace(nm, flags):
    archives = [flag for flag in flags if flag.endswith(".a")]
    if not report(bool(archives), "arrc --print-link-flags names the runtime archive",
                  f"  flags: {flags}"):
        return
    names, listing = defined_globals(nm, archives[0])
    if names is None:
        report(False, "nm lists the runtime's symbols", describe([nm, archives[0]], listing))
        return
    clashing = sorted(name for name in names
                      if re.fullmatch(r"arr_[A-Za-z_][A-Za-z0-9_]*", name) and
                      name != "arr_last_error")
    report(not clashing and "arr_last_error" in names,
           "the runtime defines no arr_<identifier> but arr_last_error",
           f"  clashing with entries' C names: {clashing}")


def check_host(cc, obj, flags, directory):
    exe = os.path.join(directory, "runtime_names_host")
    command = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", directory, MAIN_C, obj] + \
        flags + ["-lm", "-o", exe]
    result = run(command)
    if not report(result.returncode == 0, "runtime_names_main.c compiles and links with the object",
                  describe(command, result)):
        return
    result = run([exe])
    print("  " + result.stdout.replace("\n", "\n  ").rstrip())
    lines = result.stdout.splitlines()
    counts = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
    report(result.returncode == 0 and counts is not None and counts.group(2) == "0" and
           int(counts.group(1)) >= 16,
           "the C host calls every entry and arr_last_error, and survives", describe([exe], result))


def check_last_error(arrc, directory):
    program = os.path.join(directory, "last_error.arr")
    with open(program, "w", encoding="utf-8") as out:
        out.write(LAST_ERROR_PROGRAM)
    obj = os.path.join(directory, "last_error.o")
    command = [arrc, "-c", program, "-o", obj]
    result = run(command)
    location = f"{program}:2:7: error:"
    report(result.returncode == 1 and location in result.stderr and "'last_error'" in
           result.stderr and "arr_last_error" in result.stderr,
           "-c with entry last_error: an error at the entry's name, naming arr_last_error",
           describe(command, result))
    report(not os.path.exists(obj) and not os.path.exists(os.path.join(directory, "last_error.h")),
           "-c with entry last_error writes no object and no header",
           f"  files: {sorted(os.listdir(directory))}")
    return program


def check_executable(arrc, nm, program, entries, directory):
    exe = os.path.join(directory, os.path.splitext(os.path.basename(program))[0] + "_exe")
    command = [arrc, program, "-o", exe]
    result = run(command)
    name = os.path.basename(program)
    if not report(result.returncode == 0, f"arrc {name} -o EXE exits 0", describe(command, result)):
        return
    for entry, stdin_text in entries.items():
        native = run([exe, "--entry", entry, "--threads", "2"], stdin_text)
        reference = run([arrc, "--interpret", program, "--entry", entry], stdin_text)
        report(native.returncode == 0 and reference.returncode == 0 and
               native.stdout == reference.stdout and native.stdout.strip(),
               f"{name}: EXE --entry {entry} prints the interpreter's result",
               describe([exe, "--entry", entry], native) + describe(["arrc --interpret"], reference))
    names, listing = defined_globals(nm, exe)
    if names is None:
        report(False, "nm lists the executable's symbols", describe([nm, exe], listing))
        return
    ours = sorted(name for name in names if name.startswith("arr_"))
    report(ours == ["arr_last_error"], f"{name}: the executable's only global arr_ symbol is "
           "the runtime's arr_last_error", f"  arr_ symbols: {ours}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--cc", default=None, help="C compiler (default clang-19, else cc)")
    args = parser.parse_args()
    arrc = os.path.abspath(args.arrc)
    cc = args.cc or find_tool("clang-19", "cc")
    nm = find_tool("nm", "/usr/lib/llvm-19/bin/llvm-nm")
    with tempfile.TemporaryDirectory(prefix="arr-names-") as directory:
        flags_result = run([arrc, "--print-link-flags"])
        flags = shlex.split(flags_result.stdout) if flags_result.returncode == 0 else []
        obj = check_object(arrc, nm, directory)
        check_runtime_namespace(nm, flags)
        if obj is not None:
            check_host(cc, obj, flags, directory)
        last_error = check_last_error(arrc, directory)
        check_executable(arrc, nm, PROGRAM, INPUTS, directory)
        check_executable(arrc, nm, last_error, {"last_error": "2.5", "main": "2.5"}, directory)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
