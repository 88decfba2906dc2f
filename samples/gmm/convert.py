#!/usr/bin/env python3
"""Convert an ADBench GMM input file to the inputs of samples/gmm/gmm.arr.

    convert.py INPUT.txt OUTDIR

writes, in parameter order of the entries `objective` and `objective_grad`:

    OUTDIR/0_alphas.npy  [k]     f64
    OUTDIR/1_means.npy   [k,d]   f64
    OUTDIR/2_qs.npy      [k,d]   f64   first d entries of each ADBench icf row
    OUTDIR/3_ls.npy      [k,l]   f64   the other l = d*(d-1)/2 entries (column-major
                                       strictly lower triangle, unchanged)
    OUTDIR/4_x.npy       [n,d]   f64
    OUTDIR/5_gamma.npy   []      f64   Wishart gamma
    OUTDIR/6_m.npy       []      i64   Wishart m
    OUTDIR/7_lgsum.npy   []      f64   sum_{j=1..d} lgamma(0.5*(d+m+1) + 0.5*(1-j))

`lgsum` is the one precomputed constant: Arr has no lgamma, so the lgamma part of
the Wishart normalisation (ADBench's log_gamma_distrib, minus its
0.25*d*(d-1)*log(pi) term, which gmm.arr computes) is computed here with
math.lgamma, in the same order as ADBench's loop.

The ADBench format (FileFormat.md): "d k n", then k alphas, k rows of d means,
k rows of d*(d+1)/2 icf values, n rows of d points (or a single row in
replicate-point mode, which is duplicated n times), then "gamma m".

As a module: `read_adbench(path)` returns a dict of the arrays and scalars and
`write_inputs(problem, outdir)` writes the files and returns their paths.
"""

import math
import os
import sys

import numpy as np

PARAMS = ["alphas", "means", "qs", "ls", "x", "gamma", "m", "lgsum"]


def read_adbench(path):
    toks = open(path).read().split()
    d, k, n = int(toks[0]), int(toks[1]), int(toks[2])
    pos = 3

    def take(count):
        nonlocal pos
        vals = np.array([float(t) for t in toks[pos:pos + count]], dtype=np.float64)
        if vals.size != count:
            raise ValueError(f"{path}: file ends early")
        pos += count
        return vals

    alphas = take(k)
    means = take(k * d).reshape(k, d)
    icf_size = d * (d + 1) // 2
    icf = take(k * icf_size).reshape(k, icf_size)
    rows = (len(toks) - pos - 2) // d
    if rows == n:
        x = take(n * d).reshape(n, d)
    elif rows == 1:  # replicate-point mode
        x = np.tile(take(d), (n, 1))
    else:
        raise ValueError(f"{path}: expected {n} or 1 points, found {rows}")
    gamma = float(toks[pos])
    m = int(toks[pos + 1])
    if pos + 2 != len(toks):
        raise ValueError(f"{path}: trailing data")
    nw = d + m + 1
    lgsum = 0.0
    for j in range(1, d + 1):
        lgsum = lgsum + math.lgamma(0.5 * nw + 0.5 * (1 - j))
    return {
        "d": d, "k": k, "n": n,
        "alphas": alphas,
        "means": means,
        "qs": np.ascontiguousarray(icf[:, :d]),
        "ls": np.ascontiguousarray(icf[:, d:]),
        "x": x,
        "gamma": np.float64(gamma),
        "m": np.int64(m),
        "lgsum": np.float64(lgsum),
    }


def write_inputs(problem, outdir):
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for i, name in enumerate(PARAMS):
        p = os.path.join(outdir, f"{i}_{name}.npy")
        np.save(p, np.asarray(problem[name]))
        paths.append(p)
    return paths


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: convert.py INPUT.txt OUTDIR\n")
        return 2
    problem = read_adbench(argv[1])
    for p in write_inputs(problem, argv[2]):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
