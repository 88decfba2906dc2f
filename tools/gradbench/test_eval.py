#!/usr/bin/env python3
"""ctest's gradbench.EVAL: runs one GradBench eval at its smallest sizes against the Arr
tool (tools/gradbench/run.py) through ../shared/gradbench/run_eval.py, and fails unless
every evaluation ran and the eval judged every output valid.

    test_eval.py EVAL [--arrc PATH]

The eval validates against GradBench's hand-written C++ tool, built here (once, in
run_eval.py's copy of GradBench under $TMPDIR) with make. Exits 5 (ctest: skipped), with
the reason, when GradBench's copy (../shared/gradbench next to the checkout, or
$GRADBENCH_DIR) or something it needs (g++, make, nlohmann-json, numpy, scipy,
dataclasses-json) is missing.
"""
import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 5

# Per eval: the eval's options for its smallest sizes (the first of each default list),
# and the number of evaluations they make (each must come back valid). ht runs twice:
# the default (complicated, big model) and the simple variant with the small model.
CASES = {
    "hello": [([], 8)],
    "lse": [(["-n", "2500"], 2)],
    "llsq": [(["-n", "16", "-m", "128"], 2)],
    "det": [(["-l", "5"], 2)],
    "ode": [(["-n", "1000", "-s", "1"], 2)],
    "gmm": [(["-d", "2", "-k", "5"], 2)],
    "ba": [(["--max", "1"], 2)],
    "ht": [(["--max", "1"], 2), (["--max", "1", "--variant", "simple", "--model", "small"], 2)],
    "lstm": [(["-l", "2", "-c", "1024"], 2)],
    "kmeans": [(["-k", "10", "-n", "1000", "-d", "8"], 2)],
    "particle": [([], 4)],
    "saddle": [([], 4)],
}


def skip(reason):
    print(f"SKIPPED: {reason}")
    sys.exit(SKIP)


def gradbench_dir():
    configured = os.environ.get("GRADBENCH_DIR")
    path = configured or os.path.join(os.path.dirname(ROOT), "shared", "gradbench")
    if not os.path.isfile(os.path.join(path, "run_eval.py")):
        skip(f"no GradBench copy at {path} (../shared/gradbench next to the checkout, "
             "or set GRADBENCH_DIR)")
    return path


def check_dependencies():
    for program in ("g++", "make"):
        if shutil.which(program) is None:
            skip(f"{program} is not installed (GradBench's reference tool is C++)")
    if not os.path.isfile("/usr/include/nlohmann/json.hpp"):
        skip("nlohmann-json3-dev is not installed (GradBench's reference tool needs it)")
    for module in ("numpy", "scipy", "dataclasses_json"):
        if importlib.util.find_spec(module) is None:
            skip(f"the Python module {module} is not installed (GradBench's evals need it; "
                 "cmake/bootstrap.sh installs it)")


# Evals that check outputs against fixed values (hello: x^2 and 2x; particle and saddle:
# one known answer) rather than against GradBench's reference tool, which lacks them.
NO_REFERENCE = {"hello", "particle", "saddle"}


def build_reference(gradbench, eval_name):
    """GradBench's hand-written tool for the eval, which the eval validates against."""
    if eval_name in NO_REFERENCE:
        return
    spec = importlib.util.spec_from_file_location("run_eval", os.path.join(gradbench, "run_eval.py"))
    run_eval = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run_eval)
    manual = os.path.join(run_eval.workdir(), "tools", "manual")
    if not os.path.isfile(os.path.join(manual, "bin", eval_name)):
        subprocess.run(["make", "-C", manual, f"bin/{eval_name}", "MULTITHREADED=no"],
                       check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("eval", choices=sorted(CASES))
    parser.add_argument("--arrc", help="the arrc to compile with (else the arr package's default)")
    args = parser.parse_args()
    gradbench = gradbench_dir()
    check_dependencies()
    build_reference(gradbench, args.eval)
    env = dict(os.environ)
    if args.arrc:
        env["ARRC"] = args.arrc
    tool = f"{sys.executable} {os.path.join(HERE, 'run.py')}"
    failures = 0
    for options, expected in CASES[args.eval]:
        command = [sys.executable, os.path.join(gradbench, "run_eval.py"), "--tool", tool,
                   args.eval, *options, "--min-runs", "1", "--min-seconds", "0"]
        if args.eval == "hello":  # hello takes no repetition options
            command = command[:-4]
        print("$", " ".join(command), flush=True)
        result = subprocess.run(command, env=env, text=True, capture_output=True)
        print(result.stdout, end="")
        print(result.stderr, end="", file=sys.stderr)
        lines = result.stdout.splitlines()
        valid = [line for line in lines if line.endswith(": valid")]
        summary = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
        if result.returncode != 0 or summary is None:
            print(f"FAIL: run_eval.py exited {result.returncode} without a clean summary")
            failures += 1
        elif (int(summary[1]), int(summary[2])) != (expected, 0) or len(valid) != expected:
            print(f"FAIL: expected {expected} valid evaluations, got {len(valid)} "
                  f"({summary[0]})")
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
