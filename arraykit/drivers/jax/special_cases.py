"""The standard's special cases of complex elementwise functions, which XLA does not follow.

Each table transcribes the spec's "For complex floating-point operands" list for one
function (C99 Annex G), for ``a = real(x)``, ``b = imag(x)`` reflected into the half
plane (or quadrant) the spec states them for; the function's symmetry maps the result
back: ``f(conj(z)) == conj(f(z))`` for all of them, plus ``f(-z) == -f(z)`` ("odd") or
``f(-z) == f(z)`` ("even").  The first matching rule wins, as in the spec.  Where the
spec leaves a sign unspecified the table picks ``+``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/elementwise_functions.html
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

INF, NAN, PI = np.inf, np.nan, np.pi

Rule = tuple[Any, Any, Any]  # (condition, real part, imaginary part)


def _pz(v: Any) -> Any:  # +0
    return (v == 0) & ~jnp.signbit(v)


def _mz(v: Any) -> Any:  # -0
    return (v == 0) & jnp.signbit(v)


def _posfin(v: Any) -> Any:
    return jnp.isfinite(v) & (v > 0)


def _nzfin(v: Any) -> Any:
    return jnp.isfinite(v) & (v != 0)


_fin, _nan, _inf = jnp.isfinite, jnp.isnan, jnp.isinf


def _pinf(v: Any) -> Any:
    return v == INF


def _ninf(v: Any) -> Any:
    return v == -INF


def _acos(a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & _pz(b), PI / 2, -0.0),
        ((a == 0) & _nan(b), PI / 2, NAN),
        (_fin(a) & _pinf(b), PI / 2, -INF),
        (_nzfin(a) & _nan(b), NAN, NAN),
        (_ninf(a) & _posfin(b), PI, -INF),
        (_pinf(a) & _posfin(b), 0.0, -INF),
        (_ninf(a) & _pinf(b), 3 * PI / 4, -INF),
        (_pinf(a) & _pinf(b), PI / 4, -INF),
        (_inf(a) & _nan(b), NAN, INF),
        (_nan(a) & _fin(b), NAN, NAN),
        (_nan(a) & _pinf(b), NAN, -INF),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _acosh(a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & _pz(b), 0.0, PI / 2),
        (_fin(a) & _pinf(b), INF, PI / 2),
        (_nzfin(a) & _nan(b), NAN, NAN),
        (_pz(a) & _nan(b), NAN, PI / 2),
        (_ninf(a) & _posfin(b), INF, PI),
        (_pinf(a) & _posfin(b), INF, 0.0),
        (_ninf(a) & _pinf(b), INF, 3 * PI / 4),
        (_pinf(a) & _pinf(b), INF, PI / 4),
        (_inf(a) & _nan(b), INF, NAN),
        (_nan(a) & _fin(b), NAN, NAN),
        (_nan(a) & _pinf(b), INF, NAN),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _asinh(a: Any, b: Any) -> list[Rule]:  # odd: a >= 0 here
    return [
        (_pz(a) & _pz(b), 0.0, 0.0),
        (_posfin(a) & _pinf(b), INF, PI / 2),
        (_fin(a) & _nan(b), NAN, NAN),
        (_pinf(a) & _posfin(b), INF, 0.0),
        (_pinf(a) & _pinf(b), INF, PI / 4),
        (_nan(a) & _pz(b), NAN, 0.0),
        (_nan(a) & _nzfin(b), NAN, NAN),
        (_nan(a) & _pinf(b), INF, NAN),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _atanh(a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (_pz(a) & _pz(b), 0.0, 0.0),
        (_pz(a) & _nan(b), 0.0, NAN),
        ((a == 1) & _pz(b), INF, 0.0),
        (_posfin(a) & _pinf(b), 0.0, PI / 2),
        (_nzfin(a) & _nan(b), NAN, NAN),
        (_pinf(a) & _posfin(b), 0.0, PI / 2),
        (_pinf(a) & _pinf(b), 0.0, PI / 2),
        (_pinf(a) & _nan(b), 0.0, NAN),
        (_nan(a) & _fin(b), NAN, NAN),
        (_nan(a) & _pinf(b), 0.0, PI / 2),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _cosh(a: Any, b: Any) -> list[Rule]:  # even
    return [
        (_pz(a) & _pz(b), 1.0, 0.0),
        (_pz(a) & _pinf(b), NAN, 0.0),
        (_pz(a) & _nan(b), NAN, 0.0),
        (_nzfin(a) & _pinf(b), NAN, NAN),
        (_nzfin(a) & _nan(b), NAN, NAN),
        (_pinf(a) & _pz(b), INF, 0.0),
        (_pinf(a) & _nzfin(b), INF * jnp.cos(b), INF * jnp.sin(b)),
        (_pinf(a) & _pinf(b), INF, NAN),
        (_pinf(a) & _nan(b), INF, NAN),
        (_nan(a) & (b == 0), NAN, 0.0),
        (_nan(a) & _nzfin(b), NAN, NAN),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _sinh(a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (_pz(a) & _pz(b), 0.0, 0.0),
        (_pz(a) & _pinf(b), 0.0, NAN),
        (_pz(a) & _nan(b), 0.0, NAN),
        (_posfin(a) & _pinf(b), NAN, NAN),
        (_posfin(a) & _nan(b), NAN, NAN),
        (_pinf(a) & _pz(b), INF, 0.0),
        (_pinf(a) & _posfin(b), INF * jnp.cos(b), INF * jnp.sin(b)),
        (_pinf(a) & _pinf(b), INF, NAN),
        (_pinf(a) & _nan(b), INF, NAN),
        (_nan(a) & _pz(b), NAN, 0.0),
        (_nan(a) & _nzfin(b), NAN, NAN),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _tanh(a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (_pz(a) & _pz(b), 0.0, 0.0),
        (_nzfin(a) & _pinf(b), NAN, NAN),
        (_pz(a) & _pinf(b), 0.0, NAN),
        (_nzfin(a) & _nan(b), NAN, NAN),
        (_pz(a) & _nan(b), 0.0, NAN),
        (_pinf(a) & _posfin(b), 1.0, 0.0),
        (_pinf(a) & _pinf(b), 1.0, 0.0),
        (_pinf(a) & _nan(b), 1.0, 0.0),
        (_nan(a) & _pz(b), NAN, 0.0),
        (_nan(a) & (b != 0) & ~_nan(b), NAN, NAN),
        (_nan(a) & _nan(b), NAN, NAN),
    ]


def _exp_like(minus: float) -> Callable[[Any, Any], list[Rule]]:
    """exp (``minus=0``) and expm1 (``minus=1``): the same table, shifted by ``-minus``."""

    def rules(a: Any, b: Any) -> list[Rule]:
        return [
            ((a == 0) & _pz(b), 1.0 - minus, 0.0),
            (_fin(a) & _pinf(b), NAN, NAN),
            (_fin(a) & _nan(b), NAN, NAN),
            (_pinf(a) & _pz(b), INF, 0.0),
            (_ninf(a) & _fin(b), 0.0 * jnp.cos(b) - minus, 0.0 * jnp.sin(b)),
            (_pinf(a) & _nzfin(b), INF * jnp.cos(b) - minus, INF * jnp.sin(b)),
            (_ninf(a) & _pinf(b), 0.0 - minus, 0.0),
            (_pinf(a) & _pinf(b), INF, NAN),
            (_ninf(a) & _nan(b), 0.0 - minus, 0.0),
            (_pinf(a) & _nan(b), INF, NAN),
            (_nan(a) & _pz(b), NAN, 0.0),
            (_nan(a) & (b != 0), NAN, NAN),
        ]

    return rules


def _log_like(one: float) -> Callable[[Any, Any], list[Rule]]:
    """log (``one=0``) and log1p (``one=1``: its pole is at ``a == -1``)."""

    def rules(a: Any, b: Any) -> list[Rule]:
        pole = [((a == -1) & _pz(b), -INF, 0.0)] if one else [
            (_mz(a) & _pz(b), -INF, PI),
            (_pz(a) & _pz(b), -INF, 0.0),
        ]  # fmt: skip
        return [
            *pole,
            (_fin(a) & _pinf(b), INF, PI / 2),
            (_fin(a) & _nan(b), NAN, NAN),
            (_ninf(a) & _posfin(b), INF, PI),
            (_pinf(a) & _posfin(b), INF, 0.0),
            (_ninf(a) & _pinf(b), INF, 3 * PI / 4),
            (_pinf(a) & _pinf(b), INF, PI / 4),
            (_inf(a) & _nan(b), INF, NAN),
            (_nan(a) & _fin(b), NAN, NAN),
            (_nan(a) & _pinf(b), INF, NAN),
            (_nan(a) & _nan(b), NAN, NAN),
        ]

    return rules


def _sqrt(a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & _pz(b), 0.0, 0.0),
        (_pinf(b), INF, INF),
        (_fin(a) & _nan(b), NAN, NAN),
        (_ninf(a) & _posfin(b), 0.0, INF),
        (_pinf(a) & _posfin(b), INF, 0.0),
        (_ninf(a) & _nan(b), NAN, INF),
        (_pinf(a) & _nan(b), INF, NAN),
        (_nan(a), NAN, NAN),
    ]


# name -> (symmetry, rules)
COMPLEX_SPECIAL_CASES: dict[str, tuple[str, Callable[[Any, Any], list[Rule]]]] = {
    "acos": ("conj", _acos),
    "acosh": ("conj", _acosh),
    "asinh": ("odd", _asinh),
    "atanh": ("odd", _atanh),
    "cosh": ("even", _cosh),
    "sinh": ("odd", _sinh),
    "tanh": ("odd", _tanh),
    "exp": ("conj", _exp_like(0.0)),
    "expm1": ("conj", _exp_like(1.0)),
    "log": ("conj", _log_like(0.0)),
    "log1p": ("conj", _log_like(1.0)),
    "sqrt": ("conj", _sqrt),
}


def complex_special_cases(
    f: Callable[[Any], Any], symmetry: str, rules: Callable[[Any, Any], list[Rule]]
) -> Callable[[Any], Any]:
    """``f`` with the spec's special cases applied to complex input (real input as is)."""

    def kernel(x: Any) -> Any:
        if not jnp.iscomplexobj(x):
            return f(x)
        # Work where the spec's lists are written (a >= 0 for odd and even functions,
        # b >= 0), then map back by the symmetry: XLA's kernels do not keep it at signed
        # zeros and infinities (exp(1.5 - 0j) gave 4.48 + 0j, acos(inf - 0j) -inf j).
        # The special values are constants: no gradient flows through them (else the
        # masked-out branches, e.g. INF * cos(b), give 0 * inf = NaN gradients).
        const = lax.stop_gradient(x)
        a, b = jnp.real(const), jnp.imag(const)
        flip_b = jnp.signbit(b) & ~jnp.isnan(b)
        if symmetry == "conj":
            flip_a = jnp.zeros_like(flip_b)
        else:
            flip_a = jnp.signbit(a) & ~jnp.isnan(a)
            a = jnp.where(flip_a, -a, a)
        b = jnp.where(flip_b, -b, b)
        xa, xb = jnp.real(x), jnp.imag(x)  # the same reflection, with its gradient
        out = f(lax.complex(jnp.where(flip_a, -xa, xa), jnp.where(flip_b, -xb, xb)))
        re, im = jnp.real(out), jnp.imag(out)
        for cond, r, i in reversed(rules(a, b)):
            re = jnp.where(cond, r, re)
            im = jnp.where(cond, i, im)
        im = jnp.where(flip_b ^ flip_a, -im, im)  # see the module docstring
        if symmetry == "odd":
            re, im = jnp.where(flip_a, -re, re), jnp.where(flip_a, -im, im)
        return lax.complex(re, im)

    return kernel
