"""Adapter of GradBench's `det` eval: A (row-major, ell x ell) in; the determinant, or its
gradient in row-major order, out. The entries also take the number of paths of the
expansion by minors, ell!/6, in chunks, as the shape of an empty [chunks, chunk, 0] array
(det.arr)."""
import math

import numpy as np


def prepare(function, input):
    ell = input["ell"]
    a = np.asarray(input["A"], dtype=np.float64).reshape(ell, ell)
    paths = math.factorial(ell) // 6  # the paths down to 3 x 3 minors (det.arr)
    # Chunks of 8!/6 paths (divides ell!/6 from ell = 8 on): small enough for reverse
    # mode to keep one chunk's intermediate values, large enough for the loop to be cheap.
    chunk = math.factorial(8) // 6 if ell >= 8 else paths
    return function, (a, np.zeros((paths // chunk, chunk, 0), dtype=bool))


def output(function, input, result):
    return result.reshape(-1).tolist() if function == "gradient" else float(result)
