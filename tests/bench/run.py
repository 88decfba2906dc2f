#!/usr/bin/python3
"""The benchmark suite of tests/bench (not a test; see README.md there).

    /usr/bin/python3 tests/bench/run.py [--only dot,gmm_1k_d10_K25] [--threads 1,2]
        [--runs N] [--csv FILE] [--no-torch] [--arrc PATH] [--cxx COMPILER]
        [--budget SECONDS] [--keep DIR]

For each program (dot, selfconv, matmul, matmul_product, mlp, conv2d, three
ADBench GMMs, two ADBench LSTMs, and the style variants of styles.arr), in one run
of this script:
  - generates its inputs as .npy files (NumPy, fixed seed; the GMM and LSTM inputs
    come from ADBench's files through samples/gmm/convert.py and
    samples/lstm/convert.py);
  - compiles the Arr program (`arrc PROG -O2 -o EXE`, one executable with a
    primal and a gradient entry) and the C++ baseline (baselines/*.cpp,
    clang++-19 -O3 -march=native, single-threaded; some have a hand-derived
    gradient, selected by --grad);
  - times the C++ primal and gradient, and for each thread count the Arr
    primal and gradient entries (`--runs N --threads T`) and, when `import
    torch` works, the PyTorch versions (torch_bench.py, torch.set_num_threads(T));
    the time of a configuration is the median of its runs; its peak memory is
    the largest resident set (ru_maxrss, through peak_rss.cpp) of a process making one call;
  - checks the Arr results against the C++ ones (relative 1e-9 of the largest
    magnitude), against PyTorch's (1e-8), and the results on T threads against
    those on the first thread count.
Prints a table, a summary of the targets of issue #8, each style variant's time
against the fastest of its group, writes a CSV (default
build/bench.csv) and, when matplotlib imports, a PNG bar chart next to it.

Then the nested-differentiation programs (issue #21: Rosenbrock's gradient and
Hessian-vector products at n = 10^6, a logistic-regression Newton step, a full
Hessian at n = 100): every entry timed the same way against PyTorch's double
backward, in a table of their own with the ratios between entries, and a CSV
(build/bench_nested.csv).

The number of runs adapts to the time of a first, separately timed, call: as
many as fit in the budget (default 4 s per configuration), at least 3 and at
most the program's default (or --runs); a first call longer than the budget is
the only measurement, so slow programs finish in bounded time.
"""

import argparse
import importlib.util
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BASELINES = os.path.join(HERE, "baselines")
GMM_DATA = [os.path.join(os.path.dirname(ROOT), "shared", "data", "adbench", "gmm"),
            "/work/shared/data/adbench/gmm"]
LSTM_DATA = [os.path.join(os.path.dirname(ROOT), "shared", "data", "adbench", "lstm"),
             "/work/shared/data/adbench/lstm"]
SEED = 20240601
AGREEMENT = 1e-9  # relative tolerance between the Arr and C++ results (and across threads)
TORCH_AGREEMENT = 1e-8  # relative tolerance between the Arr and PyTorch results
TIMEOUT = 900  # seconds for one process

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(ROOT, "samples", "gmm"))
import convert  # noqa: E402  (samples/gmm/convert.py: ADBench file -> .npy inputs)
import report  # noqa: E402  (tests/bench/report.py: table, targets, CSV, chart)


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# samples/lstm/convert.py: ADBench LSTM file -> .npy inputs
lstm_convert = load_module("lstm_convert", os.path.join(ROOT, "samples", "lstm", "convert.py"))


# ---- programs and inputs --------------------------------------------------------

def save(directory, name, array):
    path = os.path.join(directory, name + ".npy")
    np.save(path, np.ascontiguousarray(array))
    return path


def dot_inputs(directory, rng):
    n = 10_000_000
    return [save(directory, "dot_a", rng.standard_normal(n)),
            save(directory, "dot_b", rng.standard_normal(n))]


def selfconv_inputs(directory, rng):
    return [save(directory, "selfconv_a", rng.standard_normal(100_000))]


def matmul_inputs(directory, rng):
    n = 512
    return [save(directory, "matmul_a", rng.standard_normal((n, n))),
            save(directory, "matmul_b", rng.standard_normal((n, n))),
            save(directory, "matmul_c", rng.standard_normal((n, n)))]


def product_inputs(directory, rng):
    return matmul_inputs(directory, rng)[:2]


def triangle_inputs(directory, rng):
    n = 2000
    return [save(directory, "triangle_a", rng.standard_normal((n, n))),
            save(directory, "triangle_x", rng.standard_normal(n))]


def mlp_inputs(directory, rng):
    sizes = [784, 256, 128, 10]
    batch = 128
    paths = []
    for layer, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:]), 1):
        weights = rng.standard_normal((fan_in, fan_out)) * math.sqrt(2.0 / fan_in)
        paths.append(save(directory, f"mlp_w{layer}", weights))
        paths.append(save(directory, f"mlp_b{layer}", rng.standard_normal(fan_out) * 0.1))
    paths.append(save(directory, "mlp_x", rng.random((batch, sizes[0]))))
    paths.append(save(directory, "mlp_labels", rng.integers(0, sizes[-1], batch, dtype=np.int64)))
    return paths


def mlp_rows_inputs(directory, rng):
    """mlp_inputs with each weight matrix stored [out, in] (as PyTorch's Linear)."""
    paths = mlp_inputs(directory, rng)
    for layer in (1, 2, 3):
        path = paths[2 * (layer - 1)]
        paths[2 * (layer - 1)] = save(directory, f"mlp_rows_w{layer}",
                                      np.ascontiguousarray(np.load(path).T))
    return paths


def conv2d_inputs(directory, rng):
    channels, size = 32, 64
    weights = rng.standard_normal((channels, channels, 3, 3)) * math.sqrt(2.0 / (channels * 9))
    return [save(directory, "conv2d_w", weights),
            save(directory, "conv2d_b", rng.standard_normal(channels) * 0.1),
            save(directory, "conv2d_x", rng.standard_normal((channels, size, size)))]


def pairwise_inputs(directory, rng):
    return [save(directory, "pairwise_x", 0.1 * rng.standard_normal((1000, 64)))]


def gather_rows_inputs(directory, rng):
    p = 1_000_000
    return [save(directory, "gather_rows_cams", rng.standard_normal((1000, 4))),
            save(directory, "gather_rows_obs", rng.integers(0, 1000, p)),
            save(directory, "gather_rows_u", rng.standard_normal(p))]


def rank1_inputs(directory, rng):
    return [save(directory, "rank1_a", rng.standard_normal((256, 256))),
            save(directory, "rank1_b", rng.standard_normal((256, 256)))]


def heat_inputs(directory, rng):
    return [save(directory, "heat_u0", rng.standard_normal(1_000_000))]


def cross_entropy_inputs(directory, rng):
    return [save(directory, "xent_logits", rng.standard_normal((4096, 1000))),
            save(directory, "xent_labels", rng.integers(0, 1000, 4096))]


def conv1d_inputs(directory, rng):
    return [save(directory, "conv1d_x", rng.standard_normal((100_000, 64))),
            save(directory, "conv1d_w", rng.standard_normal((5, 64)))]


def recurrence_inputs(directory, rng):
    return [save(directory, "recurrence_x", 0.5 * rng.standard_normal((2000, 64))),
            save(directory, "recurrence_w", 0.1 * rng.standard_normal((64, 64)))]


def adbench_inputs(roots, relative, converter):
    def make(directory, rng):
        del rng  # the inputs are ADBench's
        for root in roots:
            path = os.path.join(root, relative)
            if os.path.isfile(path):
                problem = converter.read_adbench(path)
                stem = os.path.splitext(relative.replace("/", "_"))[0]
                return converter.write_inputs(problem, os.path.join(directory, stem))
        raise FileNotFoundError(f"{relative} not found under {' or '.join(roots)}")
    return make


def gmm_inputs(relative):
    return adbench_inputs(GMM_DATA, relative, convert)


def lstm_inputs(relative):
    return adbench_inputs(LSTM_DATA, relative, lstm_convert)


class Benchmark:
    def __init__(self, name, size, program, entries, baseline, cpp_grad, make_inputs, runs,
                 torch_name, grad_target=3.0, group=None):
        self.name = name
        self.size = size
        self.program = program
        self.primal_entry, self.grad_entry = entries  # no gradient entry: None
        self.baseline = baseline  # a file in baselines/, or None
        self.cpp_grad = cpp_grad  # whether the baseline has a hand-derived gradient (--grad)
        self.make_inputs = make_inputs
        self.runs = runs  # at most this many timed runs
        self.torch_name = torch_name  # the program's name in torch_bench.py
        self.grad_target = grad_target  # issues #8, #19: gradient time <= this times the primal's
        # Programs of one group compute the same thing written differently (styles.arr):
        # each is reported against the fastest of its group, and must agree with the first.
        self.group = group


GMM = os.path.join(ROOT, "samples", "gmm", "gmm.arr")
LSTM = os.path.join(ROOT, "samples", "lstm", "lstm.arr")
BENCH_ENTRIES = ("main", "main_grad")
GMM_ENTRIES = ("objective", "objective_grad")  # also the LSTM's


def here(name):
    return os.path.join(HERE, name)


BENCHMARKS = [
    Benchmark("dot", "2 vectors of 10^7 f64", here("dot.arr"), BENCH_ENTRIES, "dot.cpp", True,
              dot_inputs, 20, "dot", grad_target=2.0),
    Benchmark("selfconv", "n = 10^5 f64", here("selfconv.arr"), BENCH_ENTRIES, "selfconv.cpp",
              True, selfconv_inputs, 50, "selfconv", grad_target=2.0),
    Benchmark("matmul", "sum((a b - c)^2), 512x512 f64", here("matmul.arr"), BENCH_ENTRIES,
              "matmul.cpp", True, matmul_inputs, 20, "matmul"),
    Benchmark("matmul_product", "a b, 512x512 f64", here("matmul.arr"), ("product", None), None,
              False, product_inputs, 20, "matmul_product"),
    Benchmark("mlp", "784-256-128-10, batch 128, cross-entropy", here("mlp.arr"), BENCH_ENTRIES,
              "mlp.cpp", True, mlp_inputs, 20, "mlp"),
    Benchmark("conv2d", "32->32 channels, 3x3, 64x64, sum of squares", here("conv2d.arr"),
              BENCH_ENTRIES, "conv2d.cpp", True, conv2d_inputs, 20, "conv2d"),
    Benchmark("gmm_1k_d10_K25", "ADBench gmm 1k d10 K25", GMM, GMM_ENTRIES, "gmm.cpp", False,
              gmm_inputs("1k/gmm_d10_K25.txt"), 10, "gmm"),
    Benchmark("gmm_10k_d32_K25", "ADBench gmm 10k d32 K25", GMM, GMM_ENTRIES, "gmm.cpp", False,
              gmm_inputs("10k/gmm_d32_K25.txt"), 10, "gmm"),
    Benchmark("gmm_1k_d64_K10", "ADBench gmm 1k d64 K10", GMM, GMM_ENTRIES, "gmm.cpp", False,
              gmm_inputs("1k/gmm_d64_K10.txt"), 10, "gmm"),
    # Issue #19: the LSTM's gradient within 4x its objective.
    Benchmark("lstm_l2_c1024", "ADBench lstm l2 c1024 (b = 14)", LSTM, GMM_ENTRIES, "lstm.cpp",
              True, lstm_inputs("lstm_l2_c1024.txt"), 20, "lstm", grad_target=4.0),
    Benchmark("lstm_l4_c1024", "ADBench lstm l4 c1024 (b = 14)", LSTM, GMM_ENTRIES, "lstm.cpp",
              True, lstm_inputs("lstm_l4_c1024.txt"), 20, "lstm", grad_target=4.0),
    # Issue #37: derivatives as lean as their objectives, five patterns written naturally.
    Benchmark("pairwise", "exp(-|x_i - x_j|^2) summed, n = 1000, d = 64", here("pairwise.arr"),
              BENCH_ENTRIES, None, False, pairwise_inputs, 10, "pairwise", grad_target=4.0),
    Benchmark("gather_rows", "gathered rows' components, 10^6 of 1000x4", here("gather_rows.arr"),
              BENCH_ENTRIES, None, False, gather_rows_inputs, 20, "gather_rows", grad_target=4.0),
    Benchmark("rank1_fold", "fold of 256 rank-1 updates, 256x256", here("rank1_fold.arr"),
              BENCH_ENTRIES, None, False, rank1_inputs, 20, "rank1_fold", grad_target=4.0),
    Benchmark("heat", "100 heat-equation steps, n = 10^6", here("heat.arr"), BENCH_ENTRIES, None,
              False, heat_inputs, 10, "heat", grad_target=4.0),
    Benchmark("cross_entropy", "softmax cross-entropy, 4096x1000", here("cross_entropy.arr"),
              BENCH_ENTRIES, None, False, cross_entropy_inputs, 20, "cross_entropy",
              grad_target=4.0),
    Benchmark("conv1d", "5 taps, 64 channels, n = 10^5", here("conv1d.arr"), BENCH_ENTRIES, None,
              False, conv1d_inputs, 20, "conv1d", grad_target=4.0),
    Benchmark("recurrence", "RNN reading x[t], 2000 steps of 64", here("recurrence.arr"),
              BENCH_ENTRIES, None, False, recurrence_inputs, 10, "recurrence", grad_target=4.0),
] + [
    Benchmark(f"style_{entry}", size, here("styles.arr"), (entry, None), None, False, inputs,
              runs, None, group=group)
    for group, size, inputs, runs, entries in [
        ("product", "a b, 512x512 f64", product_inputs, 20,
         ["productMatmul", "productBuild", "productDotRows", "productTranspose"]),
        ("triangle", "tril(a) x, n = 2000 f64", triangle_inputs, 20,
         ["triangleMasked", "triangleGather"]),
        # Runs of 1-3 ms: a median of more of them, since two threads on two cores see
        # every interruption.
        ("mlpGradient", "mlp's gradient, weights [out, in]", mlp_rows_inputs, 100,
         ["mlpGradRows", "mlpGradMatmul", "mlpGradBuild"]),
    ]
    for entry in entries
]


# ---- nested differentiation (issue #21) -------------------------------------------

def rosenbrock_inputs(directory, rng):
    n = 1_000_000
    return [save(directory, "rosenbrock_x", rng.standard_normal(n)),
            save(directory, "rosenbrock_v", rng.standard_normal(n))]


def logistic_inputs(directory, rng):
    """m samples of d standard normal features / sqrt(d), labels +-1 drawn from a
    logistic model with random weights; the starting weights are small."""
    d, m = 20, 100_000
    x = rng.standard_normal((m, d)) / math.sqrt(d)
    truth = rng.standard_normal(d)
    y = np.where(rng.random(m) < 1.0 / (1.0 + np.exp(-x @ truth)), 1.0, -1.0)
    return [save(directory, "logistic_w", 0.1 * rng.standard_normal(d)),
            save(directory, "logistic_x", x), save(directory, "logistic_y", y)]


def hessian_inputs(directory, rng):
    return [save(directory, "hessian_x", rng.standard_normal(100))]


class Nested:
    """A nested-differentiation benchmark: entries of one Arr program (`measures`:
    (entry, indices of the inputs it takes)), each timed against its PyTorch
    counterpart (torch_bench.py NESTED[torch_name][entry]), and ratios between them
    ((numerator, denominator, target or None))."""

    def __init__(self, name, size, program, make_inputs, measures, ratios, runs, torch_name):
        self.name = name
        self.size = size
        self.program = program
        self.make_inputs = make_inputs
        self.measures = measures
        self.ratios = ratios
        self.runs = runs
        self.torch_name = torch_name


NESTED = [
    Nested("rosenbrock_1e6", "extended Rosenbrock, n = 10^6: gradient and Hessian-vector products",
           here("rosenbrock.arr"), rosenbrock_inputs,
           [("objective", [0]), ("gradient", [0]), ("hvp_fwd_rev", [0, 1]), ("hvp_rev_fwd", [0, 1])],
           [("hvp_fwd_rev", "gradient", 4.0), ("hvp_rev_fwd", "gradient", 4.0),
            ("gradient", "objective", None)], 20, "rosenbrock"),
    Nested("logistic_newton", "logistic regression, d = 20, m = 10^5: a Newton step",
           here("logistic.arr"), logistic_inputs,
           [("objective", [0, 1, 2]), ("gradient", [0, 1, 2]), ("hessian_of_loss", [0, 1, 2]),
            ("newton_step", [0, 1, 2])],
           [("newton_step", "gradient", None), ("hessian_of_loss", "gradient", None)], 10, "logistic"),
    Nested("hessian_n100", "the Hessian of a pairwise energy, n = 100", here("hessian.arr"),
           hessian_inputs, [("objective", [0]), ("gradient", [0]), ("hessian_of_energy", [0])],
           [("hessian_of_energy", "gradient", None)], 20, "hessian"),
]


def openblas_coretype():
    """The OpenBLAS kernel for this CPU: on a VM that reports a generic model name
    OpenBLAS picks its generic (Prescott) kernel, several times slower; None when
    neither AVX-512 nor AVX2 is present (OpenBLAS's own choice stands)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            flags = set()
            for line in cpuinfo:
                if line.startswith("flags"):
                    flags.update(line.split(":", 1)[1].split())
    except OSError:
        return None
    if "avx512f" in flags:
        return "SkylakeX"
    if "avx2" in flags:
        return "Haswell"
    return None


# ---- running and timing ---------------------------------------------------------

class Failure(Exception):
    pass


def execute(command, what, env=None, peak_rss=None):
    """Runs a command to completion. Returns (stdout, stderr, peak resident MB or None).

    With peak_rss (the compiled peak_rss.cpp), the command runs under it, which
    reports the command's own peak (a direct child of this large process would
    inherit this process's peak through execve)."""
    rss_file = None
    if peak_rss:
        handle, rss_file = tempfile.mkstemp(prefix="rss-", suffix=".txt")
        os.close(handle)
        command = [peak_rss, rss_file] + command
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                       env=env, start_new_session=True)
        except OSError as error:
            raise Failure(f"{what}: {error}") from error
        timer = threading.Timer(TIMEOUT, lambda: os.killpg(process.pid, 9))
        timer.start()
        try:
            process.wait()
        finally:
            timer.cancel()
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    mb = None
    if rss_file:
        with open(rss_file, encoding="utf-8") as kib:
            text = kib.read().strip()
        os.unlink(rss_file)
        mb = int(text) / 1024.0 if text else None  # ru_maxrss is in KiB on Linux
    if process.returncode != 0:
        if process.returncode == -9:
            raise Failure(f"{what}: killed after the timeout of {TIMEOUT} s")
        message = (stderr.strip() or stdout.strip()).splitlines()
        raise Failure(f"{what}: exit {process.returncode}: {message[-1] if message else ''}")
    return stdout, stderr, mb


UNIT_MS = {"ns": 1e-6, "us": 1e-3, "µs": 1e-3, "ms": 1.0, "s": 1000.0}
WITH_UNIT = re.compile(r"(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)\s*(ns|us|µs|ms|s)\b")
NUMBER = re.compile(r"\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def parse_times(stderr, runs, what):
    """The per-run times (ms) printed on standard error, one line per run, e.g.
    "run 3: 12.5 ms" (a number without a unit is taken as milliseconds)."""
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


class Timing:
    def __init__(self, ms, runs, mb):
        self.ms, self.runs, self.mb = ms, runs, mb


def timed(make_command, max_runs, ctx, what):
    """A first one-call process gives the peak memory and sizes the number of runs;
    a second one is timed (median). A first call longer than the budget is the
    only measurement."""
    budget = ctx["budget"]
    _, stderr, mb = execute(make_command(1), what, peak_rss=ctx["peak_rss"])
    single_ms = parse_times(stderr, 1, what)[0]
    if single_ms / 1000.0 > budget or max_runs <= 1:
        return Timing(single_ms, 1, mb)
    runs = max(3, min(max_runs, int(budget / max(single_ms / 1000.0, 1e-6))))
    _, stderr, _ = execute(make_command(runs), what)
    return Timing(statistics.median(parse_times(stderr, runs, what)), runs, mb)


def load_result(path):
    """The arrays of a result written with `-o PATH`: PATH itself, or the tuple
    components PATH_0.npy, PATH_1.npy, .. (PATH without .npy)."""
    if os.path.isfile(path):
        return [np.load(path)]
    stem, components = path[:-4] if path.endswith(".npy") else path, []
    while os.path.isfile(f"{stem}_{len(components)}.npy"):
        components.append(np.load(f"{stem}_{len(components)}.npy"))
    if not components:
        raise Failure(f"no result {os.path.basename(path)}")
    return components


def compare(actual_path, expected_path, tolerance):
    """None when the results agree (each component within tolerance times its largest
    magnitude), else a short description."""
    try:
        actual, expected = load_result(actual_path), load_result(expected_path)
    except Exception as error:  # noqa: BLE001 - an unreadable result is the finding
        return f"unreadable result ({error})"
    if len(actual) != len(expected):
        return f"{len(actual)} components vs {len(expected)}"
    for index, (a, e) in enumerate(zip(actual, expected)):
        if a.shape != e.shape:
            return f"component {index}: shape {a.shape} vs {e.shape}"
        if e.size:
            scale = max(float(np.max(np.abs(e))), 1e-300)
            error = float(np.max(np.abs(a.astype(np.float64) - e))) / scale
            if not math.isfinite(error) or error > tolerance:
                where = f"component {index}: " if len(expected) > 1 else ""
                return f"{where}max rel err {error:.1e}"
    return None


def find_cxx(requested):
    for name in ([requested] if requested else ["clang++-19", "g++"]):
        if shutil.which(name):
            return shutil.which(name)
    raise SystemExit(f"no C++ compiler found ({requested or 'clang++-19, g++'})")


def torch_available():
    try:
        return subprocess.run([sys.executable, "-c", "import torch"], capture_output=True,
                              timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def log(bench, message):
    print(f"[{bench.name}] {message}", file=sys.stderr, flush=True)


def compile_arr(bench, ctx):
    """(executable, seconds arrc took): `arrc PROG -O2 -o EXE`, once per program."""
    cached = ctx["arr_cache"].get(bench.program)
    if cached is None:
        arr_exe = os.path.join(ctx["dir"], os.path.splitext(os.path.basename(bench.program))[0] + "_arr")
        log(bench, f"compiling {os.path.relpath(bench.program, ROOT)} with arrc")
        start = time.perf_counter()
        execute([ctx["arrc"], bench.program, "-O2", "-o", arr_exe], "arrc")
        if not os.path.isfile(arr_exe):
            raise Failure(f"arrc exited 0 but wrote no {os.path.basename(arr_exe)}")
        cached = (arr_exe, time.perf_counter() - start)
        ctx["arr_cache"][bench.program] = cached
    return cached


# ---- one program ------------------------------------------------------------------

def run_benchmark(bench, ctx, rows):
    """Measures one program for every thread count; appends a row per thread count."""
    directory = ctx["dir"]
    problems = []
    base = {"benchmark": bench.name, "size": bench.size, "runs": []}
    log(bench, "generating inputs")
    try:
        inputs = bench.make_inputs(directory, np.random.default_rng(SEED))
    except Exception as error:  # noqa: BLE001 - reported in the table
        for threads in ctx["threads"]:
            rows.append(dict(base, threads=threads, check=[f"no inputs: {error}"]))
        return
    max_runs = ctx["runs"] or bench.runs

    # The hand-written baseline (single-threaded, so measured once).
    cpp_out = {}
    try:
        if bench.baseline is None:
            raise LookupError
        exe = ctx["cpp_cache"].get(bench.baseline)
        if exe is None:
            exe = os.path.join(directory, os.path.splitext(bench.baseline)[0] + "_cpp")
            log(bench, f"compiling {bench.baseline}")
            execute([ctx["cxx"], "-std=c++20", "-O3", "-march=native", "-I", BASELINES,
                     os.path.join(BASELINES, bench.baseline), "-o", exe], f"{bench.baseline}")
            ctx["cpp_cache"][bench.baseline] = exe
        for kind in ("primal", "grad") if bench.cpp_grad else ("primal",):
            out = os.path.join(directory, f"{bench.name}_cpp_{kind}.npy")
            flag = ["--grad"] if kind == "grad" else []
            log(bench, f"C++ {kind}")
            timing = timed(lambda runs, out=out, flag=flag: [exe] + flag + [
                "--runs", str(runs), "--out", out] + inputs, max_runs, ctx,
                f"C++ {kind}")
            base[f"cpp_{kind}"] = timing
            base["runs"].append(f"C++ {kind} {timing.runs}")
            cpp_out[kind] = out
    except LookupError:
        pass  # no C++ baseline
    except Failure as error:
        problems.append(str(error))

    # The Arr program: one executable for both entries.
    arr_exe = None
    try:
        arr_exe, base["arrc_compile_s"] = compile_arr(bench, ctx)
    except Failure as error:
        problems.append(str(error))

    first = ctx["threads"][0]
    arr_out, torch_out = {}, {}
    for threads in ctx["threads"]:
        row = dict(base, threads=threads, runs=list(base["runs"]))
        row_problems = list(problems)  # a failed compilation concerns every row
        for kind, entry in (("primal", bench.primal_entry), ("grad", bench.grad_entry)):
            if arr_exe is None:
                break
            if entry is None:
                continue
            out = os.path.join(directory, f"{bench.name}_arr_{kind}_t{threads}.npy")
            log(bench, f"Arr {kind}, {threads} thread(s)")
            try:
                timing = timed(lambda runs, out=out, entry=entry, threads=threads: [
                    arr_exe, "--entry", entry] + inputs + [
                    "-o", out, "--runs", str(runs), "--threads", str(threads)],
                    max_runs, ctx, f"Arr {kind} --threads {threads}")
                row[f"arr_{kind}"] = timing
                row["runs"].append(f"Arr {kind} {timing.runs}")
                arr_out[(kind, threads)] = out
            except Failure as error:
                row_problems.append(str(error))
        if ctx["torch"] and bench.torch_name:
            log(bench, f"PyTorch, {threads} thread(s)")
            stem = os.path.join(directory, f"{bench.name}_torch_t{threads}")
            env = dict(os.environ, OMP_NUM_THREADS=str(threads),
                       OPENBLAS_NUM_THREADS=str(threads))
            if ctx["coretype"]:
                env["OPENBLAS_CORETYPE"] = ctx["coretype"]
            try:
                stdout, _, _ = execute([sys.executable, os.path.join(HERE, "torch_bench.py"),
                                        bench.torch_name, str(threads), str(max_runs),
                                        str(ctx["budget"]), stem] + inputs, "PyTorch", env)
                measured = json.loads(stdout.strip().splitlines()[-1])
                row["torch_primal"] = Timing(measured["primal_ms"], measured["primal_runs"], None)
                row["runs"].append(f"torch {measured['primal_runs']}/{measured['grad_runs']}")
                if measured["grad_ms"] is not None:
                    row["torch_grad"] = Timing(measured["grad_ms"], measured["grad_runs"], None)
                    torch_out[("grad", threads)] = stem + "_grad.npy"
                ctx["torch_info"] = measured
                torch_out[("primal", threads)] = stem + "_primal.npy"
            except (Failure, ValueError, KeyError, IndexError) as error:
                row_problems.append(f"PyTorch: {error}")

        # Agreement of the results.
        for kind in ("primal", "grad"):
            mine = arr_out.get((kind, threads))
            if mine is None:
                continue
            if threads == first:
                checks = [(cpp_out.get(kind), AGREEMENT, "vs C++")]
            else:
                checks = [(arr_out.get((kind, first)), AGREEMENT, f"{threads} vs {first} threads")]
            if bench.group:
                reference = ctx["group_out"].setdefault((bench.group, kind, threads), mine)
                if reference != mine:
                    checks.append((reference, AGREEMENT, f"vs the first {bench.group} style"))
            checks.append((torch_out.get((kind, threads)), TORCH_AGREEMENT, "vs PyTorch"))
            for reference, tolerance, label in checks:
                if reference:
                    problem = compare(mine, reference, tolerance)
                    if problem:
                        row_problems.append(f"Arr {kind} {label}: {problem}")
        row["check"] = row_problems
        rows.append(row)


def run_nested(bench, ctx, rows):
    """Measures the entries of one nested-differentiation program on every thread count;
    appends a row per thread count: {"benchmark", "size", "threads", "arr": {entry:
    Timing}, "torch": {entry: Timing}, "check": [...], "arrc_compile_s"}."""
    directory = ctx["dir"]
    base = {"benchmark": bench.name, "size": bench.size, "arr": {}, "torch": {}}
    log(bench, "generating inputs")
    try:
        inputs = bench.make_inputs(directory, np.random.default_rng(SEED))
        arr_exe, base["arrc_compile_s"] = compile_arr(bench, ctx)
        problems = []
    except Exception as error:  # noqa: BLE001 - reported in the table
        inputs, arr_exe, problems = None, None, [str(error)]
    max_runs = ctx["runs"] or bench.runs
    first = ctx["threads"][0]
    arr_out = {}
    for threads in ctx["threads"]:
        row = dict(base, threads=threads, arr={}, torch={})
        row_problems = list(problems)
        for entry, used in bench.measures if arr_exe else []:
            out = os.path.join(directory, f"{bench.name}_arr_{entry}_t{threads}.npy")
            log(bench, f"Arr {entry}, {threads} thread(s)")
            try:
                row["arr"][entry] = timed(lambda runs, out=out, entry=entry, used=used: [
                    arr_exe, "--entry", entry] + [inputs[i] for i in used] + [
                    "-o", out, "--runs", str(runs), "--threads", str(threads)],
                    max_runs, ctx, f"Arr {entry} --threads {threads}")
                arr_out[(entry, threads)] = out
                if threads != first and (entry, first) in arr_out:
                    problem = compare(out, arr_out[(entry, first)], AGREEMENT)
                    if problem:
                        row_problems.append(f"Arr {entry} {threads} vs {first} threads: {problem}")
            except Failure as error:
                row_problems.append(str(error))
        if ctx["torch"] and inputs:
            log(bench, f"PyTorch, {threads} thread(s)")
            stem = os.path.join(directory, f"{bench.name}_torch_t{threads}")
            env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
            specs = [f"{entry}=" + ",".join(inputs[i] for i in used) for entry, used in bench.measures]
            try:
                stdout, _, _ = execute([sys.executable, os.path.join(HERE, "torch_bench.py"),
                                        bench.torch_name, str(threads), str(max_runs),
                                        str(ctx["budget"])] + [stem] + specs, "PyTorch", env)
                measured = json.loads(stdout.strip().splitlines()[-1])
                ctx["torch_info"] = measured
                for entry, timing in measured["measures"].items():
                    row["torch"][entry] = Timing(timing["ms"], timing["runs"], None)
                    mine = arr_out.get((entry, threads))
                    if mine:
                        problem = compare(mine, f"{stem}_{entry}.npy", TORCH_AGREEMENT)
                        if problem:
                            row_problems.append(f"Arr {entry} vs PyTorch: {problem}")
            except (Failure, ValueError, KeyError, IndexError) as error:
                row_problems.append(f"PyTorch: {error}")
        row["check"] = row_problems
        rows.append(row)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=None, help="comma-separated program names")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts (1,2)")
    parser.add_argument("--runs", type=int, default=None, help="at most this many timed runs")
    parser.add_argument("--csv", default=os.path.join(ROOT, "build", "bench.csv"),
                        help="CSV output (default build/bench.csv); the chart goes next to it")
    parser.add_argument("--no-torch", action="store_true", help="skip the PyTorch baselines")
    parser.add_argument("--arrc", default=os.path.join(ROOT, "build", "compiler", "arrc"))
    parser.add_argument("--cxx", default=None, help="C++ compiler (default clang++-19, else g++)")
    parser.add_argument("--budget", type=float, default=4.0,
                        help="seconds of timed runs per configuration (default 4)")
    parser.add_argument("--keep", default=None, help="keep inputs, executables and results here")
    args = parser.parse_args()

    chosen, chosen_nested = BENCHMARKS, NESTED
    if args.only:
        names = args.only.split(",")
        known = [b.name for b in BENCHMARKS + NESTED]
        unknown = [n for n in names if n not in known]
        if unknown:
            parser.error(f"unknown program(s) {unknown}; known: {', '.join(known)}")
        chosen = [b for b in BENCHMARKS if b.name in names]
        chosen_nested = [b for b in NESTED if b.name in names]
    try:
        threads = [int(t) for t in args.threads.split(",")]
    except ValueError:
        parser.error("--threads takes comma-separated integers")
    if not threads or min(threads) < 1:
        parser.error("--threads takes positive thread counts")
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    use_torch = not args.no_torch and torch_available()
    if not args.no_torch and not use_torch:
        print(f"PyTorch is not importable by {sys.executable}: no PyTorch columns "
              "(tests/bench/install_deps.sh installs it)", file=sys.stderr)

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        directory, cleanup = os.path.abspath(args.keep), None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="arr-bench-")
        directory = cleanup.name
    ctx = {"dir": directory, "threads": threads, "runs": args.runs, "budget": args.budget,
           "arrc": os.path.abspath(args.arrc), "cxx": find_cxx(args.cxx), "torch": use_torch,
           "cpp_cache": {}, "arr_cache": {}, "torch_info": None, "peak_rss": None,
           "coretype": openblas_coretype(), "group_out": {}}
    rows, nested_rows = [], []
    try:
        peak_rss = os.path.join(directory, "peak_rss")
        try:
            execute([ctx["cxx"], "-O2", os.path.join(HERE, "peak_rss.cpp"), "-o", peak_rss],
                    "peak_rss.cpp")
            ctx["peak_rss"] = peak_rss
        except Failure as error:
            print(f"no peak memory measurements: {error}", file=sys.stderr)
        for bench in chosen:
            run_benchmark(bench, ctx, rows)
        for bench in chosen_nested:
            run_nested(bench, ctx, nested_rows)
    finally:
        if cleanup:
            cleanup.cleanup()

    if rows:
        report.print_table(rows, ctx["cxx"])
        report.print_targets(rows, chosen)
        report.print_styles(rows, chosen)
    if nested_rows:
        report.print_nested(nested_rows, chosen_nested)
    info = ctx["torch_info"]
    if info:
        blas = info["blas"]
        print(f"PyTorch {info['torch']}, BLAS: {', '.join(blas) or 'none mapped'}; OpenBLAS "
              f"kernel {info.get('openblas_core') or 'unknown'} (OPENBLAS_CORETYPE="
              f"{ctx['coretype'] or 'unset'})")
        if not any("openblas" in lib.lower() or "mkl" in lib.lower() for lib in blas):
            print("WARNING: PyTorch is not using OpenBLAS (install libopenblas0-openmp); its "
                  "times are those of the reference BLAS")
    csv_dir = os.path.dirname(os.path.abspath(args.csv))
    os.makedirs(csv_dir, exist_ok=True)
    report.write_csv(rows, args.csv)
    nested_csv = os.path.splitext(args.csv)[0] + "_nested.csv"
    report.write_nested_csv(nested_rows, chosen_nested, nested_csv)
    chart = os.path.splitext(args.csv)[0] + ".png"
    drew = report.write_chart(rows, threads, chart) if rows else False
    print(f"CSV written to {os.path.abspath(args.csv)} and {os.path.abspath(nested_csv)}" +
          (f", chart to {os.path.abspath(chart)}" if drew
           else " (no chart: matplotlib missing)" if rows else "") +
          f"; total {time.perf_counter() - started:.0f} s; 1-minute load average "
          f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after (other work on the "
          "machine slows the runs, the 2-thread ones most)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
