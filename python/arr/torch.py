"""Arr entries as PyTorch functions with their compiled derivatives (LANGUAGE.md
section 10, "Inside PyTorch and JAX").

    import torch, arr, arr.torch
    m = arr.compile("mlp.arr")
    loss = arr.torch.function(m, "loss", grad="loss_grad")
    out = loss(w1, w2, x, y)      # tensors in, a tensor out
    out.backward()                # w1.grad, w2.grad from the entry loss_grad

`function` makes a torch.autograd.Function subclass (the `autograd_function`
attribute of what it returns) whose forward calls the entry and whose backward
calls the derivative entry (grad= or vjp=, see arr/_derivatives.py), and
returns its `apply`, which also takes the parameters by name.

Tensors are exchanged through DLPack without copies: a contiguous CPU tensor
is passed to the entry as a NumPy array over its memory (numpy.from_dlpack),
and the entry's results, allocated by NumPy, become tensors over the same
memory (torch.from_dlpack); boolean tensors, which DLPack does not carry in
PyTorch 1.13 and NumPy 1.24, go through NumPy views instead (tensor.numpy(),
torch.from_numpy), also without copies. A non-contiguous tensor is copied to
contiguous memory first, as the entry needs. Integer and
boolean parameters, and arguments that are not tensors, get no gradient
(None); integer and boolean results are marked non-differentiable. CUDA
tensors are refused until Arr has a GPU back end. The backward is
differentiable once only: a second derivative through it raises.

Importing this module imports torch; `import arr` alone does not.
"""

import numpy as np
import torch
from torch.autograd.function import once_differentiable

from arr._derivatives import Derivative, is_float

__all__ = ["function"]


def _to_numpy(value, param, name):
    """A tensor as a NumPy array over its memory (no copy); anything else as it
    is, for the entry to check and convert like any argument."""
    if not isinstance(value, torch.Tensor):
        return value
    if value.device.type != "cpu":
        raise ValueError(
            "%s: parameter '%s' is a tensor on %s; Arr entries take CPU tensors" % (name, param.name, value.device)
        )
    return _from_tensor(value.detach())


def _from_tensor(tensor):
    try:
        return np.from_dlpack(tensor)
    except (RuntimeError, BufferError, TypeError):
        # DLPack has no booleans in PyTorch 1.13 and NumPy 1.24: a NumPy view instead.
        return tensor.numpy()


def _to_tensor(array):
    """A NumPy array (an entry's result) as a tensor over its memory (no copy)."""
    if not array.ndim:
        array = np.array(array)  # a 0-d array of its own, writable
    try:
        return torch.from_dlpack(array)
    except (RuntimeError, BufferError, TypeError):
        return torch.from_numpy(array)  # booleans (see _from_tensor)


def function(module, entry, *, grad=None, vjp=None):
    """The entry `entry` of the arr.Module `module` as a PyTorch function whose
    derivative is the entry named by grad= (the gradient of a scalar entry with
    respect to its float parameters) or vjp= (the entry's parameters and an
    output cotangent per result to the float parameters' cotangents).
    Without either, the function has no derivative (backward raises)."""
    plan = Derivative(module, entry, grad=grad, vjp=vjp, wrapper="arr.torch")
    params, results = plan.params, plan.results
    single = isinstance(plan.spec.result_nesting, int)

    def arrays(arguments):
        return [_to_numpy(value, param, entry) for value, param in zip(arguments, params)]

    class ArrFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *arguments):
            if len(arguments) != len(params):
                raise TypeError("%s takes %d arguments, got %d" % (entry, len(params), len(arguments)))
            outputs = [_to_tensor(result) for result in plan.primal(arrays(arguments))]
            constant = [output for output, result in zip(outputs, results) if not is_float(result)]
            if constant:
                ctx.mark_non_differentiable(*constant)
            # Tensors through save_for_backward, so that one changed in place between
            # forward and backward is an error rather than a wrong gradient.
            tensors = [i for i, value in enumerate(arguments) if isinstance(value, torch.Tensor)]
            ctx.save_for_backward(*(arguments[i] for i in tensors))
            ctx.tensors = tensors
            ctx.others = [None if isinstance(value, torch.Tensor) else value for value in arguments]
            return outputs[0] if single else tuple(outputs)

        @staticmethod
        @once_differentiable
        def backward(ctx, *output_gradients):
            arguments = list(ctx.others)
            for i, tensor in zip(ctx.tensors, ctx.saved_tensors):
                arguments[i] = tensor
            wanted = [ctx.needs_input_grad[i] and isinstance(arguments[i], torch.Tensor) for i in plan.differentiable]
            if not any(wanted):
                return (None,) * len(params)
            inputs = arrays(arguments)
            cotangents, shapes = [], None
            for gradient, result in zip(output_gradients, results):
                if gradient is not None and is_float(result):
                    cotangents.append(_from_tensor(gradient.detach()))
                    continue
                # No cotangent (an integer result, or one autograd left undefined): zeros.
                shapes = shapes or plan.result_shapes([np.shape(value) for value in inputs])
                shape, dtype = shapes[len(cotangents)]
                cotangents.append(np.zeros(shape, dtype))
            gradients = [None] * len(params)
            for i, gradient, want in zip(plan.differentiable, plan.cotangents(inputs, cotangents), wanted):
                if want:
                    gradients[i] = _to_tensor(np.ascontiguousarray(gradient))
            return tuple(gradients)

    ArrFunction.__name__ = ArrFunction.__qualname__ = "ArrFunction_" + entry
    names = [param.name for param in params]

    def apply(*arguments, **named):
        if named:
            arguments = list(arguments)
            for name in names[len(arguments):]:
                if name not in named:
                    raise TypeError("%s: missing the argument '%s'" % (entry, name))
                arguments.append(named.pop(name))
            if named:
                raise TypeError("%s: unexpected arguments %s" % (entry, ", ".join(sorted(named))))
        return ArrFunction.apply(*arguments)

    apply.__name__ = apply.__qualname__ = entry
    apply.__doc__ = "%s%s as a PyTorch function (arr.torch.function)." % (entry, plan.spec.signature)
    apply.autograd_function = ArrFunction
    apply.signature = plan.spec.signature
    return apply
