#!/usr/bin/python3
"""Seed corpora for the fuzz targets, from the test suite (used by cmake/fuzz.sh).

    /usr/bin/python3 tests/fuzz/make_corpus.py OUTDIR

Writes OUTDIR/frontend: every .arr file of tests/, samples/ and stdlib/, and
programs with huge, overflowing, negative and subtracted sizes (HUGE_PROGRAMS);
OUTDIR/stdlib/prelude.arr: the prelude's most used functions (sum, map, dot, ...;
fuzz_frontend parses and checks the prelude for every input, and the whole one
makes it several times slower); and
OUTDIR/inputs: each value of the `-- INPUT:` and `-- GEN-INPUT:` lines of the
test programs as text, and .npy files of every element type at ranks 0 to 3
(empty, Fortran-order, big-endian and version-2.0 ones too), and empty arrays
whose other dimensions are near 2^63 as text and .npy headers, each behind the
selector byte fuzz_inputs.cpp expects (bit 0: .npy; bits 1-2: element type
f64, f32, i64, bool; bits 3-4: the rank expected from text; bits 5-6: read as an
executable's input file through a pipe, a FIFO or a regular file, which the
.npy and text seeds of ranks 0 to 2 and a header claiming 4 GiB are also given
as). Needs NumPy.
"""

import glob
import hashlib
import io
import os
import re
import sys

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DTYPES = {"f64": 0, "f32": 1, "i64": 2, "bool": 3}


def write(directory, content):
    name = hashlib.sha1(content).hexdigest()[:16]
    with open(os.path.join(directory, name), "wb") as out:
        out.write(content)


def text_selector(dtype, rank, channel=0):
    return bytes([(DTYPES[dtype] << 1) | (min(rank, 3) << 3) | (channel << 5)])


CHANNELS = (1, 2, 3)  # fuzz_inputs.cpp's pipe, FIFO and regular input file


def split_values(line):
    """Top-level values of a text-format line: brackets and empty(...) kept whole."""
    values, depth, current = [], 0, ""
    for word in re.findall(r"empty\([^)]*\)|\[|\]|,|[^\s\[\],]+", line):
        if word == "[":
            depth += 1
        elif word == "]":
            depth -= 1
        current += word + ("" if word in "[" else " ")
        if depth == 0 and word != ",":
            values.append(current.strip())
            current = ""
    return [v for v in values if v]


def value_types(value):
    """(dtype, rank) pairs worth trying for a text value."""
    match = re.match(r"empty\(\[([0-9,\s]*)\](\w+)\)", value)
    if match:
        return [(match.group(2), len(match.group(1).split(",")))] if match.group(2) in DTYPES else []
    rank = len(value) - len(value.lstrip("["))
    if "true" in value or "false" in value:
        return [("bool", rank)]
    if re.search(r"[.eE]|nan|inf", value):
        return [("f64", rank), ("f32", rank)]
    return [("i64", rank), ("f64", rank)]


def npy_bytes(array, version=None):
    buffer = io.BytesIO()
    if version is None:
        np.save(buffer, array)
    else:
        np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


FUZZ_PRELUDE = ["sum", "onesLike", "mean", "map", "map2", "dot", "matmul", "maximum", "concat", "take"]


def small_prelude():
    """The functions of stdlib/prelude.arr named in FUZZ_PRELUDE, with their comments."""
    with open(os.path.join(ROOT, "stdlib", "prelude.arr"), encoding="utf-8") as source:
        text = source.read()
    kept = []
    for block in re.split(r"\n\n+", text):
        match = re.search(r"^def (\w+)", block, re.M)
        if match and match.group(1) in FUZZ_PRELUDE:
            kept.append(block.strip() + "\n")
    return "\n".join(kept)


def npy_header_only(descr, shape):
    """A version 1.0 .npy file announcing `shape` without its data (huge shapes)."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d, " % d for d in shape) if len(shape) != 1 else "%d," % shape[0])
    padded = header + " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + len(padded).to_bytes(2, "little") + padded.encode("latin-1")


# Sizes near 2^63 (issue 23): empty arrays whose other dimensions are huge, and programs
# whose sizes overflow, are negative, or come from subtractions and broadcasting.
HUGE_SHAPES = [(2**63 - 1, 0), (2**62, 0), (2**61, 0, 3), (2**32, 2**31, 0), (3037000500, 0),
               (0, 2**63 - 1), (2**40, 2**40)]
HUGE_PROGRAMS = [
    "entry main(x: [n, m]f64): f64 =\n"
    "  let t = build([n], \\i -> f64(i) * 0.5) in t[n - 1] + maximum(t) + t[0]\n",
    "entry main(x: [n, m]f64): [n * n]f64 = build([n * n], \\i -> 1.0)\n",
    "entry main(x: [n, m]f64, y: [n * n]f64): f64 = sum(y)\n",
    "def n = 4294967296\nentry main(x: [n, n, 0]f64): [n * n]f64 = build([n * n], \\i -> 1.0)\n",
    "entry main(x: [4611686018427387904 * 2]f64): f64 = x[0]\n",
    "entry main(x: [9223372036854775807 + 1 - 1]f64): f64 = x[0]\n",
    "def rest(x: [3 + m]f64): i64 = m\nentry main(x: [2]f64): i64 = rest(x)\n",
    "def first3(x: [n]f64): [3]f64 = take(3, x)\nentry main(x: [2]f64) = first3(x)\n",
    "entry main(x: [n - 1]f64, y: [2 * n - 1]f64): [n - 2]f64 = build([n - 2], \\i -> x[i] + y[i])\n",
    "entry main(a: [b, n]f64, v: [n]f64, t: [p, b, n]f64): [p, b, n]f64 = a + v * t - max(v, a)\n",
    "entry main(x: [5 - n]f64): [n - 5]f64 = build([n - 5], \\i -> 1.0)\n",
]


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = sys.argv[1]
    frontend, inputs = os.path.join(out, "frontend"), os.path.join(out, "inputs")
    os.makedirs(frontend, exist_ok=True)
    os.makedirs(inputs, exist_ok=True)
    os.makedirs(os.path.join(out, "stdlib"), exist_ok=True)
    with open(os.path.join(out, "stdlib", "prelude.arr"), "w", encoding="utf-8") as prelude:
        prelude.write(small_prelude())
    sources = [p for d in ("tests", "samples", "stdlib")
               for p in glob.glob(os.path.join(ROOT, d, "**", "*.arr"), recursive=True)]
    for path in sources:
        with open(path, "rb") as source:
            content = source.read()
        write(frontend, content)
        for line in content.decode("utf-8", "replace").splitlines():
            match = re.match(r"\s*-- (?:GEN-)?INPUT:(.*)$", line)
            if not match:
                continue
            for value in split_values(match.group(1))[:8]:
                for dtype, rank in value_types(value)[:2]:
                    write(inputs, text_selector(dtype, rank) + value.encode())
    rng = np.random.default_rng(1)
    for dtype, numpy_type in (("f64", "<f8"), ("f32", "<f4"), ("i64", "<i8"), ("bool", "|b1")):
        for shape in ((), (3,), (2, 3), (2, 1, 2), (0,), (2, 0)):
            array = (rng.standard_normal(shape) * 10).astype(numpy_type)
            text = repr(array.tolist()).replace("True", "true").replace("False", "false")
            write(inputs, b"\x01" + npy_bytes(array))
            write(inputs, text_selector(dtype, len(shape)) + text.encode())
            if len(shape) <= 2:
                for channel in CHANNELS:
                    write(inputs, text_selector(dtype, len(shape), channel) + npy_bytes(array))
                    write(inputs, text_selector(dtype, len(shape), channel) + text.encode())
        matrix = (rng.standard_normal((2, 3)) * 10).astype(numpy_type)
        write(inputs, b"\x01" + npy_bytes(np.asfortranarray(matrix)))
        write(inputs, b"\x01" + npy_bytes(matrix, version=(2, 0)))
        if numpy_type[0] == "<":
            write(inputs, b"\x01" + npy_bytes(matrix.astype(">" + numpy_type[1:])))
    for shape in HUGE_SHAPES:
        text = "empty([%s]f64)" % ",".join(str(d) for d in shape)
        write(inputs, text_selector("f64", len(shape)) + text.encode())
        write(inputs, b"\x01" + npy_header_only("<f8", shape))
    for channel in CHANNELS:
        write(inputs, text_selector("f64", 1, channel) + b"\x93NUMPY\x02\x00\xff\xff\xff\xff{")
    for program in HUGE_PROGRAMS:
        write(frontend, program.encode())
    print("corpus: %d source files, %d input seeds in %s" % (
        len(os.listdir(frontend)), len(os.listdir(inputs)), out))


if __name__ == "__main__":
    main()
