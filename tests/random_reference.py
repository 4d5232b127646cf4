"""NumPy re-implementations of the discrete samplers of ``ak.random`` as their docstrings
state them (``arraykit/random/_rejection.py``, ``_discrete.py``, ``_hypergeometric.py``),
fed with a twin generator's uniforms: ``tests/test_random_discrete.py`` holds every driver
to them value for value (the same accept/reject decisions), and the inversions to
SciPy's own probabilities.  Also the float64 normals' ziggurat (``_ziggurat.py``), value
by value, one candidate after another."""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

# ----------------------------------------------------------------------------- rounds


def _room(m: int, p: float) -> int:
    """The least ``a`` with ``exp(-m D((a + 1)/m || p)) <= 2**-68`` (searched upwards)."""
    a = int(np.floor(m * p))
    while a < m:
        x = (a + 1) / m
        d = (x * math.log(x / p) if x > 0 else 0.0) + (
            (1 - x) * math.log((1 - x) / (1 - p)) if x < 1 else 0.0
        )
        if m * d >= 68 * math.log(2):
            return a
        a += 1
    return m


def schedule(n: int, q: float) -> list[tuple[int, int]]:
    """Round sizes and candidates per value, from the module docstring of
    ``arraykit/random/_rejection.py``."""
    if n == 0:
        return []
    total = math.ceil(65 / -math.log2(q))
    c = next(c for c in range(1, 100) if q**c <= 0.25)
    out, m, k, got = [(n, 1)], n, 1, 1
    while got < total:
        m = min(m, _room(m, q**k))
        if m == 0:
            break
        k = total - got if m <= 64 else min(c if len(out) == 1 else 2 * k, total - got)
        out.append((m, k))
        got += k
    return out


def uniforms(twin, n: int, q: float) -> list[np.ndarray]:
    """The twin's draws for a rejection draw of ``n`` values: per round, the ``U``s of its
    ``m k`` candidates, then their ``V``s (one ``random`` draw each)."""
    return [np.asarray(twin.random(m * k)) for m, k in schedule(n, q) for _uv in range(2)]


def rounds(us: list[np.ndarray], n: int, q: float, params: list[np.ndarray], candidate):
    """The values of a rejection draw of ``n`` values from its draws ``us``: each round
    for the first ``m`` values waiting (index order), ``k`` candidates each (in rows),
    each value its first accepted candidate."""
    value, done = np.zeros(n), np.zeros(n, bool)
    for j, (m, k) in enumerate(schedule(n, q)):
        u1, u2 = us[2 * j].reshape(m, k), us[2 * j + 1].reshape(m, k)
        left = np.flatnonzero(~done)[:m]
        w = left.size
        with np.errstate(all="ignore"):
            acc, val = candidate([p[left, None] for p in params], u1[:w], u2[:w])
        first, got = acc.argmax(axis=1), acc.any(axis=1)
        value[left[got]] = val[np.arange(w), first][got]
        done[left[got]] = True
    assert done.all()
    return value


_FC = [
    0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
    0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
    0.00925546218271273, 0.00833056343336287,
]  # fmt: skip


def fc(k: np.ndarray) -> np.ndarray:
    """Hormann's Stirling remainder ``log k! - (k + 1/2) log(k + 1) + k + 1 - log(2 pi)/2``."""
    r = 1 / (np.maximum(k, 9.0) + 1)
    series = (1 / 12 - (1 / 360 - r * r / 1260) * r * r) * r
    return np.where(k <= 9, np.take(_FC, np.clip(k, 0, 9).astype(int)), series)


def log_falling(a: np.ndarray, t: np.ndarray) -> np.ndarray:
    b = a - t
    return (b + 0.5) * np.log1p(t / (b + 1)) + t * np.log(a + 1) - t + fc(a) - fc(b)


def lf_diff(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    hi, lo = np.maximum(x, y), np.minimum(x, y)
    d = log_falling(hi, hi - lo)
    return np.where(x >= y, d, -d)


# ----------------------------------------------------------------------------- candidates


def ptrs(params, u1, u2):
    """Hormann (1993) PTRS, NumPy's constants, log p(k) in the stable form."""
    (lam,) = params
    b = 0.931 + 2.53 * np.sqrt(lam)
    a = -0.059 + 0.02483 * b
    U, V = u1 - 0.5, u2
    us = 0.5 - np.abs(U)
    k = np.floor((2 * a / us + b) * U + lam + 0.43)
    ks = np.maximum(k, 0)
    log_pk = (ks * np.log1p((lam - ks - 1) / (ks + 1)) - 0.5 * np.log(ks + 1) + (ks + 1 - lam)
              - 0.5 * np.log(2 * np.pi) - fc(ks))  # fmt: skip
    lhs = np.log(V) + np.log(1.1239 + 1.1328 / (b - 3.4)) - np.log(a / (us * us) + b)
    fast = (us >= 0.07) & (0.9277 - 3.6224 / (b - 2) >= V)
    slow = (k >= 0) & ~((us < 0.013) & (us < V)) & (lhs <= log_pk)
    return (us > 0) & (fast | slow), k


def btrs(params, u1, u2):
    """Hormann (1993) BTRS for ``p <= 1/2``, ``log f(k)/f(m)`` from log1p of ratios."""
    n, p = params
    q = 1 - p
    spq = np.sqrt(n * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    alpha = (2.83 + 5.1 / b) * spq
    m = np.floor((n + 1) * p)
    U, V = u1 - 0.5, u2
    us = 0.5 - np.abs(U)
    k = np.floor((2 * a / us + b) * U + n * p + 0.5)
    ks = np.clip(k, 0, n)
    d = ks - m
    bound = (-(m + 0.5) * np.log1p(d / (m + 1)) + (n - ks + 0.5) * np.log1p(d / (n - ks + 1))
             + d * np.log(p * (n - m + 1) / (q * (ks + 1))) + fc(m) + fc(n - m) - fc(ks)
             - fc(n - ks))  # fmt: skip
    fast = (us >= 0.07) & (0.92 - 4.2 / b >= V)
    lv = np.log(V * alpha / (a / (us * us) + b))
    return (us > 0) & (k >= 0) & (k <= n) & (fast | (lv <= bound)), k


def hrua(params, u1, u2):
    """Stadlober's HRUA as NumPy's, ``T = log f(m) - log f(k)`` from log-falling factorials."""
    mn, mx, cs = params
    pop = mn + mx
    p, q = mn / pop, mx / pop
    a = cs * p + 0.5
    c = np.sqrt((pop - cs) * cs * p * q / (pop - 1) + 0.5)
    h = 1.7155277699214135 * c + 0.8989161620588988
    m = np.floor((cs + 1) * (mn + 1) / (pop + 2))
    bound = np.minimum(np.minimum(cs, mn) + 1, np.floor(a + 16 * c))
    X = a + h * (u2 - 0.5) / u1
    ok = (u1 > 0) & (X >= 0) & (bound > X)
    k = np.floor(np.where(ok, X, 0))
    t = (lf_diff(m, k) + lf_diff(mn - m, mn - k) + lf_diff(cs - m, cs - k)
         + lf_diff(mx - cs + m, mx - cs + k))  # fmt: skip
    U = u1
    accept = (t >= U * (4 - U) - 3) | (~(U * (U - t) >= 1) & (2 * np.log(U) <= t))
    return ok & accept, k


def zipf(params, u1, u2):
    """Devroye's rejection as NumPy's (``U`` in ``(Umin, 1]``), powers as exp and log."""
    (a,) = params
    am1 = a - 1
    b = np.exp2(am1)
    U = u1 * np.exp(-am1 * np.log(2.0**63)) + (1 - u1)
    X = np.floor(np.exp(np.minimum(-np.log(U) / am1, 44.0)))
    T = np.where(X == 1, b, np.exp(am1 * np.log1p(1 / np.maximum(X, 2))))
    ok = (X <= 2.0**63) & (X >= 1)
    return ok & (u2 * X * (T - 1) / (b - 1) <= T / b), X


# ----------------------------------------------------------------------------- inversion


def invert(u: np.ndarray, dist) -> np.ndarray:
    """The least ``x`` with ``u < F(x)``: by SciPy's cdf below 1/2, its sf at and above."""
    ks = np.arange(0, 200)
    cdf, sf = dist.cdf(ks), dist.sf(ks)
    up = np.searchsorted(cdf, u, side="right")
    down = np.sum(sf[None, :] >= (1 - u)[:, None], axis=1)
    return np.where(u < 0.5, up, down)


def poisson(u_inv: np.ndarray, u_rej: np.ndarray, lam: np.ndarray) -> np.ndarray:
    """Inversion where ``lam < 10`` (from ``u_inv``), PTRS elsewhere (from ``u_rej``)."""
    out = np.empty(lam.size)
    for v in np.unique(lam[lam < 10]):
        sel = lam == v
        out[sel] = invert(u_inv[sel], stats.poisson(v)) if v > 0 else 0
    if u_rej is not None:
        big = np.where(lam < 10, 10.0, lam)
        out = np.where(lam < 10, out, rounds(u_rej, lam.size, 0.3, [big], ptrs))
    return out.astype(np.int64)


def binomial(u_inv, u_rej, n, p) -> np.ndarray:
    flip = p > 0.5
    pp = np.where(flip, 1 - p, p)
    small = n * pp < 10
    out = np.empty(n.size)
    for nv, pv in set(zip(n[small].tolist(), pp[small].tolist(), strict=True)):
        sel = small & (n == nv) & (pp == pv)
        out[sel] = invert(u_inv[sel], stats.binom(nv, pv))
    if u_rej is not None:
        big = rounds(u_rej, n.size, 0.35, [np.where(small, 20.0, n), np.where(small, 0.5, pp)],
                     btrs)  # fmt: skip
        out = np.where(small, out, big)
    return np.where(flip, n - out, out).astype(np.int64)


def hypergeometric(u_inv, u_rej, good, bad, sample) -> np.ndarray:
    pop = good + bad
    cs = np.minimum(sample, pop - sample)
    mn, mx = np.minimum(good, bad), np.maximum(good, bad)
    with np.errstate(all="ignore"):
        var = np.where(pop > 1, (pop - cs) * cs * (mn / pop) * (mx / pop) / (pop - 1), 0)
    small = var < 4
    out = np.empty(pop.size)
    for a, b, c in set(
        zip(mn[small].tolist(), mx[small].tolist(), cs[small].tolist(), strict=True)
    ):
        sel = small & (mn == a) & (mx == b) & (cs == c)
        out[sel] = invert(u_inv[sel], stats.hypergeom(a + b, a, c))
    if u_rej is not None:
        params = [np.where(small, 20.0, v) for v in (mn, mx, cs)]
        out = np.where(small, out, rounds(u_rej, pop.size, 0.5, params, hrua))
    out = np.where(good > bad, cs - out, out)
    return np.where(cs < sample, good - out, out).astype(np.int64)


# ----------------------------------------------------------------------------- normals


def ziggurat_rounds(n: int, p_out: float, q_out: float, q: float) -> list[tuple[int, int]]:
    """``_ziggurat.rounds``, from its docstring: box tests, completions, fresh rounds."""
    first = _room(n, p_out)
    return [(n, 1), (first, 1), *schedule(_room(first, q_out), q)]


def ziggurat(twin, n: int, tables, p_out: float, q_out: float, q: float) -> np.ndarray:
    """``n`` float64 normals by the ziggurat as ``_ziggurat``'s docstring states it, from
    the twin's words and uniforms in its order, with ``tables = (KI, WI, FI, FD)``; the
    tail by SciPy's normal quantile."""
    ki, wi, fi, fd = tables
    r = 3.6541528853610088

    def candidate(p: np.ndarray, u: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        i = (p & 255).astype(np.int64)
        rabs = (p >> 12).astype(np.float64)
        x = rabs * wi[i]
        inside = rabs < ki[i]
        if u is None:  # the box test alone
            return inside, np.where(p & 256, -x, x)
        with np.errstate(all="ignore"):
            wedge = fi[i] + u * fd[i] < np.exp(-0.5 * x * x)
            t = stats.norm.isf((1 - u) * stats.norm.sf(r))
        value = np.where(inside | (i != 0), x, t)
        return inside | (i == 0) | wedge, np.where(p & 256, -value, value)

    def pairs(m: int) -> np.ndarray:
        w = np.asarray(twin.bit_generator.random_raw(2 * m)).astype(np.uint64).reshape(m, 2)
        return w[:, 0] | (w[:, 1] << np.uint64(32))

    plan = ziggurat_rounds(n, p_out, q_out, q)
    p0 = pairs(n)
    inside, value = candidate(p0, None)
    value[~inside] = np.nan
    outside = np.flatnonzero(~inside)  # in index order
    m1 = plan[1][0]
    u1 = np.asarray(twin.random(m1))
    served = outside[:m1]
    ok, v = candidate(p0[served], u1[: served.size])
    value[served[ok]] = v[ok]
    waiting = list(served[~ok])
    for m, k in plan[2:]:
        p, u = pairs(m * k).reshape(m, k), np.asarray(twin.random(m * k)).reshape(m, k)
        now, waiting = waiting[:m], waiting[m:]
        left = []
        for row, at in enumerate(now):
            ok, v = candidate(p[row], u[row])
            if ok.any():
                value[at] = v[np.argmax(ok)]
            else:
                left.append(at)
        waiting = left + waiting
    return value
