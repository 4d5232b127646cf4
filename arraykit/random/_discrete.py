"""Discrete distributions of ``ak.random`` written once in core on the Philox stream:
``poisson``, ``binomial``, ``geometric``, ``negative_binomial``, ``logseries``, ``zipf``
(int64 values, as NumPy's).

- ``poisson(lam)``: ``lam < 10`` by inversion (``_inversion``: one uniform per value);
  ``lam >= 10`` by PTRS, the transformed rejection with squeeze of W. Hormann, "The
  transformed rejection method for generating Poisson random variables", Insurance:
  Mathematics and Economics 12 (1993), with NumPy's constants; the acceptance test
  compares with ``log p(k)`` written as ``k log1p((lam - k - 1)/(k + 1)) - log(k + 1)/2 +
  (k + 1 - lam) - log(2 pi)/2 - fc(k)`` (no cancellation of two huge log-factorials).
  Candidates ``U, V`` (two uniforms), rejection at most ``0.25`` (measured;
  ``_rejection``'s rounds for ``q = 0.3``).
- ``binomial(n, p)``: with ``p' = min(p, 1 - p)`` (``n - x`` where ``p > 1/2``): ``n p'
  < 10`` by inversion, else BTRS, W. Hormann, "The generation of binomial random
  variates", J. Statist. Comput. Simul. 46 (1993), its test against ``log(f(k) / f(m))``
  written with ``log1p`` of the ratios (stable for ``n`` up to ``2**62``); candidates
  ``U, V``, rejection at most ``0.29`` (measured; ``_rejection``'s rounds for ``q = 0.35``).
- ``geometric(p)``: inversion, ``max(ceil(log1p(-u) / log1p(-p)), 1)`` (1 where ``p ==
  1``), saturating at ``2**63 - 1`` as NumPy's.
- ``negative_binomial(n, p)``: the gamma-Poisson mixture (as NumPy): ``poisson(Y)`` with
  ``Y = standard_gamma(n) (1 - p) / p``.
- ``logseries(p)``: Kemp's algorithm LK (A. W. Kemp, "Efficient generation of
  logarithmically distributed pseudo-random variables", Applied Statistics 30 (1981)), as
  NumPy's, on two uniforms per value (``V = 1 - u1`` in ``(0, 1]``, ``U = u2``), without
  rejection.
- ``zipf(a)``: the rejection method of L. Devroye, "Non-Uniform Random Variate
  Generation" (Springer, 1986), X.6, as NumPy's (``U`` in ``(Umin, 1]``, values above
  ``2**63 - 1`` rejected, ``1`` for ``a >= 1025``), the powers as ``exp`` and ``log``
  (``X = floor(exp(min(-log(U)/(a-1), 44)))``; above ``2**40`` its last bits are those of
  the backend's ``exp``, within ``1e-13`` relative across drivers); rejection at most
  ``0.29`` (measured; ``_rejection``'s rounds for ``q = 0.35``).

A Python number parameter takes the words of its regime only; an array parameter takes
those of both regimes (inversion's uniforms first, then the rounds'), whatever its
values, so that the words a draw takes depend on its shape alone.  The drawing itself
runs compiled per size (``ak.jit``) where the driver compiles.
"""

from __future__ import annotations

import math
from typing import Any

import arraykit as ak

from .._core import transform_tracing
from .._numpy_api.math import exp2  # ak.exp2 (mypy does not follow _numpy_api's __all__)
from . import _rejection
from ._args import Checked, Gen, Param, check, draw_shape, flat, param
from ._compiled import compiled, finish, host, on_host
from ._inversion import K_STEPS, Ratio, host_tables, invert_steps, invert_table
from ._special import HALF_LOG_2PI, log_factorial, log_falling, stirling_tail

LAM_MAX = float(2**63 - 1) - math.sqrt(2**63 - 1) * 10  # NumPy's POISSON_LAM_MAX
Q_PTRS, Q_BTRS, Q_ZIPF = 0.3, 0.35, 0.35
INT64_MAX_F = float(2**63)  # (double) INT64_MAX


def _nan_or(p: Checked, fails: Any) -> Any:
    return (ak.isnan(p) | fails) if isinstance(p, ak.Array) else (math.isnan(p) or fails)


def _device(device: Any, *params: Checked) -> Any:
    for p in params:
        if device is None and isinstance(p, ak.Array):
            return p.device
    return device


def _advance(gen: Gen, uniforms: int) -> None:
    """Move past the words of ``uniforms`` float64 uniforms without drawing them."""
    gen.bit_generator._advance(2 * uniforms)


def _skip(gen: Gen, n: int, q: float) -> None:
    """Move past the words of :func:`_rejection.uniform_rejection` for ``n`` values."""
    gen.bit_generator._advance(_rejection.words(_rejection.uniform_specs(n, q)))


def _regimes(small: Any) -> tuple[bool, bool]:
    """Which regimes an array parameter needs computed: both when traced; eagerly only
    those some value is in (the words of both are taken either way)."""
    if transform_tracing.depth:
        return True, True
    return bool(ak.any(small)), bool(ak.any(~small))


# ----------------------------------------------------------------------------- poisson


def _poisson_ratios(lam: Any) -> tuple[Ratio, Ratio]:
    return (lambda k: lam / (k + 1)), (lambda k: (k + 1) / lam)


def _poisson_top(lam: Any, top: int) -> Any:
    xp = ak if isinstance(lam, ak.Array) else math
    return xp.exp(-lam + top * xp.log(lam) - log_factorial(float(top)))


def _ptrs(params: list[ak.Array], u1: ak.Array, u2: ak.Array) -> tuple[ak.Array, ak.Array]:
    (lam,) = params
    b = 0.931 + 2.53 * ak.sqrt(lam)
    a = -0.059 + 0.02483 * b
    log_inv_alpha = ak.log(1.1239 + 1.1328 / (b - 3.4))
    vr = 0.9277 - 3.6224 / (b - 2)
    U, V = u1 - 0.5, u2
    us = 0.5 - ak.abs(U)
    usp = ak.where(us > 0, us, 1.0)
    k = ak.floor((2 * a / usp + b) * U + lam + 0.43)
    fast = (us >= 0.07) & (vr >= V)
    ks = ak.maximum(k, 0.0)
    log_pk = (
        ks * ak.log1p((lam - ks - 1) / (ks + 1))
        - 0.5 * ak.log(ks + 1)
        + (ks + 1 - lam)
        - HALF_LOG_2PI
        - stirling_tail(ks)
    )
    lhs = ak.log(ak.maximum(V, 1e-300)) + log_inv_alpha - ak.log(a / (usp * usp) + b)
    slow = (k >= 0) & ~((us < 0.013) & (us < V)) & (lhs <= log_pk)
    return (us > 0) & (fast | slow), k


def _ptrs_draw(gen: Gen, lam: ak.Array, which: bool = False) -> ak.Array:
    return _rejection.uniform_rejection(gen, Q_PTRS, [lam], _ptrs, which)


def _poisson_steps(u: ak.Array, lam: ak.Array) -> ak.Array:
    """Inversion for ``0 < lam < 10`` elementwise."""
    top = K_STEPS - 1
    return invert_steps(
        u, ak.exp(-lam), *_poisson_ratios(lam), top, _poisson_top(lam, top), K_STEPS
    )


def _poisson_array(gen: Gen, lam: ak.Array, inv: bool, rej: bool) -> ak.Array:
    n = len(lam)
    small = lam < 10
    if inv:
        u = gen.random(n, device=lam.device)
        x_inv = _poisson_steps(u, ak.where(small & (lam > 0), lam, 1.0))
        x_inv = ak.where(lam > 0, x_inv, 0.0)
    else:
        _advance(gen, n)
        x_inv = ak.zeros_like(lam)
    if rej:
        x_rej = _ptrs_draw(gen, ak.where(small, 10.0, lam))
    else:
        _skip(gen, n, Q_PTRS)
        x_rej = x_inv
    return ak.where(small, x_inv, x_rej)


_POISSON = compiled(_poisson_array, static_argnums=(2, 3))
_PTRS = compiled(_ptrs_draw)


def _poisson_table(lam: float) -> tuple[list[float], list[float]]:
    top = K_STEPS - 1
    if lam == 0:
        return [1.0] * K_STEPS, [0.0] * K_STEPS
    return host_tables(math.exp(-lam), *_poisson_ratios(lam), top, _poisson_top(lam, top), K_STEPS)


def poisson_flat_table(u: ak.Array, lam: float) -> ak.Array:
    """Poisson values (int64) of one ``lam < 10`` for the uniforms ``u``, by inversion."""
    return invert_table(u, *_poisson_table(lam))


def poisson_flat(gen: Gen, lam: Checked, n: int, device: Any) -> ak.Array:
    """``n`` Poisson values (int64) for ``lam`` a number or a flat float64 array."""
    if isinstance(lam, ak.Array):
        return finish(_POISSON(gen, lam, *_regimes(lam < 10)), "poisson")
    if lam < 10:
        return poisson_flat_table(gen.random(n, device=device), lam)
    return finish(_PTRS(gen, flat(lam, (n,), device)), "poisson")


def poisson(gen: Gen, lam: Param, size: Any, device: Any) -> ak.Array:
    fn = "poisson"
    lam = param(lam, fn, "lam")
    check(_nan_or(lam, lam < 0), fn, ValueError, "lam < 0 or lam is NaN")
    check(lam > LAM_MAX, fn, ValueError, "lam value too large")
    shape = draw_shape(size, (lam,), fn)
    device = _device(device, lam)
    n = math.prod(shape)
    lam = flat(lam, shape, device) if isinstance(lam, ak.Array) else lam
    return ak.reshape(poisson_flat(gen, lam, n, device), shape)


# ----------------------------------------------------------------------------- binomial


def _binomial_ratios(n: Any, p: Any) -> tuple[Ratio, Ratio]:
    """``p_(k+1)/p_k = (n - k)/(k + 1) p/(1 - p)`` (0 from ``k = n``) and its inverse (with
    ``n - k`` at least 1 and ``p/(1-p)`` at least 1e-300: finite)."""
    r = p / (1 - p)
    if isinstance(n, ak.Array):
        rs = ak.maximum(r, 1e-300)
        return (lambda k: ak.maximum(n - k, 0.0) / (k + 1) * r), (
            lambda k: (k + 1) / (ak.maximum(n - k, 1.0) * rs)
        )
    rs = max(r, 1e-300)
    return (lambda k: max(n - k, 0.0) / (k + 1) * r), (lambda k: (k + 1) / (max(n - k, 1.0) * rs))


def _binomial_ends(n: Any, p: Any) -> tuple[Any, Any, Any]:
    """``p_0``, the top ``min(n, K - 1)`` and its probability, for ``p <= 1/2``."""
    if isinstance(n, ak.Array):
        top = ak.minimum(n, K_STEPS - 1.0)
        lp = ak.log(ak.where(p > 0, p, 1.0))
        log_top = log_falling(n, top) - log_factorial(top) + top * lp + (n - top) * ak.log1p(-p)
        p_top = ak.where(p > 0, ak.exp(ak.where(p > 0, log_top, 0.0)), ak.where(top == 0, 1.0, 0.0))
        return ak.exp(n * ak.log1p(-p)), top, p_top
    top = min(n, K_STEPS - 1)
    if p == 0:
        return 1.0, top, 1.0 if top == 0 else 0.0
    log_top = log_falling(float(n), float(top)) - log_factorial(float(top))
    log_top += top * math.log(p) + (n - top) * math.log1p(-p)
    return math.exp(n * math.log1p(-p)), top, math.exp(log_top)


def _btrs(params: list[ak.Array], u1: ak.Array, u2: ak.Array) -> tuple[ak.Array, ak.Array]:
    n, p = params
    q = 1 - p
    spq = ak.sqrt(n * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    vr = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    m = ak.floor((n + 1) * p)
    U, V = u1 - 0.5, u2
    us = 0.5 - ak.abs(U)
    usp = ak.where(us > 0, us, 1.0)
    k = ak.floor((2 * a / usp + b) * U + c)
    inside = (us > 0) & (k >= 0) & (k <= n)
    fast = (us >= 0.07) & (vr >= V)
    ks = ak.clip(k, 0.0, n)
    d = ks - m
    # log(f(k) / f(m)), f the binomial probabilities (module docstring)
    bound = (
        -(m + 0.5) * ak.log1p(d / (m + 1))
        + (n - ks + 0.5) * ak.log1p(d / (n - ks + 1))
        + d * ak.log(p * (n - m + 1) / (q * (ks + 1)))
        + stirling_tail(m)
        + stirling_tail(n - m)
        - stirling_tail(ks)
        - stirling_tail(n - ks)
    )
    lv = ak.log(ak.maximum(V, 1e-300) * alpha / (a / (usp * usp) + b))
    return inside & (fast | (lv <= bound)), k


def _btrs_draw(gen: Gen, n: ak.Array, p: ak.Array, which: bool = False) -> ak.Array:
    return _rejection.uniform_rejection(gen, Q_BTRS, [n, p], _btrs, which)


def _binomial_steps(u: ak.Array, n: ak.Array, p: ak.Array) -> ak.Array:
    p0, top, p_top = _binomial_ends(n, p)
    return invert_steps(u, p0, *_binomial_ratios(n, p), top, p_top, K_STEPS)


def _binomial_array(gen: Gen, n: ak.Array, p: ak.Array, inv: bool, rej: bool) -> ak.Array:
    size = len(n)
    flip = p > 0.5
    pp = ak.where(flip, 1 - p, p)
    small = n * pp < 10
    if inv:
        u = gen.random(size, device=n.device)
        x_inv = _binomial_steps(u, ak.where(small, n, 0.0), ak.where(small, pp, 0.0))
    else:
        _advance(gen, size)
        x_inv = ak.zeros_like(n)
    if rej:
        x_rej = _btrs_draw(gen, ak.where(small, 20.0, n), ak.where(small, 0.5, pp))
    else:
        _skip(gen, size, Q_BTRS)
        x_rej = x_inv
    x = ak.where(small, x_inv, x_rej)
    return ak.where(flip, n - x, x)


_BINOMIAL = compiled(_binomial_array, static_argnums=(3, 4))
_BTRS = compiled(_btrs_draw)


def binomial_flat(gen: Gen, n: Any, p: Any, size: int, device: Any) -> ak.Array:
    """``size`` binomial values (int64); ``n`` and ``p`` numbers (``n`` an int) or flat
    float64 arrays of ``size`` values."""
    if isinstance(n, ak.Array) or isinstance(p, ak.Array):
        n, p = flat(n, (size,), device), flat(p, (size,), device)
        pp = ak.where(p > 0.5, 1 - p, p)
        return finish(_BINOMIAL(gen, n, p, *_regimes(n * pp < 10)), "binomial")
    flip = p > 0.5
    pp = 1 - p if flip else p
    if n * pp < 10:
        u = gen.random(size, device=device)
        p0, top, p_top = _binomial_ends(n, pp)
        x = invert_table(u, *host_tables(p0, *_binomial_ratios(n, pp), top, p_top, K_STEPS))
    else:
        nf, pf = flat(float(n), (size,), device), flat(pp, (size,), device)
        x = finish(_BTRS(gen, nf, pf), "binomial")
    return n - x if flip else x


def int_param(value: Any, fn: str, arg: str) -> Checked:
    """An integer parameter: NumPy truncates floats (``binomial(5.7, p)`` is ``n = 5``)."""
    v = param(value, fn, arg)
    if isinstance(v, ak.Array):
        return ak.trunc(ak.astype(v, ak.float64)) if ak.isdtype(v.dtype, "real floating") else v
    if math.isnan(v):
        raise ValueError(f"{fn}: {arg} is NaN")
    return float(math.trunc(v)) if math.isfinite(v) else v


def binomial(gen: Gen, n: Any, p: Any, size: Any, device: Any) -> ak.Array:
    fn = "binomial"
    n, p = int_param(n, fn, "n"), param(p, fn, "p")
    check(n < 0, fn, ValueError, "n < 0")
    check(_nan_or(p, (p < 0) | (p > 1)), fn, ValueError, "p < 0, p > 1 or p is NaN")
    shape = draw_shape(size, (n, p), fn)
    device = _device(device, n, p)
    if not isinstance(n, ak.Array):
        check(n >= 2.0**63, fn, ValueError, "n is too large for int64")
        n = int(n)
    else:
        check(n >= 2.0**63, fn, ValueError, "n is too large for int64")
        n = flat(n, shape, device)
    if isinstance(p, ak.Array):
        p = flat(p, shape, device)
    return ak.reshape(binomial_flat(gen, n, p, math.prod(shape), device), shape)


# ----------------------------------------------------------------------------- geometric


def geometric(gen: Gen, p: Param, size: Any, device: Any) -> ak.Array:
    fn = "geometric"
    p = param(p, fn, "p")
    check(_nan_or(p, (p <= 0) | (p > 1)), fn, ValueError, "p <= 0, p > 1 or p contains NaNs")
    shape = draw_shape(size, (p,), fn)
    device = _device(device, p)
    u = gen.random(shape, device=device)
    if isinstance(p, ak.Array):
        pf = ak.astype(p, ak.float64)
        lq = ak.log1p(-ak.where(pf < 1, pf, 0.5))
        x = ak.where(pf < 1, ak.ceil(ak.log1p(-u) / lq), 1.0)
    else:
        x = ak.ceil(ak.log1p(-u) / math.log1p(-p)) if p < 1 else ak.ones_like(u)
    return ak.astype(ak.maximum(x, 1.0), ak.int64)


# ----------------------------------------------------------------------------- negative binomial


def negative_binomial(gen: Gen, n: Param, p: Param, size: Any, device: Any) -> ak.Array:
    fn = "negative_binomial"
    n, p = param(n, fn, "n"), param(p, fn, "p")
    check(ak.isnan(n) if isinstance(n, ak.Array) else math.isnan(n), fn, ValueError,
          "n must not be NaN")  # fmt: skip
    check(n <= 0, fn, ValueError, "n <= 0")
    check(_nan_or(p, (p <= 0) | (p > 1)), fn, ValueError, "p <= 0, p > 1 or p contains NaNs")
    shape = draw_shape(size, (n, p), fn)
    device = _device(device, n, p)
    if not transform_tracing.depth:  # NumPy's bound: mean + 10 sd of the Poisson's lam
        scale = (1 - p) / p
        top = n * scale + 10 * (n**0.5) * scale
        check(top >= LAM_MAX, fn, ValueError,
              "n too large or p too small, see Generator.negative_binomial Notes")  # fmt: skip
    nf, pf = flat(n, shape, device), flat(p, shape, device)
    draw = on_host if host(nf) else (lambda f, *a: f(*a))
    return ak.reshape(draw(_negative_binomial, gen, nf, pf), shape)


def _negative_binomial(gen: Gen, n: ak.Array, p: ak.Array) -> ak.Array:
    size = len(n)
    y = gen.standard_gamma(n, size=(size,), device=n.device) * ((1 - p) / p)
    return poisson_flat(gen, y, size, n.device)


# ----------------------------------------------------------------------------- logseries


def logseries(gen: Gen, p: Param, size: Any, device: Any) -> ak.Array:
    fn = "logseries"
    p = param(p, fn, "p")
    check(_nan_or(p, (p < 0) | (p >= 1)), fn, ValueError, "p < 0, p >= 1 or p is NaN")
    shape = draw_shape(size, (p,), fn)
    device = _device(device, p)
    n = math.prod(shape)
    u = gen.random(2 * n, device=device)
    v, w = 1 - u[:n], u[n:]
    pf = flat(p, shape, device)
    q = -ak.expm1(ak.log1p(-pf) * w)
    qs = ak.where(q > 0, q, 0.5)
    many = ak.floor(1 + ak.log(v) / ak.log(qs))
    x = ak.where(v <= q * q, many, ak.where(v >= q, 1.0, 2.0))
    x = ak.where(v >= pf, 1.0, x)
    return ak.reshape(ak.astype(x, ak.int64), shape)


# ----------------------------------------------------------------------------- zipf


def _zipf(params: list[ak.Array], u1: ak.Array, u2: ak.Array) -> tuple[ak.Array, ak.Array]:
    (a,) = params
    am1 = a - 1
    b = exp2(am1)
    u_min = ak.exp(-am1 * math.log(INT64_MAX_F))
    U = u1 * u_min + (1 - u1)
    e = ak.minimum(-ak.log(U) / am1, 44.0)  # exp(44) > 2**63: rejected
    X = ak.floor(ak.exp(e))
    ok = (X <= INT64_MAX_F) & (X >= 1)
    Xs = ak.where(ok, X, 1.0)
    T = ak.where(Xs == 1, b, ak.exp(am1 * ak.log1p(1 / ak.maximum(Xs, 2.0))))
    return ok & (u2 * Xs * (T - 1) / (b - 1) <= T / b), X


def _zipf_draw(gen: Gen, a: ak.Array, which: bool = False) -> ak.Array:
    big = a >= 1025
    x = _rejection.uniform_rejection(gen, Q_ZIPF, [ak.where(big, 2.0, a)], _zipf, which)
    return x if which else ak.where(big, 1.0, x)


_ZIPF = compiled(_zipf_draw)


def zipf(gen: Gen, a: Param, size: Any, device: Any) -> ak.Array:
    fn = "zipf"
    a = param(a, fn, "a")
    check(_nan_or(a, a <= 1), fn, ValueError, "a <= 1 or a is NaN")
    shape = draw_shape(size, (a,), fn)
    device = _device(device, a)
    if not isinstance(a, ak.Array) and a >= 1025:  # P(X > 1) < 3e-309, as NumPy
        return ak.ones(shape, dtype=ak.int64, device=device)
    return ak.reshape(finish(_ZIPF(gen, flat(a, shape, device)), fn), shape)
