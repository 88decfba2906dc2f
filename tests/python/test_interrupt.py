"""Ctrl-C during a long call (LANGUAGE.md section 10): the entry stops at its next
parallel chunk or step of an outer or sequential loop, the call raises
KeyboardInterrupt soon after SIGINT instead of when the work is done, and the
module gives correct results afterwards."""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from conftest import ROOT

PROGRAM = r"""
-- Quadratic work: an outer loop (parallel, or serial on one thread) of inner sums.
entry pairs(x: [n]f64): f64 = sum(build([n], \i -> sum(build([n], \j -> sin(x[i] * x[j])))))

-- A fold of a * b steps: one sequential loop, no inner one.
entry spin(x: [a]f64, y: [b]f64): f64 = fold(\s i -> s * 0.999999 + sin(f64(i)), 0.0, iota(a * b))
"""

CHILD = r"""
import json, os, signal, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
import arr

case = sys.argv[3]
handled = []
if case == "own handler":  # the host's handler still decides what Ctrl-C does
    def own(signum, frame):
        handled.append(signum)
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, own)
m = arr.compile(sys.argv[2])
if case == "one thread":
    arr.set_num_threads(1)
small = np.linspace(0, 1, 2000)
expected = float(np.sin(np.outer(small, small)).sum())

# How long the long call would take, from a short one (the work is quadratic in n, or
# linear in a * b).
if case == "fold":
    start = time.perf_counter()
    m.spin(np.ones(1000), np.ones(10000))
    predicted = (time.perf_counter() - start) * (10**6 * 10**6) / (1000 * 10000)
    arguments = (np.ones(10**6), np.ones(10**6))
    call = m.spin
else:
    start = time.perf_counter()
    m.pairs(np.linspace(0, 1, 10000))
    predicted = (time.perf_counter() - start) * (10**6 / 10000) ** 2
    arguments = (np.linspace(0, 1, 10**6),)
    call = m.pairs

# Ctrl-C while no call runs is Python's, and leaves the next call alone.
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
except KeyboardInterrupt:
    pass
before = float(m.pairs(small))

print("calling", flush=True)
start = time.perf_counter()
try:
    call(*arguments)
    outcome = "returned"
except KeyboardInterrupt:
    outcome = "KeyboardInterrupt"
except BaseException as error:
    outcome = repr(error)
stopped = time.monotonic()  # the parent's clock too
elapsed = time.perf_counter() - start
after = float(m.pairs(small))
print(json.dumps({"outcome": outcome, "elapsed": elapsed, "predicted": predicted, "before": before,
                  "after": after, "expected": expected, "handled": len(handled),
                  "stopped": stopped}), flush=True)
"""


@pytest.mark.parametrize("case", ["parallel", "one thread", "fold", "own handler"])
def test_ctrl_c_interrupts_a_long_call_soon(tmp_path, case):
    program = tmp_path / "long.arr"
    program.write_text(PROGRAM)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(ROOT / "python"), str(program), case],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, OPENBLAS_NUM_THREADS="1"),
    )
    try:
        line = child.stdout.readline()
        assert line == "calling\n", line + child.stderr.read()
        time.sleep(1)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, stderr
    seen = json.loads(stdout)
    assert seen["outcome"] == "KeyboardInterrupt"
    # Generous: the call would take many minutes, and stopped within seconds of SIGINT.
    assert seen["predicted"] > 120, seen
    assert seen["stopped"] - sent < 5 and seen["elapsed"] < seen["predicted"] / 10, seen
    for result in ("before", "after"):
        assert seen[result] == pytest.approx(seen["expected"], rel=1e-9)
    assert seen["handled"] == (2 if case == "own handler" else 0)
