#!/usr/bin/python3
"""The cost of a call from Python through the `arr` package (not a test; see README.md).

    /usr/bin/python3 tests/bench/python_overhead.py [--arrc PATH] [--repeat 7]

Compiles python_overhead.arr with arr.compile (into a temporary cache) and
times, per call, the best of several timeit runs:
  - add(a, b) on two Python floats, through the package and as a bare ctypes
    call of the same C function (the floor: ctypes' own cost), next to a
    Python function adding two floats;
  - first(x) on C-contiguous float64 vectors of 10 and 10^6 elements (the same
    cost: the vector is passed without a copy), on every other element of
    2*10^6 (non-contiguous: copied), and as a bare ctypes call;
  - copy(x) on 10^6 elements, whose result the package allocates;
  - the ways of getting an array's data pointer the package chooses between.
"""

import argparse
import ctypes
import os
import sys
import tempfile
import timeit

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
import arr  # noqa: E402


def per_call(statement, namespace, repeat):
    """Microseconds per execution: the best of `repeat` runs of about 0.2 s each."""
    timer = timeit.Timer(statement, globals=namespace)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat, number)) / number * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", help="the compiler (default: as the package finds it)")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if args.arrc:
        os.environ["ARRC"] = args.arrc
    with tempfile.TemporaryDirectory() as cache:
        os.environ["ARR_CACHE_DIR"] = cache
        module = arr.compile(os.path.join(HERE, "python_overhead.arr"))
    arr.set_num_threads(1)

    library = ctypes.CDLL(module.path)
    c_add, c_first = library.arr_add, library.arr_first
    c_add.argtypes = [ctypes.c_double, ctypes.c_double, ctypes.c_void_p]
    c_first.argtypes = [ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p]
    c_add.restype = c_first.restype = ctypes.c_int
    out = ctypes.c_double()
    small, large = np.ones(10), np.ones(10**6)
    strided = np.ones(2 * 10**6)[::2]

    def python_add(a, b):
        return a + b

    namespace = dict(
        m=module, c_add=c_add, c_first=c_first, out=out, byref=ctypes.byref, small=small, large=large,
        strided=strided, pointer=large.ctypes.data, python_add=python_add, ctypes=ctypes,
    )
    rows = [
        ("add(1.0, 2.0) through arr", "m.add(1.0, 2.0)"),
        ("add: bare ctypes call", "c_add(1.0, 2.0, byref(out))"),
        ("a Python function a + b", "python_add(1.0, 2.0)"),
        ("first(x), 10 elements", "m.first(small)"),
        ("first(x), 10^6 elements (no copy)", "m.first(large)"),
        ("first: bare ctypes call", "c_first(1000000, pointer, byref(out))"),
        ("first(x[::2]), 10^6 elements (a copy)", "m.first(strided)"),
        ("copy(x), 10^6 elements in and out", "m.copy(large)"),
        ("data pointer: buffer protocol", "ctypes.addressof(ctypes.c_char.from_buffer(large))"),
        ("data pointer: x.ctypes.data", "large.ctypes.data"),
        ("data pointer: __array_interface__", "large.__array_interface__['data'][0]"),
    ]
    print("%-42s %12s" % ("per call", "microseconds"))
    for label, statement in rows:
        print("%-42s %12.2f" % (label, per_call(statement, namespace, args.repeat)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print("\nnumpy %s, Python %s, load average %.2f" % (np.__version__, sys.version.split()[0], load))


if __name__ == "__main__":
    main()
