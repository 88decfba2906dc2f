#!/usr/bin/env python3
"""The ODE sample (samples/ode/ode.arr): RK4 over a loop of steps, and its sensitivities.

    ode_test.py --arrc PATH

Compiles ode.arr natively with its 1000 steps and, for two problems (the classic
Lotka-Volterra parameters, and seeded random ones), checks compiled (1 and 2 threads)
and interpreted:
  1. `final` against an RK4 integration in NumPy written in this file (relative 1e-12),
     and `trajectory` against the NumPy trajectory (1e-12 of its largest magnitude);
  2. `sensitivities` (jacrev through the loop) against central finite differences of
     the NumPy integration with respect to each parameter and initial value
     (h = 1e-6 max(1, |x|); relative 1e-6 plus the difference quotient's rounding,
     8 ulps of the state over the step);
  3. `sensitivities_fwd` (jacfwd) equals `sensitivities` and `prey_grad` equals their
     first rows (1e-10 of the largest magnitude);
Then, that the number of steps does not reach the compiler: `arrc --print-stats` with
-D steps=10 and -D steps=1000 reports the same IR size after every pass (with
--loop-checkpoints=all; within 2% with the default, whose segmented version has constant
segments and remainder), and the
10-step program's `final` agrees with NumPy's 10 steps. The compile times of both
are printed (not checked).
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sample_checks import array_err, report, run, summary  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "ode", "ode.arr")
STEPS = 1000  # ode.arr's default

# ---- RK4 in NumPy ---------------------------------------------------------------

def field(p, u):
    return np.array([p[0] * u[0] - p[1] * u[0] * u[1], p[2] * u[0] * u[1] - p[3] * u[1]])


def numpy_trajectory(p, init, dt, steps):
    u = np.array(init, dtype=np.float64)
    states = []
    for _ in range(steps):
        k1 = field(p, u)
        k2 = field(p, u + 0.5 * dt * k1)
        k3 = field(p, u + 0.5 * dt * k2)
        k4 = field(p, u + dt * k3)
        u = u + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        states.append(u)
    return np.array(states).reshape(steps, 2)


def numpy_final(p, init, dt, steps):
    return numpy_trajectory(p, init, dt, steps)[-1] if steps else np.array(init, dtype=np.float64)


def fd_jacobian(p, init, dt):
    """Central differences of the final state: ([2,4] for params, [2,2] for init, rounding)."""
    columns, rounding = [], []
    for which, base in (("p", p), ("u", init)):
        for j in range(len(base)):
            h = 1e-6 * max(1.0, abs(base[j]))
            moved = []
            for sign in (1, -1):
                arg = np.array(base, dtype=np.float64)
                arg[j] += sign * h
                moved.append((numpy_final(arg, init, dt, STEPS) if which == "p"
                              else numpy_final(p, arg, dt, STEPS), arg[j]))
            (fp, xp), (fm, xm) = moved
            columns.append((fp - fm) / (xp - xm))
            rounding.append(8 * np.finfo(np.float64).eps * np.maximum(np.abs(fp), np.abs(fm)) / (xp - xm))
    jac = np.array(columns).T  # [2, 6]
    rnd = np.array(rounding).T
    return jac[:, :4], jac[:, 4:], rnd[:, :4], rnd[:, 4:]


# ---- running the sample ---------------------------------------------------------

def write_inputs(directory, p, init, dt):
    os.makedirs(directory, exist_ok=True)
    paths = [os.path.join(directory, n) for n in ("params.npy", "init.npy", "dt.npy")]
    for path, value in zip(paths, (np.array(p, dtype=np.float64), np.array(init, dtype=np.float64),
                                   np.float64(dt))):
        np.save(path, value)
    return paths


def check_problem(args, exe, label, p, init, dt, workdir):
    paths = write_inputs(workdir, p, init, dt)
    expected = numpy_trajectory(p, init, dt, STEPS)
    jac_p, jac_u, rnd_p, rnd_u = fd_jacobian(p, init, dt)
    runs = [("interpreter", [args.arrc, "--interpret", SAMPLE])]
    runs += [(f"{t} thread{'s' if t > 1 else ''}", [exe, "--threads", str(t)]) for t in (1, 2)]
    for how, command in runs:
        what = f"{label} ({how})"
        stem = os.path.join(workdir, how.replace(" ", "_"))
        try:
            final = run(command + ["--entry", "final"] + paths, stem + "_final")[0]
            err = array_err(final, expected[-1])
            report(err <= 1e-12, f"{what}: final = {final.tolist()}, NumPy {expected[-1].tolist()}, "
                   f"err {err:.1e}")
            trajectory = run(command + ["--entry", "trajectory"] + paths, stem + "_trajectory")[0]
            err = array_err(trajectory, expected)
            report(err <= 1e-12, f"{what}: trajectory {list(trajectory.shape)} against NumPy's, err {err:.1e}")
            rev = run(command + ["--entry", "sensitivities"] + paths, stem + "_rev")
            fwd = run(command + ["--entry", "sensitivities_fwd"] + paths, stem + "_fwd")
            grad = run(command + ["--entry", "prey_grad"] + paths, stem + "_grad")
        except Exception as e:  # noqa: BLE001
            report(False, f"{what}: {e}")
            continue
        if len(rev) != 2 or len(fwd) != 2 or len(grad) != 2:
            report(False, f"{what}: sensitivities gave {len(rev)}, {len(fwd)}, {len(grad)} arrays, expected 2")
            continue
        for name, got, fd, rnd in (("params", rev[0], jac_p, rnd_p), ("init", rev[1], jac_u, rnd_u)):
            if got.shape != fd.shape:
                report(False, f"{what}: d final / d {name} has shape {got.shape}, expected {fd.shape}")
                continue
            allowed = 1e-6 * np.maximum(np.abs(got), np.abs(fd)) + rnd
            excess = float(np.max(np.abs(got - fd) / allowed))
            report(excess <= 1.0, f"{what}: d final / d {name} {list(got.shape)} against central "
                   f"differences, largest error {excess:.2f} of the allowed")
        for name, r, f in (("params", rev[0], fwd[0]), ("init", rev[1], fwd[1])):
            err = array_err(f, r)
            report(err <= 1e-10, f"{what}: jacfwd and jacrev agree on d final / d {name}, err {err:.1e}")
        err = max(array_err(grad[0], rev[0][0]), array_err(grad[1], rev[1][0]))
        report(err <= 1e-10, f"{what}: prey_grad equals the Jacobians' first rows, err {err:.1e}")


def compile_timed(arrc, steps, output, extra=()):
    start = time.perf_counter()
    proc = subprocess.run([arrc, "-D", f"steps={steps}", SAMPLE, "-o", output, *extra],
                          capture_output=True, text=True, timeout=600)
    return proc, time.perf_counter() - start


def sizes_within(a, b, fraction):
    """Whether two --print-stats listings name the same passes with sizes within `fraction`."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        name_x, size_x = x.rsplit(":", 1)
        name_y, size_y = y.rsplit(":", 1)
        nx, ny = int(size_x.split()[0]), int(size_y.split()[0])
        if name_x != name_y or abs(nx - ny) > fraction * max(nx, ny):
            return False
    return True


def check_step_independence(args, tmp):
    # With --loop-checkpoints=all exactly the same sizes; with the default (auto), whose
    # segmented version splits the loop into constant segments and a constant remainder
    # (1 step of 10, 8 of 1000), sizes within 2%.
    stats = {}
    for rule in ("all", "auto"):
        for steps in (10, STEPS):
            proc, seconds = compile_timed(args.arrc, steps, os.path.join(tmp, f"ode_{steps}"),
                                          ["--print-stats", f"--loop-checkpoints={rule}"])
            if proc.returncode != 0:
                report(False, f"arrc -D steps={steps} exits {proc.returncode}: {proc.stderr.strip()}")
                return
            stats[rule, steps] = [l for l in proc.stderr.splitlines() if l.startswith("stats:")]
            print(f"INFO arrc -D steps={steps} --loop-checkpoints={rule} ode.arr -o EXE --print-stats: "
                  f"{seconds:.2f} s", flush=True)
    exact, auto = (stats["all", 10], stats["all", STEPS]), (stats["auto", 10], stats["auto", STEPS])
    report(exact[0] == exact[1] and len(exact[0]) > 10,
           f"--print-stats --loop-checkpoints=all: the same IR sizes after all {len(exact[0])} passes "
           f"with 10 and {STEPS} steps")
    report(sizes_within(*auto, 0.02) and len(auto[0]) > 10,
           f"--print-stats (default): IR sizes within 2% after all {len(auto[0])} passes with 10 and "
           f"{STEPS} steps")
    paths = write_inputs(os.path.join(tmp, "ten"), [1.1, 0.4, 0.1, 0.4], [10.0, 10.0], 0.01)
    try:
        final = run([os.path.join(tmp, "ode_10"), "--entry", "final"] + paths, os.path.join(tmp, "ten_final"))[0]
        expected = numpy_final([1.1, 0.4, 0.1, 0.4], [10.0, 10.0], 0.01, 10)
        err = array_err(final, expected)
        report(err <= 1e-12, f"-D steps=10: final = {final.tolist()}, NumPy's 10 steps {expected.tolist()}")
    except Exception as e:  # noqa: BLE001
        report(False, f"-D steps=10: final: {e}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrc", required=True)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="ode_test_") as tmp:
        exe = os.path.join(tmp, "ode")
        proc, seconds = compile_timed(args.arrc, STEPS, exe)
        report(proc.returncode == 0, f"arrc {SAMPLE} -o EXE exits {proc.returncode}"
               + (f": {proc.stderr.strip()}" if proc.returncode else f" ({seconds:.2f} s)"))
        if proc.returncode != 0:
            summary()
            return 1
        # Classic Lotka-Volterra: prey and predators oscillate over 10 time units.
        check_problem(args, exe, "Lotka-Volterra", [1.1, 0.4, 0.1, 0.4], [10.0, 10.0], 0.01,
                      os.path.join(tmp, "classic"))
        rng = np.random.default_rng(20240601)
        check_problem(args, exe, "random parameters", list(rng.uniform(0.2, 1.5, 4)),
                      list(rng.uniform(0.5, 5.0, 2)), 0.005, os.path.join(tmp, "random"))
        check_step_independence(args, tmp)

    return summary()


if __name__ == "__main__":
    sys.exit(main())
