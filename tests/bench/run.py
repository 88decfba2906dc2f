#!/usr/bin/python3
"""Benchmarks of arrc-compiled code against hand-written C++ (not a test; see README.md).

    /usr/bin/python3 tests/bench/run.py [--arrc build/compiler/arrc] [--only dot,gmm]
                                        [--runs N] [--csv FILE] [--keep DIR]

For each benchmark, in one run of this script:
  - generates its inputs deterministically (NumPy, fixed seed; the GMM inputs come
    from the ADBench file through samples/gmm/convert.py) as .npy files in a
    temporary directory;
  - compiles the Arr program with `arrc PROG -O2 -o EXE` and the C++ baseline
    (baselines/*.cpp) with `clang++-19 -O3 -march=native` (or g++);
  - runs the baseline with its own timing loop, and the executable with
    `--runs N --threads 1` and `--threads 2`, and takes the median of the
    per-run times each prints on standard error;
  - checks that the Arr result (-o OUT.npy) agrees with the baseline's (relative
    1e-9) and the 2-thread result with the 1-thread one.
Prints a table and writes a CSV: C++ time, Arr times on 1 and 2 threads, the
ratio Arr (1 thread) / C++ and the 2-thread speedup of the Arr version.

The number of runs adapts to the time of a first untimed run: as many as fit
in 8 s, at least 3 and at most the benchmark's default (or --runs); a first run
longer than 8 s is the only measurement. So a slow compiled program still
finishes in bounded time. Needs NumPy: run it with Debian's /usr/bin/python3.

Timing lines: a line of standard error per run, with a number and a unit
(`ns`, `us`, `µs`, `ms` or `s`), e.g. "run 3: 12.5 ms"; a number without a
unit is taken as milliseconds. When a line has several numbers the one with
a unit wins, else the last one.
"""

import argparse
import csv
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BASELINES = os.path.join(HERE, "baselines")
GMM_DATA = "/work/shared/data/adbench/gmm/10k/gmm_d32_K25.txt"
SEED = 20240601
BUDGET_SECONDS = 8.0  # per timed configuration: caps runs x (time of one run)
AGREEMENT = 1e-9  # relative tolerance between the Arr and C++ results
TIMEOUT = 600

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(ROOT, "samples", "gmm"))
import convert  # noqa: E402  (samples/gmm/convert.py: ADBench file -> .npy inputs)


# ---- inputs -------------------------------------------------------------------

def save(directory, name, array):
    path = os.path.join(directory, name + ".npy")
    np.save(path, np.ascontiguousarray(array))
    return path


def dot_inputs(directory, rng):
    n = 10_000_000
    return [save(directory, "dot_a", rng.standard_normal(n)),
            save(directory, "dot_b", rng.standard_normal(n))]


def matmul_inputs(directory, rng):
    n = 512
    return [save(directory, "matmul_a", rng.standard_normal((n, n))),
            save(directory, "matmul_b", rng.standard_normal((n, n)))]


def mlp_inputs(directory, rng):
    sizes = [784, 256, 128, 10]
    batch = 128
    paths = []
    for layer, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:]), 1):
        weights = rng.standard_normal((fan_in, fan_out)) * math.sqrt(2.0 / fan_in)
        paths.append(save(directory, f"mlp_w{layer}", weights))
        paths.append(save(directory, f"mlp_b{layer}", rng.standard_normal(fan_out) * 0.1))
    paths.append(save(directory, "mlp_x", rng.random((batch, sizes[0]))))
    return paths


def gmm_inputs(directory, rng):
    del rng  # the inputs are ADBench's
    problem = convert.read_adbench(GMM_DATA)
    return convert.write_inputs(problem, os.path.join(directory, "gmm"))


class Benchmark:
    def __init__(self, name, size, program, entry, baseline, make_inputs, runs):
        self.name = name
        self.size = size
        self.program = program
        self.entry = entry
        self.baseline = baseline
        self.make_inputs = make_inputs
        self.runs = runs


BENCHMARKS = [
    Benchmark("dot", "2 x 10^7 f64", os.path.join(HERE, "dot.arr"), None, "dot.cpp", dot_inputs, 20),
    Benchmark("matmul", "512x512 f64", os.path.join(HERE, "matmul.arr"), None, "matmul.cpp",
              matmul_inputs, 20),
    Benchmark("mlp", "784-256-128-10, batch 128", os.path.join(HERE, "mlp.arr"), None, "mlp.cpp",
              mlp_inputs, 20),
    Benchmark("gmm", "ADBench 10k d32 K25", os.path.join(ROOT, "samples", "gmm", "gmm.arr"),
              "objective", "gmm.cpp", gmm_inputs, 10),
]


# ---- running ------------------------------------------------------------------

class Failure(Exception):
    pass


def run(command, what):
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT,
                                stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as error:
        raise Failure(f"{what}: timed out after {TIMEOUT} s") from error
    except OSError as error:
        raise Failure(f"{what}: {error}") from error
    if result.returncode != 0:
        message = (result.stderr.strip() or result.stdout.strip()).splitlines()
        raise Failure(f"{what}: exit {result.returncode}: {message[-1] if message else ''}")
    return result


UNIT_MS = {"ns": 1e-6, "us": 1e-3, "µs": 1e-3, "ms": 1.0, "s": 1000.0}
WITH_UNIT = re.compile(r"(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)\s*(ns|us|µs|ms|s)\b")
NUMBER = re.compile(r"\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def parse_times(stderr, runs, what):
    """The per-run times (ms) printed on standard error, one line per run."""
    times = []
    for line in stderr.splitlines():
        with_unit = WITH_UNIT.findall(line)
        if with_unit:
            value, unit = with_unit[-1]
            times.append(float(value) * UNIT_MS[unit])
        else:
            numbers = NUMBER.findall(line)
            if numbers:
                times.append(float(numbers[-1]))
    if len(times) != runs:
        raise Failure(f"{what}: expected {runs} timing lines on standard error, got "
                      f"{len(times)}: {stderr.strip()[:300]!r}")
    return times


def timed(make_command, max_runs, what):
    """Runs once to size the number of runs, then times. Returns (median ms, runs).

    A first run longer than the budget is the only measurement (runs = 1)."""
    first = run(make_command(1), what)
    single_ms = parse_times(first.stderr, 1, what)[0]
    if single_ms / 1000.0 > BUDGET_SECONDS:
        return single_ms, 1
    runs = max(3, min(max_runs, int(BUDGET_SECONDS / max(single_ms / 1000.0, 1e-6))))
    result = run(make_command(runs), what)
    return statistics.median(parse_times(result.stderr, runs, what)), runs


def compare(actual_path, expected_path):
    """None when the two .npy results agree within AGREEMENT, else a short description."""
    try:
        actual, expected = np.load(actual_path), np.load(expected_path)
    except Exception as error:  # noqa: BLE001 - an unreadable result is the finding
        return f"unreadable result ({error})"
    if actual.shape != expected.shape:
        return f"shape {actual.shape} vs {expected.shape}"
    scale = max(float(np.max(np.abs(expected))) if expected.size else 0.0, 1e-300)
    error = float(np.max(np.abs(actual - expected))) / scale if expected.size else 0.0
    if not math.isfinite(error) or error > AGREEMENT:
        return f"max rel err {error:.1e}"
    return None


def find_cxx(requested):
    for name in ([requested] if requested else ["clang++-19", "g++"]):
        if shutil.which(name):
            return shutil.which(name)
    raise SystemExit(f"no C++ compiler found ({requested or 'clang++-19, g++'})")


def fmt_ms(value):
    if value is None:
        return "-"
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def fmt_ratio(value):
    return "-" if value is None else f"{value:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arrc", default=os.path.join(ROOT, "build", "compiler", "arrc"))
    parser.add_argument("--cxx", default=None, help="C++ compiler (default clang++-19, else g++)")
    parser.add_argument("--only", default=None, help="comma-separated benchmark names")
    parser.add_argument("--runs", type=int, default=None, help="at most this many timed runs")
    parser.add_argument("--csv", default=None,
                        help="where to write the CSV (default build/bench_results.csv in the "
                             "repository, or arr_bench.csv here when there is no build/)")
    parser.add_argument("--keep", default=None, help="keep inputs and executables in this directory")
    args = parser.parse_args()

    chosen = BENCHMARKS
    if args.only:
        names = args.only.split(",")
        unknown = [n for n in names if n not in {b.name for b in BENCHMARKS}]
        if unknown:
            parser.error(f"unknown benchmark(s) {unknown}; known: "
                         f"{', '.join(b.name for b in BENCHMARKS)}")
        chosen = [b for b in BENCHMARKS if b.name in names]
    arrc = os.path.abspath(args.arrc)
    cxx = find_cxx(args.cxx)
    if args.csv is None:
        build = os.path.join(ROOT, "build")
        args.csv = os.path.join(build, "bench_results.csv") if os.path.isdir(build) else "arr_bench.csv"
    started = time.perf_counter()

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        directory, cleanup = os.path.abspath(args.keep), None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="arr-bench-")
        directory = cleanup.name

    rows = []
    try:
        rng = np.random.default_rng(SEED)
        for bench in chosen:
            row = {"benchmark": bench.name, "size": bench.size, "cpp_ms": None, "arr_t1_ms": None,
                   "arr_t2_ms": None, "ratio": None, "speedup": None, "runs": "",
                   "arrc_compile_s": None, "check": ""}
            problems = []
            print(f"[{bench.name}] generating inputs", file=sys.stderr, flush=True)
            try:
                inputs = bench.make_inputs(directory, rng)
            except Exception as error:  # noqa: BLE001 - reported in the table
                row["check"] = f"no inputs: {error}"
                rows.append(row)
                continue

            # The hand-written baseline.
            cpp_out = os.path.join(directory, f"{bench.name}_cpp.npy")
            try:
                exe = os.path.join(directory, f"{bench.name}_cpp")
                print(f"[{bench.name}] compiling {bench.baseline}", file=sys.stderr, flush=True)
                run([cxx, "-std=c++20", "-O3", "-march=native", "-I", BASELINES,
                     os.path.join(BASELINES, bench.baseline), "-o", exe], f"{cxx} {bench.baseline}")
                limit = args.runs or bench.runs
                row["cpp_ms"], cpp_runs = timed(
                    lambda runs: [exe, "--runs", str(runs), "--out", cpp_out] + inputs, limit,
                    f"{bench.name} baseline")
                row["runs"] = f"C++ {cpp_runs}"
            except Failure as error:
                problems.append(str(error))
                cpp_out = None

            # The Arr program.
            arr_exe = os.path.join(directory, f"{bench.name}_arr")
            try:
                print(f"[{bench.name}] compiling {os.path.relpath(bench.program, ROOT)} with arrc",
                      file=sys.stderr, flush=True)
                compile_start = time.perf_counter()
                run([arrc, bench.program, "-O2", "-o", arr_exe], "arrc")
                if not os.path.isfile(arr_exe):
                    raise Failure(f"arrc exited 0 but wrote no {os.path.basename(arr_exe)}")
                row["arrc_compile_s"] = time.perf_counter() - compile_start
                entry = ["--entry", bench.entry] if bench.entry else []
                outputs = {}
                for threads in (1, 2):
                    out = os.path.join(directory, f"{bench.name}_arr_t{threads}.npy")

                    def command(runs, out=out, threads=threads):
                        return ([arr_exe] + entry + inputs +
                                ["-o", out, "--runs", str(runs), "--threads", str(threads)])

                    median, runs = timed(command, args.runs or bench.runs,
                                         f"{bench.name} arr --threads {threads}")
                    row[f"arr_t{threads}_ms"] = median
                    row["runs"] += f", Arr t{threads} {runs}"
                    outputs[threads] = out
                if cpp_out:
                    problem = compare(outputs[1], cpp_out)
                    if problem:
                        problems.append(f"Arr vs C++: {problem}")
                problem = compare(outputs[2], outputs[1])
                if problem:
                    problems.append(f"2 threads vs 1: {problem}")
            except Failure as error:
                problems.append(str(error))

            if row["cpp_ms"] and row["arr_t1_ms"]:
                row["ratio"] = row["arr_t1_ms"] / row["cpp_ms"]
            if row["arr_t1_ms"] and row["arr_t2_ms"]:
                row["speedup"] = row["arr_t1_ms"] / row["arr_t2_ms"]
            row["check"] = "ok" if not problems else "WARNING: " + "; ".join(problems)
            row["runs"] = row["runs"].lstrip(", ")
            rows.append(row)
    finally:
        if cleanup:
            cleanup.cleanup()

    header = ["benchmark", "size", "C++ ms", "Arr 1T ms", "Arr 2T ms", "Arr/C++", "2T speedup",
              "check"]
    table = [[r["benchmark"], r["size"], fmt_ms(r["cpp_ms"]), fmt_ms(r["arr_t1_ms"]),
              fmt_ms(r["arr_t2_ms"]), fmt_ratio(r["ratio"]), fmt_ratio(r["speedup"]), r["check"]]
             for r in rows]
    widths = [max(len(str(line[i])) for line in [header] + table) for i in range(len(header) - 1)]
    print(f"median times; Arr compiled with arrc -O2, C++ with {os.path.basename(cxx)} -O3 "
          "-march=native (single-threaded)")
    for line in [header] + table:
        cells = [str(cell).ljust(width) if i < 2 else str(cell).rjust(width)
                 for i, (cell, width) in enumerate(zip(line, widths))]
        print("  ".join(cells + [str(line[-1])]))

    with open(args.csv, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["benchmark", "size", "cpp_ms", "arr_t1_ms", "arr_t2_ms",
                         "arr_t1_over_cpp", "arr_speedup_2_threads", "runs", "arrc_compile_s",
                         "check"])
        for r in rows:
            writer.writerow([r["benchmark"], r["size"]] +
                            ["" if r[key] is None else f"{r[key]:.6g}"
                             for key in ("cpp_ms", "arr_t1_ms", "arr_t2_ms", "ratio", "speedup")] +
                            [r["runs"], "" if r["arrc_compile_s"] is None
                             else f"{r['arrc_compile_s']:.2f}", r["check"]])
    print(f"CSV written to {os.path.abspath(args.csv)}; total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
