#!/usr/bin/env python3
"""Gradient checks of `arrc`'s automatic differentiation, run through `arrc --interpret`
or through native executables.

Usage: gradcheck.py --arrc PATH [--jobs N] [--extra=ARG ...]
                    [--compiled [--opt=-ON] [--threads N]] FILE.arr [FILE.arr ...]

With --compiled (--native is a synonym), each program is compiled once with
`arrc FILE -o EXE [--opt] [-D ...] [--extra ...]` per distinct set of DEFINEs its
checks use, and every run of the checks (the gradient entries, the primal entries and
all finite-difference evaluations) executes that executable instead of starting
`arrc --interpret`. With --threads N the executable runs with `--threads N`.

A test program declares its checks in comments. Inputs are random (seeded by the
file name and the line of the check, so runs are reproducible) and described by
shapes: `[]` or `f64` (a scalar), `[3]`, `[2,3]`, optionally followed by an element
type (`[3]f32`, `[2]i64`, `[2]bool`; f64 when omitted) and by an input-specific
range `@lo:hi` (`[3]@0.5:2`, `[4]i64@-2:6`). Floats are uniform in the current
RANGE (default [-1, 1]); i64 inputs are integers in [0, 3] unless a range is given;
bools are random. A tuple parameter takes one shape per component (the inputs are
read as consecutive values). A shape prefixed with `~` (`~[3]`) is a float input
held constant: it is not differentiated (like a variable captured by the lambda
given to grad), so the gradient entry returns nothing for it.

    -- CHECK-GRAD: loss dloss SHAPES...
        `loss` is a float scalar function of the inputs; `dloss` returns the gradient
        of `loss` with respect to every float input, in order (as `grad` does). Each
        element of the gradient is compared with a central finite difference of
        `loss` (two runs of `loss` per float input element):
            |g_ad - g_fd| <= rtol * max(|g_ad|, |g_fd|) + atol
        f64 inputs: h = 1e-6, rtol = 1e-5, atol = 1e-7.
        f32 inputs: h = 1e-2, rtol = 2e-2, atol = 2e-3.
    -- CHECK-VG: loss vgEntry SHAPES...
        `vgEntry` is valueAndGrad(loss-body): its first result must equal `loss`
        (relative 1e-12) and the rest is checked like CHECK-GRAD.
    -- CHECK-VJP-JVP: f vjpEntry jvpEntry SHAPES...
        `f` has any float result (a tuple is fine); `vjpEntry(x.., w)` returns the
        cotangents of the float inputs for the output cotangent `w`, and
        `jvpEntry(x.., v..)` returns (f(x), J v) for tangents `v` of the float
        inputs. Checks that jvp's primal equals f(x), that <w, J v> = <J^T w, v>
        (relative 1e-10, plus 1e-13 |w|_1 |v|_1 for rounding when J is near zero;
        1e-4 and 1e-6 with f32 inputs) for random v and w, and that J v agrees with
        a central finite difference of f along v.
    -- CHECK-JVP: f jvpEntry SHAPES...
        CHECK-VJP-JVP without a vjp: jvp's primal equals f(x) and J v agrees with a
        central finite difference of f along random tangents v (for functions
        differentiated in forward mode only).
    -- CHECK-EQUAL: entryA entryB SHAPES...
        Both entries give the same results on the same random inputs
        (relative 1e-12, or the current TOL).
    -- CHECK-OUTPUT: entry
    -- INPUT: text values (any number of lines)
    -- EXPECT: text values (any number of lines)
        Runs `entry` on the given inputs; the results must equal the expected
        values exactly (numbers compared as floats; nan equals nan), or within
        the current TOL when one is set.

Settings, which apply to the checks after them in the file (`default` resets):
    -- RANGE: lo hi          range of random float inputs
    -- STEP: h               finite-difference step
    -- TOL: rtol atol        tolerance of CHECK-GRAD, CHECK-VG, CHECK-EQUAL, CHECK-OUTPUT
    -- SEED: n               extra seed for the random inputs
    -- TIME-LIMIT: seconds   fail a check when one arrc run takes longer (a run is
                             stopped at twice the limit; compiled: also the compile);
                             multiplied by $ARR_TIME_SCALE when set (sanitizer builds)
    -- DEFINE: NAME=VALUE .. override constants (arrc -D NAME=VALUE) for the
                             checks after it; `default` removes the overrides

Prints one line per check and a final `N passed, M failed`; exits 1 on any failure.
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HARD_TIMEOUT = 300.0
# Sanitizer builds run several times slower (cmake/sanitizers/options.sh sets this).
TIME_SCALE = float(os.environ.get("ARR_TIME_SCALE", "1"))

# ----------------------------------------------------------------------------
# Values: nested lists of Python numbers with a shape and an element kind.


class Value:
    """An array value: shape (tuple), flat list of numbers, elem type name."""

    def __init__(self, shape, flat, elem):
        self.shape = tuple(shape)
        self.flat = list(flat)
        self.elem = elem  # 'f64', 'f32', 'i64', 'bool', or 'float'/'int' when parsed

    def is_float(self):
        return self.elem in ("f64", "f32", "float")

    def __repr__(self):
        return "Value(%s, %s, %s)" % (self.shape, self.elem, self.flat)


def f32_round(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def format_scalar(x, elem):
    if elem == "bool":
        return "true" if x else "false"
    if elem in ("i64", "int"):  # "int": parsed from text
        return str(int(x))
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    text = repr(float(x))
    if "." not in text and "e" not in text and "n" not in text:
        text += ".0"
    return text


def format_value(v):
    if any(d == 0 for d in v.shape):
        return "empty([%s]%s)" % (",".join(str(d) for d in v.shape), v.elem)
    if not v.shape:
        return format_scalar(v.flat[0], v.elem)

    def rec(dims, flat, offset):
        if len(dims) == 1:
            return "[" + ", ".join(format_scalar(flat[offset + i], v.elem) for i in range(dims[0])) + "]", offset + dims[0]
        parts = []
        for _ in range(dims[0]):
            text, offset = rec(dims[1:], flat, offset)
            parts.append(text)
        return "[" + ", ".join(parts) + "]", offset

    return rec(v.shape, v.flat, 0)[0]


TOKEN = re.compile(r"\s*(?:(\[)|(\])|(,)|(empty\(\[([0-9,\s]*)\]([a-z0-9]+)\))|(true|false)|"
                   r"(-?inf|nan|-nan|-?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?))")


class ParseError(Exception):
    pass


def parse_values(text):
    """Parses a stream of text-format values into a list of Values."""
    pos = 0
    values = []
    n = len(text)

    def next_token():
        nonlocal pos
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError("cannot parse output at: %r" % text[pos:pos + 40])
        pos = m.end()
        return m

    def parse_one(m):
        """Returns (shape, flat, kind) for the value starting at token m."""
        if m.group(1):
            elems = []
            while True:
                t = next_token()
                if t.group(2) and not elems:
                    raise ParseError("empty list literal in output")
                elems.append(parse_one(t))
                t = next_token()
                if t.group(2):
                    break
                if not t.group(3):
                    raise ParseError("expected , or ] in output")
            shape0 = elems[0][0]
            for e in elems:
                if e[0] != shape0:
                    raise ParseError("ragged array in output")
            kinds = {e[2] for e in elems}
            kind = "float" if "float" in kinds else kinds.pop()
            flat = [x for e in elems for x in e[1]]
            return (len(elems),) + shape0, flat, kind
        if m.group(4):
            dims = tuple(int(d) for d in m.group(5).replace(" ", "").split(",") if d)
            return dims, [], m.group(6)
        if m.group(7):
            return (), [m.group(7) == "true"], "bool"
        if m.group(8):
            tok = m.group(8)
            if tok in ("nan", "-nan"):
                return (), [float("nan")], "float"
            if tok in ("inf", "-inf"):
                return (), [float(tok)], "float"
            if "." in tok or "e" in tok or "E" in tok:
                return (), [float(tok)], "float"
            return (), [int(tok)], "int"
        raise ParseError("unexpected token %r in output" % m.group(0))

    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        m = next_token()
        shape, flat, kind = parse_one(m)
        values.append(Value(shape, flat, kind))
    return values


def is_float_kind(elem):
    return elem in ("f64", "f32", "float")


# ----------------------------------------------------------------------------
# Input specifications.

SPEC = re.compile(r"^(~)?(\[[0-9,\s]*\])?(f64|f32|i64|bool)?(?:@(-?[0-9.eE+-]+):(-?[0-9.eE+-]+))?$")


class InputSpec:
    def __init__(self, text):
        m = SPEC.match(text)
        if not m or (m.group(2) is None and m.group(3) is None):
            raise ValueError("bad input shape %r (expected e.g. [3], [2,3]f32, [4]i64, []@0.1:2, ~[3])" % text)
        self.constant = m.group(1) is not None
        dims = m.group(2) or "[]"
        self.shape = tuple(int(d) for d in dims[1:-1].replace(" ", "").split(",") if d)
        self.elem = m.group(3) or "f64"
        self.range = (float(m.group(4)), float(m.group(5))) if m.group(4) is not None else None
        self.text = text

    def size(self):
        s = 1
        for d in self.shape:
            s *= d
        return s

    def is_float(self):
        """Whether the input is differentiated (a float input not marked ~)."""
        return self.elem in ("f64", "f32") and not self.constant


def random_value(spec, rng, default_range):
    n = spec.size()
    if spec.elem == "bool":
        flat = [rng.random() < 0.5 for _ in range(n)]
    elif spec.elem == "i64":
        lo, hi = spec.range if spec.range else (0, 3)
        flat = [rng.randint(int(lo), int(hi)) for _ in range(n)]
    else:
        lo, hi = spec.range if spec.range else default_range
        flat = [rng.uniform(lo, hi) for _ in range(n)]
        if spec.elem == "f32":
            flat = [f32_round(x) for x in flat]
    return Value(spec.shape, flat, spec.elem)


# ----------------------------------------------------------------------------
# Running arrc.


class RunError(Exception):
    pass


class Runner:
    """Runs entries of one program: through `arrc --interpret` (one arrc process per
    run), or with --compiled through executables compiled by arrc, one per distinct
    set of DEFINEs (`executables` maps the tuple of -D arguments to its path)."""

    def __init__(self, arrc, path, extra, jobs, executables=None, threads=None):
        self.arrc = arrc
        self.path = path
        self.extra = extra
        self.executables = executables
        self.executable = None  # the executable of the current check (compiled mode)
        self.defines = ()  # -D arguments of the current check
        self.threads = threads
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs))
        self.runs = 0
        self.max_time = 0.0
        self.max_time_entry = None
        self.time_limit = None

    def reset_stats(self):
        self.runs = 0
        self.max_time = 0.0
        self.max_time_entry = None

    def select(self, defines):
        """Sets the -D arguments (a tuple) of the runs that follow."""
        self.defines = defines
        if self.executables is not None:
            self.executable = self.executables[defines]

    def command(self, entry):
        if self.executable:
            threads = ["--threads", str(self.threads)] if self.threads else []
            return [self.executable, "--entry", entry] + threads
        return [self.arrc, "--interpret", self.path, "--entry", entry] + list(self.defines) + self.extra

    def run_text(self, entry, stdin_text):
        cmd = self.command(entry)
        start = time.monotonic()
        # Under a TIME-LIMIT, a run is stopped at twice the limit (it has failed by then).
        timeout = HARD_TIMEOUT if self.time_limit is None else min(HARD_TIMEOUT, 2 * self.time_limit + 1)
        try:
            proc = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            if self.time_limit is not None:
                raise RunError("%s --entry %s was stopped after %.0f s (TIME-LIMIT %.1f s)" % (
                    "the compiled program" if self.executable else "arrc --interpret", entry, timeout,
                    self.time_limit))
            raise RunError("%s timed out after %.0f s" % (" ".join(cmd), timeout))
        except OSError as e:
            raise RunError("cannot run %s: %s" % (self.arrc, e))
        elapsed = time.monotonic() - start
        self.runs += 1
        if elapsed > self.max_time:
            self.max_time = elapsed
            self.max_time_entry = entry
        if proc.returncode != 0:
            msg = (proc.stderr or proc.stdout).strip().splitlines()
            raise RunError("%s --entry %s exited with status %d: %s\n  stdin: %s" % (
                "the compiled program" if self.executable else "arrc --interpret", entry, proc.returncode, "\n    ".join(msg[:8]) or "(no message)",
                stdin_text.strip().replace("\n", " | ")[:300]))
        try:
            return parse_values(proc.stdout)
        except ParseError as e:
            raise RunError("entry %s: %s\n  output: %s" % (entry, e, proc.stdout[:300]))

    def run(self, entry, values):
        return self.run_text(entry, "".join(format_value(v) + "\n" for v in values))

    def run_many(self, jobs):
        """jobs: list of (entry, values); returns list of results (or raises the first RunError)."""
        futures = [self.pool.submit(self.run, entry, values) for entry, values in jobs]
        return [f.result() for f in futures]


# ----------------------------------------------------------------------------
# Checks.


class CheckFailure(Exception):
    pass


def describe_index(shape, flat_index):
    if not shape:
        return "(scalar)"
    idx = []
    for d in reversed(shape):
        idx.append(flat_index % d)
        flat_index //= d
    return "[" + ",".join(str(i) for i in reversed(idx)) + "]"


def close(a, b, rtol, atol):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= rtol * max(abs(a), abs(b)) + atol


def fmt(x):
    return "%.17g" % x if isinstance(x, float) else str(x)


class Settings:
    def __init__(self):
        self.range = (-1.0, 1.0)
        self.step = None
        self.tol = None
        self.seed = 0
        self.time_limit = None
        self.defines = ()  # ("-D", "NAME=VALUE", ...)

    def copy(self):
        s = Settings()
        s.__dict__.update(self.__dict__)
        return s


def rng_for(path, line, settings):
    key = "%s:%d:%d" % (os.path.basename(path), line, settings.seed)
    return random.Random(zlib.crc32(key.encode()))


def make_inputs(specs, rng, settings):
    return [random_value(s, rng, settings.range) for s in specs]


def fd_params(spec, settings):
    if spec.elem == "f32":
        h, rtol, atol = 1e-2, 2e-2, 2e-3
    else:
        h, rtol, atol = 1e-6, 1e-5, 1e-7
    if settings.step is not None:
        h = settings.step
    if settings.tol is not None:
        rtol, atol = settings.tol
    return h, rtol, atol


def perturbed(x, delta, elem):
    y = x + delta
    return f32_round(y) if elem == "f32" else y


def scalar_of(values, entry):
    if len(values) != 1 or values[0].shape != () or not is_float_kind(values[0].elem):
        raise CheckFailure("entry %s must return one float scalar, got %d value(s): %s" % (
            entry, len(values), ", ".join("%s%s" % (list(v.shape), v.elem) for v in values)))
    return values[0].flat[0]


def finite_difference_check(runner, loss, specs, inputs, grads, settings, label):
    """Compares grads (list of Values, one per float input) with central differences."""
    float_idx = [k for k, s in enumerate(specs) if s.is_float()]
    if len(grads) != len(float_idx):
        raise CheckFailure("%s returned %d value(s) but there are %d float input(s)" % (label, len(grads), len(float_idx)))
    for g, k in zip(grads, float_idx):
        if g.shape != specs[k].shape:
            raise CheckFailure("%s: gradient %d has shape %s but input %d has shape %s" % (
                label, float_idx.index(k), list(g.shape), k, list(specs[k].shape)))
        if not g.is_float():
            raise CheckFailure("%s: gradient of input %d is not a float array (%s)" % (label, k, g.elem))
    jobs = []
    meta = []
    for g, k in zip(grads, float_idx):
        spec = specs[k]
        h, _, _ = fd_params(spec, settings)
        for e in range(spec.size()):
            x = inputs[k].flat[e]
            xp, xm = perturbed(x, h, spec.elem), perturbed(x, -h, spec.elem)
            for xv in (xp, xm):
                vals = list(inputs)
                flat = list(inputs[k].flat)
                flat[e] = xv
                vals[k] = Value(spec.shape, flat, spec.elem)
                jobs.append((loss, vals))
            meta.append((k, e, xp - xm))
    results = runner.run_many(jobs)
    failures = []
    worst = 0.0
    for j, (k, e, dx) in enumerate(meta):
        fp = scalar_of(results[2 * j], loss)
        fm = scalar_of(results[2 * j + 1], loss)
        fd = (fp - fm) / dx
        gi = grads[float_idx.index(k)].flat[e]
        _, rtol, atol = fd_params(specs[k], settings)
        if not close(gi, fd, rtol, atol):
            failures.append("input %d (%s) element %s: grad %s, finite difference %s (|diff| %.3g; x = %s)" % (
                k, specs[k].text, describe_index(specs[k].shape, e), fmt(gi), fmt(fd), abs(gi - fd),
                fmt(inputs[k].flat[e])))
        elif not (math.isnan(gi) or math.isinf(gi)):
            scale = max(abs(gi), abs(fd), 1e-300)
            worst = max(worst, abs(gi - fd) / scale if scale > atol else 0.0)
    if failures:
        shown = failures[:12]
        more = len(failures) - len(shown)
        raise CheckFailure("%d of %d gradient element(s) disagree with finite differences:\n      %s%s" % (
            len(failures), len(meta), "\n      ".join(shown), "\n      ... %d more" % more if more else ""))
    return "%d element(s), max rel err %.2g" % (len(meta), worst)


def check_grad(runner, check, settings):
    loss, dloss = check.args[0], check.args[1]
    specs = check.specs
    rng = rng_for(runner.path, check.line, settings)
    inputs = make_inputs(specs, rng, settings)
    base, grads = runner.run_many([(loss, inputs), (dloss, inputs)])
    f0 = scalar_of(base, loss)
    if not math.isfinite(f0):
        raise CheckFailure("%s is not finite (%s) at the random point; adjust RANGE" % (loss, fmt(f0)))
    return finite_difference_check(runner, loss, specs, inputs, grads, settings, dloss)


def check_vg(runner, check, settings):
    loss, vg = check.args[0], check.args[1]
    specs = check.specs
    rng = rng_for(runner.path, check.line, settings)
    inputs = make_inputs(specs, rng, settings)
    base, out = runner.run_many([(loss, inputs), (vg, inputs)])
    f0 = scalar_of(base, loss)
    if not out:
        raise CheckFailure("%s returned nothing" % vg)
    v0 = scalar_of(out[:1], vg)
    if not close(v0, f0, 1e-12, 0.0):
        raise CheckFailure("value of %s is %s but %s returns %s" % (vg, fmt(v0), loss, fmt(f0)))
    return finite_difference_check(runner, loss, specs, inputs, out[1:], settings, vg)


def dot(a_values, b_values):
    """Sum of elementwise products and of their absolute values."""
    s = 0.0
    m = 0.0
    for a, b in zip(a_values, b_values):
        for x, y in zip(a.flat, b.flat):
            s += x * y
            m += abs(x * y)
    return s, m


def check_jvp(runner, check, settings):
    return check_vjp_jvp(runner, check, settings, with_vjp=False)


def check_vjp_jvp(runner, check, settings, with_vjp=True):
    if with_vjp:
        f, vjp_entry, jvp_entry = check.args[0], check.args[1], check.args[2]
    else:
        f, vjp_entry, jvp_entry = check.args[0], None, check.args[1]
    specs = check.specs
    rng = rng_for(runner.path, check.line, settings)
    inputs = make_inputs(specs, rng, settings)
    float_idx = [k for k, s in enumerate(specs) if s.is_float()]
    any_f32 = any(specs[k].elem == "f32" for k in float_idx)
    rnd = f32_round if any_f32 else (lambda x: x)
    outputs = runner.run(f, inputs)
    if not outputs:
        raise CheckFailure("%s returned nothing" % f)
    ws = []
    for o in outputs:
        if o.is_float():
            ws.append(Value(o.shape, [rnd(rng.uniform(-1, 1)) for _ in o.flat], "f32" if any_f32 else "f64"))
        elif o.elem in ("int", "i64"):
            ws.append(Value(o.shape, [0] * len(o.flat), "i64"))
        else:
            ws.append(Value(o.shape, [False] * len(o.flat), "bool"))
    vs = [Value(specs[k].shape, [rnd(rng.uniform(-1, 1)) for _ in range(specs[k].size())], specs[k].elem)
          for k in float_idx]
    h = 1e-2 if any_f32 else 1e-6
    if settings.step is not None:
        h = settings.step
    plus, minus = list(inputs), list(inputs)
    for v, k in zip(vs, float_idx):
        plus[k] = Value(specs[k].shape, [x + h * d for x, d in zip(inputs[k].flat, v.flat)], specs[k].elem)
        minus[k] = Value(specs[k].shape, [x - h * d for x, d in zip(inputs[k].flat, v.flat)], specs[k].elem)
    if with_vjp:
        ct, jv, fp, fm = runner.run_many([(vjp_entry, inputs + ws), (jvp_entry, inputs + vs), (f, plus), (f, minus)])
    else:
        jv, fp, fm = runner.run_many([(jvp_entry, inputs + vs), (f, plus), (f, minus)])
        ct = [Value(specs[k].shape, [0.0] * specs[k].size(), specs[k].elem) for k in float_idx]
    if len(ct) != len(float_idx):
        raise CheckFailure("%s returned %d value(s) but there are %d float input(s)" % (vjp_entry, len(ct), len(float_idx)))
    for c, k in zip(ct, float_idx):
        if c.shape != specs[k].shape:
            raise CheckFailure("%s: cotangent of input %d has shape %s, expected %s" % (vjp_entry, k, list(c.shape), list(specs[k].shape)))
    nout = len(outputs)
    float_out = [i for i, o in enumerate(outputs) if o.is_float()]
    if len(jv) == 2 * nout:
        primal, tangent = jv[:nout], jv[nout:]
    elif len(jv) == nout + len(float_out):
        # Tangents of the float results only (integer results have none).
        primal = jv[:nout]
        tangent = list(outputs)
        for i, t in zip(float_out, jv[nout:]):
            tangent[i] = t
    else:
        raise CheckFailure("%s returned %d value(s); expected %d (the primal result then its tangent)" % (
            jvp_entry, len(jv), 2 * nout))
    prim_tol = 1e-6 if any_f32 else 1e-12
    for i, (a, b) in enumerate(zip(primal, outputs)):
        if a.shape != b.shape or not all(close(x, y, prim_tol, 0.0) for x, y in zip(a.flat, b.flat)):
            raise CheckFailure("primal result %d of %s is %s but %s returns %s" % (i, jvp_entry, format_value(a), f, format_value(b)))
    for i, (t, o) in enumerate(zip(tangent, outputs)):
        if t.shape != o.shape:
            raise CheckFailure("tangent %d of %s has shape %s but the result has shape %s" % (i, jvp_entry, list(t.shape), list(o.shape)))
    lhs, lm = dot([w for w, o in zip(ws, outputs) if o.is_float()], [t for t, o in zip(tangent, outputs) if o.is_float()])
    rhs, rm = dot(ct, vs)
    rel = 1e-4 if any_f32 else 1e-10
    # Rounding noise when J is (nearly) zero: an absolute floor scaled by |w|_1 |v|_1.
    floor = (1e-6 if any_f32 else 1e-13) * sum(abs(x) for w in ws for x in w.flat if w.is_float()) \
        * sum(abs(x) for v in vs for x in v.flat)
    if with_vjp and not abs(lhs - rhs) <= rel * max(lm, rm, abs(lhs), abs(rhs)) + floor + 1e-300:
        raise CheckFailure("<w, J v> = %s (from %s) but <J^T w, v> = %s (from %s)" % (fmt(lhs), jvp_entry, fmt(rhs), vjp_entry))
    # J v against a central difference of f along v.
    frtol, fatol = (2e-2, 2e-3) if any_f32 else (1e-5, 1e-7)
    if settings.tol is not None:
        frtol, fatol = settings.tol
    bad = []
    for i, (t, o, a, b) in enumerate(zip(tangent, outputs, fp, fm)):
        if not o.is_float():
            continue
        for e, (tv, pa, pb) in enumerate(zip(t.flat, a.flat, b.flat)):
            fd = (pa - pb) / (2 * h)
            if not close(tv, fd, frtol, fatol):
                bad.append("result %d element %s: jvp %s, finite difference %s" % (i, describe_index(o.shape, e), fmt(tv), fmt(fd)))
    if bad:
        raise CheckFailure("J v disagrees with finite differences along v:\n      " + "\n      ".join(bad[:12]))
    if not with_vjp:
        return "J v agrees with finite differences (%d float result(s))" % len(float_out)
    return "<w,Jv> = %.6g, rel diff %.2g" % (lhs, abs(lhs - rhs) / max(lm, rm, 1e-300))


def check_equal(runner, check, settings):
    a, b = check.args[0], check.args[1]
    rng = rng_for(runner.path, check.line, settings)
    inputs = make_inputs(check.specs, rng, settings)
    ra, rb = runner.run_many([(a, inputs), (b, inputs)])
    rtol, atol = settings.tol if settings.tol is not None else (1e-12, 1e-14)
    if len(ra) != len(rb):
        raise CheckFailure("%s returns %d value(s) but %s returns %d" % (a, len(ra), b, len(rb)))
    for i, (x, y) in enumerate(zip(ra, rb)):
        if x.shape != y.shape or not all(close(p, q, rtol, atol) for p, q in zip(x.flat, y.flat)):
            raise CheckFailure("result %d differs: %s gives %s, %s gives %s (inputs: %s)" % (
                i, a, format_value(x), b, format_value(y), " ".join(format_value(v) for v in inputs)))
    return "%d value(s) agree" % len(ra)


def check_output(runner, check, settings):
    entry = check.args[0]
    out = runner.run_text(entry, "".join(l + "\n" for l in check.input_lines))
    try:
        expected = parse_values("\n".join(check.expect_lines))
    except ParseError as e:
        raise CheckFailure("bad EXPECT: %s" % e)
    if len(out) != len(expected):
        raise CheckFailure("%s returned %d value(s), expected %d" % (entry, len(out), len(expected)))
    for i, (x, y) in enumerate(zip(out, expected)):
        if settings.tol is not None:
            same = x.shape == y.shape and all(close(float(p), float(q), settings.tol[0], settings.tol[1])
                                              for p, q in zip(x.flat, y.flat))
        else:
            same = x.shape == y.shape and all(
                (math.isnan(p) and math.isnan(q)) if isinstance(p, float) and math.isnan(p) else float(p) == float(q)
                for p, q in zip(x.flat, y.flat))
        if not same:
            raise CheckFailure("result %d of %s is %s, expected %s (input: %s)" % (
                i, entry, format_value(x), format_value(y), " ".join(check.input_lines)))
    return "%d value(s) as expected" % len(out)


CHECKS = {
    "CHECK-GRAD": (check_grad, 2),
    "CHECK-VG": (check_vg, 2),
    "CHECK-VJP-JVP": (check_vjp_jvp, 3),
    "CHECK-JVP": (check_jvp, 2),
    "CHECK-EQUAL": (check_equal, 2),
    "CHECK-OUTPUT": (check_output, 1),
}


class Check:
    def __init__(self, kind, line, args, specs, settings):
        self.kind = kind
        self.line = line
        self.args = args
        self.specs = specs
        self.settings = settings
        self.input_lines = []
        self.expect_lines = []


DIRECTIVE = re.compile(r"^\s*--\s*([A-Z][A-Z-]*):(.*)$")
ARG_TOKENS = re.compile(r"~?\[[^\]]*\][A-Za-z0-9]*(?:@\S+)?|\S+")


def parse_checks(path):
    checks = []
    settings = Settings()
    errors = []
    with open(path, encoding="utf-8") as source:
        for lineno, line in enumerate(source, 1):
            m = DIRECTIVE.match(line.rstrip("\n"))
            if not m:
                continue
            key, rest = m.group(1), m.group(2).strip()
            try:
                if key in CHECKS:
                    tokens = ARG_TOKENS.findall(rest)
                    nargs = CHECKS[key][1]
                    if len(tokens) < nargs:
                        raise ValueError("%s needs %d entry name(s)" % (key, nargs))
                    specs = [InputSpec(t) for t in tokens[nargs:]]
                    if key == "CHECK-OUTPUT" and specs:
                        raise ValueError("CHECK-OUTPUT takes INPUT: and EXPECT: lines, not shapes")
                    checks.append(Check(key, lineno, tokens[:nargs], specs, settings.copy()))
                elif key == "INPUT" or key == "EXPECT":
                    if not checks or checks[-1].kind != "CHECK-OUTPUT":
                        raise ValueError("%s: outside a CHECK-OUTPUT" % key)
                    (checks[-1].input_lines if key == "INPUT" else checks[-1].expect_lines).append(rest)
                elif key == "RANGE":
                    if rest == "default":
                        settings.range = (-1.0, 1.0)
                    else:
                        lo, hi = rest.split()
                        settings.range = (float(lo), float(hi))
                elif key == "STEP":
                    settings.step = None if rest == "default" else float(rest)
                elif key == "TOL":
                    if rest == "default":
                        settings.tol = None
                    else:
                        rtol, atol = rest.split()
                        settings.tol = (float(rtol), float(atol))
                elif key == "SEED":
                    settings.seed = 0 if rest == "default" else int(rest)
                elif key == "TIME-LIMIT":
                    settings.time_limit = None if rest == "default" else float(rest) * TIME_SCALE
                elif key == "DEFINE":
                    if rest == "default":
                        settings.defines = ()
                    else:
                        defines = []
                        for item in rest.split():
                            if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=\S+$", item):
                                raise ValueError("DEFINE takes NAME=VALUE items, got %r" % item)
                            defines += ["-D", item]
                        settings.defines = tuple(defines)
                # Other upper-case comment keys are ignored.
            except ValueError as e:
                errors.append("%s:%d: %s" % (path, lineno, e))
    return checks, errors


def run_file(args, path):
    checks, errors = parse_checks(path)
    passed = failed = 0
    name = os.path.basename(path)
    for e in errors:
        print("ERROR %s" % e)
        failed += 1
    if not checks and not errors:
        print("ERROR %s: no checks (CHECK-GRAD, CHECK-VG, CHECK-VJP-JVP, CHECK-JVP, CHECK-EQUAL, CHECK-OUTPUT)" % path)
        return 0, 1
    # Type-check the program once, so that an invalid program gives one clear error.
    try:
        proc = subprocess.run([args.arrc, path], capture_output=True, text=True, timeout=HARD_TIMEOUT)
        if proc.returncode != 0:
            print("FAIL  %s: arrc rejects the program (status %d):\n    %s" % (
                name, proc.returncode, "\n    ".join((proc.stderr or proc.stdout).strip().splitlines()[:20])))
            print("      (%d check(s) not run)" % len(checks))
            return passed, failed + len(checks)
    except (OSError, subprocess.TimeoutExpired) as e:
        print("FAIL  %s: cannot run %s: %s" % (name, args.arrc, e))
        return passed, failed + len(checks)
    executables = None
    tmpdir = None
    if args.compiled:
        # Compile once per distinct set of DEFINEs; every run then executes the program.
        tmpdir = tempfile.mkdtemp(prefix="gradcheck-")
        executables = {}
        limits = [c.settings.time_limit for c in checks if c.settings.time_limit is not None]
        compile_failed = []
        for number, defines in enumerate(dict.fromkeys(c.settings.defines for c in checks)):
            executable = os.path.join(tmpdir, "%s_%d" % (os.path.splitext(name)[0], number))
            cmd = [args.arrc, path, "-o", executable] + ([args.opt] if args.opt else []) + list(defines) + args.extra
            # Under a TIME-LIMIT, a compile is stopped at twice the limit, like a run.
            timeout = HARD_TIMEOUT if not limits else min(HARD_TIMEOUT, 2 * min(limits) + 1)
            start = time.monotonic()
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                proc = subprocess.CompletedProcess(cmd, "timeout", "", "stopped after %.0f s%s" % (
                    timeout, " (TIME-LIMIT %.1f s)" % min(limits) if limits else ""))
            elapsed = time.monotonic() - start
            if proc.returncode != 0:
                status = proc.returncode
                print("FAIL  %s: %s %s:\n    %s" % (
                    name, " ".join(cmd),
                    "was killed by signal %d" % -status if isinstance(status, int) and status < 0
                    else "timed out" if status == "timeout" else "exited with status %s" % status,
                    "\n    ".join((proc.stderr or proc.stdout).strip().splitlines()[:20])))
                compile_failed.append(defines)
                continue
            executables[defines] = executable
            print("      compiled %s%s (%.2f s)" % (name, " " + " ".join(defines) if defines else "", elapsed))
            if limits and elapsed > min(limits):
                print("FAIL  %s: compiling%s took %.2f s (TIME-LIMIT %.1f s)" % (
                    name, " with " + " ".join(defines) if defines else "", elapsed, min(limits)))
                failed += 1
        if compile_failed:
            skipped = [c for c in checks if c.settings.defines in compile_failed]
            print("      (%d check(s) not run)" % len(skipped))
            failed += len(skipped)
            checks = [c for c in checks if c.settings.defines not in compile_failed]
    runner = Runner(args.arrc, path, args.extra, args.jobs, executables, args.threads)
    for check in checks:
        runner.reset_stats()
        runner.time_limit = check.settings.time_limit
        runner.select(check.settings.defines)
        start = time.monotonic()
        label = "%s:%d %s %s" % (name, check.line, check.kind, " ".join(check.args))
        try:
            detail = CHECKS[check.kind][0](runner, check, check.settings)
            limit = check.settings.time_limit
            if limit is not None and runner.max_time > limit:
                raise CheckFailure("%s --entry %s took %.2f s (limit %.1f s)" % (
                    "the compiled program" if runner.executable else "arrc --interpret",
                    runner.max_time_entry, runner.max_time, limit))
            passed += 1
            print("PASS  %s: %s (%d runs, %.1f s)" % (label, detail, runner.runs, time.monotonic() - start))
        except (CheckFailure, RunError) as e:
            failed += 1
            print("FAIL  %s\n    %s" % (label, e))
        sys.stdout.flush()
    runner.pool.shutdown()
    if tmpdir:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return passed, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrc", required=True, help="path of the arrc binary")
    parser.add_argument("--jobs", type=int, default=2, help="arrc processes to run at once (default 2)")
    parser.add_argument("--extra", action="append", default=[], help="an extra argument for arrc (repeatable)")
    parser.add_argument("--compiled", "--native", dest="compiled", action="store_true",
                        help="compile each program once (per distinct DEFINE set) with `arrc FILE -o EXE` "
                             "and run the executable instead of `arrc --interpret`")
    parser.add_argument("--opt", choices=["-O0", "-O1", "-O2", "-O3"],
                        help="with --compiled: the optimisation level (arrc's default when omitted)")
    parser.add_argument("--threads", type=int, help="with --compiled: run executables with --threads N")
    parser.add_argument("files", nargs="+", metavar="FILE.arr")
    args = parser.parse_args()
    passed = failed = 0
    for path in args.files:
        p, f = run_file(args, path)
        passed += p
        failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
