"""Adapter of GradBench's `saddle` eval: start [2] in, the points x and y ([4]) out
(entries ff, fr, rf, rr)."""
import numpy as np

SOURCE = "samples/saddle/saddle.arr"  # written for this eval


def prepare(function, input):
    return function, (np.asarray(input["start"], dtype=np.float64),)


def output(function, input, result):
    return result.tolist()
