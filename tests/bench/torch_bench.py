#!/usr/bin/python3
"""PyTorch baselines of tests/bench (driven by run.py; not a test).

    /usr/bin/python3 tests/bench/torch_bench.py PROGRAM THREADS MAX_RUNS BUDGET_S OUT INPUT.npy...

PROGRAM is one of dot, matmul, matmul_product, mlp, selfconv, conv2d, gmm, lstm, pairwise,
gather_rows, rank1_fold, heat, cross_entropy, conv1d, recurrence; the inputs are the
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

    /usr/bin/python3 tests/bench/torch_bench.py NESTED THREADS MAX_RUNS BUDGET_S OUT MEASURE=A.npy,B.npy...

NESTED is one of rosenbrock, logistic, hessian (the nested-differentiation benchmarks,
issue #21): each MEASURE (an entry name of the Arr program) is timed on the listed
inputs the same way, its result written to OUT_MEASURE.npy; second derivatives use
double backward (create_graph=True), Hessians torch.autograd.functional.hessian. The
JSON object has {"measures": {MEASURE: {"ms", "runs"}}, ...}.
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


def pairwise(x):
    return torch.exp(-((x.unsqueeze(1) - x.unsqueeze(0)) ** 2).sum(2)).sum()


def gather_rows(cams, obs, u):
    c = cams[obs]
    return ((c[:, 0] * c[:, 1] + torch.sin(c[:, 2]) * c[:, 3]) * u).sum()


def rank1_fold(a, b):
    """The product as a loop of rank-1 updates, as rank1_fold.arr writes it."""
    acc = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype)
    for p in range(a.shape[1]):
        acc = acc + torch.outer(a[:, p], b[p])
    return (acc ** 2).sum()


def heat(u):
    for _ in range(100):
        left = F.pad(u[:-1], (1, 0))
        right = F.pad(u[1:], (0, 1))
        u = u + 0.1 * (left - 2.0 * u + right)
    return (u * u).sum()


def cross_entropy(logits, labels):
    m = logits.max(1).values
    picked = logits.gather(1, labels.unsqueeze(1)).squeeze(1)
    return (torch.log(torch.exp(logits - m.unsqueeze(1)).sum(1)) + m - picked).mean()


def conv1d(x, w):
    y = F.conv1d(x.t().unsqueeze(0), w.t().unsqueeze(0), padding=2)
    return (y * y).sum()


def recurrence(x, w):
    """The recurrent network of recurrence.arr: h <- tanh(w h + x[t]) from zeros, summed."""
    h = torch.zeros(x.shape[1], dtype=x.dtype)
    for t in range(x.shape[0]):
        h = torch.tanh(w @ h + x[t])
    return h.sum()


# name -> (loss function, indices of the differentiated inputs; None: no gradient)
PROGRAMS = {
    "dot": (dot, [0, 1]),
    "matmul": (matmul_loss, [0, 1]),
    "matmul_product": (matmul_product, None),
    "mlp": (mlp_loss, [0, 1, 2, 3, 4, 5]),
    "selfconv": (self_conv, [0]),
    "conv2d": (conv2d_loss, [0, 1]),
    "gmm": (gmm_objective, [0, 1, 2, 3]),
    "lstm": (lstm_objective, [0, 1]),
    "pairwise": (pairwise, [0]),
    "gather_rows": (gather_rows, [0]),
    "rank1_fold": (rank1_fold, [0, 1]),
    "heat": (heat, [0]),
    "cross_entropy": (cross_entropy, [0]),
    "conv1d": (conv1d, [0, 1]),
    "recurrence": (recurrence, [0, 1]),
}


# ---- nested differentiation (issue #21): derivatives of derivatives by double backward --

def rosenbrock(x):
    return (100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2).sum()


def logistic_loss(w, x, y):
    """Mean log(1 + exp(-y x.w)) + lambda/2 |w|^2, lambda = 1e-3, as logistic.arr."""
    return torch.log1p(torch.exp(-y * (x @ w))).mean() + 0.5e-3 * (w * w).sum()


def energy(x):
    """sum_{i,j} exp(-(x_i - x_j)^2) / n + sum x^4 / 4, as hessian.arr."""
    return torch.exp(-(x.unsqueeze(1) - x.unsqueeze(0)) ** 2).sum() / x.shape[0] + 0.25 * (x ** 4).sum()


def leaf(x):
    return x.detach().requires_grad_(True)


def value_of(function):
    def call(*inputs):
        with torch.no_grad():
            return function(*inputs)
    return call


def gradient_of(function):
    """The gradient with respect to the first input."""
    def call(first, *rest):
        x = leaf(first)
        return torch.autograd.grad(function(x, *rest), x)[0]
    return call


def double_backward_hvp(function):
    """H v with respect to the first input: the gradient with create_graph=True, then
    the gradient of <gradient, v>."""
    def call(first, v, *rest):
        x = leaf(first)
        g = torch.autograd.grad(function(x, *rest), x, create_graph=True)[0]
        return torch.autograd.grad(g, x, v)[0]
    return call


def functional_hessian(function):
    """torch.autograd.functional.hessian with respect to the first input (a reverse-mode
    Jacobian of the gradient computed with create_graph=True)."""
    def call(first, *rest):
        return torch.autograd.functional.hessian(lambda x: function(x, *rest), first)
    return call


def newton_step(w, x, y):
    """w - H^-1 g: the gradient with create_graph=True, the Hessian's rows by double
    backward, torch.linalg.solve."""
    v = leaf(w)
    g = torch.autograd.grad(logistic_loss(v, x, y), v, create_graph=True)[0]
    hessian = torch.stack([torch.autograd.grad(g[i], v, retain_graph=True)[0] for i in range(v.shape[0])])
    return w - torch.linalg.solve(hessian, g.detach())


# name -> {Arr entry name: function of the inputs, in the order the entry takes them};
# the inputs a measure takes are chosen by run.py (the Arr entry's parameters).
NESTED = {
    "rosenbrock": {
        "objective": value_of(rosenbrock),
        "gradient": gradient_of(rosenbrock),
        "hvp_fwd_rev": double_backward_hvp(rosenbrock),
        "hvp_rev_fwd": double_backward_hvp(rosenbrock),
    },
    "logistic": {
        "objective": value_of(logistic_loss),
        "gradient": gradient_of(logistic_loss),
        "hessian_of_loss": functional_hessian(logistic_loss),
        "newton_step": newton_step,
    },
    "hessian": {
        "objective": value_of(energy),
        "gradient": gradient_of(energy),
        "hessian_of_energy": functional_hessian(energy),
    },
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
def main_nested(name, threads, max_runs, budget, out, specs):
    """Each spec is MEASURE=I,J,..: the Arr entry MEASURE of NESTED[name] on the inputs
    with those indices. Writes OUT_MEASURE.npy (OUT_MEASURE_K.npy for tuples)."""
    torch.set_num_threads(threads)
    measured = {}
    loaded = {}
    for spec in specs:
        label, _, indices = spec.partition("=")
        inputs = []
        for path in indices.split(","):
            if path not in loaded:
                loaded[path] = torch.from_numpy(np.load(path))
            inputs.append(loaded[path])
        function = NESTED[name][label]
        ms, runs, result = measure(lambda: function(*inputs), max_runs, budget)
        if isinstance(result, tuple):
            for index, component in enumerate(result):
                np.save(f"{out}_{label}_{index}.npy", component.detach().numpy())
        else:
            np.save(f"{out}_{label}.npy", result.detach().numpy())
        measured[label] = {"ms": ms, "runs": runs}
    json.dump({"measures": measured, "torch": torch.__version__, "threads": torch.get_num_threads(),
               "blas": blas_libraries()}, sys.stdout)
    print()
    return 0


def main(argv):
    if len(argv) >= 7 and argv[1] in NESTED:
        return main_nested(argv[1], int(argv[2]), int(argv[3]), float(argv[4]), argv[5], argv[6:])
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
