"""The gamma family, written once in core on the Philox stream: ``standard_gamma``,
``gamma``, ``chisquare``, ``beta``, ``f``, ``standard_t``, ``noncentral_chisquare``,
``noncentral_f``.

``standard_gamma(a)`` is Marsaglia and Tsang's method (G. Marsaglia, W. W. Tsang, "A
simple method for generating gamma variables", ACM TOMS 26(3), 2000): for ``a >= 1``,
``d = a - 1/3``, ``c = 1 / sqrt(9 d)``; a candidate is a standard normal ``x`` and a
uniform ``u``, ``v = (1 + c x)**3``, accepted when ``v > 0`` and ``log(1 - u) < x**2 / 2
+ d - d v + d log(v)``, giving ``d v``; for ``a < 1`` the value of ``a + 1`` times
``(1 - u')**(1/a)`` (``u'`` one more uniform per value, drawn after the rounds).  A
candidate is accepted with probability at least 0.95 for every ``a``, so the candidates
come in the fixed rounds of :mod:`arraykit.random._rejection` for ``q = 0.05`` (1
candidate for every value, then 1, 2 and 12 for the values still waiting at ``n = 10**4``;
16 per value in all, a value finds none with probability below ``2**-64``); each round
draws its normals, then its uniforms (``u'`` last): the words taken depend on ``n``
alone.  ``a = inf`` gives
inf and NaN gives NaN, as NumPy.

float32 draws take float32 normals and uniforms (one word per uniform) but decide and
compute in float64, rounding the result once: a decision differs between drivers only
for a candidate within a few float64 ulps of the boundary (their ``log``), where float32
arithmetic would put one in about 10**6 candidates there.

``gamma(a, scale)`` is ``standard_gamma(a) * scale``; ``chisquare(df)`` is ``2 *
standard_gamma(df / 2)``; ``beta(a, b)`` draws ``X = standard_gamma(a)`` then ``Y =
standard_gamma(b)`` (whole draws, in that order) and is ``X / (X + Y)``, computed as
``q / (q + 1)`` with ``q = X / Y`` where ``a, b >= 1``, else as ``sigmoid(log X - log
Y)`` with the logarithms found without forming ``X`` and ``Y``, so that tiny shapes
(``X`` and ``Y`` both underflowing) give 0 or 1, not NaN; ``f(dfnum, dfden)`` draws ``X
= standard_gamma(dfnum / 2)`` then ``Y = standard_gamma(dfden / 2)`` and is ``(X /
dfnum) / (Y / dfden)``, the same way; ``standard_t(df)`` draws ``Z =
standard_normal()`` then ``G = standard_gamma(df / 2)`` and is ``Z / sqrt(2 G / df)``.

``noncentral_chisquare(df, nonc)`` is NumPy's algorithm: for ``df >= 1``, ``2
standard_gamma((df - 1) / 2) + (Z + sqrt(nonc))**2`` (the gamma draw, then the normal
one); for ``df < 1``, the Poisson mixture ``2 standard_gamma(df / 2 + i)`` with ``i =
poisson(nonc / 2)`` (``_discrete``; drawn first, where ``nonc > 0``, and always for an
array parameter, whose words depend on its shape alone; the normal draw follows, unused).
A ``nonc`` whose count would pass ``poisson``'s largest ``lam`` raises (NaN inside a
transform; NumPy returns a value from the overflowed count), a NaN ``nonc`` gives NaN.
``noncentral_f(dfnum, dfden, nonc)`` draws ``X = noncentral_chisquare(dfnum, nonc)`` then
``Y = chisquare(dfden)`` and is ``(X / dfnum) / (Y / dfden)``.
"""

from __future__ import annotations

import math
from typing import Any

import arraykit as ak

from .._core import transform_tracing
from . import _rejection
from ._args import Checked, Gen, Param, cast, check, draw_shape, flat, float_dtype, param
from ._discrete import LAM_MAX, poisson_flat

Q = 0.05  # a candidate is rejected with probability at most Q, for every shape


def rounds(n: int) -> tuple[tuple[int, int], ...]:
    """``(values served, candidates each)`` per round for ``n`` values."""
    return _rejection.schedule(n, Q)


def _sample(
    gen: Gen, a: ak.Array, dtype: Any, which: bool = False
) -> tuple[ak.Array, ak.Array, ak.Array]:
    """Marsaglia-Tsang in fixed rounds (module docstring) for the flat float64 shapes
    ``a``: ``(value, boost, ok)``, the draw being ``value * exp(boost)`` (``value`` the
    gamma of shape ``a`` or ``a + 1`` where ``a < 1``, ``boost`` the log of the
    ``u**(1/a)`` factor, else 0), and whether every value found a candidate (``which``:
    the accepted candidates' numbers for ``value``, ``_rejection.first_accepted``)."""
    n, device = len(a), a.device
    sched = rounds(n)
    specs = [(kind, m * k, dtype) for m, k in sched for kind in ("normal", "uniform")]
    got = _rejection.draws(gen, [*specs, ("uniform", n, dtype)], device)
    small = a < 1
    odd = ~ak.isfinite(a)  # inf and NaN: the value is a, its candidates unused
    d = ak.where(odd, 1.0, ak.where(small, a + 1, a) - 1 / 3)
    c = 1 / ak.sqrt(9 * d)

    def trial(j: int, ids: ak.Array | None, m: int, k: int) -> tuple[ak.Array, ak.Array]:
        dj, cj = (d, c) if ids is None else (_rejection.gather(d, ids), _rejection.gather(c, ids))
        oddj = odd if ids is None else _rejection.gather(odd, ids)
        x = ak.astype(got[2 * j], ak.float64)
        u = ak.astype(got[2 * j + 1], ak.float64)
        if k > 1:  # k candidates per value, in rows
            x, u = ak.reshape(x, (m, k)), ak.reshape(u, (m, k))
            dj, cj, oddj = dj[:, None], cj[:, None], oddj[:, None]
        v = 1 + cj * x
        v = v * v * v
        positive = v > 0
        safe_v = ak.where(positive, v, 1)
        # 1 - u is uniform on (0, 1]: log1p(-u) is finite
        bound = 0.5 * x * x + dj - dj * safe_v + dj * ak.log(safe_v)
        return (positive & (ak.log1p(-u) < bound)) | oddj, dj * safe_v

    value = _rejection.first_accepted(n, sched, trial, ak.float64, device, which)
    value = ak.where(odd, a, value)
    # a < 1: times (1 - u')**(1/a), in logs; a == 0 gives 0 (log -inf), as NumPy
    boost = ak.log1p(-ak.astype(got[-1], ak.float64)) / ak.where(small & (a > 0), a, 1)
    boost = ak.where(small, ak.where(a == 0, -math.inf, boost), 0)
    return value, boost, ~ak.any(ak.isnan(value) & ~ak.isnan(a))


# One compiled program per size and dtype where the driver compiles: eagerly, the rounds'
# many small operations would each be dispatched (and, on JAX, compiled per shape).
_COMPILED = ak.jit(_sample, static_argnums=(2, 3))


def parts(gen: Gen, a: ak.Array, dtype: Any = ak.float64) -> tuple[ak.Array, ak.Array]:
    """``_sample``'s ``(value, boost)`` for the flat shapes ``a`` (any real dtype), drawn
    from uniforms and normals of ``dtype``, in float64; a value without an accepted
    candidate is an error eagerly, NaN inside a transform."""
    a = ak.astype(a, ak.float64)
    if transform_tracing.depth:
        return _sample(gen, a, dtype)[:2]
    value, boost, ok = ak.compute(*_COMPILED(gen, a, dtype))
    if not bool(ok):
        raise RuntimeError("standard_gamma: a value found no accepted candidate (p < 2**-64)")
    return value, boost


def standard_gamma_flat(
    gen: Gen, a: ak.Array, dtype: Any, device: Any, log: bool = False
) -> ak.Array:
    """Gamma floats of the flat shapes ``a`` as ``dtype`` (their logarithms with ``log``,
    finite where the values underflow), computed in float64 and rounded once."""
    if device is not None:
        a = ak.asarray(a, device=device)
    value, boost = parts(gen, a, dtype)
    if log:
        return ak.astype(ak.log(value) + boost, dtype)
    # exp(boost) alone may be subnormal (flushed to 0 by XLA) where the product is not
    deep = boost < -700
    out = ak.where(deep, ak.exp(ak.log(value) + boost), value * ak.exp(ak.where(deep, 0, boost)))
    return ak.astype(out, dtype)


def standard_gamma(
    gen: Gen, shape: Param, size: Any, dtype: Any, device: Any, fn: str = "standard_gamma"
) -> ak.Array:
    a = param(shape, fn, "shape")
    check(a < 0, fn, ValueError, "shape < 0")
    dtype = float_dtype(dtype, fn)
    out_shape = draw_shape(size, (a,), fn)
    if isinstance(a, ak.Array):
        device = a.device if device is None else device
    a = flat(a, out_shape, device)
    return ak.reshape(standard_gamma_flat(gen, a, dtype, device), out_shape)


def gamma(gen: Gen, shape: Param, scale: Param, size: Any, device: Any) -> ak.Array:
    a, s = param(shape, "gamma", "shape"), param(scale, "gamma", "scale")
    check(a < 0, "gamma", ValueError, "shape < 0")
    check(s < 0, "gamma", ValueError, "scale < 0")
    out = draw_shape(size, (a, s), "gamma")
    return standard_gamma(gen, a, out, None, device, "gamma") * cast(s, ak.float64)


def chisquare(gen: Gen, df: Param, size: Any, device: Any) -> ak.Array:
    k = param(df, "chisquare", "df")
    check(k <= 0, "chisquare", ValueError, "df <= 0")
    out = draw_shape(size, (k,), "chisquare")
    return 2 * standard_gamma(gen, cast(k, ak.float64) / 2, out, None, device, "chisquare")


def _pair(gen: Gen, a: Checked, b: Checked, shape: tuple[int, ...], device: Any) -> Any:
    """Two whole gamma draws, of shapes ``a`` then ``b``: ``(log(X / Y), t)``, ``X / Y =
    exp(log(X / Y))``, with ``t`` the difference of the boosts (0 where ``a, b >= 1``,
    where ``X / Y`` is the ratio of the two values, rounded once)."""
    for p in (a, b):
        if isinstance(p, ak.Array) and device is None:
            device = p.device
    vx, bx = parts(gen, flat(a, shape, device))
    vy, by = parts(gen, flat(b, shape, device))
    return ak.reshape(vx / vy, shape), ak.reshape(bx - by, shape)


def beta(gen: Gen, a: Param, b: Param, size: Any, device: Any) -> ak.Array:
    pa, pb = param(a, "beta", "a"), param(b, "beta", "b")
    check(pa <= 0, "beta", ValueError, "a <= 0")
    check(pb <= 0, "beta", ValueError, "b <= 0")
    out = draw_shape(size, (pa, pb), "beta")
    q, t = _pair(gen, pa, pb, out, device)
    s = ak.log(q) + t  # log(X / Y), finite where X and Y underflow
    e = ak.exp(-ak.abs(s))  # sigmoid(s) without overflow
    by_logs = ak.where(s >= 0, 1 / (1 + e), e / (1 + e))
    return ak.where(t == 0, q / (q + 1), by_logs)


def f(gen: Gen, dfnum: Param, dfden: Param, size: Any, device: Any) -> ak.Array:
    k1, k2 = param(dfnum, "f", "dfnum"), param(dfden, "f", "dfden")
    check(k1 <= 0, "f", ValueError, "dfnum <= 0")
    check(k2 <= 0, "f", ValueError, "dfden <= 0")
    out = draw_shape(size, (k1, k2), "f")
    k1, k2 = cast(k1, ak.float64), cast(k2, ak.float64)
    q, t = _pair(gen, k1 / 2, k2 / 2, out, device)
    r = q * (k2 / k1)
    return ak.where(t == 0, r, ak.exp(ak.log(r) + t))


def standard_t(gen: Gen, df: Param, size: Any, device: Any) -> ak.Array:
    k = param(df, "standard_t", "df")
    check(k <= 0, "standard_t", ValueError, "df <= 0")
    out = draw_shape(size, (k,), "standard_t")
    z = gen.standard_normal(out, device=device)
    k64 = cast(k, ak.float64)
    g = standard_gamma(gen, k64 / 2, out, None, device, "standard_t")
    return z / ak.sqrt(2 * g / k64)


def _pick(cond: Any, a: Any, b: Any) -> Any:
    return ak.where(cond, a, b) if isinstance(cond, ak.Array) else (a if cond else b)


def noncentral_chisquare(
    gen: Gen, df: Param, nonc: Param, size: Any, device: Any, fn: str = "noncentral_chisquare"
) -> ak.Array:
    k, lam = param(df, fn, "df"), param(nonc, fn, "nonc")
    check(k <= 0, fn, ValueError, "df <= 0")
    check(lam < 0, fn, ValueError, "nonc < 0")
    out = draw_shape(size, (k, lam), fn)
    k, lam = cast(k, ak.float64), cast(lam, ak.float64)
    low = k < 1
    mixed = low & (lam > 0)  # NumPy's Poisson mixture: chisquare(df + 2 poisson(nonc / 2))
    huge = mixed & (lam > 2 * LAM_MAX)
    check(huge, fn, ValueError, "nonc too large for df < 1 (its Poisson count's lam, nonc / 2)")
    arrays = isinstance(k, ak.Array) or isinstance(lam, ak.Array)
    if isinstance(k, ak.Array) and device is None:
        device = k.device
    if isinstance(lam, ak.Array) and device is None:
        device = lam.device
    shape: Any = _pick(low, k / 2, (k - 1) / 2)
    if arrays or mixed:  # an array parameter takes the Poisson draw's words whatever it holds
        if isinstance(mixed, ak.Array):  # arrays: an array parameter makes mixed one
            half: Checked = flat(ak.where(mixed & ~huge, lam / 2, 0.0), out, device)
        else:
            half = lam / 2
        i = poisson_flat(gen, half, math.prod(out), device)
        i = ak.reshape(ak.astype(i, ak.float64), out)
        shape = ak.where(i >= 0, _pick(mixed, shape + i, shape), math.nan)  # -1: no count
    g = standard_gamma(gen, shape, out, None, device, fn)
    z = gen.standard_normal(out, device=device) + (
        ak.sqrt(lam) if isinstance(lam, ak.Array) else math.sqrt(lam)
    )
    value = _pick(low, 2 * g, 2 * g + z * z)
    bad = huge | (lam != lam)  # NaN nonc: NaN, as NumPy
    if isinstance(bad, ak.Array):
        return ak.where(bad, math.nan, value)
    return ak.full_like(value, math.nan) if bad else value


def noncentral_f(
    gen: Gen, dfnum: Param, dfden: Param, nonc: Param, size: Any, device: Any
) -> ak.Array:
    fn = "noncentral_f"
    k1, k2, lam = param(dfnum, fn, "dfnum"), param(dfden, fn, "dfden"), param(nonc, fn, "nonc")
    check(k1 <= 0, fn, ValueError, "dfnum <= 0")
    check(k2 <= 0, fn, ValueError, "dfden <= 0")
    check(lam < 0, fn, ValueError, "nonc < 0")
    out = draw_shape(size, (k1, k2, lam), fn)
    t = noncentral_chisquare(gen, k1, lam, out, device, fn)
    k1, k2 = cast(k1, ak.float64), cast(k2, ak.float64)
    d = 2 * standard_gamma(gen, k2 / 2, out, None, device, fn)
    return (t * k2) / (d * k1)
