#!/usr/bin/env python3
"""Convert an ADBench LSTM input file to the inputs of samples/lstm/lstm.arr.

    convert.py INPUT.txt OUTDIR

writes, in parameter order of the entries `objective` and `objective_grad`:

    OUTDIR/0_mainParams.npy   [l,2,4,b]  f64   per layer: the 4b weights, then the 4b
                                               biases (gates forget, input, output, change)
    OUTDIR/1_extraParams.npy  [3,b]      f64   input weights, output weights, output biases
    OUTDIR/2_state.npy        [l,2,b]    f64   per layer: hidden state, then cell state
    OUTDIR/3_sequence.npy     [c,b]      f64   the characters, b bits each

The ADBench format (FileFormat.md): "l c b", then 2l lines of 4b main parameters
(for each layer a line of weights and a line of biases), 3 lines of b extra
parameters, 2l lines of b state values (hidden, cell per layer) and c lines of b
sequence values. Every array keeps ADBench's order: the reshapes only name the
axes, so a gradient flattened in C order is ADBench's gradient vector.

As a module: `read_adbench(path)` returns a dict of the arrays and the sizes,
and `write_inputs(problem, outdir)` writes the files and returns their paths.
"""

import os
import sys

import numpy as np

PARAMS = ["mainParams", "extraParams", "state", "sequence"]


def read_adbench(path):
    with open(path, encoding="utf-8") as source:
        toks = source.read().split()
    if len(toks) < 3:
        raise ValueError(f"{path}: expected 'l c b' first")
    l, c, b = int(toks[0]), int(toks[1]), int(toks[2])
    if l < 1 or c < 1 or b < 1:
        raise ValueError(f"{path}: sizes l={l} c={c} b={b} must be positive")
    pos = 3

    def take(count, what):
        nonlocal pos
        if pos + count > len(toks):
            raise ValueError(f"{path}: file ends in the {what}")
        vals = np.array([float(t) for t in toks[pos:pos + count]], dtype=np.float64)
        pos += count
        return vals

    main = take(2 * l * 4 * b, "main parameters").reshape(l, 2, 4, b)
    extra = take(3 * b, "extra parameters").reshape(3, b)
    state = take(2 * l * b, "state").reshape(l, 2, b)
    sequence = take(c * b, "sequence").reshape(c, b)
    if pos != len(toks):
        raise ValueError(f"{path}: {len(toks) - pos} values after the sequence")
    return {"l": l, "c": c, "b": b, "mainParams": main, "extraParams": extra,
            "state": state, "sequence": sequence}


def write_inputs(problem, outdir):
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for i, name in enumerate(PARAMS):
        p = os.path.join(outdir, f"{i}_{name}.npy")
        np.save(p, np.ascontiguousarray(problem[name]))
        paths.append(p)
    return paths


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: convert.py INPUT.txt OUTDIR\n")
        return 2
    problem = read_adbench(argv[1])
    for p in write_inputs(problem, argv[2]):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
