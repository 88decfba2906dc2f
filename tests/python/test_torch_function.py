"""arr.torch.function (LANGUAGE.md section 10, "Inside PyTorch and JAX"): Arr
entries as torch.autograd.Functions whose backward is the compiled derivative,
checked with torch.autograd.gradcheck, against PyTorch's own autograd, inside an
nn.Module trained by an optimiser, and for copies, integer parameters and
misuse. Skipped where PyTorch is not installed (Debian's python3-torch)."""

import re
import subprocess
import sys

import numpy as np
import pytest
from conftest import PROGRAMS, ROOT, data_pointer

import arr

torch = pytest.importorskip("torch", reason="PyTorch is not installed (apt-get install python3-torch)")
import arr.torch  # noqa: E402


@pytest.fixture(scope="module")
def interop():
    return arr.compile(PROGRAMS / "interop.arr")


def reference_loss(w1, w2, xs, ys):
    """interop.arr's model_loss in PyTorch."""
    return ((torch.tanh(xs @ w1.T) @ w2.T - ys) ** 2).sum() / xs.shape[0]


def tensors(rng, *shapes, grad=True):
    return [torch.tensor(rng.standard_normal(shape), requires_grad=grad) for shape in shapes]


def test_forward_and_backward_match_autograd(interop):
    loss = arr.torch.function(interop, "loss", grad="loss_grad")
    rng = np.random.default_rng(1)
    w1, w2, xs, ys = tensors(rng, (6, 3), (2, 6), (9, 3), (9, 2))
    out = loss(w1, w2, xs, ys)
    assert isinstance(out, torch.Tensor) and out.shape == () and out.dtype == torch.float64
    assert out.requires_grad
    (out * 3.0).backward()  # the output's cotangent (3) scales the gradient
    copies = [t.detach().clone().requires_grad_() for t in (w1, w2, xs, ys)]
    expected = reference_loss(*copies)
    (expected * 3.0).backward()
    assert out.item() == pytest.approx(expected.item(), rel=1e-12)
    for mine, theirs in zip((w1, w2, xs, ys), copies):
        np.testing.assert_allclose(mine.grad.numpy(), theirs.grad.numpy(), rtol=1e-10, atol=1e-13)


def test_gradcheck_grad_entry(interop):
    loss = arr.torch.function(interop, "loss", grad="loss_grad")
    rng = np.random.default_rng(2)
    assert torch.autograd.gradcheck(loss, tuple(tensors(rng, (4, 3), (2, 4), (5, 3), (5, 2))))


def test_gradcheck_vjp_of_a_vector_function(interop):
    dense = arr.torch.function(interop, "dense", vjp="dense_vjp")
    rng = np.random.default_rng(3)
    w, x, v = tensors(rng, (4, 3), (3,), (4,))
    assert torch.autograd.gradcheck(dense, (w, x, v))
    expected = torch.tanh(w @ x) + v * x[0]
    torch.testing.assert_close(dense(w, x, v), expected, rtol=1e-13, atol=1e-13)


def test_gradcheck_two_results_with_a_tuple_cotangent(interop):
    both = arr.torch.function(interop, "both", vjp="both_vjp")
    rng = np.random.default_rng(4)
    x = torch.tensor(rng.standard_normal(5) * 0.5, requires_grad=True)
    a = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
    y, s = both(x, a)
    torch.testing.assert_close(y, torch.exp(x * a))
    torch.testing.assert_close(s, (x * x).sum() * a)
    assert torch.autograd.gradcheck(both, (x, a))
    # Only one of the two results used: autograd's zeros stand for the other's cotangent.
    both(x, a)[1].backward()
    torch.testing.assert_close(x.grad, 2 * x.detach() * a.detach())


def test_integer_and_boolean_parameters_get_no_gradient(interop):
    masked = arr.torch.function(interop, "masked", grad="masked_grad")
    rng = np.random.default_rng(5)
    x = torch.tensor(rng.standard_normal(7), requires_grad=True)
    k = torch.tensor(3)
    keep = torch.tensor([True, False, True, True, False, False, True])
    s = torch.tensor(0.5, dtype=torch.float64, requires_grad=True)
    out = masked(x, k, keep, s)
    grads = torch.autograd.grad(out, (x, s), retain_graph=True)
    xd = x.detach()
    expected_x = torch.where(keep, 2 * xd * 3 * 0.5, torch.cos(xd) * 0.5)
    expected_s = torch.where(keep, xd * xd * 3, torch.sin(xd)).sum()
    torch.testing.assert_close(grads[0], expected_x)
    torch.testing.assert_close(grads[1], expected_s)
    # Through autograd.Function directly: the integer and boolean inputs' gradients are None.
    ctx_gradients = out.grad_fn.apply(torch.tensor(1.0, dtype=torch.float64))
    assert ctx_gradients[1] is None and ctx_gradients[2] is None
    assert ctx_gradients[0] is not None and ctx_gradients[3] is not None
    # A plain Python int for k, and the parameters by name.
    again = masked(x, 3, keep=keep, s=s)
    assert again.item() == out.item()
    assert torch.autograd.gradcheck(lambda x, s: masked(x, 3, keep, s), (x, s))


def test_float32(interop):
    sq = arr.torch.function(interop, "sq32", grad="sq32_grad")
    x = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float32, requires_grad=True)
    s = torch.tensor(2.0, dtype=torch.float32, requires_grad=True)
    out = sq(x, s)
    assert out.dtype == torch.float32
    out.backward()
    assert x.grad.dtype == torch.float32
    torch.testing.assert_close(x.grad, 2 * x.detach() * 2.0)
    torch.testing.assert_close(s.grad, torch.tensor(5.25))


def test_no_copies_of_contiguous_tensors(interop, spy):
    """The entry receives the tensors' own memory, and the result tensor is the
    memory the entry wrote (torch.from_numpy of the array the call allocated)."""
    dense = arr.torch.function(interop, "dense", vjp="dense_vjp")
    rng = np.random.default_rng(6)
    w, x, v = tensors(rng, (4, 3), (3,), (4,))
    with spy(interop.dense) as calls:
        y = dense(w, x, v)
    (arguments,) = calls.calls
    assert {w.data_ptr(), x.data_ptr(), v.data_ptr()} <= set(arguments)
    assert y.data_ptr() in arguments  # the result pointer the entry wrote through
    # A transposed (non-contiguous) tensor is copied to contiguous memory, with the same result.
    wt = torch.tensor(rng.standard_normal((3, 4))).T
    with spy(interop.dense) as calls:
        y = dense(wt, x.detach(), v.detach())
    assert wt.data_ptr() not in calls.calls[0]
    torch.testing.assert_close(y, torch.tanh(wt @ x.detach()) + v.detach() * x.detach()[0])
    # The gradients the vjp entry returned become tensors without a copy: their memory is
    # the vjp's result arrays (seen as pointers by the vjp's C function).
    with spy(interop.dense_vjp) as calls:
        dense(w, x, v).sum().backward()
    pointers = set(calls.calls[0])
    assert w.grad.data_ptr() in pointers and x.grad.data_ptr() in pointers
    assert data_pointer(w.detach().numpy()) == w.data_ptr()
    # Boolean and integer tensors too (booleans through a NumPy view: DLPack has none here).
    masked = arr.torch.function(interop, "masked", grad="masked_grad")
    keep = torch.tensor([True, False, True])
    with spy(interop.masked) as calls:
        masked(x, torch.tensor(2), keep, torch.tensor(1.0, dtype=torch.float64))
    assert {keep.data_ptr(), x.data_ptr()} <= set(calls.calls[0])


class Regression(torch.nn.Module):
    """A model whose loss is the Arr entry: its weights are nn.Parameters."""

    def __init__(self, rng, hidden):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.tensor(rng.standard_normal((hidden, 3)) * 0.5))
        self.w2 = torch.nn.Parameter(torch.tensor(rng.standard_normal((1, hidden)) * 0.5))
        self.loss = None

    def forward(self, xs, ys):
        return self.loss(self.w1, self.w2, xs, ys)


def test_module_and_optimiser_loop(interop):
    rng = np.random.default_rng(7)
    model = Regression(rng, 8)
    model.loss = arr.torch.function(interop, "loss", grad="loss_grad")
    xs = torch.tensor(rng.uniform(-1, 1, (64, 3)))
    ys = torch.sin(2 * xs[:, :1]) + 0.5 * xs[:, 1:2]  # odd, as the model (no biases) is
    optimiser = torch.optim.Adam(model.parameters(), lr=0.05)
    losses = []
    for _ in range(60):
        optimiser.zero_grad()
        loss = model(xs, ys)
        loss.backward()
        optimiser.step()
        losses.append(loss.item())
    assert losses[-1] < losses[0] / 4, losses
    # The last gradient is PyTorch's own for the same weights.
    w1 = model.w1.detach().clone().requires_grad_()
    w2 = model.w2.detach().clone().requires_grad_()
    reference_loss(w1, w2, xs, ys).backward()
    optimiser.zero_grad()
    model(xs, ys).backward()
    np.testing.assert_allclose(model.w1.grad.numpy(), w1.grad.numpy(), rtol=1e-10, atol=1e-13)
    np.testing.assert_allclose(model.w2.grad.numpy(), w2.grad.numpy(), rtol=1e-10, atol=1e-13)


def test_tensors_changed_in_place_are_caught(interop):
    loss = arr.torch.function(interop, "loss", grad="loss_grad")
    rng = np.random.default_rng(8)
    w1, w2, xs, ys = tensors(rng, (4, 3), (2, 4), (5, 3), (5, 2))
    out = loss(w1, w2, xs, ys)
    with torch.no_grad():
        w1.add_(1.0)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        out.backward()


def test_misuse_is_reported(interop):
    with pytest.raises(TypeError, match=r"grad='not_a_gradient' does not fit entry 'loss.*takes 2 values"):
        arr.torch.function(interop, "loss", grad="not_a_gradient")
    with pytest.raises(TypeError, match=r"grad= needs an entry returning one float scalar; use vjp="):
        arr.torch.function(interop, "dense", grad="dense_vjp")
    with pytest.raises(TypeError, match=r"its parameter 'x' is \[n\]f64, where \[n\]f32 \(rank 1\) is expected"):
        arr.torch.function(interop, "sq32", grad="not_a_gradient")
    with pytest.raises(KeyError, match="vjp=: .* has no entry named 'nothing'"):
        arr.torch.function(interop, "dense", vjp="nothing")
    with pytest.raises(ValueError, match="not both"):
        arr.torch.function(interop, "loss", grad="loss_grad", vjp="loss_grad")
    forward_only = arr.torch.function(interop, "dense")
    w = torch.ones(2, 2, dtype=torch.float64, requires_grad=True)
    y = forward_only(w, torch.ones(2, dtype=torch.float64), torch.ones(2, dtype=torch.float64))
    with pytest.raises(RuntimeError, match="made without grad= or vjp="):
        y.sum().backward()
    # A float32 tensor for an f64 parameter: the entry's own message.
    dense = arr.torch.function(interop, "dense", vjp="dense_vjp")
    with pytest.raises(TypeError, match="parameter 'x' must be \\[n\\]f64"):
        dense(w, torch.ones(2), torch.ones(2, dtype=torch.float64))
    # Differentiating the backward again is refused, not silently zero.
    x = torch.ones(2, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(dense(w, x, x.detach()).sum(), (x,), create_graph=True)
    with pytest.raises(RuntimeError, match="once_differentiable|does not require grad"):
        g.sum().backward()


def test_sample_torch_train():
    """samples/python/torch_train.py trains mlp.arr's perceptron with Adam: the
    loss it prints falls at every report and ends far below where it began."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "samples" / "python" / "torch_train.py"), "--steps", "300", "--every", "30"],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    losses = [float(value) for value in re.findall(r"^step +\d+  loss ([0-9.e+-]+)$", done.stdout, re.M)]
    assert len(losses) == 11, done.stdout
    assert all(later < earlier for earlier, later in zip(losses, losses[1:])), losses
    assert losses[-1] < losses[0] / 20, losses
