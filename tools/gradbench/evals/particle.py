"""Adapter of GradBench's `particle` eval: w in, the w found out (entries ff, fr, rf, rr)."""
import numpy as np

SOURCE = "samples/particle/particle.arr"  # written for this eval


def prepare(function, input):
    return function, (np.float64(input["w"]),)


def output(function, input, result):
    return float(result)
