#!/usr/bin/python3
"""PyTorch baselines of tests/bench (driven by run.py; not a test).

    /usr/bin/python3 tests/bench/torch_bench.py PROGRAM THREADS MAX_RUNS BUDGET_S OUT INPUT.npy...

PROGRAM is one of dot, matmul, matmul_product, mlp, selfconv, conv2d, gmm; the inputs are the
same .npy files, in the same order, as the Arr entry's parameters. With
torch.set_num_threads(THREADS), CPU, float64, it times the primal (the scalar
loss under torch.no_grad()) and the gradient (the forward pass with autograd
then torch.autograd.grad with respect to the same parameters as the Arr
gradient entry), each call with time.perf_counter: one untimed warm-up call,
then as many calls as fit in BUDGET_S seconds (at least 3, at most MAX_RUNS;
a warm-up longer than the budget is the only measurement). It writes the last
primal value to OUT_primal.npy and the gradient components to OUT_grad_I.npy,
and prints one JSON object on standard output: median times in ms, run counts,
the torch version, the BLAS libraries mapped into the process and the kernel
OpenBLAS chose (OPENBLAS_CORETYPE, which run.py sets, overrides its choice). A
program without a gradient (matmul_product, the product itself) has grad_ms null.
"""

import ctypes
import json
import math
import os
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F


def dot(a, b):
    return torch.dot(a, b)


def matmul_loss(a, b, c):
    return ((a @ b - c) ** 2).sum()


def matmul_product(a, b):
    return a @ b


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


# name -> (loss function, indices of the differentiated inputs; None: no gradient)
PROGRAMS = {
    "dot": (dot, [0, 1]),
    "matmul": (matmul_loss, [0, 1]),
    "matmul_product": (matmul_product, None),
    "mlp": (mlp_loss, [0, 1, 2, 3, 4, 5]),
    "selfconv": (self_conv, [0]),
    "conv2d": (conv2d_loss, [0, 1]),
    "gmm": (gmm_objective, [0, 1, 2, 3]),
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


def openblas_core():
    """The kernel OpenBLAS chose (openblas_get_corename), when an OpenBLAS is mapped."""
    for library in blas_libraries():
        if "openblas" not in os.path.basename(library).lower():
            continue
        try:
            get = ctypes.CDLL(library).openblas_get_corename
        except (OSError, AttributeError):
            continue
        get.restype = ctypes.c_char_p
        return get().decode()
    return None


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
    grad_ms, grad_runs, grads = measure(gradient, max_runs, budget) if wrt else (None, 0, [])
    np.save(out + "_primal.npy", value.numpy())
    for index, component in enumerate(grads):
        np.save(f"{out}_grad_{index}.npy", component.numpy())
    json.dump({"primal_ms": primal_ms, "primal_runs": primal_runs, "grad_ms": grad_ms,
               "grad_runs": grad_runs, "torch": torch.__version__,
               "threads": torch.get_num_threads(), "blas": blas_libraries(),
               "openblas_core": openblas_core()}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
