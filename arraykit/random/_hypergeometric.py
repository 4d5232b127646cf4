"""``hypergeometric`` and ``multivariate_hypergeometric`` of ``ak.random``, written once in
core on the Philox stream (int64 values).

``hypergeometric(ngood, nbad, nsample)`` draws, as NumPy, the count ``X`` of the smaller
group ``mn = min(ngood, nbad)`` in a sample of ``cs = min(nsample, N - nsample)`` items
(``N = ngood + nbad``, ``mx = N - mn``), then maps it back (``cs - X`` where ``ngood >
nbad``, ``ngood - X`` where the complement was drawn).  Where the variance of ``X`` is
below 4 (then its mean is below 16): inversion (``_inversion``, 61 steps: ``P(X >= 61) <
2**-56``), the probabilities ``C(mn, k) C(mx, cs - k) / C(N, cs)`` from log-falling
factorials of the smaller of ``cs`` and ``mn``.  Else HRUA, the ratio-of-uniforms method of
E. Stadlober, "The ratio of uniforms approach for generating discrete random variates",
J. Comput. Appl. Math. 31 (1990), as NumPy's (its constants, squeezes and bound ``b``),
with ``log f(m) - log f(k)`` summed from log-falling factorials of the differences (no
cancellation of log-factorials near ``10**9``); candidates ``U, V`` (two uniforms),
rejection at most ``0.46`` (measured for variances from 4; ``_rejection``'s rounds for
``q = 0.5``).

``multivariate_hypergeometric(colors, nsample, method=...)``: "marginals" (NumPy's default)
draws the colors in turn, ``hypergeometric(colors[j], remaining - colors[j], left)``;
"count" gives each item of the population (``sum(colors)`` of them, color by color) a
uint64 key of two words per variate and counts the colors of the ``nsample`` smallest
keys (a uniform sample without replacement, exactly; the same on every driver).
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

import arraykit as ak

from . import _rejection
from ._args import Gen, check, draw_shape, flat, size_shape
from ._compiled import compiled, finish
from ._discrete import _advance, _device, _regimes, _skip, int_param
from ._inversion import Ratio, host_tables, invert_steps, invert_table
from ._special import log_factorial, log_factorial_diff, log_falling

Q_HRUA = 0.5
D1, D2 = 1.7155277699214135, 0.8989161620588988
STEPS = 61  # P(X >= 61) < 2**-56 for every variance below 4 (mean below 16)
VAR_MIN = 4.0
INT64_MAX = 2**63 - 1


def _variance(mn: Any, mx: Any, cs: Any) -> Any:
    pop = mn + mx
    if isinstance(pop, ak.Array):
        safe = ak.where(pop > 1, pop, 2.0)
        return ak.where(pop > 1, (safe - cs) * cs * (mn / safe) * (mx / safe) / (safe - 1), 0.0)
    return (pop - cs) * cs * (mn / pop) * (mx / pop) / (pop - 1) if pop > 1 else 0.0


def _log_pmf(mn: Any, mx: Any, cs: Any, k: Any) -> Any:
    """``log(C(mn, k) C(mx, cs - k) / C(mn + mx, cs))`` for ``cs, mn <= (mn + mx) / 2``,
    through ``C(cs, k) C(N - cs, mn - k) / C(N, mn)`` where ``mn < cs``."""
    pop = mn + mx
    common = log_falling(mn, k) + log_falling(cs, k) - log_factorial(k)
    by_cs = log_falling(mx, cs - k) - log_falling(pop, cs)
    by_mn = log_falling(pop - cs, mn - k) - log_falling(pop, mn)
    if isinstance(by_cs, ak.Array):
        return common + ak.where(cs <= mn, by_cs, by_mn)
    return common + (by_cs if cs <= mn else by_mn)


def _ratios(mn: Any, mx: Any, cs: Any) -> tuple[Ratio, Ratio]:
    """``p_(k+1)/p_k = (mn - k)(cs - k) / ((k + 1)(mx - cs + k + 1))`` (0 past the support)
    and its inverse (finite everywhere)."""
    if isinstance(mn, ak.Array):
        return (
            lambda k: (
                ak.maximum(mn - k, 0.0) * ak.maximum(cs - k, 0.0) / ((k + 1) * (mx - cs + k + 1))
            ),
            lambda k: (
                (k + 1) * (mx - cs + k + 1) / (ak.maximum(mn - k, 1.0) * ak.maximum(cs - k, 1.0))
            ),
        )
    return (
        lambda k: max(mn - k, 0.0) * max(cs - k, 0.0) / ((k + 1) * (mx - cs + k + 1)),
        lambda k: (k + 1) * (mx - cs + k + 1) / (max(mn - k, 1.0) * max(cs - k, 1.0)),
    )


def _ends(mn: Any, mx: Any, cs: Any) -> tuple[Any, Any, Any]:
    if isinstance(mn, ak.Array):
        top = ak.minimum(ak.minimum(cs, mn), STEPS - 1.0)
        return ak.exp(_log_pmf(mn, mx, cs, 0.0)), top, ak.exp(_log_pmf(mn, mx, cs, top))
    top = min(cs, mn, STEPS - 1.0)
    return math.exp(_log_pmf(mn, mx, cs, 0.0)), int(top), math.exp(_log_pmf(mn, mx, cs, top))


def invert_flat(u: ak.Array, mn: ak.Array, mx: ak.Array, cs: ak.Array) -> ak.Array:
    """Inversion (float64 values) for elementwise ``mn, cs <= (mn + mx) / 2``."""
    p0, top, p_top = _ends(mn, mx, cs)
    return invert_steps(u, p0, *_ratios(mn, mx, cs), top, p_top, STEPS)


def _hrua(params: list[ak.Array], u1: ak.Array, u2: ak.Array) -> tuple[ak.Array, ak.Array]:
    mn, mx, cs = params
    pop = mn + mx
    p, q = mn / pop, mx / pop
    a = cs * p + 0.5
    c = ak.sqrt((pop - cs) * cs * p * q / (pop - 1) + 0.5)
    h = D1 * c + D2
    m = ak.floor((cs + 1) * (mn + 1) / (pop + 2))
    b = ak.minimum(ak.minimum(cs, mn) + 1, ak.floor(a + 16 * c))
    U, V = u1, u2
    Us = ak.where(U > 0, U, 1.0)
    X = a + h * (V - 0.5) / Us
    ok = (U > 0) & (X >= 0) & (b > X)
    k = ak.floor(ak.where(ok, X, 0.0))
    t = (
        log_factorial_diff(m, k)
        + log_factorial_diff(mn - m, mn - k)
        + log_factorial_diff(cs - m, cs - k)
        + log_factorial_diff(mx - cs + m, mx - cs + k)
    )
    accept = (Us * (4.0 - Us) - 3.0 <= t) | (~(Us * (Us - t) >= 1) & (2.0 * ak.log(Us) <= t))
    return ok & accept, k


def _hrua_draw(gen: Gen, mn: ak.Array, mx: ak.Array, cs: ak.Array, which: bool = False) -> ak.Array:
    return _rejection.uniform_rejection(gen, Q_HRUA, [mn, mx, cs], _hrua, which)


def _array(gen: Gen, mn: ak.Array, mx: ak.Array, cs: ak.Array, inv: bool, rej: bool) -> ak.Array:
    n = len(mn)
    small = _variance(mn, mx, cs) < VAR_MIN
    if inv:
        u = gen.random(n, device=mn.device)
        mn_s, cs_s = ak.where(small, mn, 0.0), ak.where(small, cs, 0.0)
        x_inv = invert_flat(u, mn_s, ak.where(small, mx, 1.0), cs_s)
    else:
        _advance(gen, n)
        x_inv = ak.zeros_like(mn)
    if rej:
        x_rej = _hrua_draw(
            gen, ak.where(small, 20.0, mn), ak.where(small, 20.0, mx), ak.where(small, 20.0, cs)
        )
    else:
        _skip(gen, n, Q_HRUA)
        x_rej = x_inv
    return ak.where(small, x_inv, x_rej)


_ARRAY = compiled(_array, static_argnums=(4, 5))
_HRUA = compiled(_hrua_draw)


def hypergeometric_flat(
    gen: Gen, good: Any, bad: Any, sample: Any, n: int, device: Any
) -> ak.Array:
    """``n`` values (int64); the parameters Python ints or flat float64 arrays."""
    if any(isinstance(v, ak.Array) for v in (good, bad, sample)):
        good, bad, sample = (flat(v, (n,), device) for v in (good, bad, sample))
        pop = good + bad
        cs = ak.minimum(sample, pop - sample)
        mn, mx = ak.minimum(good, bad), ak.maximum(good, bad)
        x = _ARRAY(gen, mn, mx, cs, *_regimes(_variance(mn, mx, cs) < VAR_MIN))
        x = finish(x, "hypergeometric")
        x = ak.where(good > bad, ak.astype(cs, ak.int64) - x, x)
        return ak.where(cs < sample, ak.astype(good, ak.int64) - x, x)
    pop = good + bad
    cs = min(sample, pop - sample)
    lo, hi = float(min(good, bad)), float(max(good, bad))
    if _variance(lo, hi, float(cs)) < VAR_MIN:
        u = gen.random(n, device=device)
        p0, top, p_top = _ends(lo, hi, float(cs))
        cum, tail = host_tables(p0, *_ratios(lo, hi, float(cs)), top, p_top, STEPS)
        x = invert_table(u, cum, tail)
    else:
        params = (flat(v, (n,), device) for v in (lo, hi, float(cs)))
        x = finish(_HRUA(gen, *params), "hypergeometric")
    x = cs - x if good > bad else x
    return good - x if cs < sample else x


def hypergeometric(
    gen: Gen, ngood: Any, nbad: Any, nsample: Any, size: Any, device: Any
) -> ak.Array:
    fn = "hypergeometric"
    g, b, s = (int_param(v, fn, a) for v, a in ((ngood, "ngood"), (nbad, "nbad"),
                                                 (nsample, "nsample")))  # fmt: skip
    check(g < 0, fn, ValueError, "ngood < 0")
    check(b < 0, fn, ValueError, "nbad < 0")
    check(s < 0, fn, ValueError, "nsample < 0")
    check((g >= 1e9) | (b >= 1e9) if isinstance(g + b, ak.Array) else g >= 1e9 or b >= 1e9,
          fn, ValueError, "both ngood and nbad must be less than 1000000000")  # fmt: skip
    check(g + b < s, fn, ValueError, "ngood + nbad < nsample")
    shape = draw_shape(size, (g, b, s), fn)
    device = _device(device, g, b, s)
    n = math.prod(shape)
    good, bad, sample = (v if isinstance(v, ak.Array) else int(v) for v in (g, b, s))
    return ak.reshape(hypergeometric_flat(gen, good, bad, sample, n, device), shape)


# ----------------------------------------------------------------------------- multivariate

_COLORS = (
    f"colors must be a one-dimensional sequence of nonnegative integers not exceeding {INT64_MAX}."
)


def _colors(colors: Any) -> list[int]:
    host = np.asarray(colors.tolist() if isinstance(colors, ak.Array) else colors)
    if host.ndim != 1 or (host.size and host.dtype.kind not in "iub"):
        raise ValueError(f"multivariate_hypergeometric: {_COLORS}")
    out = [int(v) for v in host]
    if any(v < 0 or v > INT64_MAX for v in out):
        raise ValueError(f"multivariate_hypergeometric: {_COLORS}")
    return out


def multivariate_hypergeometric(
    gen: Gen, colors: Any, nsample: Any, size: Any, method: str, device: Any
) -> ak.Array:
    fn = "multivariate_hypergeometric"
    cols = _colors(colors)
    if isinstance(nsample, ak.Array) and nsample.ndim == 0:
        nsample = nsample.tolist()
    if isinstance(nsample, bool) or not isinstance(nsample, (int, np.integer)):
        raise ValueError(f"{fn}: nsample must be an integer")
    nsample = operator.index(nsample)
    if nsample < 0:
        raise ValueError(f"{fn}: nsample must be nonnegative.")
    total = sum(cols)
    if total > INT64_MAX:
        raise ValueError(
            f"{fn}: sum(colors) must not exceed the maximum value of a 64 bit signed "
            f"integer ({INT64_MAX})"
        )
    if method not in ("count", "marginals"):
        raise ValueError(f'{fn}: method must be "count" or "marginals".')
    if method == "marginals" and total >= 10**9:
        raise ValueError(
            f'{fn}: When method is "marginals", sum(colors) must be less than 1000000000.'
        )
    if nsample > total:
        raise ValueError(f"{fn}: nsample > sum(colors)")
    shape = size_shape(size, fn)
    rows, k = math.prod(shape), len(cols)
    if rows == 0 or k == 0:
        return ak.zeros((*shape, k), dtype=ak.int64, device=device)
    if method == "count":
        out = _count(gen, cols, total, nsample, rows, device)
    else:
        out = _marginals(gen, cols, total, nsample, rows, device)
    return ak.reshape(out, (*shape, k))


def _count(gen: Gen, cols: list[int], total: int, nsample: int, rows: int, device: Any) -> ak.Array:
    w = ak.astype(gen.bit_generator._words(2 * rows * total, device), ak.uint64)
    w = ak.reshape(w, (rows, total, 2))
    keys = w[..., 0] | (w[..., 1] << 32)
    order = ak.argsort(keys, axis=-1, stable=True)
    rank = ak.argsort(order, axis=-1, stable=True)  # each item's place in the order
    chosen = ak.astype(rank < nsample, ak.int64)
    ends = np.cumsum(cols)
    csum = ak.concat([ak.zeros((rows, 1), dtype=ak.int64, device=chosen.device),
                      ak.cumulative_sum(chosen, axis=-1)], axis=-1)  # fmt: skip
    at = ak.asarray(np.concatenate([[0], ends]), dtype=ak.int64, device=chosen.device)
    c = ak.take(csum, at, axis=-1)
    return c[:, 1:] - c[:, :-1]


def _marginals(
    gen: Gen, cols: list[int], total: int, nsample: int, rows: int, device: Any
) -> ak.Array:
    out: list[ak.Array] = []
    left: int | ak.Array = nsample
    remaining = total
    for j, cj in enumerate(cols[:-1]):
        x = hypergeometric_flat(gen, cj, remaining - cj, left, rows, device)
        out.append(x)
        remaining -= cj
        left = ak.astype(left - x, ak.float64) if j == 0 else left - ak.astype(x, ak.float64)
    last = left if isinstance(left, ak.Array) else ak.full(rows, left, device=device)
    out.append(ak.astype(last, ak.int64))
    return ak.stack(out, axis=-1)
