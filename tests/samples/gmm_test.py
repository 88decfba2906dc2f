#!/usr/bin/env python3
"""End-to-end test of samples/gmm (the ADBench GMM objective) through arrc --interpret.

    gmm_test.py --arrc PATH [--data DIR]

Checks:
  1. `objective` on ADBench's gmm/test.txt equals ADBench's expected value
     8.07380408004975791 (relative 1e-12).
  2. `objective_grad` on test.txt against central finite differences of
     `objective` (h = 1e-6, relative 1e-5, plus 4 ulps of f / h for the
     difference quotient's own rounding), every component (there are 18;
     were there more than 40, a seeded random subset of 20 plus all alphas).
  3. `objective` on gmm/1k/gmm_d2_K10.txt against an independent numpy
     implementation in this file (relative 1e-10), which reads the ADBench file
     itself and builds each Q_k as an explicit matrix.
  4. `objective_grad` on gmm_d2_K10 against central differences for a seeded
     random subset of 12 components (h = 1e-6, relative 1e-5).
  5. The same two checks on the first 20 points of gmm/1k/gmm_d10_K25.txt
     (written back in ADBench's format), where the strictly lower triangle has
     45 entries per component, so its column-major layout is really exercised;
     the random subset is 20 components and at least 8 of them are `ls`.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "gmm", "gmm.arr")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(ROOT, "samples", "gmm"))
import convert  # noqa: E402
from sample_checks import report, summary  # noqa: E402

EXPECTED_TEST_VALUE = 8.07380408004975791  # ADBench's expected objective on gmm/test.txt
GRAD_PARAMS = ["alphas", "means", "qs", "ls"]

# ---- arrc's text output ----------------------------------------------------

def parse_value(line):
    line = line.strip()
    m = re.fullmatch(r"empty\(\[([0-9,\s]*)\](\w+)\)", line)
    if m:
        shape = [int(s) for s in m.group(1).split(",") if s.strip()]
        return np.zeros(shape)
    text = re.sub(r"-inf\b", "-Infinity", line)
    text = re.sub(r"(?<![-\w])inf\b", "Infinity", text)
    text = re.sub(r"\bnan\b", "NaN", text)
    text = text.replace("true", "1").replace("false", "0")
    return np.array(json.loads(text), dtype=np.float64)


def run_arrc(arrc, entry, inputs):
    proc = subprocess.run([arrc, "--interpret", SAMPLE, "--entry", entry] + inputs,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"arrc --entry {entry} exited {proc.returncode}: {proc.stderr.strip()}")
    return [parse_value(l) for l in proc.stdout.splitlines() if l.strip()]


def objective(arrc, inputs):
    out = run_arrc(arrc, "objective", inputs)
    assert len(out) == 1 and out[0].shape == (), f"objective printed {out!r}"
    return float(out[0])


# ---- an independent numpy implementation of ADBench's gmm_objective --------

def numpy_gmm(path):
    toks = open(path).read().split()
    d, k, n = int(toks[0]), int(toks[1]), int(toks[2])
    vals = [float(t) for t in toks[3:]]
    icf_sz = d * (d + 1) // 2
    alphas = np.array(vals[:k])
    means = np.array(vals[k:k + k * d]).reshape(k, d)
    icf = np.array(vals[k + k * d:k + k * d + k * icf_sz]).reshape(k, icf_sz)
    rest = vals[k + k * d + k * icf_sz:]
    x = np.array(rest[:-2]).reshape(-1, d)
    if x.shape[0] == 1 and n > 1:
        x = np.repeat(x, n, axis=0)
    gamma, m = rest[-2], int(rest[-1])

    def lse(a, axis):
        mx = np.max(a, axis=axis, keepdims=True)
        return np.squeeze(mx + np.log(np.sum(np.exp(a - mx), axis=axis, keepdims=True)), axis)

    # Q_k = diag(exp(q_k)) + L_k, L_k's strictly lower triangle filled column by column.
    Q = np.zeros((k, d, d))
    for j in range(k):
        Q[j] = np.diag(np.exp(icf[j, :d]))
        cols, rows = np.triu_indices(d, 1)  # (c, r) pairs, c < r, in column-major order
        Q[j, rows, cols] = icf[j, d:]
    sum_qs = icf[:, :d].sum(axis=1)
    xc = x[:, None, :] - means[None, :, :]               # [n,k,d]
    qx = np.einsum("krc,nkc->nkr", Q, xc)                 # [n,k,d]
    main = alphas[None, :] + sum_qs[None, :] - 0.5 * np.sum(qx * qx, axis=2)
    err = -n * d * 0.5 * math.log(2 * math.pi) + np.sum(lse(main, 1)) - n * lse(alphas, 0)
    # Wishart prior, with ADBench's signs and constant.
    nw = d + m + 1
    log_gamma_distrib = 0.25 * d * (d - 1) * math.log(math.pi) + sum(
        math.lgamma(0.5 * nw + 0.5 * (1 - j)) for j in range(1, d + 1))
    C = nw * d * (math.log(gamma) - 0.5 * math.log(2)) - log_gamma_distrib
    frob = np.sum(np.exp(icf[:, :d]) ** 2, axis=1) + np.sum(icf[:, d:] ** 2, axis=1)
    prior = np.sum(0.5 * gamma * gamma * frob - m * sum_qs) - k * C
    return float(err + prior)


# ---- checks ----------------------------------------------------------------

def rel_err(a, b):
    return abs(a - b) / max(abs(b), 1e-300)


def check_grad(arrc, problem, paths, workdir, label, max_all, subset, min_ls=0, h=1e-6, tol=1e-5):
    grads = run_arrc(arrc, "objective_grad", paths)
    if len(grads) != len(GRAD_PARAMS):
        report(False, f"{label}: objective_grad printed {len(grads)} values, expected {len(GRAD_PARAMS)}")
        return
    components = []
    for p, (name, g) in enumerate(zip(GRAD_PARAMS, grads)):
        shape = np.shape(problem[name])
        if g.shape != shape:
            report(False, f"{label}: gradient of {name} has shape {g.shape}, expected {shape}")
            return
        components += [(p, name, idx) for idx in np.ndindex(*shape)]
    if len(components) > max_all:
        rng = random.Random(20240601)
        others = [c for c in components if c[1] != "alphas"]
        chosen = [c for c in components if c[1] == "alphas"] + rng.sample(others, subset)
        ls_all = [c for c in others if c[1] == "ls" and c not in chosen]
        missing = min_ls - sum(1 for c in chosen if c[1] == "ls")
        if missing > 0:
            chosen += rng.sample(ls_all, missing)
    else:
        chosen = components
    for p, name, idx in chosen:
        vals = []
        for sign in (+1, -1):
            arr = np.array(problem[name], dtype=np.float64, copy=True)
            arr[idx] += sign * h
            pert = os.path.join(workdir, f"pert_{name}.npy")
            np.save(pert, arr)
            vals.append(objective(arrc, [pert if i == p else q for i, q in enumerate(paths)]))
        fd = (vals[0] - vals[1]) / (2 * h)
        g = float(grads[p][idx])
        err = abs(g - fd) / max(abs(g), abs(fd), 1e-300)
        # Relative tolerance, plus the rounding error of the difference quotient
        # itself (a few ulps of f divided by h): it matters only for components
        # far smaller than f / 1e4, e.g. on the d10 set where |f| is ~1e3.
        rounding = 4 * np.finfo(np.float64).eps * max(abs(vals[0]), abs(vals[1])) / h
        ok = abs(g - fd) <= tol * max(abs(g), abs(fd)) + rounding
        report(ok, f"{label}: d/d{name}{list(idx)} = {g!r}, finite difference {fd!r}, "
               f"rel err {err:.2e} (abs {abs(g - fd):.1e}, fd rounding {rounding:.1e})")


def write_prefix(src, dst, npoints):
    """Write src (an ADBench GMM file with all n points) with only its first npoints points."""
    lines = [l for l in open(src).read().splitlines() if l.strip()]
    d, k, n = (int(t) for t in lines[0].split())
    assert len(lines) == 1 + 3 * k + n + 1, f"{src}: unexpected layout"
    head = lines[1:1 + 3 * k]
    points = lines[1 + 3 * k:1 + 3 * k + npoints]
    with open(dst, "w") as f:
        f.write("\n".join([f"{d} {k} {npoints}"] + head + points + [lines[-1]]) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    ap.add_argument("--data", default="/work/shared/data/adbench/gmm")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="gmm_test_") as tmp:
        # 1-2: ADBench's test.txt
        test_txt = os.path.join(args.data, "test.txt")
        problem = convert.read_adbench(test_txt)
        paths = convert.write_inputs(problem, os.path.join(tmp, "test"))
        try:
            value = objective(args.arrc, paths)
            err = rel_err(value, EXPECTED_TEST_VALUE)
            report(err <= 1e-12, f"test.txt: objective = {value!r}, ADBench expects "
                   f"{EXPECTED_TEST_VALUE!r}, rel err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"test.txt: objective: {e}")
        try:
            check_grad(args.arrc, problem, paths, tmp, "test.txt", max_all=40, subset=20)
        except Exception as e:  # noqa: BLE001
            report(False, f"test.txt: objective_grad: {e}")

        # 3-4: 1k/gmm_d2_K10.txt
        d2 = os.path.join(args.data, "1k", "gmm_d2_K10.txt")
        problem = convert.read_adbench(d2)
        paths = convert.write_inputs(problem, os.path.join(tmp, "d2_K10"))
        try:
            value = objective(args.arrc, paths)
            expected = numpy_gmm(d2)
            err = rel_err(value, expected)
            report(err <= 1e-10, f"1k/gmm_d2_K10: objective = {value!r}, numpy {expected!r}, "
                   f"rel err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"1k/gmm_d2_K10: objective: {e}")
        try:
            check_grad(args.arrc, problem, paths, tmp, "1k/gmm_d2_K10", max_all=0, subset=12)
        except Exception as e:  # noqa: BLE001
            report(False, f"1k/gmm_d2_K10: objective_grad: {e}")

        # 5: the first 20 points of 1k/gmm_d10_K25.txt
        d10 = os.path.join(args.data, "1k", "gmm_d10_K25.txt")
        small = os.path.join(tmp, "gmm_d10_K25_n20.txt")
        write_prefix(d10, small, 20)
        problem = convert.read_adbench(small)
        paths = convert.write_inputs(problem, os.path.join(tmp, "d10_K25_n20"))
        try:
            value = objective(args.arrc, paths)
            expected = numpy_gmm(small)
            err = rel_err(value, expected)
            report(err <= 1e-10, f"1k/gmm_d10_K25 (20 points): objective = {value!r}, "
                   f"numpy {expected!r}, rel err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"1k/gmm_d10_K25 (20 points): objective: {e}")
        try:
            check_grad(args.arrc, problem, paths, tmp, "1k/gmm_d10_K25 (20 points)",
                       max_all=0, subset=20, min_ls=8)
        except Exception as e:  # noqa: BLE001
            report(False, f"1k/gmm_d10_K25 (20 points): objective_grad: {e}")

    return summary()


if __name__ == "__main__":
    sys.exit(main())
