"""Inversion by a fixed number of steps, for the small-mean regimes of ``ak.random``'s
``poisson``, ``binomial`` and ``hypergeometric`` (and ``multinomial`` and
``multivariate_hypergeometric`` through them).

For a distribution on ``0, 1, ...`` with probabilities ``p_k``, one float64 uniform ``u``
per value gives the least ``x`` with ``u < F_x`` (``F`` the cumulative sum): for ``u <
1/2`` by summing ``p_0, p_1, ...`` upwards, for ``u >= 1/2`` by summing the upper tail
``S_k = p_(k+1) + p_(k+2) + ...`` downwards from the top ``T = min(support's end, K - 1)``
and comparing with ``1 - u`` (exact there), so that neither side loses the tail to
rounding; ``K`` steps with ``P(X >= K) < 2**-56`` (the tail left out is below the
smallest ``1 - u``, ``2**-53``).  A scalar parameter's sums are a table made on the host
(Python floats, the same recurrences: :func:`host_tables`) searched with ``searchsorted``
(:func:`invert_table`); arrays of parameters run the ``K`` steps elementwise
(:func:`invert_steps`).  No rejection: the words taken are one uniform per value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arraykit as ak

K_STEPS = 48  # P(Poisson(10) >= 48) < 2**-56: Poisson with lam < 10, binomial with np < 10

Ratio = Callable[[Any], Any]


def host_tables(
    p0: float, ratio: Ratio, back: Ratio, top: int, p_top: float, steps: int
) -> tuple[list[float], list[float]]:
    """The cumulative sums ``F_k`` and upper tails ``S_k`` (``k < steps``) in Python
    floats, by the recurrences of :func:`invert_steps`."""
    cum, p, f = [], p0, p0
    for k in range(steps):
        cum.append(f)
        p = p * ratio(float(k))
        f = f + p
    tail, p, s = [0.0] * steps, 0.0, 0.0
    for k in range(steps - 1, -1, -1):
        tail[k] = s
        p = p_top if k == top else p * back(float(k))
        s = s + p
    return cum, tail


def invert_table(u: ak.Array, cum: list[float], tail: list[float]) -> ak.Array:
    """``x`` (int64) for the uniforms ``u`` from host tables (module docstring)."""
    dev = u.device
    up = ak.searchsorted(ak.asarray(cum, device=dev), u, side="right")
    neg = ak.asarray([-s for s in tail], device=dev)
    down = ak.searchsorted(neg, -(1 - u), side="right")
    return ak.where(u < 0.5, ak.astype(up, ak.int64), ak.astype(down, ak.int64))


def invert_steps(
    u: ak.Array, p0: Any, ratio: Ratio, back: Ratio, top: Any, p_top: Any, steps: int
) -> ak.Array:
    """``x`` (float64) for the uniforms ``u``, elementwise parameters: ``p0`` and
    ``p_top`` the probabilities of 0 and of ``top`` (``< steps``); ``ratio(k)`` is ``p_(k+1)
    / p_k`` (0 past the support), ``back(k)`` is ``p_k / p_(k+1)`` (positive and finite for
    every ``k``: the probabilities above ``top`` are 0)."""
    up = ak.zeros_like(u)
    p, f = p0, p0
    for k in range(steps):
        up = up + ak.astype(f <= u, ak.float64)
        p = p * ratio(float(k))
        f = f + p
    v = 1 - u
    down = ak.zeros_like(u)
    p, s = ak.zeros_like(u), ak.zeros_like(u)
    for k in range(steps - 1, -1, -1):
        down = down + ak.astype(s >= v, ak.float64)
        p = _select(top == k, p_top, p * back(float(k)))
        s = s + p
    return ak.where(u < 0.5, up, down)


def _select(cond: Any, a: Any, b: Any) -> Any:
    if isinstance(cond, bool):
        return a if cond else b
    return ak.where(cond, a, b)
