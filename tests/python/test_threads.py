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


PEAK_OF_CHILD = r"""
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(done.stdout)
sys.stderr.write(done.stderr)
print("peak", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)  # KiB
sys.exit(done.returncode)
"""


def test_huge_thread_counts_are_capped_with_one_warning(tmp_path):
    # OMP_NUM_THREADS=1048576 made libomp take 900 MB and 2 s for a two-element dot
    # product; --threads and set_num_threads were cut to 256 without a word.
    program = tmp_path / "dot.arr"
    program.write_text("entry main(a: [n]f64, b: [n]f64): f64 = sum(a * b)\n")
    executable = tmp_path / "dot"
    subprocess.run([arr.find_arrc(), str(program), "-o", str(executable)], check=True, timeout=600)
    huge = dict(os.environ, OMP_NUM_THREADS="1048576")
    for arguments, environment, asked in [
        ([], huge, "OMP_NUM_THREADS='1048576'"),
        (["--threads", "1048576"], dict(os.environ), "a thread count of 1048576"),
    ]:
        done = subprocess.run(
            [sys.executable, "-c", PEAK_OF_CHILD, str(executable), *arguments],
            input="[1.0, 2.0] [3.0, 4.0]",
            capture_output=True,
            text=True,
            env=environment,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
        result, peak = done.stdout.split("peak")
        assert result.strip() == "11.0"
        assert int(peak) < 200 << 10, "peak RSS %d KiB" % int(peak)
        warnings = done.stderr.splitlines()
        assert len(warnings) == 1 and warnings[0].startswith("arr: warning: %s is more threads" % asked), warnings
        assert "limit of" in warnings[0]

    # Python: the variable and set_num_threads are capped alike, each said once per library.
    script = SET_THREADS.split("m = arr.compile")[0] + (
        "m = arr.compile(sys.argv[2])\n"
        "x = np.ones((20000, 50))\n"
        "first = configured(m)\n"
        "ok = bool((m.rowsums(x) == 50).all())\n"
        "arr.set_num_threads(10**6)\n"
        "arr.set_num_threads(10**7)\n"
        "print(json.dumps({'first': first, 'after': configured(m), 'ok': ok and bool((m.rowsums(x) == 50).all())}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "python"), str(PROGRAMS / "threads.arr")],
        capture_output=True,
        text=True,
        env=dict(huge, OPENBLAS_NUM_THREADS="1"),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["ok"] and 64 <= seen["first"] <= 256 and seen["after"] == seen["first"]
    warnings = [line for line in done.stderr.splitlines() if line.startswith("arr: warning:")]
    assert len(warnings) == 1 and "OMP_NUM_THREADS='1048576' is more threads" in warnings[0], done.stderr
