"""An entry with its derivative entry, as arr.torch and arr.jax wrap them
(LANGUAGE.md section 10, "Inside PyTorch and JAX").

A Derivative pairs an entry with the entry that differentiates it:

- grad=NAME: NAME takes the entry's parameters and returns the gradient of the
  entry's float scalar result with respect to every float parameter, in
  parameter order (a single value when there is one), as `grad(f)` does;
- vjp=NAME: NAME takes the entry's parameters followed by a cotangent for each
  of the entry's results (as separate parameters or as one tuple, the
  results' types) and returns the cotangents of the float parameters, as
  `vjp(f)` does.

Both are checked against the entry when the wrapper is made (count, element
type and rank of every parameter and result), so that a derivative entry of
another function is an error at once rather than wrong gradients later; the
shapes of the gradients are checked at each call. Everything here works on
NumPy arrays and Python scalars; the frameworks convert their tensors.

Parameters of tuple type are not supported by the wrappers (a framework
passes its tensors flat): such an entry is refused with a TypeError.
"""

import numpy as np

from arr._library import _bind, _entry, _evaluate


def _flatten(value, nesting):
    """The leaves of an entry's (nested tuple) result, in order, as arrays."""
    if isinstance(nesting, int):
        return [value]
    return [leaf for inner, part in zip(nesting, value) for leaf in _flatten(part, inner)]


def _nest(values, nesting, offset):
    """`values` (flat, indexed by flattened parameter index - offset) shaped as `nesting`."""
    if isinstance(nesting, int):
        return values[nesting - offset]
    return tuple(_nest(values, inner, offset) for inner in nesting)


def _describe(item):
    return "%s (%s)" % (item.type, "rank %d" % item.rank)


def is_float(item):
    """Whether a parameter or result is differentiable: f64 or f32."""
    return item.element.name in ("f64", "f32")


class Derivative:
    """The entry `name` of `module` with its derivative entry (grad= or vjp=, or
    neither: then it has no derivative and `cotangents` raises)."""

    def __init__(self, module, name, *, grad=None, vjp=None, wrapper="arr"):
        if grad is not None and vjp is not None:
            raise ValueError("%s.function: give grad= or vjp=, not both" % wrapper)
        self.wrapper = wrapper
        self.function, self.spec = _entry(module, name)
        self.name = name
        for group_name, type_text, nesting in self.spec.groups:
            if not isinstance(nesting, int):
                raise TypeError(
                    "%s.function: entry '%s' has the tuple parameter '%s: %s'; the wrapper passes "
                    "tensors flat, so give the entry one parameter per array" % (wrapper, name, group_name, type_text)
                )
        self.params = self.spec.params
        self.results = self.spec.results
        # The parameters that get gradients, in order (the derivative's results).
        self.differentiable = [param.index for param in self.params if is_float(param)]
        self.kind = "grad" if grad is not None else "vjp" if vjp is not None else None
        self.derivative_name = grad if grad is not None else vjp
        if self.kind is not None:
            self.derivative, self.derivative_spec = _entry(module, self.derivative_name, "%s=" % self.kind)
            self._check()

    # ---- Checking the derivative entry against the entry -----------------------------

    def _fail(self, why):
        raise TypeError(
            "%s.function: %s='%s' does not fit entry '%s%s': %s"
            % (self.wrapper, self.kind, self.derivative_name, self.name, self.spec.signature, why)
        )

    def _expect(self, what, actual, expected):
        if actual.element is not expected.element or actual.rank != expected.rank:
            self._fail("%s is %s, where %s is expected" % (what, actual.type, _describe(expected)))

    def _check(self):
        derivative = self.derivative_spec
        given = derivative.params
        count = len(self.params)
        if self.kind == "grad":
            if len(self.results) != 1 or self.results[0].rank != 0 or not is_float(self.results[0]):
                self._fail("grad= needs an entry returning one float scalar; use vjp= instead")
            expected_params = list(self.params)
        else:
            expected_params = list(self.params) + list(self.results)
        if len(given) != len(expected_params):
            self._fail(
                "it takes %d values, where the entry's %d parameters%s are expected"
                % (len(given), count, "" if self.kind == "grad" else " and a cotangent for each of its %d results" % len(self.results))
            )
        for i, (actual, expected) in enumerate(zip(given, expected_params)):
            if i < count:
                what = "its parameter '%s'" % actual.name
            else:
                what = "its cotangent parameter '%s'" % actual.name
            self._expect(what, actual, expected)
        # The first `count` parameters must be plain (the entry's); the cotangents may be a tuple.
        if any(not isinstance(nesting, int) or nesting >= count for _, _, nesting in derivative.groups[:count]):
            self._fail("its first %d parameters must be the entry's, one array each" % count)
        self.cotangent_groups = [nesting for _, _, nesting in derivative.groups[count:]]
        if len(derivative.results) != len(self.differentiable):
            self._fail(
                "it returns %d values, where one per float parameter of the entry (%d) is expected"
                % (len(derivative.results), len(self.differentiable))
            )
        for result, index in zip(derivative.results, self.differentiable):
            self._expect("its result for parameter '%s'" % self.params[index].name, result, self.params[index])

    # ---- Calling -----------------------------------------------------------------------------

    def primal(self, arguments):
        """The entry's results, flat, each a NumPy array (scalars as 0-d arrays)."""
        value = self.function(*arguments)
        return [np.array(leaf) if np.ndim(leaf) == 0 else leaf for leaf in _flatten(value, self.spec.result_nesting)]

    def cotangents(self, arguments, output_cotangents):
        """The cotangents of the differentiable parameters (in the order of
        self.differentiable) for the cotangents of the entry's results: the
        gradient times the output's cotangent for grad=, the vjp entry's
        results for vjp=."""
        if self.kind is None:
            raise RuntimeError(
                "%s.function('%s') was made without grad= or vjp=: it has no derivative"
                % (self.wrapper, self.name)
            )
        if self.kind == "grad":
            gradients = _flatten(self.derivative(*arguments), self.derivative_spec.result_nesting)
            scale = output_cotangents[0]
            gradients = [np.asarray(gradient) * scale for gradient in gradients]
        else:
            count = len(self.params)
            cotangents = [_nest(output_cotangents, nesting, count) for nesting in self.cotangent_groups]
            value = self.derivative(*arguments, *cotangents)
            gradients = _flatten(value, self.derivative_spec.result_nesting)
        result = []
        for gradient, index in zip(gradients, self.differentiable):
            gradient = np.asarray(gradient)
            expected = np.shape(arguments[index])
            if gradient.shape != expected:
                raise ValueError(
                    "%s.function: %s='%s' returned shape %s for parameter '%s' of '%s', whose shape is %s"
                    % (self.wrapper, self.kind, self.derivative_name, list(gradient.shape),
                       self.params[index].name, self.name, list(expected))
                )
            result.append(gradient.astype(self.params[index].element.dtype, copy=False))
        return result

    def result_shapes(self, shapes):
        """The shapes and dtypes of the entry's (flat) results for arguments of
        the given shapes, without calling it (for jax.pure_callback)."""
        placeholders = [
            np.broadcast_to(np.zeros((), param.element.dtype), shape) for param, shape in zip(self.params, shapes)
        ]
        values = _bind(self.spec, placeholders)
        return [(tuple(_evaluate(d, values) for d in result.dims), result.element.dtype) for result in self.results]
