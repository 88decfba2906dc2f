"""Adapter of GradBench's `ba` eval. The input is one camera, point, weight and feature
and the counts n, m, p; as GradBench's reference does (untimed), they are repeated into
n cameras, m points, p weights and features, and p observations of camera i mod n and
point i mod m. The outputs are cut as GradBench's reference cuts them: the first
reprojection error and weight error with the count of each; the first 30 and the last
entry of the Jacobian's row offsets, columns and values."""
import numpy as np

# GradBench compares the first 2 * 15 entries of each of the Jacobian's lists and the last.
SHOWN = 30


def prepare(function, input):
    n, m, p = input["n"], input["m"], input["p"]
    cams = np.tile(np.asarray(input["cam"], dtype=np.float64), (n, 1))
    points = np.tile(np.asarray(input["x"], dtype=np.float64), (m, 1))
    w = np.full(p, input["w"], dtype=np.float64)
    obs = np.stack([np.arange(p) % n, np.arange(p) % m], axis=1).astype(np.int64)
    feats = np.tile(np.asarray(input["feat"], dtype=np.float64), (p, 1))
    return function, (cams, points, w, obs, feats)


def output(function, input, result):
    if function == "objective":
        reproj, w_err = result
        return {"reproj_error": {"elements": reproj[0].tolist(), "repeated": len(reproj)},
                "w_err": {"element": float(w_err[0]), "repeated": len(w_err)}}

    rows, block_cols, weight_cols, block_vals, weight_vals = result
    # The lists of columns and values are each a block part [p, 2, 15] followed by a
    # weight part [p] (ba.arr); their first 30 entries are the first block's (p >= 1).
    return {"rows": rows[:SHOWN].tolist() + [rows[-1].item()],
            "cols": block_cols.reshape(-1)[:SHOWN].tolist() + [weight_cols[-1].item()],
            "vals": block_vals.reshape(-1)[:SHOWN].tolist() + [weight_vals[-1].item()]}
