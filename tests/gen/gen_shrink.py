"""Shrinking of failing generated programs (used by gen.py; not run directly).

`shrink(test, program, index)` keeps only check `index` and the functions it
needs, then repeats until nothing helps or time runs out: replace an
expression by a smaller one of the same type (one of its sub-expressions, a
variable in scope, a literal, a constant array; a let by its body with the
bound expression substituted), drop unused parameters of the entry, reduce the
size variables (slicing the inputs) and simplify input values (zeros, ones,
rounded numbers). `test(program)` returns the failure message when the program
still fails the same way, or None; every candidate is well-typed by
construction, and a candidate the type checker rejects simply does not fail the
same way.
"""

import copy
import math
import re
import time

from gen_ast import I64, Dim, Expr, Function, Type, replace_at
from gen_entries import Program

SCALAR_LITS = {"f64": ["0.0", "1.0"], "f32": ["0.0", "1.0"], "i64": ["0", "1"], "bool": ["false", "true"]}


def referenced(program, roots):
    """Names of the functions reachable from `roots` (by name in their text)."""
    by_name = {f.name: f for f in program.functions}
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        f = by_name[name]
        text = f.body.render() if f.body is not None else f.text
        todo += [m for m in re.findall(r"\b([A-Za-z_]\w*)\b", text) if m in by_name]
        todo += re.findall(r"\{body:(\w+)\}", text)
    return seen


def prune(program):
    keep = referenced(program, [e for c in program.checks for e in c.entries])
    return Program([f for f in program.functions if f.name in keep], program.checks)


def binder_types(expr, index, bound):
    if expr.op == "let":
        return [(bound[0], expr.kids[0].type)]
    if expr.op == "tlet":
        return [(bound[0], expr.kids[0].type), (bound[1], expr.kids[1].type)]
    if expr.op == "map":
        return [(name, expr.kids[1 + j].type.inner()) for j, name in enumerate(bound)]
    return [(name, I64) for name in bound]


def typed_nodes(expr, scope, path=()):
    yield path, expr, scope
    for index, (kid, bound) in enumerate(zip(expr.kids, expr.binds)):
        inner = scope
        if bound:
            inner = dict(scope)
            inner.update(binder_types(expr, index, bound))
        yield from typed_nodes(kid, inner, path + (index,))


def substitute(expr, name, replacement):
    if expr.op == "var" and expr.attrs["name"] == name:
        return replacement
    return expr.copy_with([kid if name in bound else substitute(kid, name, replacement)
                           for kid, bound in zip(expr.kids, expr.binds)])


def function_scope(f):
    scope = {name: t for name, t in f.params}
    for _, t in f.params:
        for d in t.shape:
            for v in d.variables():
                scope.setdefault(v, I64)
    return scope


def candidates(node, scope):
    """Smaller expressions of the node's type, smallest first."""
    t = node.type
    found = []
    if not isinstance(t, Type):
        return []
    for kid in node.kids:
        if kid.type == t and kid.free_vars() <= set(scope):
            found.append(kid)
    if node.op == "let":
        found.append(substitute(node.kids[1], node.binds[1][0], node.kids[0]))
    if node.op == "tlet":
        body = substitute(node.kids[2], node.binds[2][0], node.kids[0])
        found.append(substitute(body, node.binds[2][1], node.kids[1]))
    found += [Expr("var", t, name=n) for n, vt in scope.items() if vt == t and node.op != "var"]
    if not t.shape:
        found += [Expr("lit", t, text=text) for text in SCALAR_LITS[t.elem]]
    elif all(not v.isdigit() and v in scope for d in t.shape for v in d.variables()):
        names = ["s%d" % i for i in range(t.rank())]
        found.append(Expr("build", t, [Expr("lit", t.scalar(), text=SCALAR_LITS[t.elem][0])], [names],
                          dims=list(t.shape)))
    size = node.size()
    found = [c for c in found if c.size() < size or (c.size() == size and c.op == "lit" and node.op != "lit")]
    return sorted(found, key=lambda c: c.size())


def with_function(program, index, function):
    functions = list(program.functions)
    functions[index] = function
    return Program(functions, program.checks)


def slice_value(value, axis, length):
    shape = list(value.shape)
    if not value.flat:  # empty, perhaps with huge dimensions: nothing to cut
        shape[axis] = length
        return type(value)(shape, [], value.elem)
    inner = 1
    for d in shape[axis + 1:]:
        inner *= d
    outer = 1
    for d in shape[:axis]:
        outer *= d
    flat = []
    for o in range(outer):
        base = o * shape[axis] * inner
        flat += value.flat[base:base + length * inner]
    shape[axis] = length
    return type(value)(shape, flat, value.elem)


def resized(check, name, length):
    """A copy of `check` with size variable `name` set to `length` (inputs sliced)."""
    typed = list(zip([t for _, t in check.params], check.inputs))
    new = copy.copy(check)
    new.sizes = dict(check.sizes, **{name: length})
    var = Dim.var(name)

    def cut(t, value):
        for axis, d in enumerate(t.shape):
            if d == var:
                value = slice_value(value, axis, length)
        return value

    new.inputs = [cut(t, v) for t, v in typed]
    if check.kind == "vjp-jvp":
        new.w = cut(check.result, check.w)
        floats = [t for _, t in check.params if t.elem in ("f64", "f32")]
        new.tangents = [cut(t, v) for t, v in zip(floats, check.tangents)]
    return new


def simpler_values(value):
    if value.elem == "bool" or not value.flat:
        return []
    options = []
    if value.elem == "i64":
        options.append([0] * len(value.flat))
        options += [value.flat[:i] + [0] + value.flat[i + 1:] for i in range(len(value.flat)) if value.flat[i]]
    else:
        options.append([0.0] * len(value.flat))
        options.append([1.0] * len(value.flat))
        options.append([float(round(x)) if math.isfinite(x) else x for x in value.flat])
        options.append([round(x, 1) if math.isfinite(x) else x for x in value.flat])
        if len(value.flat) <= 12:
            for i, x in enumerate(value.flat):
                for y in (0.0, 1.0, float(round(x)) if math.isfinite(x) else x):
                    if y != x:
                        options.append(value.flat[:i] + [y] + value.flat[i + 1:])
    return [type(value)(value.shape, flat, value.elem) for flat in options if flat != value.flat]


class Shrinker:
    def __init__(self, test, deadline):
        self.test = test
        self.deadline = deadline
        self.tried = set()
        self.message = None
        self.attempts = 0

    def accept(self, candidate):
        if time.monotonic() > self.deadline:
            return False
        key = candidate.render() + repr([(c.sizes, [v.flat for v in c.inputs]) for c in candidate.checks])
        if key in self.tried:
            return False
        self.tried.add(key)
        self.attempts += 1
        message = self.test(candidate)
        if message is None:
            return False
        self.message = message
        return True

    def one_check(self, program):
        if len(program.checks) < 2:
            return None
        for check in program.checks:
            new = prune(Program(program.functions, [check]))
            if self.accept(new):
                return new
        return None

    def expressions(self, program):
        for index, f in enumerate(program.functions):
            if f.body is None:
                continue
            for path, node, scope in list(typed_nodes(f.body, function_scope(f))):
                for candidate in candidates(node, scope):
                    body = replace_at(f.body, path, candidate)
                    new = with_function(program, index, Function(f.kind, f.name, f.params, f.result, body,
                                                                       tparams=f.tparams))
                    new = prune(new)
                    if self.accept(new):
                        return new
        return None

    def inline(self, program):
        """An entry `e(x, y) = f(x, y)` gets f's body (then f goes, when nothing else calls it)."""
        by_name = {f.name: f for f in program.functions}
        for index, f in enumerate(program.functions):
            match = re.match(r"(\w+)\((.*)\)$", f.text or "")
            if not match or match.group(1) not in by_name:
                continue
            callee = by_name[match.group(1)]
            if callee.body is None or match.group(2) != ", ".join(n for n, _ in f.params) \
                    or [n for n, _ in callee.params] != [n for n, _ in f.params]:
                continue
            new = prune(with_function(program, index, Function(f.kind, f.name, f.params, f.result, callee.body)))
            if self.accept(new):
                return new
        return None

    def parameters(self, program):
        check = program.checks[0]
        if check.kind != "run":
            return None
        for index, f in enumerate(program.functions):
            if f.name != check.entries[0] or f.body is None:
                continue
            used = f.body.free_vars()
            for j, (name, _) in enumerate(f.params):
                if name in used:
                    continue
                new_check = copy.copy(check)
                new_check.params = check.params[:j] + check.params[j + 1:]
                new_check.inputs = check.inputs[:j] + check.inputs[j + 1:]
                params = f.params[:j] + f.params[j + 1:]
                new = with_function(program, index, Function(f.kind, f.name, params, f.result, f.body))
                new = Program(new.functions, [new_check])
                if self.accept(new):
                    return new
        return None

    def sizes(self, program):
        check = program.checks[0]
        for name, value in sorted(check.sizes.items()):
            for length in sorted({0, 1, value - 1}):
                if 0 <= length < value:
                    new = Program(program.functions, [resized(check, name, length)])
                    if self.accept(new):
                        return new
        return None

    def values(self, program):
        check = program.checks[0]
        groups = [("inputs", None)]
        if check.kind == "vjp-jvp":
            groups += [("w", None), ("tangents", None)]
        for field, _ in groups:
            current = getattr(check, field)
            values = current if isinstance(current, list) else [current]
            for j, value in enumerate(values):
                for option in simpler_values(value):
                    new_check = copy.copy(check)
                    replaced = list(values)
                    replaced[j] = option
                    setattr(new_check, field, replaced if isinstance(current, list) else option)
                    new = Program(program.functions, [new_check])
                    if self.accept(new):
                        return new
        return None


def shrink(test, program, index, signature, time_limit):
    """Returns (smallest failing program found, its failure message), or None when
    the program with check `index` alone does not fail the same way."""
    shrinker = Shrinker(test, time.monotonic() + time_limit)
    if index is None:
        # The whole program is rejected: first look for one check whose functions suffice.
        message = test(program)
        steps = [shrinker.one_check, shrinker.expressions, shrinker.inline]
    else:
        program = prune(Program(program.functions, [program.checks[index]]))
        message = test(program)
        steps = [shrinker.expressions, shrinker.inline, shrinker.parameters, shrinker.sizes]
    if message is None:
        return None  # it needs the other checks' functions (e.g. a compile failure elsewhere)
    shrinker.message = message
    if index is not None and not re.search(r"^(grad|vg|vjp-jvp):(fd|dot|primal|value)$", signature):
        # Simpler input values (zeros, ones) create ties and kinks that finite differences
        # cannot take: not for derivative checks.
        steps.append(shrinker.values)
    progress = True
    while progress and time.monotonic() < shrinker.deadline:
        progress = False
        for step in steps:
            smaller = step(program)
            while smaller is not None:
                program, progress = smaller, True
                smaller = step(program)
    return program, shrinker.message
