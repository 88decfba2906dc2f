"""Types, sizes and expression trees of generated Arr programs (used by gen.py).

Not run directly. A `Dim` is a size polynomial (sums and products of size
variables and constants, kept canonical so that equal sizes compare equal), a
`Type` an element type with a shape, and an `Expr` a node of a generated
expression: an operator, its type, its sub-expressions and the names each
sub-expression binds (lambda indices, let names). `render` prints a program in
Arr's concrete syntax, fully parenthesised.
"""

ELEMS = ("f64", "f32", "i64", "bool")
NUMERIC = ("f64", "f32", "i64")
FLOATS = ("f64", "f32")


class Dim:
    """A polynomial over size variables with integer coefficients."""

    __slots__ = ("terms",)

    def __init__(self, terms):
        merged = {}
        for monomial, coef in (terms.items() if isinstance(terms, dict) else terms):
            key = tuple(sorted(monomial))
            merged[key] = merged.get(key, 0) + coef
        self.terms = tuple(sorted((m, c) for m, c in merged.items() if c != 0))

    @staticmethod
    def const(value):
        return Dim({(): value})

    @staticmethod
    def var(name):
        return Dim({(name,): 1})

    def __add__(self, other):
        return Dim(list(self.terms) + list(other.terms))

    def __mul__(self, other):
        return Dim([(a + b, c * d) for a, c in self.terms for b, d in other.terms])

    def __eq__(self, other):
        return isinstance(other, Dim) and self.terms == other.terms

    def __hash__(self):
        return hash(self.terms)

    def is_const(self):
        return all(not m for m, _ in self.terms)

    def variables(self):
        return sorted({v for m, _ in self.terms for v in m})

    def value(self, sizes):
        total = 0
        for monomial, coef in self.terms:
            product = coef
            for name in monomial:
                product *= sizes[name]
            total += product
        return total

    def factors(self):
        """Atoms whose product is this size (for reshape): constants and variables of
        a single monomial, or the whole size when it is a sum."""
        if len(self.terms) != 1:
            return [self] if self.terms else [Dim.const(0)]
        monomial, coef = self.terms[0]
        atoms = [Dim.var(v) for v in monomial]
        return atoms + [Dim.const(coef)] if coef != 1 or not atoms else atoms

    def substitute(self, mapping):
        """Replaces variables by sizes (a dict name -> Dim)."""
        result = Dim.const(0)
        for monomial, coef in self.terms:
            product = Dim.const(coef)
            for name in monomial:
                product = product * mapping.get(name, Dim.var(name))
            result = result + product
        return result

    def render(self):
        if not self.terms:
            return "0"
        parts = []
        for monomial, coef in reversed(self.terms):
            factors = list(monomial)
            if coef != 1 or not factors:
                factors = [str(coef)] + factors
            parts.append(" * ".join(factors))
        return " + ".join(parts)

    def __repr__(self):
        return "Dim(%s)" % self.render()


class Type:
    __slots__ = ("elem", "shape")

    def __init__(self, elem, shape=()):
        self.elem = elem
        self.shape = tuple(shape)

    def __eq__(self, other):
        return isinstance(other, Type) and self.elem == other.elem and self.shape == other.shape

    def __hash__(self):
        return hash((self.elem, self.shape))

    def rank(self):
        return len(self.shape)

    def scalar(self):
        return Type(self.elem)

    def with_elem(self, elem):
        return Type(elem, self.shape)

    def inner(self, count=1):
        return Type(self.elem, self.shape[count:])

    def outer(self, dims):
        return Type(self.elem, tuple(dims) + self.shape)

    def render(self):
        if not self.shape:
            return self.elem
        return "[%s]%s" % (", ".join(d.render() for d in self.shape), self.elem)

    def substitute(self, mapping):
        return Type(self.elem, [d.substitute(mapping) for d in self.shape])

    def concrete(self, sizes):
        return tuple(d.value(sizes) for d in self.shape)

    def __repr__(self):
        return "Type(%s)" % self.render()


class TupleType:
    """The type of a tuple (entry results only)."""

    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = tuple(parts)

    def __eq__(self, other):
        return isinstance(other, TupleType) and self.parts == other.parts

    def __hash__(self):
        return hash(self.parts)

    def render(self):
        return "(%s)" % ", ".join(p.render() for p in self.parts)


BOOL = Type("bool")
I64 = Type("i64")


class Expr:
    """op: the operator; kids: sub-expressions; binds: names bound in each kid (a list
    of lists, same length as kids); attrs: operator-specific data (names, dims, text)."""

    __slots__ = ("op", "type", "kids", "binds", "attrs")

    def __init__(self, op, type_, kids=(), binds=None, **attrs):
        self.op = op
        self.type = type_
        self.kids = list(kids)
        self.binds = binds if binds is not None else [[] for _ in self.kids]
        self.attrs = attrs

    def copy_with(self, kids):
        return Expr(self.op, self.type, kids, [list(b) for b in self.binds], **self.attrs)

    def size(self):
        return 1 + sum(k.size() for k in self.kids)

    def free_vars(self):
        names = set()
        if self.op == "var":
            names.add(self.attrs["name"])
        for dim in self.attrs.get("dims", ()):
            names.update(dim.variables())
        for kid, bound in zip(self.kids, self.binds):
            names.update(kid.free_vars() - set(bound))
        return names

    def render(self):
        return RENDER[self.op](self, [k.render() for k in self.kids])


def dims_text(dims):
    return "[" + ", ".join(d.render() for d in dims) + "]"


def lam(names, body):
    return "\\" + " ".join(names) + " -> " + body


def render_lit(e, _):
    text = e.attrs["text"]
    if e.type.elem == "f32" and not e.attrs.get("bare"):
        return "f32(%s)" % text
    return "(%s)" % text if text.startswith("-") else text


def render_bin(e, k):
    op = e.attrs["name"]
    if op in ("max", "min", "pow", "atan2"):
        return "%s(%s, %s)" % (op, k[0], k[1])
    return "(%s %s %s)" % (k[0], op, k[1])


def render_call(e, k):
    name = e.attrs["name"]
    args = []
    if "dims" in e.attrs and e.attrs.get("dims_arg", True):
        dims = e.attrs["dims"]
        args.append(dims_text(dims) if e.attrs.get("bracket", True) else dims[0].render())
    if "perm" in e.attrs:
        args.append("[" + ", ".join(str(p) for p in e.attrs["perm"]) + "]")
    for kid, bound in zip(k, e.binds):
        args.append(lam(bound, kid) if bound else kid)
    return "%s(%s)" % (e.attrs.get("callee") or name, ", ".join(args))


def render_gather(e, k):
    # kids: source, then one index expression per source dimension (all bound by the lambda).
    names = e.binds[1] if len(e.binds) > 1 else ["_"]
    return "%s(%s, %s, %s)" % (e.op, dims_text(e.attrs["dims"]), k[0],
                               lam(names, "[" + ", ".join(k[1:]) + "]"))


def render_index(e, k):
    return "%s[%s]" % (k[0] if e.kids[0].op in ("var", "call") else "(%s)" % k[0], ", ".join(k[1:]))


def render_map(e, k):
    # kids: the lambda body, then the arrays.
    return "%s(%s, %s)" % (e.attrs["name"], lam(e.binds[0], k[0]), ", ".join(k[1:]))


def render_let(e, k):
    return "(let %s = %s in %s)" % (e.binds[1][0], k[0], k[1])


def render_tuple_let(e, k):
    return "(let (%s) = (%s, %s) in %s)" % (", ".join(e.binds[2]), k[0], k[1], k[2])


def render_project(e, k):
    # build(dims, \i.. -> (K0, K1)).N: one component of a built tuple of arrays.
    return "build(%s, %s).%d" % (dims_text(e.attrs["dims"]), lam(e.binds[0], "(%s, %s)" % (k[0], k[1])),
                                 e.attrs["component"])


def render_loop(e, k):
    # fold/scan: step, init, xs; mapAccum: the step's two results, init, xs, then one
    # component of the result; iterate: step (index and state bound), init; while below.
    name = e.attrs["name"]
    if name == "while":
        # kids: the condition, the next state and the clock's advance (all over the state
        # and the clock, unpacked from the pair), then the initial state.
        pair, (state, clock) = e.attrs["pair"], e.binds[0]
        unpack = "let (%s, %s) = %s in " % (state, clock, pair)
        cond = lam([pair], "(%s%s)" % (unpack, k[0]))
        step = lam([pair], "(%s(%s, (%s + (1.0 + %s))))" % (unpack, k[1], clock, k[2]))
        return "(while(%d, %s, %s, (%s, 0.0))).0" % (e.attrs["bound"], cond, step, k[3])
    if name == "iterate":
        return "iterate(%s, %s, %s)" % (e.attrs["dims"][0].render(), lam(e.binds[0], k[0]), k[1])
    if name == "mapAccum":
        step = lam(e.binds[0], "(%s, %s)" % (k[0], k[1]))
        return "mapAccum(%s, %s, %s).%d" % (step, k[2], k[3], e.attrs["component"])
    return "%s(%s, %s, %s)" % (name, lam(e.binds[0], k[0]), k[1], k[2])


RENDER = {
    "var": lambda e, k: e.attrs["name"],
    "dim": lambda e, k: "(%s)" % e.attrs["dims"][0].render(),
    "lit": render_lit,
    "let": render_let,
    "tlet": render_tuple_let,
    "project": render_project,
    "tuple": lambda e, k: "(" + ", ".join(k) + ")",
    "if": lambda e, k: "(if %s then %s else %s)" % tuple(k),
    "neg": lambda e, k: "(-%s)" % k[0],
    "not": lambda e, k: "(!%s)" % k[0],
    "bin": render_bin,
    "call": render_call,
    "build": lambda e, k: "build(%s, %s)" % (dims_text(e.attrs["dims"]), lam(e.binds[0], k[0])),
    "gather": render_gather,
    "scatter": render_gather,
    "index": render_index,
    "map": render_map,
    "array": lambda e, k: "[" + ", ".join(k) + "]",
    "loop": render_loop,
}


def replace_at(expr, path, new):
    if not path:
        return new
    kids = list(expr.kids)
    kids[path[0]] = replace_at(kids[path[0]], path[1:], new)
    return expr.copy_with(kids)


class Function:
    """A `def` or an `entry`: params is a list of (name, Type); a body Expr, or a
    `text` body (derivative entries such as `grad(loss)(x, y)`)."""

    def __init__(self, kind, name, params, result, body=None, text=None, tparams=()):
        self.tparams = tuple(tparams)
        self.kind = kind
        self.name = name
        self.params = list(params)
        self.result = result
        self.body = body
        self.text = text

    def render(self):
        params = ", ".join("%s: %s" % (n, t.render()) for n, t in self.params)
        result = ": %s" % self.result.render() if self.result is not None else ""
        body = self.body.render() if self.body is not None else self.text
        tparams = "<%s>" % ", ".join(self.tparams) if self.tparams else ""
        return "%s %s%s(%s)%s =\n  %s\n" % (self.kind, self.name, tparams, params, result, body)
