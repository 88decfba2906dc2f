#!/usr/bin/env python3
"""GradBench's nested-AD evals as Arr programs: samples/particle and samples/saddle.

    gradbench_nested_test.py --arrc PATH --sample particle|saddle

Compiles the sample (arrc -O2) and runs its four entries ff, fr, rf and rr (the outer and
the inner derivative each by forward or reverse mode), compiled (and ff and fr also
interpreted on the eval's input; the other two take over a minute each there), on:
  1. the eval's own input (particle: w = 0; saddle: start = [1, 1]), checking the result
     against the value the eval expects (gradbench/evals/<name>/run.py), with the eval's
     own comparison (gradbench/comparison.py: |a - b| / max(1, |a| + |b|) <= 1e-4);
  2. the eval's input and another one, against an independent computation in this file:
     the same descent in Python, with particle's derivatives by dual numbers over the
     closed-form force (no AD of the potential) and saddle's gradients in closed form.
     Both agree with the eval's expected values to 1e-15. The Arr results must match
     them to 1e-9 (relative to max(1e-5, |value|)): the descents take the same steps;
  3. that the four variants (and the interpreter's results) agree to 1e-12 of the same scale.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sample_checks import report, run, summary  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VARIANTS = ("ff", "fr", "rf", "rr")
# The interpreter takes 5 to 10 s for the variants whose outer derivative is forward mode,
# and 80 to 110 s for the others: those run compiled only.
INTERPRETED = ("ff", "fr")

# The outputs GradBench's evals expect (python/gradbench/gradbench/evals/*/run.py) for
# their inputs.
EVAL_CASES = {
    "particle": (0.0, 0.2071918746486116),
    "saddle": ([1.0, 1.0], [8.246324826140356e-06] * 4),
}
OTHER_INPUTS = {"particle": 0.1, "saddle": [0.5, -0.75]}


def eval_mismatch(expected, actual, tolerance=1e-4):
    """GradBench's comparison of floats (comparison.py): the difference over max(1, |a| + |b|)."""
    return abs(expected - actual) / max(1.0, abs(expected) + abs(actual)) > tolerance


# ---- the descent and the two objectives, in Python -----------------------------------

def argmin(f, g, x):
    """Pearlmutter and Siskind's multivariate-argmin, as the samples write it."""
    fx, gx, eta, accepted = f(x), g(x), 1e-5, 0
    for _ in range(10 ** 6):
        if math.sqrt(sum(t * t for t in gx)) <= 1e-5:
            return x
        if accepted == 10:
            eta, accepted = 2 * eta, 0
            continue
        x1 = [a - eta * b for a, b in zip(x, gx)]
        if math.sqrt(sum((a - b) ** 2 for a, b in zip(x, x1))) <= 1e-5:
            return x
        fx1 = f(x1)
        if fx1 < fx:
            x, fx, gx, accepted = x1, fx1, g(x1), accepted + 1
        else:
            eta, accepted = eta / 2, 0
    raise RuntimeError("the descent did not stop")


class Dual:
    """A value and its derivative with respect to w (forward mode by hand)."""

    def __init__(self, value, slope=0.0):
        self.v, self.d = value, slope

    def __add__(self, o):
        o = lift(o)
        return Dual(self.v + o.v, self.d + o.d)

    __radd__ = __add__

    def __sub__(self, o):
        o = lift(o)
        return Dual(self.v - o.v, self.d - o.d)

    def __rsub__(self, o):
        return lift(o) - self

    def __mul__(self, o):
        o = lift(o)
        return Dual(self.v * o.v, self.d * o.v + self.v * o.d)

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = lift(o)
        return Dual(self.v / o.v, (self.d * o.v - self.v * o.d) / (o.v * o.v))

    def __neg__(self):
        return Dual(-self.v, -self.d)


def lift(x):
    return x if isinstance(x, Dual) else Dual(x)


def dual_sqrt(x):
    root = math.sqrt(x.v)
    return Dual(root, x.d / (2 * root))


def particle_miss(w):
    """x_0(t_f)^2 for the Dual w: Euler steps of 0.1 while the next position is above
    the axis, the force (x - c) / |x - c|^3 from each charge c in closed form."""
    charges = [(Dual(10.0), 10.0 - w), (Dual(10.0), Dual(0.0))]
    x, v, dt = [Dual(0.0), Dual(8.0)], [Dual(0.75), Dual(0.0)], 0.1
    while (x[1] + dt * v[1]).v > 0:
        force = [Dual(0.0), Dual(0.0)]
        for c in charges:
            d = [x[0] - c[0], x[1] - c[1]]
            r = dual_sqrt(d[0] * d[0] + d[1] * d[1])
            force = [force[k] + d[k] / (r * r * r) for k in range(2)]
        x, v = [x[k] + dt * v[k] for k in range(2)], [v[k] + dt * force[k] for k in range(2)]
    crossing = x[0] + (-x[1] / v[1]) * v[0]
    return crossing * crossing


def particle_reference(w0):
    return argmin(lambda w: particle_miss(Dual(w[0])).v, lambda w: [particle_miss(Dual(w[0], 1.0)).d],
                  [w0])[0]


def saddle_objective(p, q):
    return (p[0] ** 2 + p[1] ** 2) - (q[0] ** 2 + q[1] ** 2)


def saddle_argmax(p, start):
    return argmin(lambda q: -saddle_objective(p, q), lambda q: [2 * q[0], 2 * q[1]], start)


def saddle_reference(start):
    # The inner argmax's path does not depend on p (its gradient, -2q, does not), so the
    # gradient of the inner maximum with respect to p is 2p.
    p = argmin(lambda p: saddle_objective(p, saddle_argmax(p, start)), lambda p: [2 * p[0], 2 * p[1]],
               start)
    return p + saddle_argmax(p, start)


REFERENCE = {"particle": particle_reference, "saddle": saddle_reference}


# ---- running the sample ---------------------------------------------------------

def err(actual, expected):
    actual, expected = np.atleast_1d(actual), np.atleast_1d(np.asarray(expected, dtype=np.float64))
    if actual.shape != expected.shape:
        return float("inf")
    return float(np.max(np.abs(actual - expected) / np.maximum(1e-5, np.abs(expected))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    ap.add_argument("--sample", required=True, choices=sorted(REFERENCE))
    args = ap.parse_args()
    sample = os.path.join(ROOT, "samples", args.sample, args.sample + ".arr")

    with tempfile.TemporaryDirectory(prefix=args.sample + "_test_") as tmp:
        exe = os.path.join(tmp, args.sample)
        proc = subprocess.run([args.arrc, "-O2", sample, "-o", exe], capture_output=True, text=True,
                              timeout=600)
        if not report(proc.returncode == 0, f"arrc -O2 {args.sample}.arr -o EXE exits {proc.returncode}",
                      proc.stderr):
            return summary()
        eval_input, eval_expected = EVAL_CASES[args.sample]
        for number, value in enumerate((eval_input, OTHER_INPUTS[args.sample])):
            label = f"{args.sample}({value})"
            path = os.path.join(tmp, f"input{number}.npy")
            np.save(path, np.asarray(value, dtype=np.float64))
            expected = REFERENCE[args.sample](value)
            if number == 0:
                report(not any(eval_mismatch(e, a) for e, a in
                               zip(np.atleast_1d(eval_expected), np.atleast_1d(expected))),
                       f"{label}: the Python reference {expected} passes the eval's check")
            results = {}
            runs = [("compiled", [exe], VARIANTS)]
            if number == 0:
                runs.append(("interpreted", [args.arrc, "--interpret", sample], INTERPRETED))
            for how, command, variants in runs:
                for variant in variants:
                    what = f"{label} {variant} ({how})"
                    try:
                        got = run(command + ["--entry", variant, path],
                                  os.path.join(tmp, f"{how}_{variant}_{number}"))[0]
                    except Exception as e:  # noqa: BLE001
                        report(False, f"{what}: {e}")
                        continue
                    results[how, variant] = got
                    if number == 0:
                        bad = [(e, a) for e, a in zip(np.atleast_1d(eval_expected), np.atleast_1d(got))
                               if eval_mismatch(e, float(a))]
                        report(not bad and np.shape(got) == np.shape(eval_expected),
                               f"{what} = {got.tolist()}: the eval's check against {eval_expected} passes")
                    e = err(got, expected)
                    report(e <= 1e-9, f"{what}: the Python reference {expected}, error {e:.1e}")
            if ("compiled", "rr") in results:
                base = results["compiled", "rr"]
                worst = max(err(r, base) for r in results.values())
                report(worst <= 1e-12, f"{label}: all {len(results)} runs agree with the compiled rr "
                       f"(largest difference {worst:.1e})")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
