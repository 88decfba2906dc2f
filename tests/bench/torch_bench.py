#!/usr/bin/python3
"""PyTorch baselines of tests/bench (driven by run.py; not a test).

    /usr/bin/python3 tests/bench/torch_bench.py PROGRAM THREADS MAX_RUNS BUDGET_S OUT INPUT.npy...

PROGRAM is one of dot, matmul, mlp, selfconv, conv2d, gmm, lstm; the inputs are the
same .npy files, in the same order, as the Arr entry's parameters. With
torch.set_num_threads(THREADS), CPU, float64, it times the primal (the scalar
loss under torch.no_grad()) and the gradient (the forward pass with autograd
then torch.autograd.grad with respect to the same parameters as the Arr
gradient entry), each call with time.perf_counter: one untimed warm-up call,
then as many calls as fit in BUDGET_S seconds (at least 3, at most MAX_RUNS;
a warm-up longer than the budget is the only measurement). It writes the last
primal value to OUT_primal.npy and the gradient components to OUT_grad_I.npy,
and prints one JSON object on standard output: median times in ms, run counts,
the torch version and the BLAS libraries mapped into the process.
"""

import json
import math
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F


def dot(a, b):
    return torch.dot(a, b)


def matmul_sum(a, b):
    return (a @ b).sum()


def mlp_loss(w1, b1, w2, b2, w3, b3, x, labels):
    hidden = torch.relu(x @ w1 + b1)
    hidden = torch.relu(hidden @ w2 + b2)
    return F.cross_entropy(hidden @ w3 + b3, labels)


def self_conv(a):
    return (a * torch.flip(a, [0])).sum()


def conv2d_loss(w, b, x):
    y = F.conv2d(x.unsqueeze(0), w, b, padding=1)
    return (y * y).sum()


def gmm_objective(alphas, means, qs, ls, x, gamma, m, lgsum):
    """ADBench's GMM objective, as samples/gmm/gmm.arr defines it, vectorised:
    Q_k = diag(exp(qs_k)) + the strictly lower triangle ls_k (column-major)."""
    k, d = means.shape
    n = x.shape[0]
    rows = [r for c in range(d) for r in range(c + 1, d)]
    cols = [c for c in range(d) for r in range(c + 1, d)]
    components = torch.arange(k).unsqueeze(1)
    lower = torch.zeros(k, d, d, dtype=x.dtype).index_put(
        (components, torch.tensor(rows).unsqueeze(0), torch.tensor(cols).unsqueeze(0)), ls)
    q = lower + torch.diag_embed(torch.exp(qs))
    centred = x.unsqueeze(1) - means.unsqueeze(0)  # [n, k, d]
    qx = torch.einsum("kij,nkj->nki", q, centred)
    sum_qs = qs.sum(1)
    slse = torch.logsumexp(alphas + sum_qs - 0.5 * (qx * qx).sum(2), 1).sum()
    gamma, m, lgsum = float(gamma), float(m), float(lgsum)
    constant = -n * d * 0.5 * math.log(2 * math.pi)
    nw = d + m + 1
    c = nw * d * (math.log(gamma) - 0.5 * math.log(2)) - (
        0.25 * d * (d - 1) * math.log(math.pi) + lgsum)
    frobenius = (torch.exp(qs) ** 2).sum(1) + (ls * ls).sum(1)
    prior = (0.5 * gamma * gamma * frobenius - m * sum_qs).sum() - k * c
    return constant + slse - n * torch.logsumexp(alphas, 0) + prior


def lstm_objective(main, extra, state, sequence):
    """ADBench's LSTM objective, as samples/lstm/lstm.arr defines it: a Python loop over
    the characters and layers; per layer the input-driven gates (forget, output) and the
    hidden-driven ones (input, change) are computed two at a time from strided views of
    main [l,2,4,b]."""
    layers, b = main.shape[0], main.shape[3]
    steps = sequence.shape[0] - 1
    x_weights, x_biases = main[:, 0, 0::2], main[:, 1, 0::2]  # [l,2,b]: forget, output
    h_weights, h_biases = main[:, 0, 1::2], main[:, 1, 1::2]  # [l,2,b]: input, change
    hidden = [state[k, 0] for k in range(layers)]
    cell = [state[k, 1] for k in range(layers)]
    inputs = sequence[:-1] * extra[0]
    total = 0.0
    for t in range(steps):
        x = inputs[t]
        for k in range(layers):
            forget_out = torch.sigmoid(torch.addcmul(x_biases[k], x, x_weights[k]))
            hz = torch.addcmul(h_biases[k], hidden[k], h_weights[k])
            cell[k] = cell[k] * forget_out[0] + torch.sigmoid(hz[0]) * torch.tanh(hz[1])
            hidden[k] = forget_out[1] * torch.tanh(cell[k])
            x = hidden[k]
        ypred = torch.addcmul(extra[2], x, extra[1])
        lse = torch.log(torch.exp(ypred).sum() + 2.0)
        total = total + (sequence[t + 1] * (ypred - lse)).sum()
    return -total / (steps * b)


# name -> (loss function, indices of the differentiated inputs)
PROGRAMS = {
    "dot": (dot, [0, 1]),
    "matmul": (matmul_sum, [0, 1]),
    "mlp": (mlp_loss, [0, 1, 2, 3, 4, 5]),
    "selfconv": (self_conv, [0]),
    "conv2d": (conv2d_loss, [0, 1]),
    "gmm": (gmm_objective, [0, 1, 2, 3]),
    "lstm": (lstm_objective, [0, 1]),
}


def measure(call, max_runs, budget):
    """Median ms of `call` and the number of timed runs, after one warm-up call."""
    start = time.perf_counter()
    result = call()
    first = time.perf_counter() - start
    if first > budget:
        return first * 1000.0, 1, result
    runs = max(3, min(max_runs, int(budget / max(first, 1e-6))))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0, runs, result


def blas_libraries():
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            return sorted({line.split()[-1] for line in maps if "blas" in line.lower()})
    except OSError:
        return []


def main(argv):
    if len(argv) < 7 or argv[1] not in PROGRAMS:
        sys.stderr.write(__doc__)
        return 2
    name, threads, max_runs, budget, out = argv[1], int(argv[2]), int(argv[3]), float(argv[4]), argv[5]
    torch.set_num_threads(threads)
    function, wrt = PROGRAMS[name]
    inputs = [torch.from_numpy(np.load(path)) for path in argv[6:]]

    def primal():
        with torch.no_grad():
            return function(*inputs)

    def gradient():
        leaves = list(inputs)
        for index in wrt:
            leaves[index] = inputs[index].detach().requires_grad_(True)
        loss = function(*leaves)
        return torch.autograd.grad(loss, [leaves[index] for index in wrt])

    primal_ms, primal_runs, value = measure(primal, max_runs, budget)
    grad_ms, grad_runs, grads = measure(gradient, max_runs, budget)
    np.save(out + "_primal.npy", value.numpy())
    for index, component in enumerate(grads):
        np.save(f"{out}_grad_{index}.npy", component.numpy())
    json.dump({"primal_ms": primal_ms, "primal_runs": primal_runs, "grad_ms": grad_ms,
               "grad_runs": grad_runs, "torch": torch.__version__,
               "threads": torch.get_num_threads(), "blas": blas_libraries()}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
