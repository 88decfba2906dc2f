"""Adapter of GradBench's `lse` eval: x in; a number (primal) or a list (gradient) out."""
import numpy as np


def prepare(function, input):
    return function, (np.asarray(input["x"], dtype=np.float64),)


def output(function, input, result):
    return result.tolist()
