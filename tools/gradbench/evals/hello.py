"""Adapter of GradBench's `hello` eval: the input and the output are bare numbers."""
import numpy as np


def prepare(function, input):
    return function, (np.float64(input),)


def output(function, input, result):
    return float(result)
