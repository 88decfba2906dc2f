#!/usr/bin/env python3
"""Arr as a GradBench tool: speaks GradBench's protocol on standard input and output.

    ../shared/gradbench/run_eval.py --tool "/usr/bin/python3 tools/gradbench/run.py" gmm -d 2 -k 5

One JSON message a line comes in; one answer a line goes out, carrying the message's id
(../shared/gradbench/README.md, GradBench's CONTRIBUTING.md):

- `start`: answered with the tool's name.
- `define` of module NAME: compiles evals/NAME.arr through the `arr` package (cached by
  it, so a second run of the same program does not compile again) and imports the eval's
  adapter, evals/NAME.py.
- `evaluate` of a function: the adapter turns the JSON input into NumPy arguments of one
  entry of the compiled program (outside the timing), the entry is called at least
  `min_runs` times and for at least `min_seconds` seconds, each call timed on its own
  (one "evaluate" timing per call), and the adapter turns the last result into the JSON
  the eval expects.

An adapter (evals/NAME.py) defines `prepare(function, input) -> (entry, args)` and
`output(function, input, result) -> JSON`, and optionally `SOURCE` (the program, when it
is not evals/NAME.arr: particle, saddle and lstm use the project's samples, written for
these evals).

The entries run with the threads the runtime chooses (OMP_NUM_THREADS, else every core);
tools/gradbench/bench.py sets OMP_NUM_THREADS=1.
"""
import importlib.util
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))  # the project's `arr` package
sys.dont_write_bytecode = True  # no __pycache__ next to the adapters

import arr  # noqa: E402


class Module:
    """A defined GradBench module: the compiled Arr program and its adapter."""

    def __init__(self, name):
        adapter_path = os.path.join(HERE, "evals", name + ".py")
        if not os.path.isfile(adapter_path):
            raise RuntimeError(f"the Arr tool has no program for the eval {name!r}")
        spec = importlib.util.spec_from_file_location(f"gradbench_arr_{name}", adapter_path)
        self.adapter = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.adapter)
        # The program is evals/NAME.arr unless the adapter names another (a sample of the
        # project written for the eval, relative to the repository's root).
        source = os.path.join(ROOT, getattr(self.adapter, "SOURCE", f"tools/gradbench/evals/{name}.arr"))
        self.program = arr.compile(source)


def run_timed(module, function, input):
    """Calls the entry as GradBench's rules ask; returns (last result, timings)."""
    entry, args = module.adapter.prepare(function, input)
    call = getattr(module.program, entry)
    # hello's inputs are bare numbers, without min_runs and min_seconds: one run.
    min_runs = input.get("min_runs", 1) if isinstance(input, dict) else 1
    min_seconds = input.get("min_seconds", 0) if isinstance(input, dict) else 0
    timings, total = [], 0
    while len(timings) < max(min_runs, 1) or total < min_seconds * 1e9:
        start = time.perf_counter_ns()
        result = call(*args)
        elapsed = time.perf_counter_ns() - start
        timings.append({"name": "evaluate", "nanoseconds": elapsed})
        total += elapsed
    return result, timings


def answer(message, modules):
    kind = message.get("kind")
    reply = {"id": message["id"]}
    if kind == "start":
        reply["tool"] = "arr"
    elif kind == "define":
        try:
            modules[message["module"]] = Module(message["module"])
            reply["success"] = True
        except Exception as error:  # noqa: BLE001  (a compile error is the eval's to report)
            reply.update(success=False, error=f"{type(error).__name__}: {error}")
    elif kind == "evaluate":
        try:
            module = modules[message["module"]]
            result, timings = run_timed(module, message["function"], message["input"])
            reply.update(success=True,
                         output=module.adapter.output(message["function"], message["input"], result),
                         timings=timings)
        except Exception:  # noqa: BLE001
            reply.update(success=False, error=traceback.format_exc())
    return reply


def main():
    modules = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("kind") == "end":
            break
        print(json.dumps(answer(message, modules)), flush=True)


if __name__ == "__main__":
    main()
