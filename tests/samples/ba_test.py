#!/usr/bin/env python3
"""The ADBench bundle-adjustment sample (samples/ba/ba.arr): residuals and Jacobian.

    ba_test.py --arrc PATH [--data DIR]

ba.arr computes the residuals of the first K observations and their Jacobian as
[K, 2, 15] blocks (each reprojection error against its camera, point and weight)
plus the weight errors' derivatives. The test compiles it natively and, for two
problems, checks:
  1. `residuals`, compiled and interpreted, against an independent numpy
     implementation of ADBench's objective in this file (relative 1e-12).
  2. `jacobian` (jacfwd) compiled with 1 and 2 threads equals the interpreter's
     (relative 1e-12), and `jacobian_rev` (jacrev) equals it (relative 1e-10).
  3. Every Jacobian entry, compiled and interpreted, against central finite
     differences of the compiled `residuals` entry: each parameter the first K
     observations use is moved by +-h (h = 1e-6 max(1, |x|)), and the change of
     observation i's residuals is compared with its block (relative 1e-5, plus
     the difference quotient's rounding, 8 ulps of the residual over the step).
     Residuals of observations that do not use the parameter must not change.
The problems: ADBench's ba1 as samples/ba/convert.py expands it (K = 10, every
observation with its own camera and point), and ba2 cut to 4 cameras, 3 points and
20 observations, every value jittered with a seeded generator, compiled with
-D K=13 (so observations share cameras and points and no two are alike).
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import concurrent.futures
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np
from sample_checks import report, summary

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "ba", "ba.arr")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
_spec = importlib.util.spec_from_file_location("ba_convert", os.path.join(ROOT, "samples", "ba", "convert.py"))
convert = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(convert)

# ---- an independent numpy implementation of ADBench's BA residuals ----------

def numpy_residuals(problem, k):
    cams, points, w, obs, feats = (problem[n] for n in convert.PARAMS)
    cam = cams[obs[:k, 0]]                     # [k, 11]
    x = points[obs[:k, 1]] - cam[:, 3:6]       # X - C
    r = cam[:, 0:3]
    theta = np.sqrt(np.sum(r * r, axis=1, keepdims=True))
    axis = r / theta
    cos, sin = np.cos(theta), np.sin(theta)
    y = x * cos + np.cross(axis, x) * sin + axis * np.sum(axis * x, axis=1, keepdims=True) * (1 - cos)
    u = y[:, 0:2] / y[:, 2:3]
    rsq = np.sum(u * u, axis=1, keepdims=True)
    distorted = u * (1 + cam[:, 9:10] * rsq + cam[:, 10:11] * rsq * rsq)
    proj = distorted * cam[:, 6:7] + cam[:, 7:9]
    return w[:k, None] * (proj - feats[:k]), 1 - w[:k] * w[:k]


def jittered_problem(path, cams, points, observations, seed):
    """ADBench's expansion of `path` cut to the given sizes, with every value moved."""
    problem = convert.read_adbench(path, observations)
    rng = np.random.default_rng(seed)
    idx = np.arange(observations)
    problem["cams"] = problem["cams"][:cams] * (1 + 0.05 * rng.standard_normal((cams, 11)))
    problem["points"] = problem["points"][:points] + 0.5 * rng.standard_normal((points, 3))
    problem["w"] = problem["w"] * (1 + 0.3 * rng.standard_normal(observations))
    problem["obs"] = np.stack([idx % cams, idx % points], axis=1).astype(np.int64)
    problem["feats"] = problem["feats"] + 20 * rng.standard_normal((observations, 2))
    return problem


# ---- running the sample -------------------------------------------------------

def run(command, outputs):
    """Runs command with -o OUT.npy and returns the result arrays (OUT_i.npy for tuples)."""
    out = outputs + ".npy"
    proc = subprocess.run(command + ["-o", out], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()}")
    if os.path.exists(out):
        return [np.load(out)]
    results, i = [], 0
    while os.path.exists(f"{outputs}_{i}.npy"):
        results.append(np.load(f"{outputs}_{i}.npy"))
        i += 1
    return results


def max_rel(a, b):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.shape != b.shape:
        return float("inf")
    scale = np.maximum(np.maximum(np.abs(a), np.abs(b)), 1e-300)
    err = np.where(a == b, 0.0, np.abs(a - b) / scale)
    return float(np.max(err)) if err.size else 0.0


def finite_differences(exe, problem, paths, k, workdir):
    """Central differences of `residuals` for every parameter of the first k observations.

    Returns {(name, index): (d reprojection [k, 2], d weight errors [k], rounding)}."""
    obs = problem["obs"][:k]
    params = sorted({("cams", (int(c), j)) for c in obs[:, 0] for j in range(11)}
                    | {("points", (int(q), j)) for q in obs[:, 1] for j in range(3)}
                    | {("w", (i,)) for i in range(min(k, len(problem["w"])))})
    position = {name: i for i, name in enumerate(convert.PARAMS)}

    def evaluate(job):
        name, index, sign, tag = job
        arr = np.array(problem[name], dtype=np.float64, copy=True)
        x = arr[index]
        h = 1e-6 * max(1.0, abs(x))
        arr[index] = x + sign * h
        moved = os.path.join(workdir, f"fd_{tag}.npy")
        np.save(moved, arr)
        inputs = list(paths)
        inputs[position[name]] = moved
        reproj, werr = run([exe, "--entry", "residuals", "--threads", "1"] + inputs,
                           os.path.join(workdir, f"fd_out_{tag}"))
        return arr[index], reproj, werr

    jobs = [(name, index, sign, f"{n}_{sign > 0}") for n, (name, index) in enumerate(params) for sign in (1, -1)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(evaluate, jobs))
    columns = {}
    for n, (name, index) in enumerate(params):
        (xp, rp, wp), (xm, rm, wm) = results[2 * n], results[2 * n + 1]
        rounding = 8 * np.finfo(np.float64).eps * max(np.max(np.abs(rp)), np.max(np.abs(wp)), 1.0) / (xp - xm)
        columns[(name, index)] = ((rp - rm) / (xp - xm), (wp - wm) / (xp - xm), rounding)
    return columns


def check_jacobian(label, problem, k, blocks, wjac, columns):
    """Compares the [k, 2, 15] blocks and the [k] weight derivatives with the columns."""
    obs = problem["obs"]
    if blocks.shape != (k, 2, 15) or wjac.shape != (k,):
        report(False, f"{label}: jacobian has shapes {blocks.shape} and {wjac.shape}, expected ({k}, 2, 15) and ({k},)")
        return
    worst, where, bad = 0.0, None, []
    for i in range(k):
        cam, point = int(obs[i, 0]), int(obs[i, 1])
        targets = [("cams", (cam, j)) for j in range(11)] + [("points", (point, j)) for j in range(3)] + [("w", (i,))]
        for c, key in enumerate(targets):
            dreproj, dweight, rounding = columns[key]
            for r in range(2):
                a, fd = float(blocks[i, r, c]), float(dreproj[i, r])
                err = abs(a - fd)
                scale = max(abs(a), abs(fd))
                if not err <= 1e-5 * scale + rounding:
                    bad.append(f"obs {i} row {r} column {c} ({key[0]}{list(key[1])}): {a!r} vs {fd!r}")
                rel = err / scale if scale > 0 else 0.0
                if rel > worst:
                    worst, where = rel, (i, r, c)
        a, fd = float(wjac[i]), float(columns[("w", (i,))][1][i])
        if not abs(a - fd) <= 1e-5 * max(abs(a), abs(fd)) + columns[("w", (i,))][2]:
            bad.append(f"weight error {i}: {a!r} vs {fd!r}")
    report(not bad, f"{label}: {blocks.size + wjac.size} Jacobian entries against central differences, "
           f"max rel err {worst:.2e}" + (f" at {list(where)}" if where else "")
           + ("".join("\n      " + b for b in bad[:10])))


def check_sparsity(label, problem, k, columns):
    """A parameter moves only the residuals of the observations that use it."""
    obs = problem["obs"][:k]
    stray = []
    for (name, index), (dreproj, dweight, _) in columns.items():
        for i in range(k):
            uses = {"cams": obs[i, 0] == index[0], "points": obs[i, 1] == index[0], "w": i == index[0]}[name]
            if (np.any(dreproj[i] != 0) and not uses) or (dweight[i] != 0 and not (name == "w" and uses)):
                stray.append(f"{name}{list(index)} moves observation {i}")
    report(not stray, f"{label}: {len(columns)} parameters move only their observations' residuals"
           + "".join("\n      " + s for s in stray[:10]))


def check_problem(args, label, problem, k, defines, workdir):
    os.makedirs(workdir, exist_ok=True)
    paths = convert.write_inputs(problem, os.path.join(workdir, "inputs"))
    exe = os.path.join(workdir, "ba")
    proc = subprocess.run([args.arrc, SAMPLE, "-o", exe] + defines, capture_output=True, text=True, timeout=600)
    report(proc.returncode == 0, f"{label}: arrc ba.arr {' '.join(defines)} -o EXE exits {proc.returncode}"
           + (f": {proc.stderr.strip()}" if proc.returncode else ""))
    if proc.returncode != 0:
        return
    interp = [args.arrc, "--interpret", SAMPLE] + defines
    out = lambda name: os.path.join(workdir, name)  # noqa: E731
    try:
        res = {"compiled": run([exe, "--entry", "residuals", "--threads", "1"] + paths, out("res_c")),
               "interpreted": run(interp + ["--entry", "residuals"] + paths, out("res_i"))}
        jac = {"compiled": run([exe, "--entry", "jacobian", "--threads", "1"] + paths, out("jac_c")),
               "interpreted": run(interp + ["--entry", "jacobian"] + paths, out("jac_i"))}
        jac2 = run([exe, "--entry", "jacobian", "--threads", "2"] + paths, out("jac_c2"))
        rev = run([exe, "--entry", "jacobian_rev", "--threads", "1"] + paths, out("rev_c"))[0]
    except Exception as e:  # noqa: BLE001
        report(False, f"{label}: running the sample: {e}")
        return
    expected = numpy_residuals(problem, k)
    for mode, (reproj, werr) in res.items():
        err = max(max_rel(reproj, expected[0]), max_rel(werr, expected[1]))
        report(err <= 1e-12, f"{label}: {mode} residuals ({reproj.shape} and {werr.shape}) against numpy, "
               f"max rel err {err:.2e}")
    err = max(max_rel(jac["compiled"][0], jac["interpreted"][0]), max_rel(jac["compiled"][1], jac["interpreted"][1]))
    report(err <= 1e-12, f"{label}: compiled jacobian equals the interpreter's, max rel err {err:.2e}")
    err = max(max_rel(jac2[0], jac["compiled"][0]), max_rel(jac2[1], jac["compiled"][1]))
    report(err <= 1e-12, f"{label}: jacobian with 2 threads equals 1 thread, max rel err {err:.2e}")
    err = max_rel(rev, jac["compiled"][0])
    report(err <= 1e-10, f"{label}: jacobian_rev (jacrev) equals jacobian (jacfwd), max rel err {err:.2e}")
    columns = finite_differences(exe, problem, paths, k, workdir)
    check_sparsity(label, problem, k, columns)
    for mode, (blocks, wjac) in jac.items():
        check_jacobian(f"{label}: {mode}", problem, k, blocks, wjac, columns)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    ap.add_argument("--data", default="/work/shared/data/adbench/ba")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ba_test_") as tmp:
        ba1 = convert.read_adbench(os.path.join(args.data, "ba1_n49_m7776_p31843.txt"))
        check_problem(args, "ba1 (K=10)", ba1, 10, [], os.path.join(tmp, "ba1"))
        small = jittered_problem(os.path.join(args.data, "ba2_n21_m11315_p36455.txt"), 4, 3, 20, 7)
        check_problem(args, "ba2 jittered, 4 cameras, 3 points (K=13)", small, 13, ["-D", "K=13"],
                      os.path.join(tmp, "ba2"))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
