#!/usr/bin/python3
"""Fits the two-layer perceptron of mlp.arr to a smooth function of two inputs by
gradient descent on the gradient Arr compiled, printing the loss as it falls.

    /usr/bin/python3 samples/python/fit.py [--steps 400] [--every 40] [--rate 0.2]

Run from a checkout after the build (the `arr` package is in python/, arrc in
build/), or anywhere once the project is installed with pip; elsewhere, put
python/ on PYTHONPATH and arrc on PATH or in $ARRC.
"""

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.join(HERE, "..", "..", "python")
if os.path.isdir(os.path.join(CHECKOUT, "arr")):  # else the installed package (pip install .)
    sys.path.insert(0, CHECKOUT)
import arr  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--every", type=int, default=40, help="print the loss every N steps")
    parser.add_argument("--rate", type=float, default=0.2, help="the learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    examples, hidden = 256, 32
    # Two inputs and a constant 1, which gives the hidden units their biases.
    points = rng.uniform(-1.0, 1.0, (examples, 2))
    xs = np.hstack([points, np.ones((examples, 1))])
    ys = (np.sin(3.0 * points[:, 0]) * np.cos(2.0 * points[:, 1]))[:, None]
    w1 = rng.standard_normal((hidden, 3)) * np.sqrt(2.0 / 3.0)
    w2 = rng.standard_normal((1, hidden)) * np.sqrt(1.0 / hidden)

    model = arr.compile(os.path.join(HERE, "mlp.arr"))
    for name, signature in model.signatures.items():
        print("entry %s%s" % (name, signature))
    for step in range(args.steps + 1):
        loss, (g1, g2) = model.error_and_grad(w1, w2, xs, ys)
        if step % args.every == 0 or step == args.steps:
            print("step %4d  loss %.6f" % (step, loss))
        w1 -= args.rate * g1
        w2 -= args.rate * g2
    print("final loss %.6f (the mean of y^2 is %.6f)" % (model.error(w1, w2, xs, ys), np.mean(ys**2)))


if __name__ == "__main__":
    main()
