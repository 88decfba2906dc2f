#!/usr/bin/python3
"""How code generation lays out long programs, checked through arrc and the executables.

    /usr/bin/python3 tests/native/codegen_test.py --arrc build/compiler/arrc

- Segments: the gradient of a chain of 24 softmax steps is long enough that its entry
  is cut into segment functions (`arr.entry.g.partK`) at the default --segment-size. Its
  --strict-fp executable prints exactly what `arrc --interpret` prints, on one thread
  and on two, as does the same program with --segment-size=1 (a function per
  statement) and with a size larger than the program (one function).
- Shared chunks: the parallel loops of the steps of an unrolled chain are the same code
  over other buffers, and share their chunk functions: the chain of 24 steps has no
  more chunk functions than the chain of 6.
- pow with --strict-fp: bit-exact with the interpreter, where LLVM would otherwise compute
  pow(x, 2.0) as x * x.
- The stack: a parallel reduction inside a fold of 2,000,000 steps releases the space
  of its partial results every step (it used to overflow the stack).

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import re
import sys
import tempfile

from native_checks import report, run, summary, with_threads


def softmax_chain(steps):
    lines = ["def f(x0: [n]f64, w: [n]f64): f64 ="]
    lines += ["  let x%d = x%d - logSumExp(x%d * w) * softmax(x%d + w) in" % (i + 1, i, i, i)
              for i in range(steps)]
    lines += ["  sum(x%d)" % steps, "entry g(x: [n]f64, w: [n]f64) = grad(f)(x, w)", ""]
    return "\n".join(lines)


def llvm_functions(arrc, path, flags):
    """The names of the functions defined in the optimised module."""
    result = run([arrc, "-O2", "--emit-llvm"] + flags + [path])
    if result.returncode != 0:
        return None, result.stderr
    return re.findall(r"^define [^@]*@([\w.]+)\(", result.stdout, re.M), ""


def check_segments(arrc, directory):
    path = os.path.join(directory, "chain24.arr")
    with open(path, "w") as out:
        out.write(softmax_chain(24))
    # Long inputs: the parallel loops really split across two threads.
    n = 3000
    stdin = "[%s]\n[%s]\n" % (", ".join("%r" % (0.001 * (i % 17) - 0.004) for i in range(n)),
                             ", ".join("%r" % (0.5 - 0.0003 * (i % 29)) for i in range(n)))
    expected = run([arrc, "--interpret", path], stdin)
    if not report(expected.returncode == 0, "arrc --interpret runs the chain", expected.stderr):
        return
    functions, problem = llvm_functions(arrc, path, ["--strict-fp"])
    parts = [name for name in functions or [] if re.fullmatch(r"arr\.entry\.g\.part\d+", name)]
    report(len(parts) >= 2, "the chain's entry is cut into segments at the default size "
           "(%d segment functions)" % len(parts), problem)
    for variant, flags in enumerate(([], ["--segment-size=1"], ["--segment-size=1000000"])):
        exe = os.path.join(directory, "chain%d" % variant)
        compiled = run([arrc, "-O2", "--strict-fp"] + flags + [path, "-o", exe])
        what = "arrc -O2 --strict-fp " + (" ".join(flags) or "(default segments)")
        if not report(compiled.returncode == 0, what + " compiles the chain", compiled.stderr):
            continue
        for threads in (1, 2):
            result = run([exe], stdin, with_threads(threads))
            # Exactly on one thread; on two the reductions are split, so within 1e-9.
            same = result.returncode == 0 and result.stdout == expected.stdout
            if threads == 2 and result.returncode == 0 and not same:
                same = close(result.stdout, expected.stdout)
            report(same, "%s: the executable on %d thread%s prints the interpreter's result" %
                   (what, threads, "s" if threads > 1 else ""), result.stderr + result.stdout[:500])


def numbers(text):
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d*)?(?:e[-+]?\d+)?|nan|-?inf", text)]


def close(actual, expected):
    a, b = numbers(actual), numbers(expected)
    return len(a) == len(b) and all(abs(x - y) <= 1e-9 * max(1.0, abs(y)) for x, y in zip(a, b))


def check_shared_chunks(arrc, directory):
    counts = {}
    for steps in (6, 24):
        path = os.path.join(directory, "chunks%d.arr" % steps)
        with open(path, "w") as out:
            out.write(softmax_chain(steps))
        functions, problem = llvm_functions(arrc, path, [])
        if functions is None:
            report(False, "arrc --emit-llvm compiles the chain of %d steps" % steps, problem)
            return
        counts[steps] = len([name for name in functions if ".chunk" in name])
    report(counts[6] > 0 and counts[24] <= counts[6],
           "the chain of 24 steps has no more chunk functions than the chain of 6 (%d, %d)" %
           (counts[24], counts[6]))


def check_stack(arrc, directory):
    path = os.path.join(directory, "steps.arr")
    with open(path, "w") as out:
        out.write("entry main(x: [n]f64, ks: [k]f64): f64 =\n"
                  "  fold(\\s c -> s + sum(x * c) * 0.000001, 0.0, ks)\n")
    exe = os.path.join(directory, "steps")
    compiled = run([arrc, "-O2", path, "-o", exe])
    if not report(compiled.returncode == 0, "arrc compiles a fold over a parallel reduction",
                  compiled.stderr):
        return
    steps = 2000000
    x_path = os.path.join(directory, "x.txt")
    ks_path = os.path.join(directory, "ks.txt")
    with open(x_path, "w") as out:
        out.write("[1.0, 1.0]\n")
    with open(ks_path, "w") as out:
        out.write("[" + ", ".join(["1.0"] * steps) + "]\n")
    for threads in (1, 2):
        result = run([exe, x_path, ks_path], env=with_threads(threads))
        values = numbers(result.stdout) if result.returncode == 0 else []
        report(len(values) == 1 and abs(values[0] - 4.0) < 1e-6,
               "%d steps of a fold with a parallel reduction run on %d thread%s (exit %d)" %
               (steps, threads, "s" if threads > 1 else "", result.returncode),
               result.stderr[:500])


def check_strict_pow(arrc, directory):
    """LLVM knows pow: it computes pow(x, 2.0) as x * x and pow(2.0, x) as exp2(x), which
    libm's pow (the interpreter's) need not match to the last bit. With --strict-fp the
    executable prints exactly what the interpreter prints (it found 1 ulp apart in a sum
    of squares of 51 values before)."""
    path = os.path.join(directory, "pow.arr")
    with open(path, "w") as out:
        out.write("entry square(c: [n]f64, y: f64): [n]f64 = c ** 2.0\n"
                  "entry others(c: [n]f64, y: f64): [n]f64 =\n"
                  "  2.0 ** c + c ** 0.5 + c ** -1.0 + c ** y + sum(c ** 2.0)\n")
    # Values whose pow(x, 2.0) in glibc is not x * x, then others.
    values = [-0.15431810643259358, 1.2608566653266813, 0.47524621639179365,
              -1.5439180003217972, -1.6469313407535344, -1.9582067336692506]
    values += [(-1) ** i * (0.37 + 1.7 * ((i * 7919) % 101) / 101.0) for i in range(400)]
    stdin = "[%s]\n2.0\n" % ", ".join("%r" % v for v in values)
    executable = os.path.join(directory, "pow")
    built = run([arrc, "--strict-fp", path, "-o", executable])
    if not report(built.returncode == 0, "the pow program compiles", built.stderr):
        return
    for entry in ("square", "others"):
        expected = run([arrc, "--strict-fp", "--interpret", path, "--entry", entry], stdin)
        got = run([executable, "--entry", entry], stdin, env=with_threads(1))
        report(expected.returncode == 0 and got.returncode == 0 and got.stdout == expected.stdout,
               "--strict-fp: pow (%s) is bit-exact with the interpreter" % entry,
               expected.stderr + got.stderr + "\n" + got.stdout[:300] + "\n" +
               expected.stdout[:300])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    arrc = os.path.abspath(args.arrc)
    with tempfile.TemporaryDirectory(prefix="arr-codegen-") as directory:
        check_segments(arrc, directory)
        check_shared_chunks(arrc, directory)
        check_stack(arrc, directory)
        check_strict_pow(arrc, directory)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
