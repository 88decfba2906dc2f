#!/usr/bin/python3
"""Trains the two-layer perceptron of mlp.arr with a PyTorch optimiser, its loss
being the Arr entry `error` and the loss's gradient the entry `error_grad`
(arr.torch.function), printing the loss as it falls.

    /usr/bin/python3 samples/python/torch_train.py [--steps 300] [--every 30] [--rate 0.02]

The weights are nn.Parameters of an nn.Module; Adam updates them from the
gradients Arr computes. Needs PyTorch (Debian: apt-get install python3-torch).
Run from a checkout after the build (the `arr` package is in python/, arrc in
build/), or anywhere once the project is installed with pip.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.join(HERE, "..", "..", "python")
if os.path.isdir(os.path.join(CHECKOUT, "arr")):
    sys.path.insert(0, CHECKOUT)
import arr  # noqa: E402

try:
    import torch
except ImportError:
    sys.exit("torch_train.py needs PyTorch (Debian: apt-get install python3-torch)")
import arr.torch  # noqa: E402


class Perceptron(torch.nn.Module):
    """Two weight matrices; the forward pass and the loss are one Arr entry."""

    def __init__(self, inputs, hidden, outputs, loss):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(hidden, inputs, dtype=torch.float64) * (2.0 / inputs) ** 0.5)
        self.w2 = torch.nn.Parameter(torch.randn(outputs, hidden, dtype=torch.float64) * (1.0 / hidden) ** 0.5)
        self.loss = loss

    def forward(self, xs, ys):
        return self.loss(self.w1, self.w2, xs, ys)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--every", type=int, default=30, help="print the loss every N steps")
    parser.add_argument("--rate", type=float, default=0.02, help="Adam's learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    examples, hidden = 256, 32
    # Two inputs and a constant 1, which gives the hidden units their biases.
    points = torch.rand(examples, 2, dtype=torch.float64) * 2 - 1
    xs = torch.cat([points, torch.ones(examples, 1, dtype=torch.float64)], dim=1)
    ys = (torch.sin(3.0 * points[:, 0]) * torch.cos(2.0 * points[:, 1]))[:, None]

    program = arr.compile(os.path.join(HERE, "mlp.arr"))
    loss = arr.torch.function(program, "error", grad="error_grad")
    model = Perceptron(3, hidden, 1, loss)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.rate)
    losses = []
    for step in range(args.steps + 1):
        optimiser.zero_grad()
        value = model(xs, ys)
        losses.append(value.item())
        if step % args.every == 0 or step == args.steps:
            print("step %4d  loss %.6f" % (step, value.item()))
        if step < args.steps:
            value.backward()  # w1.grad and w2.grad from the entry error_grad
            optimiser.step()
    print("final loss %.6f (the mean of y^2 is %.6f)" % (losses[-1], (ys**2).mean().item()))
    if not losses[-1] < losses[0] / 5:
        sys.exit("the loss did not fall enough: %.6f -> %.6f" % (losses[0], losses[-1]))


if __name__ == "__main__":
    main()
