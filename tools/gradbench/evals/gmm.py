"""Adapter of GradBench's `gmm` eval: the input's nested lists become the entries'
matrices; the gradient goes back as {alpha, mu, q, l} with the matrices as lists of rows."""
import numpy as np


def prepare(function, input):
    d, k = input["d"], input["k"]

    def matrix(name, rows, columns):
        # reshape keeps a k x 0 matrix (l when d = 1) two-dimensional
        return np.asarray(input[name], dtype=np.float64).reshape(rows, columns)

    args = (np.asarray(input["alpha"], dtype=np.float64), matrix("mu", k, d), matrix("q", k, d),
            matrix("l", k, d * (d - 1) // 2), matrix("x", input["n"], d),
            np.float64(input["gamma"]), np.int64(input["m"]))
    return function, args


def output(function, input, result):
    if function == "objective":
        return float(result)
    alpha, mu, q, l = result
    return {"alpha": alpha.tolist(), "mu": mu.tolist(), "q": q.tolist(), "l": l.tolist()}
