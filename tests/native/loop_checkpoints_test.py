#!/usr/bin/env python3
"""Gradients of long loops under the default --loop-checkpoints=auto (issue #35).

A gradient keeps every state of its loops while they fit the checkpoint budget
(ARR_CHECKPOINT_BUDGET, else a quarter of the memory the process may use) and
switches to segments of sqrt(n) steps beyond it, at run time:

  - the gradient of a fold of 10^5 steps over a [1000]f64 state (800 MB of
    states) succeeds by default under `ulimit -v 600000` and matches the
    --loop-checkpoints=sqrt executable's result;
  - with --loop-checkpoints=all under the same limit it fails with a message
    that names --loop-checkpoints, and exits 1 without a crash;
  - on short loops, a budget of 1 byte (the segmented version) and one of 1T
    (every state) give the results of --loop-checkpoints=all, with step counts
    known when compiling and sizes known only when running;
  - an unreadable ARR_CHECKPOINT_BUDGET is refused before the entry runs;
  - arrc --help, the executables' --help and the README document all this.

    loop_checkpoints_test.py --arrc build/compiler/arrc
"""

import os
import random
import subprocess
import sys
import tempfile

from native_checks import arrc_argument
from native_checks import address_space_limit, close, numbers, report, summary, vector
from native_checks import compile_program as compile_to

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "loop_checkpoints.arr")


def compile_program(arrc, work, name, *flags):
    return compile_to(arrc, PROGRAM, os.path.join(work, name), *flags)


def run(executable, entry, text, budget=None, limited=False):
    env = dict(os.environ)
    env.pop("ARR_CHECKPOINT_BUDGET", None)
    if budget is not None:
        env["ARR_CHECKPOINT_BUDGET"] = budget
    return subprocess.run([executable, "--entry", entry], input=text, capture_output=True,
                          text=True, env=env, timeout=600,
                          preexec_fn=address_space_limit(600000) if limited else None)


def main():
    arrc = arrc_argument(__doc__)
    rng = random.Random(35)
    with tempfile.TemporaryDirectory() as work:
        # The long loop: 10^5 steps over [1000]f64.
        auto = compile_program(arrc, work, "auto")
        sqrt = compile_program(arrc, work, "sqrt", "--loop-checkpoints=sqrt")
        every = compile_program(arrc, work, "all", "--loop-checkpoints=all")
        text = vector([rng.uniform(-1, 1) for _ in range(1000)]) + "\n0.999\n"
        reference = run(sqrt, "dDecay", text, limited=True)
        report(reference.returncode == 0, "--loop-checkpoints=sqrt: the long loop's gradient "
               "runs under ulimit -v 600000", reference.stderr)
        result = run(auto, "dDecay", text, limited=True)
        report(result.returncode == 0 and close(numbers(result.stdout), numbers(reference.stdout)),
               "default (auto): the long loop's gradient runs under ulimit -v 600000 and "
               "matches --loop-checkpoints=sqrt", result.stderr + result.stdout[:300])
        # A budget of a terabyte makes the default keep every state: out of memory.
        kept = run(auto, "dDecay", text, budget="1T", limited=True)
        report(kept.returncode == 1 and "--loop-checkpoints" in kept.stderr,
               "ARR_CHECKPOINT_BUDGET=1T: the long loop keeps every state, out of memory under "
               "ulimit -v 600000", f"exit {kept.returncode}: {kept.stderr}")
        failed = run(every, "dDecay", text, limited=True)
        report(failed.returncode == 1 and "out of memory" in failed.stderr
               and "--loop-checkpoints" in failed.stderr,
               "--loop-checkpoints=all under ulimit -v 600000: exit 1, the message names "
               "--loop-checkpoints", f"exit {failed.returncode}: {failed.stderr}")

        # Short loops: both versions of the default against --loop-checkpoints=all.
        short_auto = compile_program(arrc, work, "short_auto", "-D", "steps=37")
        short_all = compile_program(arrc, work, "short_all", "-D", "steps=37",
                                    "--loop-checkpoints=all")
        cases = {
            "dDecay": vector([rng.uniform(-1, 1) for _ in range(50)]) + "\n0.97\n",
            "dFolded": (vector([rng.uniform(-1, 1) for _ in range(20)]) + "\n"
                        + vector([rng.uniform(-1, 1) for _ in range(45)]) + "\n0.8\n"),
        }
        for entry, inputs in cases.items():
            want = run(short_all, entry, inputs)
            expected = numbers(want.stdout)
            report(want.returncode == 0 and expected and not all(v == 0 for v in expected),
                   f"{entry}: --loop-checkpoints=all runs", want.stderr)
            for budget, version in (("1", "segmented"), ("1T", "every state"), (None, "default")):
                got = run(short_auto, entry, inputs, budget=budget)
                report(got.returncode == 0 and close(numbers(got.stdout), expected, 1e-12),
                       f"{entry}: ARR_CHECKPOINT_BUDGET={budget} ({version}) gives the result "
                       "of --loop-checkpoints=all", got.stderr + got.stdout[:300])

        bad = run(short_auto, "dDecay", cases["dDecay"], budget="lots")
        report(bad.returncode != 0 and "ARR_CHECKPOINT_BUDGET='lots'" in bad.stderr
               and "Traceback" not in bad.stderr,
               "an unreadable ARR_CHECKPOINT_BUDGET is refused", f"exit {bad.returncode}: {bad.stderr}")
        # The default and the budget are documented: arrc --help, the executables' --help,
        # the README.
        usage = subprocess.run([arrc, "--help"], capture_output=True, text=True).stdout
        report("'auto' (default" in usage and "ARR_CHECKPOINT_BUDGET" in usage,
               "arrc --help documents the default rule and its budget", usage[-2000:])
        usage = subprocess.run([auto, "--help"], capture_output=True, text=True).stdout
        report("ARR_CHECKPOINT_BUDGET=BYTES" in usage,
               "an executable's --help documents ARR_CHECKPOINT_BUDGET", usage)
        with open(os.path.join(HERE, "..", "..", "README.md")) as readme:
            text = readme.read()
        report("`--loop-checkpoints=auto`" in text and "`ARR_CHECKPOINT_BUDGET`" in text,
               "README.md documents the default rule and its budget")
    sys.exit(summary())


if __name__ == "__main__":
    main()
