"""Rejection sampling in a few fixed rounds, the one engine of every rejection sampler of
``ak.random`` (``_gamma``'s Marsaglia-Tsang, ``_vonmises``' Best-Fisher, ``_discrete``'s
PTRS, BTRS and Zipf, ``_hypergeometric``'s HRUA), and the draws of a sampler in one
Philox call.

A rejection sampler must take the same words whatever is accepted, so that ``ak.jit`` can
trace it and every driver takes the same decisions on the same words.  Its candidates
come in rounds whose sizes depend on the number of values ``n`` and on ``q``, a bound on
the probability that a candidate is rejected over the sampler's whole regime, alone
(:func:`schedule`):

- ``K = ceil(65 / log2(1/q))`` candidates per value in all (``q**K <= 2**-65``);
- round 1 serves every value with ``k(1) = 1`` candidate;
- round ``j + 1`` serves the first ``m(j+1)`` values (in index order) still without an
  accepted candidate, ``m(j+1)`` the least ``a`` with ``exp(-m(j) D((a + 1) / m(j) ||
  q**k(j))) <= 2**-68`` (Chernoff's bound on ``P(B > a)`` for ``B`` binomial of ``m(j)``
  trials and probability ``q**k(j)``, which bounds the values round ``j`` leaves
  waiting; ``D`` the Bernoulli relative entropy), with ``k(j+1)`` candidates each: the
  least ``c`` with ``q**c <= 1/4`` in round 2, twice the round before's after, and all
  the ``K - k(1) - ... - k(j)`` left once ``m(j+1) <= 64`` (the last round);
- no round follows one with ``m(j+1) = 0``.

A value takes its first accepted candidate (round by round, in order within a round).
Unless some round leaves more values waiting than the next serves (each with probability
below ``2**-68``), every value waiting is served in the next round and has its ``K``
candidates: a value is left without an accepted one with probability below ``q**K + R
2**-68 < 2**-64`` (``R <= 7`` rounds for ``q <= 1/2`` and ``n < 2**63``; 3 to 6 for ``n``
from ``10**3`` to ``10**6``).  That value is NaN, an error eagerly (each sampler checks).

:func:`first_accepted` runs the rounds.  Only the first ``S(j) = min(m(j) + m(j+1) + ...,
S(j-1))`` values waiting after round ``j - 1`` can ever be served again (each later
round serves the first waiting ones), so round ``j`` works on those ``S(j)`` values alone
(their indices, found by one cumulative sum and one ``searchsorted``), and the values go
back down the rounds by ``take``: no sort, no scatter, and the later rounds cost little.

:func:`draws` makes the uniform floats, normals and raw words of several draws from one
call for the words (the words of consecutive draws, each on its block boundary), with
one mapping per dtype and one Box-Muller for all the normals (the gamma's candidates;
the float32 ``standard_normal``'s algorithm, while the float64 one is ``_ziggurat``'s):
the same numbers as ``Generator.random``, Box-Muller and ``random_raw`` called in turn,
from one Philox kernel where a driver compiles (XLA compiled 16 separate kernels in 8 s).
:func:`uniform_rejection` is the engine for a candidate of two float64 uniforms ``U, V``
(PTRS, BTRS, HRUA, Zipf): per round, a draw of the ``U``s of its ``m k`` candidates, then
one of their ``V``s.

**Why this engine.**  It merges two: random-cont's (hand-set candidates per round, 1, 2,
4, 10 for the gamma and 1, 2, 4, 8, 30 for von Mises, each round the previous one's size
divided by a set factor plus 16; the runner above) and random-disc's (round sizes ten
standard deviations above the expected number waiting, a few candidates per round and 32
in the later ones, each round's values found by a stable ``argsort`` and written back by
a scatter, all uniforms in one ``random`` draw).  Kept: random-cont's runner (a
cumulative sum and a ``searchsorted`` per round instead of a sort, ``take`` instead of a
scatter, the decisions readable by the tests with ``which``) and its :func:`draws`
(normals and float32 uniforms, which the gamma needs); random-disc's schedule from ``q``
alone, so that a sampler states its rejection bound (checked by the tests) instead of
tuning rounds, now with exact Chernoff margins and candidates doubling per round, so that
the failure bound holds for every ``n`` (random-cont's divisors were set for two values of
``q`` and checked for ``n < 3000``).  Candidates per value at ``n = 10**4``: gamma 1.11
(random-cont's 1.36, random-disc's 1.44), von Mises 2.27 (2.76, 2.60), PTRS 1.99
(random-disc's 2.24), HRUA 3.04 (3.92).  On JAX's CPU backend at ``n = 10**4`` the first
call (trace and compile) is no slower (HRUA 7-8 s before, 5.2-5.4 s now; the others 2-3
s either way) and a compiled draw is faster where the sort and the scatter went (PTRS 8
to 6 ms, BTRS 11 to 7.5, HRUA 20 to 11.6).  The first accepted of a round's ``k``
candidates is one ``min`` and one gather, not ``k`` selects, so a program does not grow
with ``k``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import arraykit as ak

from ._philox import blocks_for, target

if TYPE_CHECKING:
    from ._args import Gen

Trial = Callable[[int, "ak.Array | None", int, int], tuple[ak.Array, ak.Array]]
Candidate = Callable[..., tuple[ak.Array, ak.Array]]

BITS = 64  # a value is left without an accepted candidate with probability < 2**-BITS
LAST = 64  # the round serving at most this many values takes every candidate left
SHRINK = 0.25  # round 2's candidates: the least c with q**c <= SHRINK


def _divergence(x: float, p: float) -> float:
    """``D(x || p)``, the relative entropy of Bernoulli ``x`` to Bernoulli ``p``."""
    out = x * math.log(x / p) if x > 0 else 0.0
    if x < 1:
        out += (1 - x) * math.log((1 - x) / (1 - p))
    return out


def room(m: int, p: float, bits: int) -> int:
    """The least ``a`` with Chernoff's bound ``exp(-m D((a + 1)/m || p))`` on ``P(B > a)``,
    ``B`` binomial of ``m`` trials and probability ``p``, at most ``2**-(bits + 4)``."""
    target_ = (bits + 4) * math.log(2)

    def enough(a: int) -> bool:
        return a >= m or m * _divergence((a + 1) / m, p) >= target_

    lo, hi = min(math.floor(m * p), m), m  # D grows with a above the mean m p
    while lo < hi:
        mid = (lo + hi) // 2
        if enough(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def schedule(n: int, q: float) -> tuple[tuple[int, int], ...]:
    """``(m, k)`` per round for ``n`` values: ``m`` values served, ``k`` candidates each,
    for candidates rejected with probability at most ``q`` (module docstring)."""
    return _schedule(n, q, BITS)


@lru_cache(maxsize=512)
def _schedule(n: int, q: float, bits: int) -> tuple[tuple[int, int], ...]:
    if n == 0:
        return ()
    total = math.ceil((bits + 1) / -math.log2(q))
    first = 1
    while q**first > SHRINK:
        first += 1
    rounds, m, k, got = [(n, 1)], n, 1, 1
    while got < total:
        m = min(m, room(m, q**k, bits))
        if m == 0:
            break
        k = total - got if m <= LAST else min(first if len(rounds) == 1 else 2 * k, total - got)
        rounds.append((m, k))
        got += k
    return tuple(rounds)


def words(specs: Sequence[tuple[str, int, Any]]) -> int:
    """The words that :func:`draws` of ``specs`` takes (a multiple of 4)."""
    total = 0
    for kind, m, dtype in specs:
        k = 2 * -(-m // 2) if kind == "normal" else m  # uniforms taken
        total += 4 * blocks_for(k if dtype != ak.float64 else 2 * k)
    return total


def draws(gen: Gen, specs: Sequence[tuple[str, int, Any]], device: Any) -> list[ak.Array]:
    """``("uniform" | "normal" | "words", m, dtype)`` each: ``gen.random(m, dtype)``,
    ``m`` Box-Muller normals of ``dtype`` (``standard_normal``'s float32 algorithm) or
    ``m`` raw words (uint32), drawn in turn, from one call for the words (in
    turn where the driver maps words to floats natively and compiles nothing: the NumPy
    driver; JAX and TF map them natively too, but one kernel per draw would compile
    each)."""
    drv, _ = target(device)
    if getattr(drv, "philox_uniform", None) is not None and not drv.capabilities.jit:
        return [
            gen.random(m, dtype, device=device)
            if kind == "uniform"
            else gen._box_muller(m, dtype, device)
            if kind == "normal"
            else gen.bit_generator._words(m, device)
            for kind, m, dtype in specs
        ]
    total = words(specs)
    counts = [2 * -(-m // 2) if kind == "normal" else m for kind, m, _ in specs]
    drawn = gen.bit_generator._words(total, device)
    out: list[ak.Array] = []
    normals: dict[Any, list[tuple[int, int, ak.Array]]] = {}
    offset = 0  # in words
    for (kind, _, dtype), k in zip(specs, counts, strict=True):
        per = 2 if kind != "words" and dtype == ak.float64 else 1
        w = drawn[offset : offset + per * k]  # each draw mapped alone: XLA computes
        offset += 4 * blocks_for(per * k)  # the words of a slice, not of the whole call
        if kind == "words":
            out.append(w)
            continue
        if dtype == ak.float32:
            u = ak.astype(w >> 8, ak.float32) * (2.0**-24)
        else:
            pairs = ak.reshape(w, (k, 2))
            a = ak.astype(pairs[:, 0] >> 5, ak.float64)
            u = (a * 67108864.0 + ak.astype(pairs[:, 1] >> 6, ak.float64)) * 2.0**-53
        if kind == "normal":
            normals.setdefault(dtype, []).append((len(out), k // 2, u))
        out.append(u)
    for parts in normals.values():  # Box-Muller once per dtype (k uniforms: k // 2 pairs)
        u1 = ak.concat([u[:h] for _, h, u in parts])
        u2 = ak.concat([u[h:] for _, h, u in parts])
        rad = ak.sqrt(-2.0 * ak.log1p(-u1))
        theta = (2 * math.pi) * u2
        cos, sin = rad * ak.cos(theta), rad * ak.sin(theta)
        at = 0
        for i, h, _ in parts:
            out[i] = ak.concat([cos[at : at + h], sin[at : at + h]])[: specs[i][1]]
            at += h
    return out


def first_accepted(
    n: int,
    rounds: Sequence[tuple[int, int]],
    trial: Trial,
    dtype: Any,
    device: Any,
    which: bool = False,
) -> ak.Array:
    """The values of the first accepted candidate of each of ``n`` values (NaN where
    none was), by the ``rounds`` of :func:`schedule` (module docstring).

    ``trial(j, ids, m, k)`` gives round ``j``'s ``(accept, value)``, two arrays of shape
    ``(m, k)`` (or ``(m,)`` for ``k == 1``): ``k`` candidates for each of the values
    ``ids`` (``m`` indices into the ``n`` values, in increasing order; ``None`` in round
    0, which serves every value in order).  With ``which``, the values are the numbers of
    the accepted candidates instead (as float64, counted through the rounds in the order
    of their draws): the decisions, to compare between drivers."""
    if n == 0:
        return ak.zeros(0, dtype=dtype, device=device)
    levels: list[tuple[ak.Array, ak.Array, ak.Array | None, int, int, int]] = []
    ids, width = None, n  # the values round j may serve: their indices, their number
    drawn = 0
    for j, (m, k) in enumerate(rounds):
        accept, value = trial(j, None if ids is None else ids[:m], m, k)
        if which:
            number = ak.arange(drawn, drawn + m * k, dtype=ak.float64, device=device)
            value, dtype = (ak.reshape(number, (m, k)) if k > 1 else number), ak.float64
        drawn += m * k
        if k > 1:
            accept, value = first_of(accept, value, m, k)
        after = min(sum(r[0] for r in rounds[j + 1 :]), width)
        if after == 0:
            levels.append((accept, value, None, m, width, after))
            break
        waiting = ~accept
        if width > m:
            waiting = ak.concat([waiting, ak.ones(width - m, dtype=ak.bool, device=device)])
        ranks = ak.cumulative_sum(ak.astype(waiting, ak.int64))  # 1-based, among waiting
        wanted = ak.arange(1, after + 1, dtype=ak.int64, device=device)
        pick = ak.minimum(ak.searchsorted(ranks, wanted), width - 1)
        ids = pick if ids is None else gather(ids, pick)
        levels.append((accept, value, ranks - 1, m, width, after))
        width = after
    below: ak.Array | None = None
    for accept, value, rank, m, width, after in reversed(levels):
        if below is None or rank is None:  # rank: None in the last round alone
            later = ak.full(width, math.nan, dtype=dtype, device=device)
        else:  # the waiting values' values from the rounds after
            later = gather(below, ak.clip(rank, 0, after - 1))
            later = ak.where(rank < after, later, math.nan)
        served = ak.where(accept, ak.astype(value, dtype), later[:m])
        below = ak.concat([served, later[m:]]) if width > m else served
    if below is None:
        raise ValueError("first_accepted: no rounds for n > 0 values")  # schedule has one
    return below


def first_of(accept: ak.Array, value: ak.Array, m: int, k: int) -> tuple[ak.Array, ak.Array]:
    """Of ``k`` candidates per row (``(m, k)`` arrays), whether one was accepted and the
    first accepted one's value (the last candidate's where none was)."""
    col = ak.arange(k, dtype=ak.int64, device=accept.device)
    first = ak.min(ak.where(accept, col, k), axis=1, keepdims=True)  # k: none accepted
    drv = value._driver
    idx = ak.minimum(first, k - 1)
    chosen = ak.Array._new(drv.take_along_axis(value._value, idx._value, 1), drv, value.dtype)
    return first[:, 0] < k, ak.reshape(chosen, (m,))


def gather(x: ak.Array, indices: ak.Array) -> ak.Array:
    """``ak.take(x, indices)`` for 1-D ``x`` and indices in range by construction, without
    ``take``'s bounds check (on Dask a computation of the graph so far, per call)."""
    drv = x._driver
    return ak.Array._new(drv.take(x._value, indices._value, 0), drv, x.dtype)


def uniform_specs(n: int, q: float) -> list[tuple[str, int, Any]]:
    """The draws of :func:`uniform_rejection`: per round, its ``U``s then its ``V``s."""
    return [("uniform", m * k, ak.float64) for m, k in schedule(n, q) for _uv in range(2)]


def uniform_rejection(
    gen: Gen,
    q: float,
    params: Sequence[ak.Array],
    candidate: Candidate,
    which: bool = False,
) -> ak.Array:
    """The values (float64, NaN where none was accepted) of a sampler whose candidate is
    two float64 uniforms: ``candidate(params, U, V)`` gives ``(accept, value)`` for the
    flat parameters of the values served (shape ``(m, 1)``, or ``(m,)`` with ``U`` and
    ``V``) and ``U, V`` of shape ``(m, k)`` (``(m,)`` for one candidate each)."""
    n, device = len(params[0]), params[0].device
    got = draws(gen, uniform_specs(n, q), device)

    def trial(j: int, ids: ak.Array | None, m: int, k: int) -> tuple[ak.Array, ak.Array]:
        ps = list(params) if ids is None else [gather(p, ids) for p in params]
        u, v = got[2 * j], got[2 * j + 1]
        if k > 1:
            u, v = ak.reshape(u, (m, k)), ak.reshape(v, (m, k))
            ps = [p[:, None] for p in ps]
        return candidate(ps, u, v)

    return first_accepted(n, schedule(n, q), trial, ak.float64, device, which)
