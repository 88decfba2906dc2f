"""arr.jax.function (LANGUAGE.md section 10, "Inside PyTorch and JAX"): Arr
entries as jax.custom_vjp functions calling the entry and its derivative
through jax.pure_callback, under jax.jit, jax.grad, jax.jacrev and jax.vmap,
checked with jax.test_util.check_grads (reverse mode) and against the same
functions written in jax.numpy. JAX comes from PyPI: ctest runs this file
with the python tests/python/jax_python.py finds (tests/bench/.venv, made by
`sh tests/bench/install_deps.sh --jax`), and skips it without one."""

import re
import subprocess
import sys

import numpy as np
import pytest
from conftest import PROGRAMS, ROOT

import arr

jax = pytest.importorskip("jax", reason="JAX is not installed (sh tests/bench/install_deps.sh --jax)")
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
from jax.test_util import check_grads  # noqa: E402

import arr.jax  # noqa: E402


@pytest.fixture(scope="module")
def interop():
    return arr.compile(PROGRAMS / "interop.arr")


def reference_loss(w1, w2, xs, ys):
    """interop.arr's model_loss in jax.numpy."""
    return jnp.sum((jnp.tanh(xs @ w1.T) @ w2.T - ys) ** 2) / xs.shape[0]


def arrays(seed, *shapes):
    rng = np.random.default_rng(seed)
    return [jnp.asarray(rng.standard_normal(shape)) for shape in shapes]


def test_values_and_gradients_match_jax(interop):
    loss = arr.jax.function(interop, "loss", grad="loss_grad")
    args = arrays(1, (6, 3), (2, 6), (9, 3), (9, 2))
    expected = reference_loss(*args)
    assert float(loss(*args)) == pytest.approx(float(expected), rel=1e-12)
    assert float(jax.jit(loss)(*args)) == pytest.approx(float(expected), rel=1e-12)
    mine = jax.jit(jax.grad(lambda *a: 3.0 * loss(*a), argnums=(0, 1, 2, 3)))(*args)
    theirs = jax.grad(lambda *a: 3.0 * reference_loss(*a), argnums=(0, 1, 2, 3))(*args)
    for a, b in zip(mine, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-13)


def test_check_grads_reverse_mode(interop):
    loss = arr.jax.function(interop, "loss", grad="loss_grad")
    check_grads(loss, arrays(2, (4, 3), (2, 4), (5, 3), (5, 2)), order=1, modes=["rev"])
    dense = arr.jax.function(interop, "dense", vjp="dense_vjp")
    w, x, v = arrays(3, (4, 3), (3,), (4,))
    check_grads(dense, (w, x, v), order=1, modes=["rev"])
    np.testing.assert_allclose(dense(w, x, v), jnp.tanh(w @ x) + v * x[0], rtol=1e-13)
    # Under jit, and its Jacobian through the vjp entry, row by row (vmap of the callback).
    jacobian = jax.jit(jax.jacrev(dense, argnums=1))(w, x, v)
    expected = jax.jacrev(lambda x: jnp.tanh(w @ x) + v * x[0])(x)
    np.testing.assert_allclose(jacobian, expected, rtol=1e-12, atol=1e-13)


def test_two_results_with_a_tuple_cotangent(interop):
    both = arr.jax.function(interop, "both", vjp="both_vjp")
    (x,) = arrays(4, (5,))
    a = jnp.asarray(0.7)
    y, s = both(x, a)
    np.testing.assert_allclose(y, jnp.exp(x * a), rtol=1e-14)
    assert float(s) == pytest.approx(float(jnp.sum(x * x) * a), rel=1e-14)
    check_grads(both, (x, a), order=1, modes=["rev"])
    # Only the second result used: a zero cotangent for the first.
    gx = jax.grad(lambda x: both(x, a)[1])(x)
    np.testing.assert_allclose(gx, 2 * x * a, rtol=1e-14)


def test_integer_and_boolean_parameters(interop):
    masked = arr.jax.function(interop, "masked", grad="masked_grad")
    (x,) = arrays(5, (7,))
    keep = jnp.array([True, False, True, True, False, False, True])
    k = jnp.asarray(3)  # int64 under jax_enable_x64

    def reference(x, s):
        return jnp.sum(jnp.where(keep, x * x * 3 * s, jnp.sin(x) * s))

    assert float(masked(x, k, keep, 0.5)) == pytest.approx(float(reference(x, 0.5)), rel=1e-13)
    gx, gk, gkeep, gs = jax.grad(masked, argnums=(0, 1, 2, 3), allow_int=True)(x, k, keep, 0.5)
    ex, es = jax.grad(reference, argnums=(0, 1))(x, 0.5)
    np.testing.assert_allclose(gx, ex, rtol=1e-13)
    assert float(gs) == pytest.approx(float(es), rel=1e-13)
    # The integer and boolean parameters' cotangents are JAX's "no gradient", float0.
    assert gk.dtype == jax.dtypes.float0 and gkeep.dtype == jax.dtypes.float0
    check_grads(lambda x, s: masked(x, 3, keep, s), (x, 0.5), order=1, modes=["rev"])


def test_float32(interop):
    sq = arr.jax.function(interop, "sq32", grad="sq32_grad")
    x = jnp.array([1.0, -2.0, 0.5], dtype=jnp.float32)
    s = jnp.asarray(2.0, dtype=jnp.float32)
    assert sq(x, s).dtype == jnp.float32
    gx, gs = jax.jit(jax.grad(sq, argnums=(0, 1)))(x, s)
    assert gx.dtype == jnp.float32
    np.testing.assert_allclose(gx, 2 * x * 2.0)
    assert float(gs) == pytest.approx(5.25)
    # A Python float for the f32 scalar takes its dtype (JAX alone would make it f64).
    assert sq(x, 2.0).dtype == jnp.float32
    assert float(jax.grad(sq, argnums=1)(x, 2.0)) == pytest.approx(5.25)


def test_vmap_calls_the_entry_per_element(interop):
    dense = arr.jax.function(interop, "dense", vjp="dense_vjp")
    w, xs, v = arrays(6, (4, 3), (5, 3), (4,))
    ys = jax.vmap(lambda x: dense(w, x, v))(xs)
    np.testing.assert_allclose(ys, jnp.tanh(xs @ w.T) + v[None, :] * xs[:, :1], rtol=1e-13)


def test_misuse_is_reported(interop):
    with pytest.raises(TypeError, match=r"arr.jax.function: grad='not_a_gradient' does not fit entry 'loss"):
        arr.jax.function(interop, "loss", grad="not_a_gradient")
    dense = arr.jax.function(interop, "dense", vjp="dense_vjp")
    w, x, v = arrays(7, (2, 2), (2,), (2,))
    with pytest.raises(TypeError, match=r"dense: parameter 'x' must be \[n\]f64 \(dtype float64\), got a rank-1 float32"):
        dense(w, x.astype(jnp.float32), v)
    with pytest.raises(TypeError, match=r"parameter 'w' must be \[m,n\]f64 .* got a rank-1 float64"):
        jax.jit(dense)(x, x, v)
    forward_only = arr.jax.function(interop, "dense")
    np.testing.assert_allclose(forward_only(w, x, v), dense(w, x, v))
    with pytest.raises(RuntimeError, match="made without grad= or vjp="):
        jax.grad(lambda x: forward_only(w, x, v).sum())(x)
    # Shapes that do not fit the signature: the entry's own message, at trace time.
    with pytest.raises(ValueError, match=r"dense: parameters 'w' and 'v' disagree on size m \(2 vs 3\)"):
        jax.jit(dense)(w, x, jnp.ones(3))


def test_sample_jax_solve():
    """samples/python/jax_solve.py: Newton's method on the Bratu problem, the
    residual an Arr entry inside a jitted step, converges quadratically to the
    known solution (max u = 0.1405 for lam = 1 on 63 points; 0.1404 exactly)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "samples" / "python" / "jax_solve.py")],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    sizes = [float(value) for value in re.findall(r"^step +\d+  max \|residual\| ([0-9.e+-]+)$", done.stdout, re.M)]
    assert 3 <= len(sizes) <= 8, done.stdout
    assert all(later < earlier * 0.1 for earlier, later in zip(sizes, sizes[1:])), sizes
    maximum, final = re.search(r"^solved: max u ([0-9.]+) at x = 0.5, max \|residual\| ([0-9.e+-]+)$",
                               done.stdout, re.M).groups()
    assert float(maximum) == pytest.approx(0.14054, abs=2e-5)
    assert float(final) < 1e-9
