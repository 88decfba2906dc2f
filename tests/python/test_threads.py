"""Calls release the GIL and run concurrently from several threads, each with its
own errors; arr.set_num_threads sets the threads entries use (LANGUAGE.md section 10)."""

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from conftest import PROGRAMS, ROOT

import arr


@pytest.fixture(scope="module")
def work():
    return arr.compile(PROGRAMS / "threads.arr")


def test_concurrent_calls_give_correct_results(interface, work):
    rng = np.random.default_rng(7)
    vectors = [(rng.standard_normal(n), rng.standard_normal(n)) for n in range(1, 60)]
    matrices = [rng.standard_normal((300 + 10 * i, 200)) for i in range(8)]

    def dot(pair):
        return interface.main(*pair)

    with ThreadPoolExecutor(max_workers=6) as pool:
        dots = list(pool.map(dot, vectors * 20))
        # Large enough for parallel loops: several callers each fork OpenMP teams.
        sums = list(pool.map(work.rowsums, matrices * 4))
    for result, (a, b) in zip(dots, vectors * 20):
        assert result == pytest.approx(float(np.dot(a, b)), rel=1e-13, abs=1e-13)
    for result, matrix in zip(sums, matrices * 4):
        np.testing.assert_allclose(result, matrix.sum(axis=1), rtol=1e-12)


def test_each_thread_sees_its_own_error(work):
    barrier = threading.Barrier(4)
    failures = []

    def run(length):
        barrier.wait()
        for _ in range(300):
            try:
                work.tail3(np.ones(length))
                if length < 3:
                    failures.append("no error for %d elements" % length)
            except arr.Error as error:
                expected = "the dimension n-3 (size m of drop) evaluates to %d, a negative size" % (length - 3)
                if str(error) != expected:
                    failures.append("%d elements: %s" % (length, error))

    threads = [threading.Thread(target=run, args=(length,)) for length in (0, 1, 2, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_calls_release_the_gil(work):
    """While one thread is inside a long call, Python code runs on another: the
    main thread's loop (which needs the GIL) ticks during the middle of the call."""
    x = np.random.default_rng(3).random(4000)
    span = {}

    def call():
        span["start"] = time.perf_counter()
        span["result"] = work.pairs(x)
        span["end"] = time.perf_counter()

    ticks = []
    worker = threading.Thread(target=call)
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    quarter = (span["end"] - span["start"]) / 4
    middle = [t for t in ticks if span["start"] + quarter <= t <= span["end"] - quarter]
    assert middle, "no Python code ran while the entry ran"
    assert span["result"] == pytest.approx(float(np.sin(np.outer(x, x)).sum()), rel=1e-12)


SET_THREADS = r"""
import json, os, sys
sys.path.insert(0, sys.argv[1])
import ctypes
import numpy as np
import arr

def threads():
    return len(os.listdir("/proc/self/task"))

def configured(module):
    query = ctypes.CDLL(module.path).arrrt_threads  # the loaded library's handle
    query.restype = ctypes.c_int64
    return query()

m = arr.compile(sys.argv[2])
x = np.ones((20000, 50))
arr.set_num_threads(1)
before = threads()
one = m.rowsums(x)
after_one = threads()
arr.set_num_threads(2)
two = m.rowsums(x)
after_two = threads()
arr.set_num_threads(3)
later = arr.compile(sys.argv[3])  # loaded after the call: gets the setting too
print(json.dumps({"before": before, "after_one": after_one, "after_two": after_two,
                  "equal": bool((one == 50).all() and (two == 50).all()),
                  "threads": [configured(m), configured(later)]}))
"""


def test_set_num_threads():
    environment = dict(os.environ)
    environment.pop("OMP_NUM_THREADS", None)
    environment["OPENBLAS_NUM_THREADS"] = "1"  # NumPy's BLAS threads would blur the count
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            SET_THREADS,
            str(ROOT / "python"),
            str(PROGRAMS / "threads.arr"),
            str(PROGRAMS / "interface.arr"),
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["equal"]
    assert seen["after_one"] == seen["before"], "one thread started OpenMP workers"
    assert seen["after_two"] > seen["after_one"], "two threads started no OpenMP worker"
    assert seen["threads"] == [3, 3]


def test_set_num_threads_rejects_bad_counts():
    # Past i64 the count would reach the runtime wrapped (2**64 + 5 as 5 threads).
    for bad in (0, -1, 1.5, "2", True, 2**70, 2**64 + 5, 2**63, np.uint64(2**64 - 1)):
        with pytest.raises(ValueError, match="thread count must be an integer from 1 to 2\\*\\*63-1"):
            arr.set_num_threads(bad)
