"""Random well-typed Arr expressions (used by gen.py through gen_entries.py).

`Generator(rng).expr(type, scope, depth)` returns an expression of the type
(gen_ast.Expr) over the variables of the scope. Expressions cover every built-in
of LANGUAGE.md section 6 and most of the prelude: random shapes over size variables (and constants, sums,
products), lets whose names are used more than once, conds (also inside
builds), gathers and scatters with computed indices (in range or not),
reshape, tr, replicate, reductions, maps with lambdas, helper functions.

Loss functions are generated in "smooth" mode: the float operations whose
domain is limited (log, sqrt, pow, division, tan) are guarded so that random
points are finite and differentiable, which keeps finite differences honest.
"""

from gen_ast import BOOL, FLOATS, I64, NUMERIC, Dim, Expr, Function, Type, lam

FLOAT_LITS = ["0.0", "1.0", "2.0", "0.5", "-1.0", "1.5", "0.25", "3.0", "-0.5", "10.0"]
INT_LITS = ["0", "1", "2", "3", "-1", "5"]
UNARY_ANY = ["exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "abs", "floor", "ceil", "sign",
             "log1p", "expm1", "erf"]
UNARY_SMOOTH = ["sin", "cos", "tanh", "erf", "exp", "abs"]
PRELUDE_ELEMENTWISE = ["sigmoid", "relu", "square"]


def pick(rng, weighted):
    """weighted: list of (weight, value)."""
    total = sum(w for w, _ in weighted)
    x = rng.random() * total
    for w, value in weighted:
        x -= w
        if x < 0:
            return value
    return weighted[-1][1]


def lit(type_, text):
    return Expr("lit", type_, text=text)


def call(name, type_, kids, binds=None, **attrs):
    return Expr("call", type_, kids, binds, name=name, **attrs)


def binop(name, type_, a, b):
    return Expr("bin", type_, [a, b], name=name)


class Scope:
    """Names in scope: variables (name -> Type) and the size variables."""

    def __init__(self, variables, sizes):
        self.variables = dict(variables)
        self.sizes = list(sizes)

    def extend(self, pairs):
        scope = Scope(self.variables, self.sizes)
        for name, type_ in pairs:
            scope.variables[name] = type_
        return scope

    def of_type(self, type_):
        return [n for n, t in self.variables.items() if t == type_]


class Generator:
    def __init__(self, rng, max_depth=5, scale=1.0):
        self.rng = rng
        self.max_depth = max_depth
        self.scale = scale  # multiplies the size budgets of bodies
        self.counter = 0
        self.helpers = []
        self.smooth = False
        self.budget = 0
        self.loops = 0  # loops generated so far in this program (bounded: they nest)

    def fresh(self, prefix):
        self.counter += 1
        if "%s%d" % (prefix, self.counter) in ("i64", "f64", "f32"):  # built-in names
            self.counter += 1
        return "%s%d" % (prefix, self.counter)

    # ---- types -----------------------------------------------------------------

    def dim(self, scope, simple=False):
        rng = self.rng
        choices = [(3, "const")] + ([(6, "var")] if scope.sizes else [])
        if not simple and scope.sizes:
            choices.append((1, "compound"))
        kind = pick(rng, choices)
        if kind == "const":
            return Dim.const(rng.randint(1, 3))
        if kind == "var":
            return Dim.var(rng.choice(scope.sizes))
        a, b = self.dim(scope, True), self.dim(scope, True)
        return a + b if rng.random() < 0.6 else a * b

    def elem(self, numeric=False):
        choices = [(5, "f64"), (2, "f32"), (3, "i64")] + ([] if numeric else [(2, "bool")])
        if self.smooth:
            choices = [(8, "f64"), (1, "i64")] + ([] if numeric else [(1, "bool")])
        return pick(self.rng, choices)

    def type(self, scope, elem=None, max_rank=2):
        rank = pick(self.rng, [(3, 0), (4, 1), (2, 2), (1 if max_rank >= 3 else 0, 3)])
        rank = min(rank, max_rank)
        return Type(elem or self.elem(), [self.dim(scope) for _ in range(rank)])

    # ---- expressions -----------------------------------------------------------

    def expr(self, t, scope, depth):
        if depth <= 0 or self.budget <= 0:
            return self.leaf(t, scope)
        self.budget -= 1
        productions = self.productions(t)
        for _ in range(20):
            make = pick(self.rng, productions)
            result = make(t, scope, depth - 1)
            if result is not None:
                return result
        return self.leaf(t, scope)

    def productions(self, t):
        e, numeric, floating = t.elem, t.elem in NUMERIC, t.elem in FLOATS
        p = [(3, self.p_var), (3, self.p_let), (2, self.p_if), (2, self.p_index), (1, self.p_helper), (1, self.p_tuple),
             (4 if self.smooth else 2, self.p_use), (1, self.p_loop)]
        if t.shape:
            p += [(4, self.p_build), (1, self.p_replicate), (2, self.p_gather), (1, self.p_reshape),
                  (1, self.p_array), (1, self.p_map)]
            if t.rank() >= 2:
                p.append((1, self.p_tr))
            if numeric:
                p.append((2, self.p_scatter))
            if t.shape[0].variables() or not t.shape[0].is_const():
                p.append((1, self.p_sequence))
        if numeric:
            p += [(4, self.p_arith), (2, self.p_reduce), (1, self.p_prelude)]
        if floating:
            p += [(3, self.p_unary), (1, self.p_float_binary)]
        if e == "i64":
            p += [(1, self.p_int_unary), (1, self.p_iota), (1, self.p_argmax), (1, self.p_dim)]
        if e == "bool":
            p += [(4, self.p_compare), (2, self.p_logic)]
        if e != "bool" or not self.smooth:
            p.append((1, self.p_convert))
        if floating and not self.smooth:
            # (noGrad's zero derivative would disagree with finite differences.)
            p.append((1, self.p_nograd))
        return p

    def leaf(self, t, scope):
        rng = self.rng
        names = scope.of_type(t)
        if names and rng.random() < 0.85:
            return Expr("var", t, name=rng.choice(names))
        derived = self.from_variable(t, scope)
        if derived is not None and rng.random() < 0.8:
            return derived
        if not t.shape:
            if t.elem == "i64" and scope.sizes and rng.random() < 0.2:
                return Expr("dim", t, dims=[Dim.var(rng.choice(scope.sizes))])
            return self.literal(t)
        if rng.random() < 0.3:
            return call("replicate", t, [self.leaf(t.inner(), scope)], dims=[t.shape[0]],
                        bracket=False)
        names = [self.fresh("i") for _ in t.shape]
        inner = scope.extend([(n, I64) for n in names])
        return Expr("build", t, [self.leaf(t.scalar(), inner)], [names], dims=list(t.shape))

    def from_variable(self, t, scope):
        """A variable indexed down to t's shape (by index variables in scope when there
        are some), possibly converted to t's element type; None when there is none."""
        rng = self.rng
        candidates = [(n, vt) for n, vt in scope.variables.items()
                      if vt.rank() >= t.rank() and vt.shape[vt.rank() - t.rank():] == t.shape
                      and (vt.elem == t.elem or vt.rank() > t.rank() or rng.random() < 0.3)
                      and not (self.smooth and vt.elem == "bool" and t.elem != "bool")]
        if not candidates:
            return None
        name, vt = rng.choice(candidates)
        result = Expr("var", vt, name=name)
        extra = vt.rank() - t.rank()
        if extra:
            indices = [n for n, it in scope.variables.items() if it == I64 and n.startswith("i")]
            subscripts = []
            for d in vt.shape[:extra]:
                if indices and rng.random() < 0.7:
                    subscripts.append(Expr("var", I64, name=rng.choice(indices)))
                else:
                    subscripts.append(lit(I64, str(rng.randint(0, 1))))
            result = Expr("index", vt.inner(extra), [result] + subscripts)
        if vt.elem != t.elem:
            result = call(t.elem, t, [result])
        return result

    def literal(self, t):
        if t.elem == "bool":
            return lit(t, self.rng.choice(["true", "false"]))
        if t.elem == "i64":
            return lit(t, self.rng.choice(INT_LITS))
        return lit(t, self.rng.choice(FLOAT_LITS))

    def index_expr(self, bound, scope, depth):
        """An i64 index into a dimension of size `bound`: often in range, not always."""
        rng = self.rng
        indices = [n for n, t in scope.variables.items() if t == I64 and n.startswith("i")]
        choice = pick(rng, [(6 if indices else 0, "var"), (2 if indices else 0, "shift"),
                            (1 if indices else 0, "flip"), (2, "mod"), (1, "clamp"), (1, "any"),
                            (1, "const")])
        if choice == "var":
            return Expr("var", I64, name=rng.choice(indices))
        if choice == "shift":
            return binop(rng.choice("+-"), I64, Expr("var", I64, name=rng.choice(indices)),
                         lit(I64, str(rng.randint(1, 2))))
        if choice == "flip":
            return binop("-", I64, binop("-", I64, Expr("dim", I64, dims=[bound]), lit(I64, "1")),
                         Expr("var", I64, name=rng.choice(indices)))
        if choice == "mod":
            return binop("%", I64, self.expr(I64, scope, depth - 1), Expr("dim", I64, dims=[bound]))
        if choice == "clamp":
            top = binop("-", I64, Expr("dim", I64, dims=[bound]), lit(I64, "1"))
            return binop("max", I64, lit(I64, "0"), binop("min", I64, self.expr(I64, scope, depth - 1), top))
        if choice == "any":
            return self.expr(I64, scope, min(depth, 2))
        return lit(I64, str(rng.randint(0, 2)))

    # ---- productions (each returns an Expr of type t, or None) -----------------

    def p_var(self, t, scope, depth):
        names = scope.of_type(t)
        return Expr("var", t, name=self.rng.choice(names)) if names else None

    def p_let(self, t, scope, depth):
        rng = self.rng
        kind = rng.random()
        if kind < 0.35:
            bound_type = t
        elif kind < 0.6:
            bound_type = t.scalar() if t.shape else self.type(scope, elem=t.elem, max_rank=1)
        else:
            bound_type = self.type(scope)
        name = self.fresh("v")
        bound = self.expr(bound_type, scope, depth)
        body = self.expr(t, scope.extend([(name, bound_type)]), depth)
        return Expr("let", t, [bound, body], [[], [name]])

    def p_tuple(self, t, scope, depth):
        """A tuple: bound by a let with a tuple pattern, or one component of a built tuple."""
        rng = self.rng
        other = self.type(scope, max_rank=1)
        if not t.shape or rng.random() < 0.5:
            names = [self.fresh("v"), self.fresh("v")]
            first, second = self.expr(t, scope, depth), self.expr(other, scope, depth)
            if rng.random() < 0.5:
                first, second, names = second, first, names[::-1]
            types = [first.type, second.type]
            body = self.expr(t, scope.extend(zip(names, types)), depth)
            return Expr("tlet", t, [first, second, body], [[], [], names])
        count = rng.randint(1, t.rank())
        names = [self.fresh("i") for _ in range(count)]
        inner = scope.extend([(n, I64) for n in names])
        parts = [self.expr(t.inner(count), inner, depth), self.expr(other, inner, depth)]
        component = rng.randint(0, 1)
        if component:
            parts.reverse()
        return Expr("project", t, parts, [names, names], dims=list(t.shape[:count]), component=component)

    def p_if(self, t, scope, depth):
        cond = self.expr(BOOL, scope, min(depth, 2))
        return Expr("if", t, [cond, self.expr(t, scope, depth), self.expr(t, scope, depth)])

    def p_build(self, t, scope, depth):
        count = self.rng.randint(1, t.rank())
        names = [self.fresh("i") for _ in range(count)]
        inner = scope.extend([(n, I64) for n in names])
        return Expr("build", t, [self.expr(t.inner(count), inner, depth)], [names],
                    dims=list(t.shape[:count]))

    def p_index(self, t, scope, depth):
        count = pick(self.rng, [(4, 1), (1, 2)])
        dims = [self.dim(scope) for _ in range(count)]
        source = self.expr(t.outer(dims), scope, depth)
        return Expr("index", t, [source] + [self.index_expr(d, scope, depth) for d in dims])

    def p_replicate(self, t, scope, depth):
        return call("replicate", t, [self.expr(t.inner(), scope, depth)], dims=[t.shape[0]],
                    bracket=False)

    def p_gather(self, t, scope, depth):
        count = self.rng.randint(1, t.rank())
        names = [self.fresh("i") for _ in range(count)]
        source_dims = [self.dim(scope) for _ in range(pick(self.rng, [(3, 1), (1, 2)]))]
        source = self.expr(t.inner(count).outer(source_dims), scope, depth)
        inner = scope.extend([(n, I64) for n in names])
        indices = [self.index_expr(d, inner, min(depth, 2)) for d in source_dims]
        return Expr("gather", t, [source] + indices, [[]] + [names] * len(indices),
                    dims=list(t.shape[:count]))

    def p_scatter(self, t, scope, depth):
        count = self.rng.randint(1, t.rank())
        source_dims = [self.dim(scope) for _ in range(pick(self.rng, [(3, 1), (1, 2)]))]
        names = [self.fresh("i") for _ in source_dims]
        source = self.expr(t.inner(count).outer(source_dims), scope, depth)
        inner = scope.extend([(n, I64) for n in names])
        indices = [self.index_expr(d, inner, min(depth, 2)) for d in t.shape[:count]]
        return Expr("scatter", t, [source] + indices, [[]] + [names] * len(indices),
                    dims=list(t.shape[:count]))

    def p_tr(self, t, scope, depth):
        count = self.rng.randint(2, t.rank())
        perm = list(range(count))
        while perm == list(range(count)):
            self.rng.shuffle(perm)
        # Result dimension q is input dimension perm[q].
        source_shape = [None] * count
        for q, p in enumerate(perm):
            source_shape[p] = t.shape[q]
        source = self.expr(Type(t.elem, source_shape + list(t.shape[count:])), scope, depth)
        if count == 2 and not t.shape[2:] and self.rng.random() < 0.3:
            return call("transpose", t, [source])
        return call("tr", t, [source], perm=perm)

    def p_reshape(self, t, scope, depth):
        atoms = [a for d in t.shape for a in d.factors()]
        self.rng.shuffle(atoms)
        groups = [[] for _ in range(self.rng.randint(1, min(3, max(1, len(atoms)))))]
        for atom in atoms:
            self.rng.choice(groups).append(atom)
        shape = []
        for group in groups:
            size = Dim.const(1)
            for atom in group:
                size = size * atom
            shape.append(size)
        return call("reshape", t, [self.expr(Type(t.elem, shape), scope, depth)], dims=list(t.shape))

    def p_array(self, t, scope, depth):
        if not t.shape[0].is_const() or not 1 <= t.shape[0].value({}) <= 3:
            return None
        return Expr("array", t, [self.expr(t.inner(), scope, depth)
                                 for _ in range(t.shape[0].value({}))])

    def p_map(self, t, scope, depth):
        rng = self.rng
        arity = pick(rng, [(3, 1), (1, 2)])
        element_types = [self.type(scope, max_rank=1) for _ in range(arity)]
        names = [self.fresh("y") for _ in range(arity)]
        body = self.expr(t.inner(), scope.extend(zip(names, element_types)), depth)
        arrays = [self.expr(et.outer([t.shape[0]]), scope, depth) for et in element_types]
        name = "map" if arity == 1 else rng.choice(["map2", "zipWith"])
        return Expr("map", t, [body] + arrays, [names] + [[]] * arity, name=name)

    def p_sequence(self, t, scope, depth):
        """concat of a sum dimension, take, drop or reverse."""
        rng = self.rng
        first = t.shape[0]
        if len(first.terms) > 1 and rng.random() < 0.6:
            parts = [Dim([term]) for term in first.terms]
            cut = rng.randint(1, len(parts) - 1)
            a, b = sum(parts[1:cut], parts[0]), sum(parts[cut + 1:], parts[cut])
            return call("concat", t, [self.expr(Type(t.elem, [a] + list(t.shape[1:])), scope, depth),
                                      self.expr(Type(t.elem, [b] + list(t.shape[1:])), scope, depth)])
        kind = rng.choice(["take", "drop", "reverse"])
        if kind == "reverse":
            return call("reverse", t, [self.expr(t, scope, depth)])
        other = self.dim(scope, True)
        source = Type(t.elem, [first + other] + list(t.shape[1:]))
        # take(k, x: [k + m]T): [k]T and drop(k, x: [k + m]T): [m]T
        count = first if kind == "take" else other
        return call(kind, t, [self.expr(source, scope, depth)], dims=[count], bracket=False)

    def p_arith(self, t, scope, depth):
        rng = self.rng
        ops = ["+", "-", "*", "max", "min"]
        if not self.smooth or t.elem == "i64":
            ops += ["/", "%"]
        op = rng.choice(ops)
        a, b = self.operands(t, scope, depth)
        if self.smooth and t.elem in FLOATS and rng.random() < 0.3:
            # a / (1 + b * b): division with a denominator away from zero.
            one = lit(t.scalar(), "1.0")
            return binop("/", t, a, binop("+", t, one, binop("*", t, b, b)))
        return binop(op, t, a, b)

    def operands(self, t, scope, depth):
        """Two operands of an elementwise operator: same shape, or one a scalar."""
        rng = self.rng
        shapes = [t, t]
        if t.shape and rng.random() < 0.3:
            shapes[rng.randint(0, 1)] = t.scalar()
        a, b = (self.expr(s, scope, depth) for s in shapes)
        for x, y in ((a, b), (b, a)):
            if x.op == "lit" and y.op != "lit" and x.type.elem == "f32":
                x.attrs["bare"] = True
        return a, b

    def p_float_binary(self, t, scope, depth):
        a, b = self.operands(t, scope, depth)
        op = self.rng.choice(["pow", "atan2"])
        if self.smooth:
            one = lit(t.scalar(), "1.0")
            if op == "pow":
                return binop("pow", t, binop("+", t, one, binop("*", t, a, a)), call("tanh", b.type, [b]))
            return binop("atan2", t, a, binop("+", t, one, binop("*", t, b, b)))
        if self.rng.random() < 0.4:
            return binop("%", t, a, b)
        return binop(op, t, a, b)

    def p_unary(self, t, scope, depth):
        rng = self.rng
        arg = self.expr(t, scope, depth)
        if rng.random() < 0.15:
            return Expr("neg", t, [arg])
        if rng.random() < 0.15:
            return call(rng.choice(PRELUDE_ELEMENTWISE), t, [arg])
        if not self.smooth:
            return call(rng.choice(UNARY_ANY), t, [arg])
        guarded = rng.choice(["log", "sqrt", "log1p", "expm1", "plain", "plain", "plain"])
        if guarded == "plain":
            return call(rng.choice(UNARY_SMOOTH), t, [arg])
        one = lit(t.scalar(), "1.0")
        square = call("square", t, [arg])
        if guarded == "expm1":
            return call("expm1", t, [call("tanh", t, [arg])])
        inner = square if guarded == "log1p" else binop("+", t, one, square)
        return call(guarded, t, [inner])

    def p_int_unary(self, t, scope, depth):
        arg = self.expr(t, scope, depth)
        choice = self.rng.choice(["neg", "abs", "sign"])
        return Expr("neg", t, [arg]) if choice == "neg" else call(choice, t, [arg])

    def p_compare(self, t, scope, depth):
        operand = Type(self.elem(numeric=True), t.shape)
        a, b = self.operands(operand, scope, depth)
        return binop(self.rng.choice(["<", "<=", ">", ">=", "==", "!="]), t, a, b)

    def p_logic(self, t, scope, depth):
        if self.rng.random() < 0.25:
            return Expr("not", t, [self.expr(t, scope, depth)])
        a, b = self.operands(t, scope, depth)
        return binop(self.rng.choice(["&&", "||"]), t, a, b)

    def p_convert(self, t, scope, depth):
        source = self.elem()
        if source == t.elem:
            return None
        if self.smooth and source == "bool" and t.elem in FLOATS:
            return None
        return call(t.elem, t, [self.expr(t.with_elem(source), scope, depth)])

    def p_nograd(self, t, scope, depth):
        return call("noGrad", t, [self.expr(t, scope, depth)])

    def p_reduce(self, t, scope, depth):
        rng = self.rng
        d = self.dim(scope)
        source = self.expr(t.outer([d]), scope, depth)
        name = pick(rng, [(4, "sumOuter"), (2, "maxOuter"), (2, "sum"), (1, "maximum"),
                          (1, "minimum")])
        if t.elem in FLOATS and not t.shape:
            name = pick(rng, [(6, name), (1, "mean")])
        return call(name, t, [source])

    def p_argmax(self, t, scope, depth):
        source = Type(self.elem(numeric=True), [self.dim(scope)] + list(t.shape))
        return call(self.rng.choice(["argmaxOuter", "argmax"] if not t.shape else ["argmaxOuter"]), t, [self.expr(source, scope, depth)])

    def p_iota(self, t, scope, depth):
        return call("iota", t, [], dims=[t.shape[0]], bracket=False) if t.rank() == 1 else None

    def p_dim(self, t, scope, depth):
        return Expr("dim", t, dims=[self.dim(scope)]) if not t.shape else None

    def p_prelude(self, t, scope, depth):
        rng = self.rng
        e, shape = t.elem, t.shape
        options = ["dot"] if not shape else []
        if t.rank() == 1:
            options.append("matvec")
            if e in FLOATS:
                options.append("softmax")
        if t.rank() == 2:
            options += ["matmul", "outer"]
        if e in FLOATS and not shape:
            options += ["norm", "logSumExp"] + ([] if self.smooth else ["product"])
        if not options:
            return None
        name = rng.choice(options)
        d = self.dim(scope)
        if name == "dot":
            return call(name, t, [self.expr(Type(e, [d]), scope, depth) for _ in range(2)])
        if name == "matvec":
            return call(name, t, [self.expr(Type(e, [shape[0], d]), scope, depth),
                                  self.expr(Type(e, [d]), scope, depth)])
        if name == "matmul":
            return call(name, t, [self.expr(Type(e, [shape[0], d]), scope, depth),
                                  self.expr(Type(e, [d, shape[1]]), scope, depth)])
        if name == "outer":
            return call(name, t, [self.expr(Type(e, [shape[0]]), scope, depth),
                                  self.expr(Type(e, [shape[1]]), scope, depth)])
        if name == "softmax":
            return call(name, t, [self.expr(t, scope, depth)])
        if name == "norm" and self.smooth:
            # norm is not differentiable at zero (a zero or empty vector: its jvp is 0/0):
            # a smooth norm-like value instead.
            x = self.expr(Type(e, [d]), scope, depth)
            return call("sqrt", t, [binop("+", t, lit(t, "1.0"), call("dot", t, [x, x]))])
        return call(name, t, [self.expr(Type(e, [d]), scope, depth)])

    def p_helper(self, t, scope, depth):
        """A call of a new helper function whose size variables stand for the caller's sizes."""
        if len(self.helpers) >= 3 or depth < 1:
            return None
        rng = self.rng
        dims = sorted({d for d in t.shape if not d.is_const()}, key=lambda d: d.render())
        mapping = {d: Dim.var("p%d" % index) for index, d in enumerate(dims)}
        arg_types = [t] + [self.type(scope) for _ in range(rng.randint(0, 2))]
        params, args = [], []
        for index, at in enumerate(arg_types):
            local = []
            for d in at.shape:
                if d.is_const():
                    local.append(d)
                else:
                    if d not in mapping:
                        mapping[d] = Dim.var("p%d" % len(mapping))
                    local.append(mapping[d])
            params.append(("a%d" % index, Type(at.elem, local)))
            args.append(self.expr(at, scope, depth))
        name = self.fresh("helper")
        result = Type(t.elem, [mapping.get(d, d) for d in t.shape])
        sizes = sorted({v for _, pt in params for d in pt.shape for v in d.variables()})
        saved = self.budget
        self.budget = min(self.budget, 12)
        body = self.expr(result, Scope(params, sizes), depth)
        self.budget = saved
        tparams = ()
        if rng.random() < 0.3:
            # Generic in the result's element type: the body is checked per instantiation.
            tparams = ("T",)
            params = [(n, Type("T", pt.shape) if pt.elem == t.elem else pt) for n, pt in params]
            result = Type("T", result.shape)
        self.helpers.append(Function("def", name, params, result, body, tparams=tparams))
        return call(name, t, args, callee=self.custom_rules(name, params, result))

    def custom_rules(self, name, params, result):
        """Sometimes a helper is called through customVjp, customJvp or both, with rules
        that differentiate the helper itself (`vjp(h)` and `jvp(h)`), so every check stays
        exact while the calls go through the rules in their own mode, the helper's body
        in the other, and the rules' own derivatives under second-order entries. None
        for a plain call."""
        rng = self.rng
        floats = [pt.elem in FLOATS for _, pt in params]
        if result.elem not in FLOATS or not any(floats) or rng.random() < 0.4:
            return None
        names = [self.fresh("r") for _ in params]
        value, cotangent = self.fresh("y"), self.fresh("ct")
        tangents = [self.fresh("t") for flag in floats if flag]
        vjp_rule = lam(names + [value, cotangent], "vjp(%s)(%s)" % (name, ", ".join(names + [cotangent])))
        jvp_rule = lam(names + [value] + tangents, "(jvp(%s)(%s)).1" % (name, ", ".join(names + tangents)))
        form = pick(rng, [(2, "vjp"), (2, "jvp"), (1, "both")])
        if form == "vjp":
            return "customVjp(%s, %s)" % (name, vjp_rule)
        if form == "jvp":
            return "customJvp(%s, %s)" % (name, jvp_rule)
        return "customJvp(customVjp(%s, %s), %s)" % (name, vjp_rule, jvp_rule)

    def p_loop(self, t, scope, depth):
        """fold, scan, mapAccum (one component of its result) or iterate, with a lambda step
        that may use the enclosing scope (and contain loops, builds and calls itself). In
        smooth mode a float state goes through tanh at each step, so that long loops stay
        finite and differentiable."""
        rng = self.rng
        if depth < 2 or self.loops >= 4:
            return None
        self.loops += 1
        kind = pick(rng, [(3, "fold"), (2 if t.shape else 0, "scan"), (2, "mapAccum"), (1, "iterate"),
                          (2, "while")])
        if kind == "while":
            return self.while_loop(t, scope, depth)
        component = rng.randint(0, 1 if t.shape else 0) if kind == "mapAccum" else None
        if kind == "scan" or component == 1:
            steps, row = t.shape[0], t.inner()
        else:
            steps, row = self.dim(scope), None
        if kind == "scan":
            state = row
        elif component == 1:
            state = self.type(scope, max_rank=1)
        else:
            state = t
        element = self.type(scope, max_rank=1)
        state_name, element_name = self.fresh("st"), self.fresh("i" if kind == "iterate" else "el")
        if kind == "iterate":
            element = I64
        saved = self.budget
        self.budget = min(self.budget, 10)
        inner = scope.extend([(state_name, state), (element_name, element)])

        def step(result_type):
            body = self.expr(result_type, inner, depth)
            if result_type == state and state.elem in NUMERIC and rng.random() < 0.7:
                # The new state from the old one (a recurrence, not a restart).
                body = binop(rng.choice(["+", "*", "-"]), state, Expr("var", state, name=state_name), body)
            if self.smooth and result_type.elem in FLOATS:
                body = call("tanh", result_type, [body])
            return body

        next_state = step(state)
        output = step(row if component == 1 else self.type(scope, max_rank=1)) if kind == "mapAccum" else None
        self.budget = saved
        init = self.expr(state, scope, depth)
        bound = {state_name: state, element_name: element}
        if kind == "iterate":
            return Expr("loop", t, [next_state, init], [[element_name, state_name], []], name=kind,
                        dims=[steps], bound_types=bound)
        xs = self.expr(element.outer([steps]), scope, depth)
        if kind == "mapAccum":
            return Expr("loop", t, [next_state, output, init, xs],
                        [[state_name, element_name], [state_name, element_name], [], []], name=kind,
                        component=component, bound_types=bound)
        return Expr("loop", t, [next_state, init, xs], [[state_name, element_name], [], []], name=kind,
                    bound_types=bound)

    def while_loop(self, t, scope, depth):
        """while(k, cond, step, (init, 0.0)).0: the state is a value of type t and a clock
        that every step advances by 1 + tanh(e)^2 (e computed from the state and the
        scope), and the loop runs while the clock is below a threshold (a half-integer),
        at most k times (0 to 6). So the number of steps depends on the data, and the
        condition is false after at most 6 steps whatever k. A finite-difference step
        moves the clock by about the step's size, which changes the number of steps only
        when the clock lands that close to the threshold: rare, and the gradient checks
        count a disagreement only when it holds for two steps. Outside losses the
        condition may also require a random boolean of the state."""
        rng = self.rng
        state_name, clock_name, pair_name = self.fresh("st"), self.fresh("ck"), self.fresh("sw")
        f64 = Type("f64")
        saved = self.budget
        self.budget = min(self.budget, 10)
        inner = scope.extend([(state_name, t), (clock_name, f64)])
        clock = Expr("var", f64, name=clock_name)
        threshold = lit(f64, rng.choice(["0.5", "1.5", "2.5", "3.5", "4.5", "5.5"]))
        cond = binop("<", BOOL, clock, threshold)
        if not self.smooth and rng.random() < 0.4:
            cond = binop("&&", BOOL, cond, self.expr(BOOL, inner, depth))
        next_state = self.expr(t, inner, depth)
        if t.elem in NUMERIC and rng.random() < 0.7:
            next_state = binop(rng.choice(["+", "*", "-"]), t, Expr("var", t, name=state_name), next_state)
        if self.smooth and t.elem in FLOATS:
            next_state = call("tanh", t, [next_state])
        pace = call("square", f64, [call("tanh", f64, [self.expr(f64, inner, depth)])])
        self.budget = saved
        init = self.expr(t, scope, depth)
        both = [state_name, clock_name]
        return Expr("loop", t, [cond, next_state, pace, init], [both, both, both, []], name="while",
                    bound=rng.randint(0, 6), pair=pair_name, bound_types={state_name: t, clock_name: f64})

    def p_use(self, t, scope, depth):
        """Combines a variable whose shape ends with t's shape with a generated array
        and reduces its outer dimensions (so that bodies use their parameters)."""
        rng = self.rng
        names = [n for n, vt in scope.variables.items()
                 if vt.elem == t.elem and vt.rank() >= t.rank() and vt.shape[vt.rank() - t.rank():] == t.shape
                 and not n.startswith("i")]
        if not names:
            return None
        name = rng.choice(names)
        vt = scope.variables[name]
        result = Expr("var", vt, name=name)
        if t.elem in NUMERIC and rng.random() < 0.7:
            result = binop(rng.choice(["+", "*", "-"]), vt, result, self.expr(vt, scope, depth))
        while result.type.rank() > t.rank():
            inner = result.type.inner()
            if t.elem in NUMERIC:
                name = pick(rng, [(5, "sumOuter"), (1, "maxOuter"), (1 if t.elem in FLOATS and not inner.shape else 0, "mean")])
                result = call(name, inner, [result])
            else:
                result = Expr("index", inner, [result, self.index_expr(result.type.shape[0], scope, 1)])
        return result
