"""Fixtures of the Python package's tests (run by ctest as python.*; see tests/CMakeLists.txt).

The package is imported from the project's python/ directory; arrc is $ARRC
(ctest sets it to the build's arrc), else the package finds it itself. Every
session compiles into a cache directory of its own, so runs never share
libraries with each other or with the user's cache.
"""

import ctypes
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROGRAMS = HERE / "programs"
sys.path.insert(0, str(ROOT / "python"))

import arr  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def session_cache(tmp_path_factory):
    path = tmp_path_factory.mktemp("arr-cache")
    os.environ["ARR_CACHE_DIR"] = str(path)
    return path


@pytest.fixture(scope="session")
def interface():
    return arr.compile(PROGRAMS / "interface.arr")


class Spy:
    """Replaces the C function an entry calls by a ctypes callback with the
    same C prototype that records the arguments as C receives them (pointers
    as addresses) and calls the real function."""

    def __init__(self, entry):
        self.namespace = entry.__globals__
        self.real = self.namespace["_arr_c"]
        self.calls = []
        prototype = ctypes.CFUNCTYPE(ctypes.c_int, *self.real.argtypes)

        def record(*arguments):
            self.calls.append(arguments)
            return self.real(*arguments)

        self.callback = prototype(record)

    def __enter__(self):
        self.namespace["_arr_c"] = self.callback
        return self

    def __exit__(self, *exception):
        self.namespace["_arr_c"] = self.real


@pytest.fixture
def spy():
    return Spy


def data_pointer(array):
    return array.__array_interface__["data"][0]
