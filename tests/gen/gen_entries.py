"""Whole random programs and their checks (used by gen.py; not run directly).

`ProgramGenerator(rng).program(native)` returns a `Program`: helper functions,
one or two primal entries (each with two random-size runs, and with `native` a
run on large inputs), usually a scalar loss with a grad or valueAndGrad entry
(a def, or a lambda capturing some parameters) and a function with vjp and jvp
entries. Expressions come from gen_program.Generator.
"""

import random
import re

from gen_ast import FLOATS, Dim, Expr, Function, TupleType, Type
from gen_program import Generator, Scope, binop, pick


# Entry names from the runtime's namespace: the C name of entry NAME is arr_NAME, and the
# runtime's functions were arr_alloc, arr_free, ... before they moved out of the way
# (runtime/Abi.h); arr_last_error still is one. Generated code's own symbols too
# (arr.call.NAME, arr.entry.NAME).
RUNTIME_ENTRY_NAMES = ["alloc", "free", "set_error", "set_threads", "parallel_for",
                       "parallel_max_chunks", "pow_i64", "entry_table", "entry_count",
                       "set_negative_dimension_error", "last_error", "call_main0", "entry_main0"]


def _count(t, sizes):
    count = 1
    for d in t.concrete(sizes):
        count *= d
    return count


class Program:
    def __init__(self, functions, checks, note=""):
        self.functions = functions
        self.checks = checks
        self.note = note

    def render(self):
        """The program text; `{body:NAME}` in a text body is NAME's body (lambda forms)."""
        bodies = {f.name: f.body.render() for f in self.functions if f.body is not None}
        return "".join(re.sub(r"\{body:(\w+)\}", lambda m: bodies[m.group(1)], f.render())
                       for f in self.functions)


class Check:
    """kind: 'run' (entry), 'grad' or 'vg' (value entry, gradient entry), 'vjp-jvp'
    (f, vjp entry, jvp entry); params: the entry's (name, Type) list; sizes: size
    variable values; inputs: one gradcheck Value per parameter, filled in by gen.py;
    constant: names of float parameters that are not differentiated."""

    def __init__(self, kind, entries, params, sizes, seed, constant=()):
        self.kind = kind
        self.entries = list(entries)
        self.params = list(params)
        self.sizes = dict(sizes)
        self.seed = seed
        self.constant = set(constant)
        self.inputs = None


class ProgramGenerator(Generator):

    def params(self, scope, count, elems=None, prefix="x"):
        """Entry parameters over the size variables of `scope` (plain names or constants)."""
        rng = self.rng
        params = []
        for index in range(count):
            rank = pick(rng, [(2, 0), (4, 1), (3, 2), (1, 3)])
            dims = [Dim.var(rng.choice(scope.sizes)) if rng.random() < 0.75 else Dim.const(rng.randint(1, 3))
                    for _ in range(rank)]
            elem = elems[index] if elems else self.elem()
            params.append(("%s%d" % (prefix, index), Type(elem, dims)))
        return params

    def sizes(self, params, low, high):
        """Size variable values in [low, high]; with low = 0, sometimes up to 20 (vector
        loops with a remainder), as long as no input gets more than 4000 elements."""
        rng = self.rng
        names = sorted({v for _, t in params for d in t.shape for v in d.variables()})
        for _ in range(10):
            sizes = {n: (rng.randint(low, high) if rng.random() > 0.1 else low) for n in names}
            if low == 0:
                sizes = {n: rng.randint(5, 20) if rng.random() < 0.3 else v for n, v in sizes.items()}
            if all(_count(t, sizes) <= 4000 for _, t in params):
                return sizes
        return {n: low for n in names}

    def big_sizes(self, params, result):
        """One size variable large (for parallel loops), the others small, as long as
        no input and no result gets more than 100000 elements; None when there is no
        such choice."""
        rng = self.rng
        names = sorted({v for _, t in params for d in t.shape for v in d.variables()})
        rng.shuffle(names)
        types = [t for _, t in params] + list(result.parts if isinstance(result, TupleType) else [result])
        for name in names:
            sizes = {n: rng.randint(1, 3) for n in names}
            sizes[name] = rng.randint(2000, 6000)
            if all(_count(t, sizes) <= 100000 for t in types):
                return sizes
        return None

    def body(self, result, scope, budget, involve=False):
        """An expression of type `result`; with `involve`, one that combines a parameter."""
        self.budget = int(budget * self.scale)
        term = self.p_use(result, scope, self.max_depth - 1) if involve else None
        if term is None:
            return self.expr(result, scope, self.max_depth)
        if self.rng.random() < 0.6:
            term = binop(self.rng.choice(["+", "*"]), result, term, self.expr(result, scope, self.max_depth - 1))
        return term

    def program(self, native=False):
        rng = self.rng
        # Names drawn by a generator of their own: the programs of a seed stay as they were.
        names = random.Random(repr(rng.getstate()[1][:8]))
        runtime_names = names.sample(RUNTIME_ENTRY_NAMES, 2) if names.random() < 0.3 else []
        functions, checks = [], []
        all_sizes = rng.sample(["n", "m", "k"], rng.randint(1, 3))
        base = Scope({}, all_sizes)
        for index in range(rng.randint(1, 2)):
            self.smooth = False
            params = self.params(base, rng.randint(1, 4))
            scope = Scope(params, sorted({v for _, t in params for d in t.shape for v in d.variables()}))
            result = self.type(scope, max_rank=3)
            body = self.body(result, scope, 40)
            if rng.random() < 0.2:
                second = self.type(scope, max_rank=2)
                body = Expr("tuple", TupleType([result, second]), [body, self.body(second, scope, 15)])
                result = body.type
            name = runtime_names[index] if runtime_names else "main%d" % index
            if rng.random() < 0.25:
                functions.append(Function("def", "f%d" % index, params, result, body))
                functions.append(Function("entry", name, params, result,
                                          text="f%d(%s)" % (index, ", ".join(n for n, _ in params))))
            else:
                functions.append(Function("entry", name, params, result, body))
            for _ in range(2):
                checks.append(Check("run", [name], params, self.sizes(params, 0, 4), rng.randrange(1 << 30)))
            if native:
                big = self.big_sizes(params, result)
                if big:
                    checks.append(Check("run", [name], params, big, rng.randrange(1 << 30)))
                    checks[-1].big = True  # the tolerance is set once the program is known
        if rng.random() < 0.7:
            self.loss(base, functions, checks)
        if rng.random() < 0.5:
            self.vjp_jvp(base, functions, checks)
        program = Program(self.helpers + functions, checks)
        # Two threads split sums: f32 partial sums differ far more than f64 ones.
        tolerance = 1e-3 if "f32" in program.render() else 1e-9
        for check in checks:
            if getattr(check, "big", False):
                check.big = tolerance
        return program

    def smooth_params(self, base):
        rng = self.rng
        single = rng.random() < 0.15
        floats = ["f32" if single else "f64"] * rng.randint(1, 3)
        others = [rng.choice(["i64", "bool"]) for _ in range(pick(rng, [(3, 0), (2, 1)]))]
        params = self.params(base, len(floats) + len(others), floats + others)
        for index, (name, t) in enumerate(params):
            if t.elem in FLOATS and t.rank() > 2:
                params[index] = (name, Type(t.elem, t.shape[:2]))
        return params, "f32" if single else "f64"

    def loss(self, base, functions, checks):
        rng = self.rng
        self.smooth = True
        params, elem = self.smooth_params(base)
        scope = Scope(params, sorted({v for _, t in params for d in t.shape for v in d.variables()}))
        body = self.body(Type(elem), scope, 25, involve=True)
        sizes = self.sizes(params, 1, 2)
        names = [n for n, _ in params]
        value, gradient = "loss_v", "loss_g"
        kind = "vg" if rng.random() < 0.25 else "grad"
        operator = "valueAndGrad" if kind == "vg" else "grad"
        floats = [n for n, t in params if t.elem in FLOATS]
        constant = []
        if rng.random() < 0.4:
            # A lambda over some of the parameters; the other float parameters are captured.
            chosen = [n for n in names if n not in floats or rng.random() < 0.6]
            if not any(n in floats for n in chosen):
                chosen.append(floats[0])
            chosen = [n for n in names if n in chosen]
            constant = [n for n in floats if n not in chosen]
            functions.append(Function("entry", value, params, Type(elem), body))
            functions.append(Function("entry", gradient, params, None, text="%s(\\%s -> {body:%s})(%s)" % (
                operator, " ".join(chosen), value, ", ".join(chosen))))
        else:
            functions.append(Function("def", "loss", params, Type(elem), body))
            functions.append(Function("entry", value, params, Type(elem), text="loss(%s)" % ", ".join(names)))
            functions.append(Function("entry", gradient, params, None,
                                      text="%s(loss)(%s)" % (operator, ", ".join(names))))
        checks.append(Check(kind, [value, gradient], params, sizes, rng.randrange(1 << 30),
                            constant))

    def vjp_jvp(self, base, functions, checks):
        rng = self.rng
        self.smooth = True
        params, elem = self.smooth_params(base)
        scope = Scope(params, sorted({v for _, t in params for d in t.shape for v in d.variables()}))
        source = rng.choice([t for _, t in params if t.elem in FLOATS])
        result = Type(elem, source.shape[rng.randint(0, source.rank()):])
        body = self.body(result, scope, 25, involve=True)
        names = [n for n, _ in params]
        floats = [(n, t) for n, t in params if t.elem in FLOATS]
        functions.append(Function("def", "fn", params, result, body))
        functions.append(Function("entry", "fn_v", params, result, text="fn(%s)" % ", ".join(names)))
        functions.append(Function("entry", "fn_vjp", params + [("w", result)], None,
                                  text="vjp(fn)(%s, w)" % ", ".join(names)))
        tangents = [("t%d" % i, t) for i, (_, t) in enumerate(floats)]
        functions.append(Function("entry", "fn_jvp", params + tangents, None, text="jvp(fn)(%s)" % ", ".join(
            names + [n for n, _ in tangents])))
        check = Check("vjp-jvp", ["fn_v", "fn_vjp", "fn_jvp"], params, self.sizes(params, 1, 3),
                      rng.randrange(1 << 30))
        check.result = result
        checks.append(check)
