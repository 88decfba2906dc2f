"""Adapter of GradBench's `llsq` eval: x and n in (n as the length of an array, as the
entries take it); a number (primal) or a list (gradient) out."""
import numpy as np


def prepare(function, input):
    return function, (np.asarray(input["x"], dtype=np.float64), np.zeros(input["n"], dtype=bool))


def output(function, input, result):
    return result.tolist()
