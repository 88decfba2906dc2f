#!/usr/bin/env python3
"""No derivative allocates an array larger than its objective's largest (issue #37).

For every program of samples/, tests/bench/ and tools/gradbench/evals/, the entries
that take a derivative (grad, vjp, jvp, valueAndGrad in their core IR) are compared
with the program's other entries, their objectives: at three random assignments of the
size variables (each in [100, 300]), the largest array a derivative allocates (arrc
--memory-report) must not exceed the largest array an objective receives, returns or
allocates, nor the derivative's own parameters and results (a Jacobian is as large as
it is), by more than 25% (an objective holds a matrix product's operand as panels of
whole tiles, a little smaller than the matrix). Two rules of the documented design may
allocate more, and are not counted:
  - reverse mode through a loop keeps the states its reverse sweep reads, one per step
    (or per segment, --loop-checkpoints): the loops' stacked outputs, named out_N;
ALLOWED names the other exceptions and why. The report itself is checked on a small
program: every parameter, result and allocation with its shape in the entry's sizes.

    memory_report_test.py --arrc build/compiler/arrc
"""

import glob
import os
import random
import re
import subprocess
import sys
import tempfile

from memory_report import largest_by_entry, report_of, size_names
from native_checks import arrc_argument
from native_checks import report, summary

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (program relative to the root, entry): why its derivative may allocate more.
GMM_QX = ("keeps Q_k (x_i - mu_k), [n, k, d], which the objective computes inside its sum "
          "and the reverse sweep reads again (the Q gradient's outer products); recomputing "
          "it there instead of storing it is not done yet")
HT_TANGENTS = ("a Jacobian by forward mode: the tangents of the skinned vertices for every "
               "parameter, [nt, nv, 4], where the objective holds [nv, 4]")
MLP_HIDDEN = ("the hidden layer of every sample of the batch, [b, h] (its activations and their "
              "cotangents), which the weights' gradients read as matrix products; the objective "
              "computes each sample's hidden layer inside its sum (PyTorch keeps the same)")
ALLOWED = {
    ("samples/gmm/gmm.arr", "objective_grad"): GMM_QX,
    ("tools/gradbench/evals/gmm.arr", "jacobian"): GMM_QX,
    ("tools/gradbench/evals/ht.arr", "simpleJacobian"): HT_TANGENTS,
    ("tools/gradbench/evals/ht.arr", "complicatedJacobian"): HT_TANGENTS,
    ("tests/bench/conv2d.arr", "main_grad"):
        "the output's cotangent 2y, [co, h, v], which the weight gradient's correlation "
        "reads; the objective sums y * y as it computes y, with no array for it",
    ("samples/python/mlp.arr", "error_grad"): MLP_HIDDEN,
    ("samples/python/mlp.arr", "error_and_grad"): MLP_HIDDEN,
    ("tests/bench/logistic.arr", "newton_step"):
        "the Hessian, [d, d], and the elimination that solves with it, [d, d + 1]: a second "
        "derivative of a function of d parameters, larger than the objective's [m, d] data "
        "when d > m",
    ("tools/gradbench/evals/llsq.arr", "gradient"):
        "the values of the n grid points ([n] of f64) through the reverse of Horner's fold, "
        "all points in one loop; the objective evaluates each point inside its sum and "
        "receives the grid as [n] of bool (larger than x's [m] when n > m)",
    ("tools/gradbench/evals/det.arr", "gradient"):
        "the decoded columns of each path of a chunk, [cs, l], which the reverse sweep of "
        "the chunk's build reads; the primal decodes each path in its own iteration",
}


DERIVATIVE = re.compile(r"\b(grad|vjp|jvp|valueAndGrad) \(")


def programs():
    found = []
    for pattern in ("samples/**/*.arr", "tests/bench/*.arr", "tools/gradbench/evals/*.arr"):
        found += sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))
    return found


def derivative_entries(arrc, program):
    """The entries whose core IR takes a derivative."""
    done = subprocess.run([arrc, program, "--dump-after=core"], capture_output=True, text=True,
                          timeout=600)
    entries, current = set(), None
    for line in done.stdout.splitlines():
        if line.startswith("entry "):
            current = line.split()[1]
        if current and DERIVATIVE.search(line):
            entries.add(current)
    return entries


def check_report(arrc):
    with tempfile.TemporaryDirectory() as work:
        program = os.path.join(work, "small.arr")
        with open(program, "w") as out:
            out.write("entry outer(a: [n]f64, b: [m]f64) =\n"
                      "  let t = build([n, m], \\i j -> a[i] * b[j]) in (sum(t), t)\n")
        entries = report_of(arrc, program)
        lines = [line for *_, line in entries.get("outer", [])]
        want = ["  receives a_0 f64[n]", "  receives b_1 f64[m]", "  returns out0_2 f64[m]",
                "  returns out1_3 f64[n, m]"]
        report(lines[:4] == want and any(re.fullmatch(r"  allocates t_\d+ f64\[n, m\]", line)
                                         for line in lines[4:]),
               "the report lists the parameters, the results and the [n, m] temporary",
               "\n".join(lines))


def main():
    arrc = arrc_argument(__doc__)
    check_report(arrc)
    for program in programs():
        name = os.path.relpath(program, ROOT)
        # Sizes of each program's own: a program added to the list changes no other's.
        rng = random.Random(f"37 {name}")
        derivatives = derivative_entries(arrc, program)
        entries = report_of(arrc, program)
        objectives = [entry for entry in entries if entry not in derivatives]
        if not derivatives or not objectives:
            print(f"SKIP {name}: {'no derivative' if not derivatives else 'no objective'}")
            continue
        names = size_names(entries)
        for trial in range(3):
            sizes = {size: rng.randint(100, 300) for size in sorted(names)}
            largest = largest_by_entry(arrc, program, sizes,
                                       exempt=lambda array: array.startswith("out_"))
            objective = max(largest[entry]["all"] for entry in objectives)
            for entry in sorted(derivatives):
                allocated = largest[entry]["allocated"]
                bound = max(objective, largest[entry]["interface"])
                if (name, entry) in ALLOWED:
                    continue
                report(allocated <= 1.25 * bound,
                       f"{name} {entry} (sizes {trial + 1}): allocates at most {allocated} "
                       f"bytes, its objectives' and its own parameters' and results' largest "
                       f"array is {bound}", "\n".join(largest[entry]["report"]))
    for (name, entry), why in ALLOWED.items():
        print(f"ALLOWED {name} {entry}: {why}")
    sys.exit(summary())


if __name__ == "__main__":
    main()
