#!/usr/bin/env python3
"""Convert an ADBench bundle-adjustment input file to the inputs of samples/ba/ba.arr.

    convert.py INPUT.txt OUTDIR [--observations P]

writes, in parameter order of the entries `residuals`, `jacobian` and `jacobian_rev`:

    OUTDIR/0_cams.npy    [n,11]  f64   r (3), C (3), f, x0 (2), kappa (2) per camera
    OUTDIR/1_points.npy  [m,3]   f64
    OUTDIR/2_w.npy       [p]     f64
    OUTDIR/3_obs.npy     [p,2]   i64   camera index, point index
    OUTDIR/4_feats.npy   [p,2]   f64

The ADBench format (FileFormat.md) is "n m p", then one camera (11 numbers),
one point (3), one weight and one feature (2). ADBench expands it the way this
converter does: every camera, point, weight and feature is a copy of the one given,
and observation i sees camera i mod n and point i mod m. With --observations P
only the first P observations are written (the cameras and points stay n and m).

As a module: `read_adbench(path, observations=None)` returns a dict of the arrays
and `write_inputs(problem, outdir)` writes the files and returns their paths.
"""

import os
import sys

import numpy as np

PARAMS = ["cams", "points", "w", "obs", "feats"]


def read_adbench(path, observations=None):
    toks = open(path).read().split()
    if len(toks) != 3 + 11 + 3 + 1 + 2:
        raise ValueError(f"{path}: expected 20 numbers (n m p, a camera, a point, a weight, a feature), "
                         f"found {len(toks)}")
    n, m, p = int(toks[0]), int(toks[1]), int(toks[2])
    vals = np.array([float(t) for t in toks[3:]], dtype=np.float64)
    cam, point, weight, feat = vals[0:11], vals[11:14], vals[14], vals[15:17]
    if observations is not None:
        p = min(p, observations)
    idx = np.arange(p, dtype=np.int64)
    return {
        "n": n, "m": m, "p": p,
        "cams": np.tile(cam, (n, 1)),
        "points": np.tile(point, (m, 1)),
        "w": np.full(p, weight),
        "obs": np.stack([idx % n, idx % m], axis=1),
        "feats": np.tile(feat, (p, 1)),
    }


def write_inputs(problem, outdir):
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for i, name in enumerate(PARAMS):
        path = os.path.join(outdir, f"{i}_{name}.npy")
        np.save(path, np.ascontiguousarray(problem[name]))
        paths.append(path)
    return paths


def main(argv):
    args = list(argv[1:])
    observations = None
    if "--observations" in args:
        k = args.index("--observations")
        if k + 1 >= len(args):
            sys.stderr.write("convert.py: --observations needs a count\n")
            return 2
        observations = int(args[k + 1])
        del args[k:k + 2]
    if len(args) != 2:
        sys.stderr.write("usage: convert.py INPUT.txt OUTDIR [--observations P]\n")
        return 2
    for path in write_inputs(read_adbench(args[0], observations), args[1]):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
