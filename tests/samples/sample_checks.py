"""What the sample tests share (lstm_test.py, ode_test.py, gmm_test.py, ba_test.py): a
tally of PASS/FAIL lines, running a compiled entry into .npy files, and relative errors."""

import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402,F401 (re-exported)


def run(command, stem):
    """Runs command with -o STEM.npy; returns the result arrays (STEM_i.npy for tuples)."""
    out = stem + ".npy"
    proc = subprocess.run(command + ["-o", out], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()}")
    if os.path.exists(out):
        return [np.load(out)]
    results, i = [], 0
    while os.path.exists(f"{stem}_{i}.npy"):
        results.append(np.load(f"{stem}_{i}.npy"))
        i += 1
    return results


def rel_err(a, b):
    a, b = float(a), float(b)
    return 0.0 if a == b else abs(a - b) / max(abs(a), abs(b))


def array_err(actual, expected):
    """Largest |actual - expected| over the largest |expected| (inf on a shape mismatch)."""
    if actual.shape != expected.shape:
        return float("inf")
    scale = max(float(np.max(np.abs(expected))), 1e-300)
    return float(np.max(np.abs(actual - expected))) / scale
