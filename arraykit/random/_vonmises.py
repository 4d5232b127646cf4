"""``vonmises(mu, kappa)``: Best and Fisher's rejection from a wrapped Cauchy (D. J. Best,
N. I. Fisher, "Efficient simulation of the von Mises distribution", Applied Statistics
28(2), 1979), in NumPy's form and with its thresholds, written once in core.

For ``1e-8 <= kappa <= 1e6``: ``s = (1 + rho**2) / (2 rho)`` with ``r = 1 + sqrt(1 + 4
kappa**2)``, ``rho = (r - sqrt(2 r)) / (2 kappa)`` (``s = 1 / kappa + kappa`` below
``kappa = 1e-5``); a candidate is two uniforms ``U, V``: ``Z = cos(pi U)``, ``W = (1 + s Z)
/ (s + Z)``, ``Y = kappa (s - W)``, accepted when ``Y (2 - Y) >= V`` or ``log(Y / V) + 1 - Y
>= 0``, giving ``acos(W)`` (``W`` clipped to ``[-1, 1]``), negated where one more uniform is
below 1/2.  At least 65.7% of the candidates are accepted, for every ``kappa``.  Below
``kappa = 1e-8`` the value is ``pi (2 U - 1)`` (uniform on the circle), above ``1e6`` ``mu
+ z / sqrt(kappa)`` with ``z = sqrt(-2 log1p(-U)) cos(2 pi V)`` (the wrapped normal), both
from the first candidate's ``U, V``.  ``mu`` is added and the result wrapped into ``[-pi,
pi]`` as NumPy does (``sign(x) (fmod(|x| + pi, 2 pi) - pi)``), for every ``kappa``; NaN
parameters give NaN.

The candidates come in five fixed rounds (:mod:`arraykit.random._rejection`): 1 candidate for
every value, then 2, 4, 8 and 30 candidates for each of the first ``m // 2 + 16``, ``m //
4 + 16``, ``m // 8 + 16`` and ``m // 8 + 16`` values still waiting (``m`` the previous
round's); each round draws its ``U``s, then its ``V``s, and the sign uniforms come last.  A
value is left without an accepted candidate with probability below ``0.343**45 < 2**-69``
(an error eagerly, NaN inside a transform).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arraykit as ak

from .._core import transform_tracing
from . import _rejection
from ._args import Param, check, draw_shape, param
from ._gamma import flat

if TYPE_CHECKING:
    from ._generator import Generator

KS, DIVS = (1, 2, 4, 8, 30), (2, 4, 8, 8)


def rounds(n: int) -> list[tuple[int, int]]:
    """``(values served, candidates each)`` per round for ``n`` values."""
    return _rejection.schedule(n, KS, DIVS)


def _sample(
    gen: Generator, mu: ak.Array, kappa: ak.Array, which: bool = False
) -> tuple[ak.Array, ak.Array]:
    """The values for flat float64 ``mu`` and ``kappa``, and whether every value found
    one (``which``: the accepted candidates' numbers, ``_rejection.first_accepted``)."""
    n, device = kappa.shape[0], kappa.device
    sched = rounds(n)
    specs = [("uniform", m * k, ak.float64) for m, k in sched for _uv in range(2)]
    got = _rejection.draws(gen, [*specs, ("uniform", n, ak.float64)], device)
    tiny, huge, nan = kappa < 1e-8, kappa > 1e6, ak.isnan(kappa)
    k = ak.where(tiny | huge | nan, 1.0, kappa)  # where s is not used: any finite s
    r = 1 + ak.sqrt(1 + 4 * k * k)
    rho = (r - ak.sqrt(2 * r)) / (2 * k)
    s = ak.where(k < 1e-5, 1 / k + k, (1 + rho * rho) / (2 * rho))
    direct = tiny | huge | nan | ak.isnan(mu)  # taken from the first candidate

    def trial(j: int, ids: ak.Array | None, m: int, c: int) -> tuple[ak.Array, ak.Array]:
        kj, sj = (k, s) if ids is None else (_rejection.gather(k, ids), _rejection.gather(s, ids))
        u, v = got[2 * j], got[2 * j + 1]
        if c > 1:
            u, v = ak.reshape(u, (m, c)), ak.reshape(v, (m, c))
            kj, sj = kj[:, None], sj[:, None]
        z = ak.cos(math.pi * u)
        w = (1 + sj * z) / (sj + z)
        y = kj * (sj - w)
        zero = v == 0  # accepted by the first test or y / v = inf (probability 2**-53)
        second = ak.log(y / ak.where(zero, 1.0, v)) + 1 - y >= 0
        accept = (y * (2 - y) - v >= 0) | zero | second
        if j == 0:
            accept = accept | direct
        return accept, ak.clip(w, -1.0, 1.0)

    w = _rejection.first_accepted(n, sched, trial, ak.float64, device, which)
    found = ak.all(~(ak.isnan(w) & ~direct))
    if which:
        return w, found
    u0, v0 = got[0], got[1]
    theta = ak.acos(w)
    theta = ak.where(got[-1] < 0.5, -theta, theta) + mu
    normal = ak.sqrt(-2.0 * ak.log1p(-u0)) * ak.cos((2 * math.pi) * v0)
    theta = ak.where(huge, mu + normal / ak.sqrt(ak.where(huge, kappa, 1.0)), theta)
    theta = ak.where(tiny, math.pi * (2 * u0 - 1), theta)
    theta = ak.where(nan, math.nan, theta)
    wrapped = ak.remainder(ak.abs(theta) + math.pi, 2 * math.pi) - math.pi
    return ak.where(theta < 0, -wrapped, wrapped), found


_COMPILED = ak.jit(_sample, static_argnums=3)


def vonmises(gen: Generator, mu: Param, kappa: Param, size: Any, device: Any) -> ak.Array:
    m, k = param(mu, "vonmises", "mu"), param(kappa, "vonmises", "kappa")
    check(k < 0, "vonmises", ValueError, "kappa < 0")
    shape = draw_shape(size, (m, k), "vonmises")
    for p in (m, k):
        if isinstance(p, ak.Array) and device is None:
            device = p.device
    mf, kf = flat(m, shape, ak.float64, device), flat(k, shape, ak.float64, device)
    if transform_tracing.depth:
        return ak.reshape(_sample(gen, mf, kf)[0], shape)
    out, ok = ak.compute(*_COMPILED(gen, mf, kf))
    if not bool(ok):
        raise RuntimeError(f"vonmises: no candidate accepted in {sum(KS)} tries (p < 2**-69)")
    return ak.reshape(out, shape)
