#!/usr/bin/env python3
"""The ADBench LSTM sample (samples/lstm/lstm.arr): objective and gradient.

    lstm_test.py --arrc PATH [--data DIR]

Compiles lstm.arr once (`arrc lstm.arr -o EXE`) and checks, for each problem, the
entries `objective` and `objective_grad` natively on 1 and 2 threads and through
`arrc --interpret`, against computations in this file that share nothing with Arr:
  1. the objective against a NumPy implementation of ADBench's lstm_objective
     (relative 1e-12);
  2. when `import torch` works: the objective (relative 1e-12) and the gradient
     (each component within 1e-10 of the largest magnitude of its array) against
     PyTorch autograd on the same formulation in float64;
  3. on the small problems, every gradient component against central finite
     differences of the NumPy objective (h = 1e-6 max(1, |x|), relative 1e-5 plus the
     difference quotient's rounding, 8 ulps of the objective over the step);
  4. the compiled gradient on 2 threads against 1 thread and the interpreter's
     (1e-10 of each array's largest magnitude).
The problems: ADBench's lstm_l2_c1024 cut to its first 6 characters; a seeded random
problem with l = 3 layers, b = 5 bits, c = 8 characters and parameters of both signs;
and the whole lstm_l2_c1024 and lstm_l4_c1024 (1023 steps; finite differences skipped).
Without PyTorch (CI; or with --no-torch) checks 2 are skipped and said so; checks 1, 3
and 4 always run.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sample_checks import array_err, rel_err, report, run, summary  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "lstm", "lstm.arr")
GRAD_PARAMS = ["mainParams", "extraParams"]
_spec = importlib.util.spec_from_file_location(
    "lstm_convert", os.path.join(ROOT, "samples", "lstm", "convert.py"))
convert = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(convert)

try:
    import torch
except ImportError:
    torch = None

# ---- ADBench's lstm_objective, for NumPy arrays or torch tensors --------------------

def reference_objective(xp, main, extra, state, sequence):
    """ADBench's definition written out step by step: xp is numpy or torch.

    main [l,2,4,b] (weights then biases of the gates forget, input, output, change),
    extra [3,b], state [l,2,b] (hidden, cell), sequence [c,b]."""
    layers = main.shape[0]
    c, b = sequence.shape
    hidden = [state[i, 0] for i in range(layers)]
    cell = [state[i, 1] for i in range(layers)]

    def sigmoid(x):
        return 1.0 / (1.0 + xp.exp(-x))

    total = 0.0
    for t in range(c - 1):
        x = sequence[t] * extra[0]
        for i in range(layers):
            w, bias = main[i, 0], main[i, 1]
            forget = sigmoid(x * w[0] + bias[0])
            ingate = sigmoid(hidden[i] * w[1] + bias[1])
            outgate = sigmoid(x * w[2] + bias[2])
            change = xp.tanh(hidden[i] * w[3] + bias[3])
            cell[i] = cell[i] * forget + ingate * change
            hidden[i] = outgate * xp.tanh(cell[i])
            x = hidden[i]
        ypred = x * extra[1] + extra[2]
        lse = xp.log(xp.exp(ypred).sum() + 2.0)  # ADBench adds 2
        total = total + (sequence[t + 1] * (ypred - lse)).sum()
    return -total / ((c - 1) * b)


def numpy_objective(problem):
    return float(reference_objective(np, *(problem[n] for n in convert.PARAMS)))


def torch_gradient(problem):
    """(objective, [d mainParams, d extraParams]) from PyTorch autograd in float64."""
    main = torch.tensor(problem["mainParams"], dtype=torch.float64, requires_grad=True)
    extra = torch.tensor(problem["extraParams"], dtype=torch.float64, requires_grad=True)
    state = torch.tensor(problem["state"], dtype=torch.float64)
    sequence = torch.tensor(problem["sequence"], dtype=torch.float64)
    loss = reference_objective(torch, main, extra, state, sequence)
    grads = torch.autograd.grad(loss, [main, extra])
    return float(loss), [g.numpy() for g in grads]


# ---- problems -------------------------------------------------------------------

def cut(problem, characters):
    out = dict(problem)
    out["sequence"] = problem["sequence"][:characters].copy()
    out["c"] = characters
    return out


def random_problem(layers, bits, characters, seed):
    rng = np.random.default_rng(seed)
    return {"l": layers, "c": characters, "b": bits,
            "mainParams": rng.standard_normal((layers, 2, 4, bits)),
            "extraParams": rng.standard_normal((3, bits)),
            "state": rng.standard_normal((layers, 2, bits)) * 0.5,
            "sequence": rng.integers(0, 2, (characters, bits)).astype(np.float64)}


# ---- running the sample ---------------------------------------------------------

def check_grads(label, grads, reference, what, tol):
    if len(grads) != len(GRAD_PARAMS):
        report(False, f"{label}: objective_grad gave {len(grads)} arrays, expected {len(GRAD_PARAMS)}")
        return
    for name, g, r in zip(GRAD_PARAMS, grads, reference):
        err = array_err(g, r)
        report(err <= tol, f"{label}: d/d{name} {list(g.shape)} against {what}, "
               f"max err {err:.2e} of the largest magnitude")


def finite_differences(label, problem, grads):
    """Every gradient component against central differences of the NumPy objective."""
    bad, worst, count = [], 0.0, 0
    for name, g in zip(GRAD_PARAMS, grads):
        base = problem[name]
        if g.shape != base.shape:
            report(False, f"{label}: d/d{name} has shape {g.shape}, expected {base.shape}")
            return
        for idx in np.ndindex(*base.shape):
            x = float(base[idx])
            h = 1e-6 * max(1.0, abs(x))
            values = []
            for sign in (1, -1):
                moved = dict(problem)
                moved[name] = base.copy()
                moved[name][idx] = x + sign * h
                values.append((numpy_objective(moved), moved[name][idx]))
            (fp, xp_), (fm, xm) = values
            fd = (fp - fm) / (xp_ - xm)
            a = float(g[idx])
            rounding = 8 * np.finfo(np.float64).eps * max(abs(fp), abs(fm)) / (xp_ - xm)
            allowed = 1e-5 * max(abs(a), abs(fd)) + rounding
            if not abs(a - fd) <= allowed:
                bad.append(f"{name}{list(idx)}: {a!r} vs {fd!r}")
            worst = max(worst, abs(a - fd) / allowed)
            count += 1
    report(not bad, f"{label}: {count} gradient components against central differences of "
           f"the NumPy objective, largest error {worst:.2f} of the allowed"
           + (f"; {'; '.join(bad[:5])}" if bad else ""))


def check_problem(args, exe, label, problem, workdir, fd):
    paths = convert.write_inputs(problem, workdir)
    expected = numpy_objective(problem)
    reference = torch_gradient(problem) if torch is not None else None
    if reference is not None:
        err = rel_err(reference[0], expected)
        report(err <= 1e-12, f"{label}: PyTorch objective {reference[0]!r} equals NumPy's {expected!r} "
               f"(rel err {err:.2e})")
    runs = [("interpreter", [args.arrc, "--interpret", SAMPLE])]
    runs += [(f"{t} thread{'s' if t > 1 else ''}", [exe, "--threads", str(t)]) for t in (1, 2)]
    first_grads = None
    for how, command in runs:
        what = f"{label} ({how})"
        stem = os.path.join(workdir, how.replace(" ", "_"))
        try:
            value = run(command + ["--entry", "objective"] + paths, stem + "_f")
            if len(value) != 1 or value[0].shape != ():
                raise RuntimeError(f"objective gave {value!r}")
            value = float(value[0])
            err = rel_err(value, expected)
            report(err <= 1e-12, f"{what}: objective = {value!r}, NumPy {expected!r}, rel err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"{what}: objective: {e}")
        try:
            grads = run(command + ["--entry", "objective_grad"] + paths, stem + "_g")
        except Exception as e:  # noqa: BLE001
            report(False, f"{what}: objective_grad: {e}")
            continue
        if reference is not None:
            check_grads(what, grads, reference[1], "PyTorch autograd", 1e-10)
        if first_grads is None:
            first_grads = grads
            if fd:
                finite_differences(what, problem, grads)
        else:
            check_grads(what, grads, first_grads, "the interpreter's", 1e-10)
    if reference is None:
        print(f"SKIP {label}: the PyTorch comparisons (no torch, or --no-torch)", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    ap.add_argument("--data", default="/work/shared/data/adbench/lstm")
    ap.add_argument("--no-torch", action="store_true", help="skip PyTorch even when it imports")
    args = ap.parse_args()
    if args.no_torch:
        global torch
        torch = None

    with tempfile.TemporaryDirectory(prefix="lstm_test_") as tmp:
        exe = os.path.join(tmp, "lstm")
        proc = subprocess.run([args.arrc, SAMPLE, "-o", exe], capture_output=True, text=True, timeout=600)
        report(proc.returncode == 0, f"arrc {SAMPLE} -o EXE exits {proc.returncode}"
               + (f": {proc.stderr.strip()}" if proc.returncode else ""))
        if proc.returncode != 0:
            summary()
            return 1
        l2 = convert.read_adbench(os.path.join(args.data, "lstm_l2_c1024.txt"))
        l4 = convert.read_adbench(os.path.join(args.data, "lstm_l4_c1024.txt"))
        report((l2["l"], l2["c"], l2["b"], l4["l"]) == (2, 1024, 14, 4),
               f"convert.py reads l, c, b = {l2['l']}, {l2['c']}, {l2['b']} and {l4['l']} layers")
        check_problem(args, exe, "lstm_l2_c1024, 6 characters", cut(l2, 6), os.path.join(tmp, "l2_c6"), fd=True)
        check_problem(args, exe, "random l3 b5 c8", random_problem(3, 5, 8, 20240601),
                      os.path.join(tmp, "random"), fd=True)
        check_problem(args, exe, "lstm_l2_c1024", l2, os.path.join(tmp, "l2"), fd=False)
        check_problem(args, exe, "lstm_l4_c1024", l4, os.path.join(tmp, "l4"), fd=False)

    return summary()


if __name__ == "__main__":
    sys.exit(main())
