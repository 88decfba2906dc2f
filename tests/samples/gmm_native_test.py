#!/usr/bin/env python3
"""The ADBench GMM sample (samples/gmm/gmm.arr) compiled to a native executable.

    gmm_native_test.py --arrc PATH [--data DIR]

Compiles gmm.arr once with `arrc gmm.arr -o EXE` and checks, on one thread and on two:
  1. `objective` on ADBench's gmm/test.txt equals ADBench's expected value
     8.07380408004975791 (relative 1e-12).
  2. `objective_grad` on test.txt equals the gradient `arrc --interpret` computes,
     every component within relative 1e-10.
  3. The same two comparisons with the interpreter (objective relative 1e-12, gradient
     relative 1e-10) on gmm/1k/gmm_d2_K10.txt and on the first 20 points of
     gmm/1k/gmm_d10_K25.txt (whose 45-entry lower triangles exercise the layout).
gmm_test.py checks the interpreter's results against ADBench, numpy and finite
differences; this test checks that the compiled code computes the same numbers.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import gmm_test  # noqa: E402  (its parser, ADBench reader and helpers)
from gmm_test import EXPECTED_TEST_VALUE, GRAD_PARAMS, SAMPLE, convert, report  # noqa: E402
from sample_checks import summary  # noqa: E402


def run(command):
    proc = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()}")
    return [gmm_test.parse_value(l) for l in proc.stdout.splitlines() if l.strip()]


def rel_err(a, b):
    a, b = float(a), float(b)
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


def compare_grads(label, native, interp):
    if len(native) != len(GRAD_PARAMS) or len(interp) != len(GRAD_PARAMS):
        report(False, f"{label}: objective_grad printed {len(native)} values compiled, "
               f"{len(interp)} interpreted; expected {len(GRAD_PARAMS)}")
        return
    for name, g, r in zip(GRAD_PARAMS, native, interp):
        if g.shape != r.shape:
            report(False, f"{label}: gradient of {name} has shape {g.shape} compiled, {r.shape} interpreted")
            continue
        worst, where = 0.0, None
        for idx in np.ndindex(*g.shape):
            err = rel_err(g[idx], r[idx])
            if not err <= worst:  # also catches nan
                worst, where = err, idx
        report(worst <= 1e-10, f"{label}: gradient of {name} ({g.size} components) compiled vs "
               f"interpreted: max rel err {worst:.2e}"
               + (f" at {list(where)} ({g[where]!r} vs {r[where]!r})" if where is not None else ""))


def check_problem(args, exe, label, path, workdir, expected=None):
    problem = convert.read_adbench(path)
    inputs = convert.write_inputs(problem, workdir)
    try:
        interp_value = run([args.arrc, "--interpret", SAMPLE, "--entry", "objective"] + inputs)[0]
        interp_grad = run([args.arrc, "--interpret", SAMPLE, "--entry", "objective_grad"] + inputs)
    except Exception as e:  # noqa: BLE001
        report(False, f"{label}: the interpreter: {e}")
        return
    for threads in (1, 2):
        what = f"{label} ({threads} thread{'s' if threads > 1 else ''})"
        try:
            value = run([exe, "--entry", "objective", "--threads", str(threads)] + inputs)
            if len(value) != 1 or value[0].shape != ():
                raise RuntimeError(f"objective printed {value!r}")
            value = float(value[0])
            if expected is not None:
                err = rel_err(value, expected)
                report(err <= 1e-12, f"{what}: compiled objective = {value!r}, ADBench expects "
                       f"{expected!r}, rel err {err:.2e}")
            err = rel_err(value, interp_value)
            report(err <= 1e-12, f"{what}: compiled objective = {value!r}, interpreter "
                   f"{float(interp_value)!r}, rel err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"{what}: compiled objective: {e}")
        try:
            grads = run([exe, "--entry", "objective_grad", "--threads", str(threads)] + inputs)
            compare_grads(what, grads, interp_grad)
        except Exception as e:  # noqa: BLE001
            report(False, f"{what}: compiled objective_grad: {e}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    ap.add_argument("--data", default="/work/shared/data/adbench/gmm")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="gmm_native_test_") as tmp:
        exe = os.path.join(tmp, "gmm")
        proc = subprocess.run([args.arrc, SAMPLE, "-o", exe], capture_output=True, text=True, timeout=600)
        report(proc.returncode == 0, f"arrc {SAMPLE} -o EXE exits {proc.returncode}"
               + (f": {proc.stderr.strip()}" if proc.returncode else ""))
        if proc.returncode != 0:
            summary()
            return 1

        check_problem(args, exe, "test.txt", os.path.join(args.data, "test.txt"),
                      os.path.join(tmp, "test"), expected=EXPECTED_TEST_VALUE)
        check_problem(args, exe, "1k/gmm_d2_K10", os.path.join(args.data, "1k", "gmm_d2_K10.txt"),
                      os.path.join(tmp, "d2_K10"))
        small = os.path.join(tmp, "gmm_d10_K25_n20.txt")
        gmm_test.write_prefix(os.path.join(args.data, "1k", "gmm_d10_K25.txt"), small, 20)
        check_problem(args, exe, "1k/gmm_d10_K25 (20 points)", small, os.path.join(tmp, "d10_K25_n20"))

    return summary()


if __name__ == "__main__":
    sys.exit(main())
