#!/usr/bin/env python3
"""Solves the discrete Bratu problem of bratu.arr, -u'' = lam * exp(u) on (0, 1)
with u(0) = u(1) = 0, by Newton's method in JAX: the residual is the Arr entry
`residual` (arr.jax.function), its Jacobian jax.jacrev through the Arr entry
`residual_vjp`, and each Newton step one jitted JAX function around them.

    tests/bench/.venv/bin/python samples/python/jax_solve.py [--points 63] [--lam 1.0]

Needs JAX (sh tests/bench/install_deps.sh --jax makes tests/bench/.venv, whose
python has it). Run from a checkout after the build, or anywhere once the
project is installed with pip.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.join(HERE, "..", "..", "python")
if os.path.isdir(os.path.join(CHECKOUT, "arr")):
    sys.path.insert(0, CHECKOUT)
import arr  # noqa: E402

try:
    import jax
    import jax.numpy as jnp
except ImportError:
    sys.exit("jax_solve.py needs JAX (sh tests/bench/install_deps.sh --jax, then tests/bench/.venv/bin/python)")
jax.config.update("jax_enable_x64", True)  # the entries take f64
import arr.jax  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=63, help="interior grid points")
    parser.add_argument("--lam", type=float, default=1.0, help="the Bratu parameter (a solution exists below 3.51)")
    parser.add_argument("--steps", type=int, default=20, help="at most this many Newton steps")
    args = parser.parse_args()

    program = arr.compile(os.path.join(HERE, "bratu.arr"))
    residual = arr.jax.function(program, "residual", vjp="residual_vjp")

    @jax.jit
    def newton_step(u, lam):
        # The Arr entry inside a jitted function: F(u) through jax.pure_callback,
        # its Jacobian row by row through the entry residual_vjp.
        r = residual(u, lam)
        jacobian = jax.jacrev(residual)(u, lam)
        return u - jnp.linalg.solve(jacobian, r), jnp.max(jnp.abs(r))

    u = jnp.zeros(args.points)
    lam = jnp.asarray(args.lam)
    for step in range(args.steps):
        u, size = newton_step(u, lam)
        print("step %2d  max |residual| %.3e" % (step, float(size)))
        if size < 1e-9:
            break
    else:
        sys.exit("Newton's method did not converge in %d steps" % args.steps)
    final = float(jnp.max(jnp.abs(residual(u, lam))))
    print("solved: max u %.6f at x = 0.5, max |residual| %.3e" % (float(u[args.points // 2]), final))


if __name__ == "__main__":
    main()
