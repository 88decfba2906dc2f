"""Arr entries as JAX functions with their compiled derivatives (LANGUAGE.md
section 10, "Inside PyTorch and JAX").

    import jax, arr, arr.jax
    jax.config.update("jax_enable_x64", True)    # for f64 entries
    m = arr.compile("prog.arr")
    f = arr.jax.function(m, "loss", vjp="loss_vjp")   # or grad="loss_grad"
    jax.jit(jax.grad(f))(w, x)

`function` returns a function calling a jax.custom_vjp (its `custom_vjp`
attribute) after giving Python scalars the parameters' dtypes. The
custom_vjp's primal calls the entry, and its backward the derivative entry
(grad= or vjp=, see arr/_derivatives.py), each through jax.pure_callback, so
that it may be traced by jax.jit, jax.grad and jax.vjp (and jax.vmap, which calls the entry once per element). The
shapes and dtypes of the results are computed at trace time from the entry's
signature; arrays must have the parameters' dtypes exactly (an f64
parameter needs jax_enable_x64, an i64 parameter int64). Integer and boolean
parameters get zero cotangents. Forward mode (jax.jvp, jax.jacfwd) is not
available, as for any custom_vjp. jax.pure_callback hands the entries NumPy
arrays of the host buffers; whether those are copies is up to JAX.

Importing this module imports jax; `import arr` alone does not.
"""

import jax
import jax.numpy as jnp
import numpy as np

from arr._derivatives import Derivative, is_float

__all__ = ["function"]


def _callback(callback, shapes, *arguments):
    structures = tuple(jax.ShapeDtypeStruct(shape, dtype) for shape, dtype in shapes)
    try:
        return jax.pure_callback(callback, structures, *arguments, vmap_method="sequential")
    except TypeError:  # a JAX before vmap_method (0.4.34)
        return jax.pure_callback(callback, structures, *arguments)


def function(module, entry, *, vjp=None, grad=None):
    """The entry `entry` of the arr.Module `module` as a JAX function (a
    jax.custom_vjp, its `custom_vjp` attribute) whose reverse-mode derivative is the entry named by vjp= (the entry's
    parameters and an output cotangent per result to the float parameters'
    cotangents) or grad= (the gradient of a scalar entry with respect to its
    float parameters). Without either, differentiating it raises."""
    plan = Derivative(module, entry, grad=grad, vjp=vjp, wrapper="arr.jax")
    params, results = plan.params, plan.results
    count = len(params)
    single = isinstance(plan.spec.result_nesting, int)

    def check(arguments):
        """At trace time: the count, ranks and dtypes (JAX computes in the dtypes it is given)."""
        if len(arguments) != count:
            raise TypeError("%s takes %d arguments, got %d" % (entry, count, len(arguments)))
        for value, param in zip(arguments, params):
            dtype, rank = jnp.result_type(value), np.ndim(value)
            if dtype == param.element.dtype and rank == param.rank:
                continue
            hint = ""
            if param.element.name in ("f64", "i64") and not jax.config.jax_enable_x64:
                hint = " (64-bit types need jax.config.update('jax_enable_x64', True))"
            raise TypeError(
                "%s: parameter '%s' must be %s (dtype %s), got a rank-%d %s value%s"
                % (entry, param.name, param.type, param.element.dtype, rank, dtype, hint)
            )
        return [tuple(np.shape(value)) for value in arguments]

    def primal_host(*arrays):
        return tuple(plan.primal(list(arrays)))

    def primal(arguments):
        shapes = plan.result_shapes(check(arguments))
        return _callback(primal_host, shapes, *arguments)

    def cotangents_host(*arrays):
        return tuple(plan.cotangents(list(arrays[:count]), list(arrays[count:])))

    @jax.custom_vjp
    def wrapped(*arguments):
        outputs = primal(arguments)
        return outputs[0] if single else tuple(outputs)

    def forward(*arguments):
        return wrapped(*arguments), arguments

    def backward(arguments, output_cotangents):
        shapes = check(arguments)
        output_cotangents = [output_cotangents] if single else list(output_cotangents)
        # Integer and boolean results have float0 cotangents: the entries take zeros of their type.
        cotangents = [
            cotangent if is_float(result) else jnp.zeros(shape, dtype)
            for cotangent, result, (shape, dtype) in zip(output_cotangents, results, plan.result_shapes(shapes))
        ]
        if plan.kind is None:
            plan.cotangents(None, None)  # raises: no derivative
        wanted = [(shapes[i], params[i].element.dtype) for i in plan.differentiable]
        gradients = _callback(cotangents_host, wanted, *arguments, *cotangents) if wanted else ()
        result = [None] * count  # None: a zero cotangent (float0 for integers and booleans)
        for i, gradient in zip(plan.differentiable, gradients):
            result[i] = gradient
        return tuple(result)

    wrapped.defvjp(forward, backward)

    def call(*arguments):
        # Python scalars take the parameter's dtype (JAX would make 2.0 a float64 for an
        # f32 parameter) where the Python package would convert them too: ints to any
        # number, floats to floats.
        return wrapped(*(_scalar(value, param) for value, param in zip(arguments, params)), *arguments[count:])

    call.__name__ = call.__qualname__ = entry
    call.__doc__ = "%s%s as a JAX function (arr.jax.function)." % (entry, plan.spec.signature)
    call.signature = plan.spec.signature
    call.custom_vjp = wrapped
    return call


def _scalar(value, param):
    """A Python scalar, or a value JAX made of one (weakly typed: jax.grad and jax.jit
    trace Python floats so), in the parameter's dtype where it converts."""
    kind = param.element.name
    if type(value) in (bool, int, float):
        python = type(value)
    elif getattr(getattr(value, "aval", None), "weak_type", False):
        python = float if jnp.issubdtype(value.dtype, jnp.floating) else int
    else:
        return value
    if (python is bool and kind == "bool") or (python is int and kind != "bool") or (
        python is float and kind in ("f64", "f32")
    ):
        return jnp.asarray(value, dtype=param.element.dtype)
    return value
