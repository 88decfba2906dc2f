"""Adapter of GradBench's `kmeans` eval: points and centroids (lists of rows) in; the cost,
or the direction as a list of rows, out."""
import numpy as np


def prepare(function, input):
    return function, (np.asarray(input["points"], dtype=np.float64),
                      np.asarray(input["centroids"], dtype=np.float64))


def output(function, input, result):
    return result.tolist()
