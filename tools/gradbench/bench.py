#!/usr/bin/env python3
"""Arr against GradBench's hand-written tool: every eval at GradBench's default sizes, one
thread, and per eval the ratios GradBench publishes, beside the best published tool's.

    /usr/bin/python3 tools/gradbench/bench.py [--evals gmm lse ...] [--min-seconds S] [--quick]

For each eval, ../shared/gradbench/run_eval.py runs it twice: with the Arr tool
(tools/gradbench/run.py) and with GradBench's hand-written C++ tool (`--golden`), both with
OMP_NUM_THREADS=1 (GradBench's published numbers are single-threaded; the hand-written
tool is built without OpenMP). Each evaluation's time is the fastest of its runs (at least
--min-seconds of them, GradBench's default 1 s). Per eval, over the sizes both tools ran,
the table gives the geometric means of

    deriv/manual  Arr's derivative time over the hand-written derivative's
    primal/manual Arr's primal time over the hand-written primal's
    deriv/primal  Arr's derivative time over Arr's primal time

and the best published tool's deriv/manual from ../shared/gradbench/PUBLISHED.md (the
lowest; 'manual' itself is 1). particle and saddle have no hand-written tool and no
published numbers: their rows give Arr's times. --quick runs the smallest sizes only (the
ctest sizes), to check the script. Every evaluation must also be valid: an invalid one is
reported in the table's last column.
"""
import argparse
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import test_eval  # noqa: E402  (its CASES: the smallest sizes)

# The primal and derivative functions of each eval; particle and saddle run four variants
# of one function (forward and reverse mode), hello is not a benchmark.
FUNCTIONS = {
    "lse": ("primal", "gradient"), "llsq": ("primal", "gradient"), "det": ("primal", "gradient"),
    "ode": ("primal", "gradient"), "gmm": ("objective", "jacobian"), "ba": ("objective", "jacobian"),
    "ht": ("objective", "jacobian"), "lstm": ("objective", "jacobian"), "kmeans": ("cost", "dir"),
}
VARIANTS = {"particle": ("ff", "fr", "rf", "rr"), "saddle": ("ff", "fr", "rf", "rr")}
ORDER = ["gmm", "ba", "det", "ht", "kmeans", "llsq", "lse", "lstm", "ode", "particle", "saddle"]

# run_eval.py's line for an evaluation: "module.function description 1.234 ms: valid".
LINE = re.compile(r"^(\w+)\.(\w+) (.*?) ?([0-9.e+-]+) ms: (valid|INVALID.*|FAILED.*)$")


def run(gradbench, eval_name, options, golden):
    tool = ["--golden"] if golden else ["--tool", f"{sys.executable} {os.path.join(HERE, 'run.py')}"]
    command = [sys.executable, os.path.join(gradbench, "run_eval.py"), *tool, eval_name, *options]
    env = dict(os.environ, OMP_NUM_THREADS="1")
    print("$", " ".join(command), file=sys.stderr, flush=True)
    process = subprocess.Popen(command, env=env, text=True, stdout=subprocess.PIPE)
    times, problems = {}, []
    for line in process.stdout:
        print("  " + line.rstrip(), file=sys.stderr, flush=True)
        match = LINE.match(line.rstrip())
        if match:
            _, function, description, ms, verdict = match.groups()
            times[(function, description)] = float(ms)
            if verdict != "valid":
                problems.append(f"{function} {description}: {verdict[:60]}")
        elif "FAILED" in line or "exited" in line:
            problems.append(line.strip()[:80])
    process.wait()
    return times, problems


def published(gradbench):
    """eval -> (best tool, its deriv/manual, its primal/manual, its deriv/primal)."""
    best = {}
    text = open(os.path.join(gradbench, "PUBLISHED.md")).read()
    current = None
    for line in text.splitlines():
        header = re.match(r"^(\w+) \(", line)
        if header:
            current = header[1]
            continue
        row = re.match(r"^\s+(\S+)\s+deriv/manual\s+(\S+)\s+primal/manual\s+(\S+)\s+deriv/primal\s+(\S+)", line)
        if row and current and row[2] != "nan":
            entry = (row[1], float(row[2]), float(row[3]), float(row[4]))
            if current not in best or entry[1] < best[current][1]:
                best[current] = entry
    return best


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evals", nargs="+", default=ORDER, choices=ORDER)
    parser.add_argument("--min-seconds", type=float, default=1.0,
                        help="each evaluation repeats for at least this long (GradBench's default: 1)")
    parser.add_argument("--quick", action="store_true", help="the smallest sizes only")
    args = parser.parse_args()
    gradbench = test_eval.gradbench_dir()
    best = published(gradbench)
    repeat = ["--min-runs", "1", "--min-seconds", str(args.min_seconds)]
    rows = []
    for eval_name in args.evals:
        cases = test_eval.CASES[eval_name] if args.quick else [([], None)]
        if eval_name == "ht" and not args.quick:
            cases = [([], None)]  # GradBench's default: complicated, big model
        arr_times, golden_times, problems = {}, {}, []
        for case, (options, _) in enumerate(cases):
            # The case's number keeps apart sizes of two runs with one description (ht's
            # two variants in --quick).
            times, trouble = run(gradbench, eval_name, options + repeat, golden=False)
            arr_times.update({(f, f"{case}:{d}"): t for (f, d), t in times.items()})
            problems += trouble
            if eval_name in FUNCTIONS:
                times, trouble = run(gradbench, eval_name, options + repeat, golden=True)
                golden_times.update({(f, f"{case}:{d}"): t for (f, d), t in times.items()})
                problems += [f"golden: {p}" for p in trouble]
        if eval_name in VARIANTS:
            ms = "  ".join(f"{v} {arr_times[(v, d)]:.4g} ms" for v in VARIANTS[eval_name]
                           for (f, d) in arr_times if f == v)
            rows.append((eval_name, None, None, None, 0, ms, problems))
            continue
        primal, derivative = FUNCTIONS[eval_name]
        sizes = sorted({d for (f, d) in arr_times} & {d for (f, d) in golden_times})
        ratio_d, ratio_p, ratio_dp = [], [], []
        for size in sizes:
            keys = [(primal, size), (derivative, size)]
            if all(k in arr_times and k in golden_times for k in keys):
                ratio_d.append(arr_times[keys[1]] / golden_times[keys[1]])
                ratio_p.append(arr_times[keys[0]] / golden_times[keys[0]])
                ratio_dp.append(arr_times[keys[1]] / arr_times[keys[0]])
        tool, value, _, _ = best.get(eval_name, ("?", float("nan"), 0, 0))
        rows.append((eval_name, geomean(ratio_d), geomean(ratio_p), geomean(ratio_dp),
                     len(ratio_d), f"{tool} {value:.3g}", problems))
    print()
    print(f"{'eval':9} {'deriv/manual':>12} {'primal/manual':>13} {'deriv/primal':>12} "
          f"{'sizes':>5}  best published deriv/manual  problems")
    for name, d, p, dp, n, note, problems in rows:
        if d is None:
            print(f"{name:9} {'':>12} {'':>13} {'':>12} {'':>5}  (Arr: {note})  {'; '.join(problems)}")
        else:
            print(f"{name:9} {d:12.3g} {p:13.3g} {dp:12.3g} {n:5}  {note:28} {'; '.join(problems)}")


if __name__ == "__main__":
    main()
