"""``standard_normal`` float64: Marsaglia and Tsang's ziggurat ("The Ziggurat Method for
Generating Random Variables", Journal of Statistical Software 5(8), 2000), 256 layers as
NumPy's, its rejections in the fixed rounds of :mod:`arraykit.random._rejection` and its
tail by inversion, so that it takes no loop of its own.

**Layers.**  ``f(x) = exp(-x**2 / 2)`` on ``x >= 0`` is covered by 256 layers of equal
area ``V``: the base (layer 0), the rectangle ``[0, R) x [0, f(R))`` with the tail ``x >=
R`` beside it (width ``V / f(R)`` as if a rectangle), and boxes ``i = 1..255`` of width
``x[i]``, from ``f(x[i])`` up to ``f(x[i-1])`` (``x[255] = R``, ``x[0] = 0``: box 1 is the
top).  ``R = 3.6541528853610088`` and ``V = 4.92867323399e-3`` are the paper's (and
NumPy's); ``x[i-1] = sqrt(-2 log(V / x[i] + f(x[i])))`` is computed in 50 digits by
:mod:`decimal` and rounded once, so the tables are the same on every machine.  (Box 1's
area is ``V`` to 1e-9 relative, the paper's ``V`` having 12 digits.)

**A candidate** is a pair of words ``p = a | b << 32`` (uint64): the layer ``i = p &
255``, the sign ``p & 256``, ``rabs = p >> 12`` (52 bits, exact as float64) and ``x = rabs
* WI[i]`` (``WI[i] = x[i] / 2**52``; one rounding).  It is

- accepted as ``±x`` when ``rabs < KI[i] = floor(x[i-1] / x[i] * 2**52)``: in the box
  below the curve (98.5% of candidates; ``KI[0]`` for the base's rectangle);
- otherwise decided with a float64 uniform ``u`` of its own: in box ``i >= 1``'s wedge,
  accepted as ``±x`` when ``FI[i] + u * FD[i] < exp(-x**2 / 2)`` (``FI[i] = f(x[i])``,
  ``FD[i] = f(x[i-1]) - f(x[i])``), else rejected; in the base's tail, accepted as
  ``±t``, ``t`` the normal quantile of ``(1 - u) Q(R)`` above ``R`` (``Q`` the normal
  survival function) by Wichura's AS 241 ("The percentage points of the normal
  distribution", Applied Statistics 37(3), 1988) tail rational functions of ``s =
  sqrt(-log((1 - u) Q(R))) = sqrt(LQ - log1p(-u))``.  The paper's tail method retries
  within the tail; starting a new candidate instead would draw the tail too rarely, and
  an inversion takes no retry at all.

A candidate is rejected with probability ``1 - sqrt(pi / 2) / (256 V) = 0.00668`` (the
wedges alone; :data:`Q` bounds it), ``P_OUT = 0.0149`` of them lie outside their boxes
and ``Q_OUT`` bounds the rejection of those.  Box values are exactly rounded products, the
same on every driver; wedge decisions and tail values go through each backend's ``exp``,
``log1p`` and ``sqrt`` (a few ulps).

**Rounds** (:func:`rounds`), on the engine of :mod:`arraykit.random._rejection`: the box
tests of ``n`` candidates, one per value; the completion of the first ``m1 =
room(n, P_OUT)`` values outside their boxes (their own candidates, decided with fresh
uniforms; ``m1`` is about 1.5% of ``n``, and more values outside has probability below
``2**-68``); then ``_rejection.schedule(room(m1, Q_OUT), Q)``'s rounds of fresh
candidates for the values rejected.  A value left without an accepted candidate (below
``2**-64``) is NaN: an error eagerly.

**Words**: the box tests' ``2 n`` words; the completions' ``m1`` float64 uniforms; then
per round of fresh candidates (``m`` values, ``k`` each) ``2 m k`` words and ``m k``
uniforms, each draw on its block boundary (``_rejection.draws``).  :func:`_generic` does
it with array functions: the box tests of all values, ranks by a cumulative sum, the few
values outside their boxes on their own, gathered back by rank (``philox_pairs`` or TF's
one-kernel ``philox_box`` where the driver has them).  Where the driver has
``philox_ziggurat`` (the NumPy driver with Numba), one compiled pass makes the box values
and the indices and pairs of the others, and the rest runs on those few
(:func:`_eager`): the same decisions and values.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

import arraykit as ak

from .._core import transform_tracing
from .._devices import Sharding
from . import _compiled, _philox, _rejection

if TYPE_CHECKING:
    from ._args import Gen

R = "3.6541528853610088"  # the base's right edge: Marsaglia and Tsang's, 256 layers
V = "0.00492867323399"  # the area of each layer
LAYERS = 256
Q = 0.0067  # >= 1 - sqrt(pi/2) / (256 V) = 0.006679: a candidate's rejection probability
# -log(Q(R)), Q the normal survival function: the tail's inversion
LQ = 8.955572240390852  # tests/test_random_normal.py checks it against SciPy's log_ndtr

# AS 241's rational functions of s - 1.6 (s <= 5) and s - 5 (s > 5), lowest degree first
_C = (1.42343711074968357734, 4.63033784615654529590, 5.76949722146069140550,
      3.64784832476320460504, 1.27045825245236838258, 0.241780725177450611770,
      0.0227238449892691845833, 7.74545014278341407640e-4)  # fmt: skip
_D = (1.0, 2.05319162663775882187, 1.67638483018380384940, 0.689767334985100004550,
      0.148103976427480074590, 0.0151986665636164571966, 5.47593808499534494600e-4,
      1.05075007164441684324e-9)  # fmt: skip
_E = (6.65790464350110377720, 5.46378491116411436990, 1.78482653991729133580,
      0.296560571828504891230, 0.0265321895265761230930, 1.24266094738807843860e-3,
      2.71155556874348757815e-5, 2.01033439929228813265e-7)  # fmt: skip
_F = (1.0, 0.599832206555887937690, 0.136929880922735805310, 0.0148753612908506148525,
      7.86869131145613259100e-4, 1.84631831751005468180e-5, 1.42151175831644588870e-7,
      2.04426310338993978564e-15)  # fmt: skip


@cache
def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``KI, WI, FI, FD`` (float64, 256 each; module docstring), from 50-digit decimals
    (on the first draw: 35 ms)."""
    with localcontext() as ctx:
        ctx.prec = 50
        r, v, scale = Decimal(R), Decimal(V), Decimal(2) ** 52

        def f(x: Decimal) -> Decimal:
            return (-x * x / 2).exp()

        x = [Decimal(0)] * LAYERS
        x[LAYERS - 1] = r
        for i in range(LAYERS - 2, 0, -1):
            x[i] = (-2 * (v / x[i + 1] + f(x[i + 1])).ln()).sqrt()
        base = v / f(r)  # the base's width, as if a rectangle
        ki = [math.floor(r / base * scale), 0]
        ki += [math.floor(x[i - 1] / x[i] * scale) for i in range(2, LAYERS)]
        wi = [base / scale] + [x[i] / scale for i in range(1, LAYERS)]
        fi = [Decimal(1)] + [f(x[i]) for i in range(1, LAYERS)]
        fd = [Decimal(0)] + [f(x[i - 1]) - f(x[i]) for i in range(1, LAYERS)]
        return tuple(np.array([float(t) for t in col]) for col in (ki, wi, fi, fd))  # type: ignore[return-value]


@cache
def signed() -> tuple[np.ndarray, np.ndarray]:
    """``KI`` and ``WI`` indexed by ``p & 511``, the layer and the sign: ``±WI``."""
    ki, wi, _, _ = tables()
    return np.concatenate([ki, ki]), np.concatenate([wi, -wi])


# The probability that a candidate lies outside its layer's box (all layers alike likely):
# 1 - mean(KI) / 2**52 (tests/test_random_normal.py checks it against the tables)
P_OUT = 0.01491905001054597
Q_OUT = 0.45  # >= Q / P_OUT = 0.4491: a candidate outside its box is rejected


def __getattr__(name: str) -> np.ndarray:
    """The tables as module attributes ``KI``, ``WI``, ``FI``, ``FD``, computed on first
    use (not at ``import arraykit``)."""
    names = ["KI", "WI", "FI", "FD"]
    if name in names:
        return tables()[names.index(name)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _poly(coeffs: tuple[float, ...], s: ak.Array) -> ak.Array:
    out = coeffs[-1] * s + coeffs[-2]
    for c in coeffs[-3::-1]:
        out = out * s + c
    return out


def tail(u: ak.Array) -> ak.Array:
    """The normal quantile of ``(1 - u) Q(R)`` above ``R`` for float64 ``u`` in ``[0,
    1)`` (AS 241's tail, module docstring)."""
    s = ak.sqrt(LQ - ak.log1p(-u))
    near, far = s - 1.6, ak.where(s > 5.0, s, 5.0) - 5.0
    return ak.where(s <= 5.0, _poly(_C, near) / _poly(_D, near), _poly(_E, far) / _poly(_F, far))


def box(p: ak.Array) -> tuple[ak.Array, ak.Array]:
    """``(inside, value)`` of the candidates of pairs ``p`` (uint64 ``a | b << 32``):
    whether each lies in its layer's box, and its value there, ``±x`` (the whole value
    where it does; tables indexed by layer and sign together, ``p & 511``)."""
    device = p.device
    i = ak.astype(p & 511, ak.int64)
    rabs = ak.astype(p >> 12, ak.float64)  # b * 2**20 + (a >> 12): 52 bits, exact
    ki2, wi2 = signed()
    inside = rabs < ak.take(ak.asarray(ki2, device=device), i)
    return inside, rabs * ak.take(ak.asarray(wi2, device=device), i)


def candidates(p: ak.Array, u: ak.Array) -> tuple[ak.Array, ak.Array]:
    """``(accept, value)`` of the candidates of pairs ``p`` (uint64) and uniforms ``u``
    (float64), arrays of one shape (module docstring)."""
    device = p.device
    _, _, fi, fd = tables()
    inside, value = box(p)
    i = ak.astype(p & 255, ak.int64)
    f = ak.take(ak.asarray(fi, device=device), i)
    wedge = f + u * ak.take(ak.asarray(fd, device=device), i) < ak.exp(-0.5 * (value * value))
    base = i == 0
    t = tail(u)
    outer = ak.where((p & 256) != 0, -t, t)
    return inside | base | wedge, ak.where(inside | ~base, value, outer)


def rounds(n: int) -> tuple[tuple[int, int], ...]:
    """``(values served, candidates each)`` per round for ``n`` values: the box tests of
    ``n`` candidates, the completion of at most ``room(n, P_OUT)`` of those outside their
    boxes, then ``_rejection.schedule``'s rounds of fresh candidates for at most
    ``room(that, Q_OUT)`` values their completion rejected."""
    if n == 0:
        return ()
    first = _rejection.room(n, P_OUT, _rejection.BITS)
    rest = _rejection.room(first, Q_OUT, _rejection.BITS)
    return ((n, 1), (first, 1), *(_rejection.schedule(rest, Q) if rest else ()))


def specs(n: int) -> list[tuple[str, int, Any]]:
    """The draws of ``n`` values: the box tests' words, the completions' uniforms, then
    per round of fresh candidates its words and its uniforms."""
    out: list[tuple[str, int, Any]] = []
    for j, (m, k) in enumerate(rounds(n)):
        if j != 1:
            out.append(("words", 2 * m * k, ak.uint32))
        if j != 0:
            out.append(("uniform", m * k, ak.float64))
    return out


def _later(got: list[ak.Array], first: ak.Array, m: int, rest: Any, device: Any) -> ak.Array:
    """The values of the ``m`` candidates (pairs ``first``) outside their boxes, decided
    with the uniforms ``got[0]``, and of the rounds ``rest`` after for those rejected
    (``got[1:]``: per round its words and uniforms), NaN where none was accepted."""

    def trial(j: int, ids: ak.Array | None, m: int, k: int) -> tuple[ak.Array, ak.Array]:
        if j == 0:  # the box tests' candidates, completed
            return candidates(first, got[0])
        accept, value = candidates(_philox.pairs_of(got[2 * j - 1]), got[2 * j])
        if k > 1:
            return ak.reshape(accept, (m, k)), ak.reshape(value, (m, k))
        return accept, value

    return _rejection.first_accepted(m, rest, trial, ak.float64, device)


def _generic(gen: Gen, n: int, device: Any) -> ak.Array:
    """The ``n`` values by array functions (traced inside ``ak.jit``): box tests for
    all (:func:`boxes`), then the first ``m`` values outside their boxes (``m`` about
    1.5% of ``n``; found by their ranks) on their own, gathered back by rank."""
    rs = rounds(n)
    m = rs[1][0]
    p, out, ranks, slot = boxes(gen, n, m + 1, device)
    got = _rejection.draws(gen, specs(n)[1:], device)
    at = ak.searchsorted(ranks, ak.arange(1, m + 1, dtype=ranks.dtype, device=device))
    first = _rejection.gather(p, ak.minimum(at, n - 1))  # at == n: fewer than m outside
    later = _later(got, first, m, rs[1:], device)
    # by slot: -0.0 for a value inside its box (x + -0.0 is x, -0.0 too), the ranks 1..m
    # served, NaN past them; outside its box a value is -0.0 + its later value
    ends = [ak.full(1, v, dtype=ak.float64, device=device) for v in (-0.0, math.nan)]
    return out + _rejection.gather(ak.concat([ends[0], later, ends[1]]), slot)


_JITTED = ak.jit(_generic, static_argnums=(1, 2))


def boxes(gen: Gen, n: int, cap: int, device: Any) -> tuple[ak.Array, ak.Array, ak.Array, ak.Array]:
    """The box tests of the next ``n`` candidates: their pairs, their box values (-0.0
    outside the box), the running count of candidates outside (a cumulative sum, of
    int32 for ``n < 2**31``) and each one's slot, its rank among those outside
    (1-based) at most ``cap``, 0 inside its box.  By the driver's ``philox_box`` where
    it has one (TF: one XLA kernel)."""
    bg = gen.bit_generator
    drv, dev = _philox.target(device)
    count = ak.int32 if n < 2**31 else ak.int64
    native = getattr(drv, "philox_box", None)
    if native is not None:
        key, counter = bg.key, bg.counter
        k = key if isinstance(key, tuple) else key._value
        c = counter if isinstance(counter, int) else counter._value
        found = native(k, c, n, *signed(), cap, count, dev)
        if found is not None:
            bg._advance(2 * n)
            dtypes = (ak.uint64, ak.float64, count, count)
            return tuple(ak.Array._new(f, drv, t) for f, t in zip(found, dtypes, strict=True))  # type: ignore[return-value]
    p = bg._pairs(n, device)
    inside, value = box(p)
    ranks = ak.cumulative_sum(ak.astype(~inside, count))
    slot = ak.where(inside, 0, ak.minimum(ranks, cap))
    return p, ak.where(inside, value, -0.0), ranks, slot


def _eager(gen: Gen, n: int, device: Any) -> ak.Array | None:
    """The ``n`` values by the driver's ``philox_ziggurat`` (``None``, the state unchanged,
    where it declines): the box tests in one compiled pass, which also gives the indices
    and pairs of the candidates outside their boxes, then the later rounds on those few
    values alone.  The same decisions and values as :func:`_generic`, without its
    whole-size cumulative sum and scatter."""
    drv, bg = _philox.target(device)[0], gen.bit_generator
    native: Any = getattr(drv, "philox_ziggurat", None)
    at, key = bg.counter, bg.key
    if native is None or not isinstance(at, int) or not isinstance(key, tuple):
        return None  # no kernel, or a traced state
    counters = []
    for _kind, m, dtype in specs(n):
        counters.append(at)
        at = (at + _philox.blocks_for(m if dtype == ak.uint32 else 2 * m)) % (1 << 128)
    ki, wi, _, _ = tables()
    found = native(key, counters[0], n, ki, wi, device)
    if found is None:
        return None
    bg.counter = at
    outside = len(found[1])
    values, slow, p = (
        ak.Array._new(v, drv, t)
        for v, t in zip(found, (ak.float64, ak.int64, ak.uint64), strict=True)
    )
    rs = rounds(n)
    m, h = rs[1][0], min(rs[1][0], outside)  # served by the completion; outside
    got = [_uniforms(key, counters[1], m, device)]
    for j, (mj, k) in enumerate(rs[2:], start=2):
        got.append(_philox.words(key, counters[2 * j - 2], 2 * mj * k, device))
        got.append(_uniforms(key, counters[2 * j - 1], mj * k, device))
    # _generic's m rows: the first h values outside their boxes, then unused rows
    first = ak.concat([p[:h], ak.zeros(m - h, dtype=ak.uint64, device=device)])
    values[slow[:h]] = _later(got, first, m, rs[1:], device)[:h]
    values[slow[h:]] = math.nan  # never served (probability below 2**-68)
    return values


def _uniforms(key: tuple[int, int], counter: int, m: int, device: Any) -> ak.Array:
    """``m`` float64 uniforms of a draw from block ``counter``."""
    u = _philox.uniform(key, counter, m, ak.float64, device)
    if u is not None:
        return u
    w = ak.reshape(_philox.words(key, counter, 2 * m, device), (m, 2))
    a, b = ak.astype(w[:, 0] >> 5, ak.float64), ak.astype(w[:, 1] >> 6, ak.float64)
    return (a * 67108864.0 + b) * 2.0**-53


def standard_normal64(gen: Gen, n: int, device: Any) -> ak.Array:
    """``n`` standard normal float64 values (module docstring); a value without an
    accepted candidate (probability below ``2**-64``) raises eagerly, is NaN traced.  On
    a sharding, drawn eagerly on the mesh's first device and then placed (the rounds'
    small arrays cannot be split, and TF's DTensor has no ``searchsorted``)."""
    drv, dev = _philox.target(device)
    if n == 0:  # no rounds, no words
        return ak.zeros(0, dtype=ak.float64, device=dev)
    if isinstance(dev, Sharding) and not transform_tracing.depth:
        first = dev.mesh.devices.flat[0]
        with ak.use(device=first):
            return standard_normal64(gen, n, first).to_device(dev)
    if transform_tracing.depth:
        return _generic(gen, n, dev)
    out = None
    if getattr(drv, "philox_ziggurat", None) is not None:
        out = _eager(gen, n, dev)
    if out is None:
        if drv.capabilities.lazy:  # on the host: the rounds would be a graph of many steps
            out = _compiled.on_host(_JITTED, gen, n, None, device=dev)
        else:
            out = _JITTED(gen, n, dev)
    if bool(ak.any(ak.isnan(out))):
        raise RuntimeError("standard_normal: a value found no accepted candidate (p < 2**-64)")
    return out
