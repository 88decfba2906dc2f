"""Gradients from the package against PyTorch's autograd, where PyTorch is installed
(Debian's python3-torch for /usr/bin/python3; skipped otherwise)."""

import numpy as np
import pytest
from conftest import ROOT

import arr

torch = pytest.importorskip("torch")


def test_mlp_gradient_matches_autograd():
    model = arr.compile(ROOT / "samples" / "python" / "mlp.arr")
    rng = np.random.default_rng(11)
    w1, w2 = rng.standard_normal((16, 5)), rng.standard_normal((3, 16))
    xs, ys = rng.standard_normal((40, 5)), rng.standard_normal((40, 3))
    loss, (g1, g2) = model.error_and_grad(w1, w2, xs, ys)

    t1 = torch.tensor(w1, requires_grad=True)
    t2 = torch.tensor(w2, requires_grad=True)
    predictions = torch.relu(torch.tensor(xs) @ t1.T) @ t2.T
    expected = ((predictions - torch.tensor(ys)) ** 2).sum() / xs.shape[0]
    expected.backward()
    assert loss == pytest.approx(expected.item(), rel=1e-12)
    np.testing.assert_allclose(g1, t1.grad.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(g2, t2.grad.numpy(), rtol=1e-10, atol=1e-12)


def test_dot_gradient_matches_autograd(interface):
    a = torch.randn(1000, dtype=torch.float64, requires_grad=True)
    b = torch.randn(1000, dtype=torch.float64, requires_grad=True)
    (a * b).sum().backward()
    # Tensors are taken through numpy.asarray, like any object with a dtype of its own.
    da, db = interface.dmain(a.detach(), b.detach())
    np.testing.assert_array_equal(da, a.grad.numpy())
    np.testing.assert_array_equal(db, b.grad.numpy())
