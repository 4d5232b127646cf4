"""The gamma family, written once in core on the Philox stream: ``standard_gamma``,
``gamma``, ``chisquare``, ``beta``, ``standard_t``.

``standard_gamma(a)`` is Marsaglia and Tsang's method (G. Marsaglia, W. W. Tsang, "A
simple method for generating gamma variables", ACM TOMS 26(3), 2000): for ``a >= 1``,
``d = a - 1/3``, ``c = 1 / sqrt(9 d)``; a candidate is a standard normal ``x`` and a
uniform ``u``, ``v = (1 + c x)**3``, accepted when ``v > 0`` and ``log(u) < x**2 / 2 + d -
d v + d log(v)``, giving ``d v``; for ``a < 1`` the value of ``a + 1`` times ``u'**(1/a)``
(``u'`` one more uniform per value, drawn after the rounds; ``1 - u`` and ``1 - u'``
serve as the uniforms, so that their logarithms are finite).  A candidate is accepted
with probability at least 0.95 for every ``a``.

Rounds of fixed size, so that a draw takes the same words whatever is accepted (as
``ak.jit`` needs, and so that every driver takes the same decisions on the same words):
round 1 draws ``m1 = n`` candidates (``n`` normals, then ``n`` uniforms), one per value;
round ``j + 1`` draws ``m(j+1) = m(j) // 8 + 16`` (at most ``m(j)``) candidates for the
first ``m(j+1)`` values (in index order) still without one; ``ROUNDS = 16`` rounds in all.
A value left without an accepted candidate after them (probability below ``0.05**16 <
2**-69`` per value) is an error eagerly (``RuntimeError``) and NaN inside a transform.

``gamma(a, scale)`` is ``standard_gamma(a) * scale``; ``chisquare(df)`` is ``2 *
standard_gamma(df / 2)``; ``beta(a, b)`` draws ``X = standard_gamma(a)`` then ``Y =
standard_gamma(b)`` (whole draws, in that order) and is ``X / (X + Y)``, computed as
``sigmoid(log X - log Y)`` with the logarithms found without forming ``X`` and ``Y``, so
that tiny shapes (``X`` and ``Y`` both underflowing) give 0 or 1, not NaN;
``standard_t(df)`` draws ``Z = standard_normal()`` then ``G = standard_gamma(df / 2)`` and
is ``Z / sqrt(2 G / df)``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arraykit as ak

from .._core import transform_tracing
from ._args import Param, cast, check, draw_shape, float_dtype, param

if TYPE_CHECKING:
    from ._generator import Generator

ROUNDS = 16


def round_sizes(n: int) -> list[int]:
    sizes = [n]
    for _ in range(ROUNDS - 1):
        sizes.append(min(sizes[-1], sizes[-1] // 8 + 16))
    return sizes


def _flat(p: Param, shape: tuple[int, ...], dtype: Any, device: Any) -> ak.Array:
    if isinstance(p, ak.Array):
        p = ak.astype(p, dtype)
        return ak.reshape(ak.broadcast_to(p, shape), (-1,))
    return ak.full(math.prod(shape), p, dtype=dtype, device=device)


def _rounds(gen: Generator, a: ak.Array, log: bool) -> tuple[ak.Array, ak.Array]:
    """Marsaglia-Tsang in fixed rounds (module docstring) for the flat shapes ``a``, and
    whether every value found a candidate; with ``log``, the logarithm of the values
    (finite where they underflow)."""
    n, dtype, device = a.shape[0], a.dtype, None
    small = a < 1
    d = ak.where(small, a + 1, a) - 1 / 3
    c = 1 / ak.sqrt(9 * d)
    value = ak.zeros(n, dtype=dtype, device=a.device)
    done = ak.zeros(n, dtype=ak.bool, device=a.device)
    for j, m in enumerate(round_sizes(n)):
        if m == 0:
            break
        if j == 0:
            rank = None
            dj, cj = d, c
        else:
            waiting = ak.cumulative_sum(ak.astype(~done, ak.int64))  # 1-based ranks
            rank = waiting - 1
            wanted = ak.arange(1, m + 1, dtype=ak.int64, device=a.device)
            pick = ak.minimum(ak.searchsorted(waiting, wanted), n - 1)  # first m waiting
            dj, cj = ak.take(d, pick), ak.take(c, pick)
        x = gen.standard_normal(m, dtype, device=device)
        u = gen.random(m, dtype, device=device)
        v = 1 + cj * x
        v = v * v * v
        positive = v > 0
        safe_v = ak.where(positive, v, 1)
        # 1 - u is uniform on (0, 1]: log1p(-u) is finite
        bound = 0.5 * x * x + dj - dj * safe_v + dj * ak.log(safe_v)
        accept = positive & (ak.log1p(-u) < bound)
        cand = dj * safe_v
        if rank is None:
            new, got = accept, cand
        else:
            r = ak.clip(rank, 0, m - 1)
            new = ~done & (rank < m) & ak.take(accept, r)
            got = ak.take(cand, r)
        value = ak.where(new, got, value)
        done = done | new
    value = ak.where(done, value, math.nan)
    # a < 1: times (1 - u')**(1/a), in logs; a == 0 gives 0 (log -inf), as NumPy
    boost = ak.log1p(-gen.random(n, dtype, device=device)) / ak.where(small & (a > 0), a, 1)
    boost = ak.where(small, ak.where(a == 0, -math.inf, boost), 0)
    out = ak.log(value) + boost if log else value * ak.exp(boost)
    return out, ak.all(done)


# One compiled program per size and dtype where the driver compiles: eagerly, the rounds'
# many small operations would each be dispatched (and, on JAX, compiled per shape).
_COMPILED = {log: ak.jit(lambda gen, a, log=log: _rounds(gen, a, log)) for log in (False, True)}


def standard_gamma_flat(
    gen: Generator, a: ak.Array, dtype: Any, device: Any, log: bool = False
) -> ak.Array:
    """``_rounds`` compiled; a value without an accepted candidate is an error eagerly,
    NaN inside a transform."""
    a = ak.astype(a, dtype)
    if device is not None:
        a = ak.asarray(a, device=device)
    out, ok = _COMPILED[log](gen, a)
    if not transform_tracing.depth and not bool(ok):
        raise RuntimeError("standard_gamma: no candidate accepted in 16 rounds (p < 2**-69)")
    return out


def standard_gamma(
    gen: Generator, shape: Param, size: Any, dtype: Any, device: Any, fn: str = "standard_gamma"
) -> ak.Array:
    a = param(shape, fn, "shape")
    check(a < 0, fn, ValueError, "shape < 0")
    dtype = float_dtype(dtype, fn)
    out_shape = draw_shape(size, (a,), fn)
    flat = _flat(a, out_shape, dtype, device)
    if isinstance(a, ak.Array):
        device = a.device if device is None else device
    return ak.reshape(standard_gamma_flat(gen, flat, dtype, device), out_shape)


def gamma(gen: Generator, shape: Param, scale: Param, size: Any, device: Any) -> ak.Array:
    a, s = param(shape, "gamma", "shape"), param(scale, "gamma", "scale")
    check(a < 0, "gamma", ValueError, "shape < 0")
    check(s < 0, "gamma", ValueError, "scale < 0")
    out = draw_shape(size, (a, s), "gamma")
    return standard_gamma(gen, a, out, None, device, "gamma") * cast(s, ak.float64)


def chisquare(gen: Generator, df: Param, size: Any, device: Any) -> ak.Array:
    k = param(df, "chisquare", "df")
    check(k <= 0, "chisquare", ValueError, "df <= 0")
    out = draw_shape(size, (k,), "chisquare")
    return 2 * standard_gamma(gen, cast(k, ak.float64) / 2, out, None, device, "chisquare")


def beta(gen: Generator, a: Param, b: Param, size: Any, device: Any) -> ak.Array:
    pa, pb = param(a, "beta", "a"), param(b, "beta", "b")
    check(pa <= 0, "beta", ValueError, "a <= 0")
    check(pb <= 0, "beta", ValueError, "b <= 0")
    out = draw_shape(size, (pa, pb), "beta")
    lx = _log_gamma(gen, pa, out, device)
    ly = _log_gamma(gen, pb, out, device)
    t = lx - ly
    e = ak.exp(-ak.abs(t))  # sigmoid(t) without overflow
    return ak.where(t >= 0, 1 / (1 + e), e / (1 + e))


def _log_gamma(gen: Generator, a: Param, shape: tuple[int, ...], device: Any) -> ak.Array:
    if isinstance(a, ak.Array) and device is None:
        device = a.device
    flat = _flat(a, shape, ak.float64, device)
    return ak.reshape(standard_gamma_flat(gen, flat, ak.float64, device, log=True), shape)


def standard_t(gen: Generator, df: Param, size: Any, device: Any) -> ak.Array:
    k = param(df, "standard_t", "df")
    check(k <= 0, "standard_t", ValueError, "df <= 0")
    out = draw_shape(size, (k,), "standard_t")
    z = gen.standard_normal(out, device=device)
    k64 = cast(k, ak.float64)
    g = standard_gamma(gen, k64 / 2, out, None, device, "standard_t")
    return z / ak.sqrt(2 * g / k64)
