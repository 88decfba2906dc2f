#!/usr/bin/env python3
"""Reverse mode through while loops keeps the states of the steps taken (issue #36).

A gradient at an entry's top level, in a build or in a loop's step differentiates a
while loop as a fold over the number of steps it took (a size bound at run time): one
state per step taken by default, O(sqrt(steps)) with --loop-checkpoints=sqrt, never
memory proportional to the bound. A gradient that is differentiated again recomputes
each state in its sweep instead.

  - the optimised IR of the top-level gradient binds the size and sweeps with a loop
    over it, with no while loop left but the primal one;
  - 10^5 steps over a [1000]f64 state with a bound of 2^62: --loop-checkpoints=sqrt runs
    under `ulimit -v 600000` and agrees with the default, which keeps every state (800
    MB) and, under the same limit, fails with a message naming --loop-checkpoints;
  - short loops (steps 0, 1, 37, and 37 reaching the bound): the default, sqrt and the
    interpreter agree; the gradient per row in a build gives the same rows, one taken in
    a fold's step sums the gradients it is taken at, and the recomputing sweep of a
    second derivative gives the gradient and agrees with differences of it.

    while_reverse_test.py --arrc build/compiler/arrc
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
PROGRAM = os.path.join(HERE, "while_reverse.arr")


def compile_program(arrc, work, name, *flags):
    return compile_to(arrc, PROGRAM, os.path.join(work, name), *flags)


def run(command, entry, text, limited=False):
    return subprocess.run(command + ["--entry", entry], input=text, capture_output=True, text=True,
                          timeout=600, preexec_fn=address_space_limit(600000) if limited else None)


def main():
    arrc = arrc_argument(__doc__)
    rng = random.Random(36)

    dump = subprocess.run([arrc, PROGRAM, "--entry", "dDecay", "--dump-after=optimize"],
                          capture_output=True, text=True, timeout=600)
    entry = dump.stdout.split("entry dRows")[0]
    report(dump.returncode == 0 and "bindSize taken" in entry and "loop taken" in entry
           and entry.count("while ") == 1,
           "the top-level gradient binds the steps taken and sweeps with a loop over them",
           dump.stderr + entry[:3000])
    for name, what in (("dRows", "in a build"), ("dStepped", "in a fold's step")):
        body = dump.stdout.split("entry " + name)[-1].split("\nentry ")[0]
        report("bindSize taken" in body, f"the gradient {what} binds the steps taken too",
               body[:3000])
    body = dump.stdout.split("entry ddW")[-1].split("\nentry ")[0]
    report("bindSize" not in body and body.count("while ") >= 2,
           "the gradient under a jvp recomputes the states (a while in its sweep)", body[:3000])

    with tempfile.TemporaryDirectory() as work:
        # The long loop: 10^5 steps over [1000]f64, the bound 2^62.
        default = compile_program(arrc, work, "default")
        sqrt = compile_program(arrc, work, "sqrt", "--loop-checkpoints=sqrt")
        text = vector([rng.uniform(-1, 1) for _ in range(1000)]) + "\n0.999\n"
        reference = run([sqrt], "dDecay", text, limited=True)
        report(reference.returncode == 0 and len(numbers(reference.stdout)) == 1001,
               "--loop-checkpoints=sqrt: 10^5 steps over [1000]f64 run under ulimit -v 600000",
               reference.stderr)
        kept = run([default], "dDecay", text)
        report(kept.returncode == 0 and close(numbers(kept.stdout), numbers(reference.stdout)),
               "the default keeps every state taken and agrees with --loop-checkpoints=sqrt",
               kept.stderr + kept.stdout[:300])
        failed = run([default], "dDecay", text, limited=True)
        report(failed.returncode == 1 and "out of memory" in failed.stderr
               and "--loop-checkpoints" in failed.stderr and "Traceback" not in failed.stderr,
               "the default under ulimit -v 600000 (800 MB of states): exit 1, the message "
               "names --loop-checkpoints", f"exit {failed.returncode}: {failed.stderr}")

        # Short loops: no step, one, 37, and 37 that reach the bound.
        for steps, bound in ((0, 5), (1, 5), (37, 1000), (37, 37)):
            defines = ["-D", f"steps={steps}", "-D", f"bound={bound}"]
            short = compile_program(arrc, work, f"short{steps}_{bound}", *defines)
            short_sqrt = compile_program(arrc, work, f"sqrt{steps}_{bound}", *defines,
                                         "--loop-checkpoints=sqrt")
            rows = [[rng.uniform(-1, 1) for _ in range(6)] for _ in range(3)]
            w = rng.uniform(0.5, 1.1)
            label = f"steps={steps} bound={bound}"
            wanted = []
            for row in rows:
                text = vector(row) + f"\n{w!r}\n"
                want = run([short], "dDecay", text)
                got = run([short_sqrt], "dDecay", text)
                interpreted = run([arrc, "--interpret", PROGRAM, *defines], "dDecay", text)
                expected = numbers(want.stdout)
                report(want.returncode == 0 and close(numbers(got.stdout), expected, 1e-12)
                       and close(numbers(interpreted.stdout), expected, 1e-12),
                       f"{label}: the default, --loop-checkpoints=sqrt and the interpreter agree",
                       want.stderr + got.stderr + interpreted.stderr)
                if steps == 0:
                    report(close(expected[:6], [2 * v for v in row], 1e-15) and expected[6] == 0.0,
                           f"{label}: no step taken, the gradient is that of sum(s0 * s0)",
                           want.stdout)
                wanted.append(expected[:6])
            # Inside a fold's step: the sum of the w-gradients at w, w + 0.01, w + 0.02.
            text = vector(rows[0]) + f"\n{w!r}\n"
            total = 0.0
            for k in range(3):
                point = run([short], "dDecay", vector(rows[0]) + f"\n{w + 0.01 * k!r}\n")
                total += numbers(point.stdout)[-1]
                if k == 0:
                    total_at_w = numbers(point.stdout)[-1]
            stepped = run([short], "dStepped", text)
            report(stepped.returncode == 0 and close(numbers(stepped.stdout), [total], 1e-12),
                   f"{label}: the gradient in a fold's step gives the sum of the gradients",
                   stepped.stderr + stepped.stdout[:300])
            text = "[" + ", ".join(vector(row) for row in rows) + f"]\n{w!r}\n"
            inside = run([short], "dRows", text)
            got = numbers(inside.stdout)
            report(inside.returncode == 0 and close(got, [v for row in wanted for v in row], 1e-12),
                   f"{label}: the gradient per row in a build gives the same rows",
                   inside.stderr + inside.stdout[:300])
            # The second derivative in w: its value is dDecay's w-gradient, its tangent the
            # central difference of that gradient.
            h = 1e-5
            ends = [numbers(run([short], "dDecay", vector(rows[0]) + f"\n{w + d!r}\n").stdout)[-1]
                    for d in (h, -h)]
            second = run([short], "ddW", vector(rows[0]) + f"\n{w!r}\n")
            value, tangent = (numbers(second.stdout) + [None, None])[:2]
            report(second.returncode == 0 and close([value], [total_at_w], 1e-12)
                   and tangent is not None and abs(tangent - (ends[0] - ends[1]) / (2 * h))
                   <= 1e-5 * max(1.0, abs(tangent)),
                   f"{label}: the recomputing sweep under a jvp gives the gradient and its "
                   "derivative", second.stderr + second.stdout[:300])
    sys.exit(summary())


if __name__ == "__main__":
    main()
