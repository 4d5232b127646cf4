"""``vonmises(mu, kappa)``: Best and Fisher's rejection from a wrapped Cauchy (D. J. Best,
N. I. Fisher, "Efficient simulation of the von Mises distribution", Applied Statistics
28(2), 1979), in NumPy's form and with its thresholds, written once in core.

For ``1e-8 <= kappa <= 1e6``: ``s = (1 + rho**2) / (2 rho)``, ``rho = (r - sqrt(2 r)) / (2
kappa)``, ``r = 1 + sqrt(1 + 4 kappa**2)``; a candidate is two uniforms ``U, V``: ``Z =
cos(pi U)``, ``W = (1 + s Z) / (s + Z)``, ``Y = kappa (s - W)``, accepted when ``Y (2 - Y)
>= V`` or ``log(Y / V) + 1 - Y >= 0``, giving ``acos(W)``, negated where one more uniform
is below 1/2.  Computed without cancellation (NumPy's formulas lose digits near ``W = +-1``
and at small ``kappa``, where it switches to ``s = 1 / kappa + kappa``): ``rho = 2 kappa /
(r + sqrt(2 r))``, ``1 - rho = (1 + 1 / (sqrt(1 + 4 kappa**2) + 2 kappa) + sqrt(2 r)) / (r
+ sqrt(2 r))``, ``s -+ 1 = (1 -+ rho)**2 / (2 rho)``, ``Y = kappa (s - 1)(s + 1) / (s + 1
- 2 sin(pi U / 2)**2)`` and ``acos(W) = 2 atan((1 - rho) / (1 + rho) tan(pi U / 2))``.
At least 65.7% of the candidates are accepted, for every ``kappa``.  Below
``kappa = 1e-8`` the value is ``pi (2 U - 1)`` (uniform on the circle), above ``1e6`` ``mu
+ z / sqrt(kappa)`` with ``z = sqrt(-2 log1p(-U)) cos(2 pi V)`` (the wrapped normal), both
from the first candidate's ``U, V``.  ``mu`` is added and a result outside ``[-pi, pi]``
wrapped into it as NumPy does (``sign(x) (fmod(|x| + pi, 2 pi) - pi)``; NumPy wraps the
others too, losing the digits of small angles to ``+ pi - pi``), for every ``kappa``; NaN
parameters give NaN.

The candidates come in the fixed rounds of :mod:`arraykit.random._rejection` for ``q =
0.35`` (1 candidate for every value, then 2, 4 and 36 for the values still waiting at
``n = 10**4``; 43 per value in all); each round draws its ``U``s, then its ``V``s, and the
sign uniforms come last.  A value is left without an accepted candidate with probability
below ``2**-64`` (an error eagerly, NaN inside a transform).
"""

from __future__ import annotations

import math
from typing import Any

import arraykit as ak

from .._core import transform_tracing
from . import _rejection
from ._args import Gen, Param, check, draw_shape, flat, param

Q = 0.35  # at least 65.7% of the candidates are accepted, for every kappa (0.343 at most)


def rounds(n: int) -> tuple[tuple[int, int], ...]:
    """``(values served, candidates each)`` per round for ``n`` values."""
    return _rejection.schedule(n, Q)


def _sample(
    gen: Gen, mu: ak.Array, kappa: ak.Array, which: bool = False
) -> tuple[ak.Array, ak.Array]:
    """The values for flat float64 ``mu`` and ``kappa``, and whether every value found
    one (``which``: the accepted candidates' numbers, ``_rejection.first_accepted``)."""
    n, device = len(kappa), kappa.device
    sched = rounds(n)
    specs = [("uniform", m * k, ak.float64) for m, k in sched for _uv in range(2)]
    got = _rejection.draws(gen, [*specs, ("uniform", n, ak.float64)], device)
    tiny, huge, nan = kappa < 1e-8, kappa > 1e6, ak.isnan(kappa)
    k = ak.where(tiny | huge | nan, 1.0, kappa)  # where the candidates are not used
    rt = ak.sqrt(1 + 4 * k * k)
    r = 1 + rt
    rr = r + ak.sqrt(2 * r)
    rho = (2 * k) / rr  # Best-Fisher's (r - sqrt(2 r)) / (2 kappa), without cancellation
    one_minus = (1 + 1 / (rt + 2 * k) + ak.sqrt(2 * r)) / rr  # 1 - rho
    s_minus, s_plus = one_minus * one_minus / (2 * rho), (1 + rho) * (1 + rho) / (2 * rho)
    scale = k * s_minus * s_plus  # kappa (s**2 - 1)
    direct = tiny | huge | nan | ak.isnan(mu)  # taken from the first candidate

    def trial(j: int, ids: ak.Array | None, m: int, c: int) -> tuple[ak.Array, ak.Array]:
        gather = _rejection.gather
        aj, sj = (scale, s_plus) if ids is None else (gather(scale, ids), gather(s_plus, ids))
        u, v = got[2 * j], got[2 * j + 1]
        if c > 1:
            u, v = ak.reshape(u, (m, c)), ak.reshape(v, (m, c))
            aj, sj = aj[:, None], sj[:, None]
        half = ak.sin((0.5 * math.pi) * u)
        y = aj / (sj - 2 * (half * half))  # kappa (s - W), W = (1 + s Z) / (s + Z)
        zero = v == 0  # accepted by the first test or y / v = inf (probability 2**-53)
        second = ak.log(y / ak.where(zero, 1.0, v)) + 1 - y >= 0
        accept = (y * (2 - y) - v >= 0) | zero | second
        if j == 0:
            accept = accept | direct
        return accept, u

    u = _rejection.first_accepted(n, sched, trial, ak.float64, device, which)
    found = ak.all(~(ak.isnan(u) & ~direct))
    if which:
        return u, found
    u0, v0 = got[0], got[1]
    # acos(W) = 2 atan(sqrt((s - 1) / (s + 1)) tan(pi U / 2)): no cancellation near W = +-1
    theta = 2 * ak.atan((one_minus / (1 + rho)) * ak.tan((0.5 * math.pi) * u))
    theta = ak.where(got[-1] < 0.5, -theta, theta) + mu
    normal = ak.sqrt(-2.0 * ak.log1p(-u0)) * ak.cos((2 * math.pi) * v0)
    theta = ak.where(huge, mu + normal / ak.sqrt(ak.where(huge, kappa, 1.0)), theta)
    theta = ak.where(tiny, math.pi * (2 * u0 - 1), theta)
    theta = ak.where(nan, math.nan, theta)
    wrapped = ak.remainder(ak.abs(theta) + math.pi, 2 * math.pi) - math.pi
    wrapped = ak.where(theta < 0, -wrapped, wrapped)
    return ak.where(ak.abs(theta) <= math.pi, theta, wrapped), found  # + pi - pi: digits


_COMPILED = ak.jit(_sample, static_argnums=3)


def vonmises(gen: Gen, mu: Param, kappa: Param, size: Any, device: Any) -> ak.Array:
    m, k = param(mu, "vonmises", "mu"), param(kappa, "vonmises", "kappa")
    check(k < 0, "vonmises", ValueError, "kappa < 0")
    shape = draw_shape(size, (m, k), "vonmises")
    for p in (m, k):
        if isinstance(p, ak.Array) and device is None:
            device = p.device
    mf, kf = flat(m, shape, device), flat(k, shape, device)
    if transform_tracing.depth:
        return ak.reshape(_sample(gen, mf, kf)[0], shape)
    out, ok = ak.compute(*_COMPILED(gen, mf, kf))
    if not bool(ok):
        raise RuntimeError("vonmises: a value found no accepted candidate (p < 2**-64)")
    return ak.reshape(out, shape)
