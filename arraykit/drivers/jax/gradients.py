"""Derivatives the JAX driver defines itself, where ``jax.numpy``'s differ from the
contract's (core's ``_transforms_grad``; docs/reference/transforms.rst): each kernel keeps
its forward computation and gets a ``jax.custom_jvp`` (compiled into the kernel: no cost
at run time).

What JAX gets wrong, and the fix here:

* ``abs``: JAX's derivative at 0 is 1; the contract's is 0 (``sign(x)``; complex: 0 too).
* ``acosh`` of complex ``z`` with ``Re z < 0``: JAX differentiates ``1 / sqrt(z**2 - 1)``,
  the other branch: ``1 / (sqrt(z - 1) sqrt(z + 1))``.
* ``copysign``: ``d/dx1`` is ``sign(x1) * s(x2)``, 0 at ``x1 == 0`` (as ``abs``; JAX: +-1).
* complex ``sign`` (JAX: 0): ``z / |z|``'s, 0 at 0.
* ``hypot`` at ``(0, 0)``: JAX gives 1/2 to each; the contract 0 (as ``abs``).
* ``linalg.vector_norm`` (``ord`` 1, inf ...) goes through ``jnp.abs``: ``abs_`` here.
* ``nextafter``: JAX has no rule; 1 in ``x1``, 0 in ``x2`` (what central differences see).
* ``pow``: ``d/dx1`` of ``0 ** 0`` is 0 (``x ** 0`` is constant; JAX: NaN), and complex
  integer powers (square and multiply, ``_pow``) keep ``d/dx2``: ``y * log(x1)``, 0 at
  ``x1 == 0`` (NaN for a negative real base: the derivative does not exist).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp


def _with_jvp(f: Callable[..., Any], rule: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` with ``rule(y, xs, ts) -> tangent of y`` as its derivative, on inexact
    inputs (integer and bool inputs keep ``f``: nothing to differentiate)."""
    custom = jax.custom_jvp(f)

    def _jvp(xs: tuple[Any, ...], ts: tuple[Any, ...]) -> tuple[Any, Any]:
        y = custom(*xs)
        return y, rule(y, xs, ts)

    custom.defjvp(_jvp)

    def kernel(*xs: Any) -> Any:
        if all(jnp.issubdtype(jnp.result_type(x), jnp.inexact) for x in xs):
            return custom(*xs)
        return f(*xs)

    kernel.__name__ = getattr(f, "__name__", "kernel")
    return kernel


def _unit(x: Any) -> Any:
    """``x / |x|``, 0 at 0 (``sign``, complex too; no NaN in either branch)."""
    r = jnp.abs(x)
    zero = r == 0
    return jnp.where(zero, jnp.zeros_like(x), x / jnp.where(zero, jnp.ones_like(r), r))


def _abs(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x,), (t,) = xs, ts
    s = _unit(x)
    return jnp.real(jnp.conj(s) * t) if jnp.iscomplexobj(x) else s * t


def _acosh(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x,), (t,) = xs, ts
    return t / (jnp.sqrt(x - 1) * jnp.sqrt(x + 1))


def _copysign(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x1, _), (t1, _) = xs, ts
    return jnp.sign(x1) * jnp.sign(y) * t1


def _sign(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x,), (t,) = xs, ts
    if not jnp.iscomplexobj(x):
        return jnp.zeros_like(t)
    r = jnp.abs(x)
    zero = r == 0
    along = jnp.real(jnp.conj(y) * t) * y
    return jnp.where(zero, jnp.zeros_like(t), (t - along) / jnp.where(zero, 1, r))


def _hypot(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x1, x2), (t1, t2) = xs, ts
    zero = y == 0
    safe = jnp.where(zero, jnp.ones_like(y), y)
    return jnp.where(zero, jnp.zeros_like(y), (x1 * t1 + x2 * t2) / safe)


def _pow(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    (x1, x2), (t1, t2) = xs, ts
    d1 = jnp.where(x2 == 0, 0, x2 * jnp.power(x1, x2 - 1))
    d2 = y * jnp.log(jnp.where(x1 == 0, 1, x1))
    return d1 * t1 + d2 * t2


def _nextafter(y: Any, xs: tuple[Any, ...], ts: tuple[Any, ...]) -> Any:
    return ts[0] + jnp.zeros_like(y)


_RULES = {
    "abs": _abs,
    "acosh": _acosh,
    "copysign": _copysign,
    "sign": _sign,
    "hypot": _hypot,
    "nextafter": _nextafter,
    "pow": _pow,
}


abs_ = _with_jvp(jnp.abs, _abs)
"""``jnp.abs`` with the contract's derivative (0 at 0), for the norms built on it."""


def with_derivatives(table: dict[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """``table`` (name -> elementwise function) with this module's derivatives."""
    return {name: _with_jvp(f, _RULES[name]) if name in _RULES else f for name, f in table.items()}
