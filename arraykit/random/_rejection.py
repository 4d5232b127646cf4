"""Rejection sampling in a few fixed rounds, and the draws of a sampler in one Philox call.

A rejection sampler (``_gamma``'s Marsaglia-Tsang, ``_continuous``'s Best-Fisher) must
take the same words whatever is accepted, so that ``ak.jit`` can trace it and every
driver takes the same decisions on the same words.  Its candidates come in rounds whose
sizes depend on the number of values ``n`` alone (:func:`schedule`): round 1 serves
every value with ``k(1)`` candidates; round ``j`` serves the first ``m(j) = min(m(j-1),
m(j-1) // div(j) + 16)`` values (in index order) still without an accepted candidate, with
``k(j)`` candidates each.  A value takes its first accepted candidate (round by round, in
order within a round).  With candidates rejected with probability at most ``p``, a value
is left without one with probability ``p**(k(1) + k(2) + ...)`` (the rounds' sizes leave
room for every waiting value but with a far smaller probability; checked by exact
recursion over the waiting counts for ``n < 3000``); that value is NaN, and an error
eagerly (the sampler checks).  Few rounds with more candidates in the later ones, rather
than many rounds of one: each round is a few dozen operations that XLA compiles (16
rounds took 15 s to compile on JAX's CPU backend, 4 take 3).

:func:`first_accepted` runs the rounds.  Only the first ``S(j) = min(m(j) + m(j+1) + ...,
S(j-1))`` values waiting after round ``j - 1`` can ever be served again (each later
round serves the first waiting ones), so round ``j`` works on those ``S(j)`` values alone
(their indices, found by one cumulative sum and one ``searchsorted``), and the values go
back down the rounds by ``take``: no scatter, and the later rounds cost little.

:func:`draws` makes the uniform floats and normals of several draws from one call for the
words (the words of consecutive draws, each on its block boundary), with one mapping per
dtype and one Box-Muller for all the normals: the same numbers as ``Generator.random`` and
``Generator.standard_normal`` called in turn, from one Philox kernel where a driver
compiles (XLA compiled 16 separate kernels in 8 s).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import arraykit as ak

from ._philox import blocks_for, target

if TYPE_CHECKING:
    from ._generator import Generator

Trial = Callable[[int, "ak.Array | None", int, int], tuple[ak.Array, ak.Array]]


def schedule(n: int, ks: Sequence[int], divs: Sequence[int]) -> list[tuple[int, int]]:
    """``(m, k)`` per round for ``n`` values: ``m`` values served, ``k`` candidates each
    (``ks`` per round; ``divs`` the shrinking of the rounds after the first)."""
    sizes = [n]
    for d in divs:
        sizes.append(min(sizes[-1], sizes[-1] // d + 16))
    return list(zip(sizes, ks, strict=True))


def draws(gen: Generator, specs: Sequence[tuple[str, int, Any]], device: Any) -> list[ak.Array]:
    """``("uniform" | "normal", m, dtype)`` each: ``gen.random(m, dtype)`` or
    ``gen.standard_normal(m, dtype)``, drawn in turn, from one call for the words (in
    turn where the driver maps words to floats natively, which compiles nothing)."""
    drv, _ = target(device)
    if getattr(drv, "philox_uniform", None) is not None:
        return [
            gen.random(m, dtype, device=device)
            if kind == "uniform"
            else gen.standard_normal(m, dtype, device=device)
            for kind, m, dtype in specs
        ]
    counts, total = [], 0
    for kind, m, dtype in specs:
        k = 2 * -(-m // 2) if kind == "normal" else m  # uniforms taken
        counts.append(k)
        total += 4 * blocks_for(k if dtype == ak.float32 else 2 * k)
    words = gen.bit_generator._words(total, device)
    maps: dict[Any, ak.Array] = {}
    if any(d == ak.float32 for _, _, d in specs):
        maps[ak.float32] = ak.astype(words >> 8, ak.float32) * (2.0**-24)
    if any(d != ak.float32 for _, _, d in specs):
        pairs = ak.reshape(words, (total // 2, 2))
        a = ak.astype(pairs[:, 0] >> 5, ak.float64)
        maps[ak.float64] = (a * 67108864.0 + ak.astype(pairs[:, 1] >> 6, ak.float64)) * 2.0**-53
    out: list[Any] = []
    normals: dict[Any, list[tuple[int, ak.Array]]] = {}
    offset = 0  # in words
    for (kind, _, dtype), k in zip(specs, counts, strict=True):
        per = 1 if dtype == ak.float32 else 2
        start = offset // per
        u = maps[dtype][start : start + k]
        offset += 4 * blocks_for(per * k)
        if kind == "normal":
            normals.setdefault(dtype, []).append((len(out), u))
        out.append(u)
    for parts in normals.values():  # Box-Muller once per dtype
        half = [u.shape[0] // 2 for _, u in parts]
        u1 = ak.concat([u[:h] for (_, u), h in zip(parts, half, strict=True)])
        u2 = ak.concat([u[h:] for (_, u), h in zip(parts, half, strict=True)])
        rad = ak.sqrt(-2.0 * ak.log1p(-u1))
        theta = (2 * math.pi) * u2
        cos, sin = rad * ak.cos(theta), rad * ak.sin(theta)
        at = 0
        for (i, _), h in zip(parts, half, strict=True):
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
) -> Any:
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
    levels = []
    ids, width = None, n  # the values round j may serve: their indices, their number
    drawn = 0
    for j, (m, k) in enumerate(rounds):
        accept, value = trial(j, None if ids is None else ids[:m], m, k)
        if which:
            number = ak.arange(drawn, drawn + m * k, dtype=ak.float64, device=device)
            value, dtype = (ak.reshape(number, (m, k)) if k > 1 else number), ak.float64
        drawn += m * k
        if k > 1:
            accept, value = first_of(accept, value)
        after = min(sum(r[0] for r in rounds[j + 1 :]), width)
        if after == 0:
            levels.append((accept, value, None, width, after))
            break
        waiting = ~accept
        if width > m:
            waiting = ak.concat([waiting, ak.ones(width - m, dtype=ak.bool, device=device)])
        ranks = ak.cumulative_sum(ak.astype(waiting, ak.int64))  # 1-based, among waiting
        wanted = ak.arange(1, after + 1, dtype=ak.int64, device=device)
        pick = ak.minimum(ak.searchsorted(ranks, wanted), width - 1)
        ids = pick if ids is None else gather(ids, pick)
        levels.append((accept, value, ranks - 1, width, after))
        width = after
    below = None
    for accept, value, rank, width, after in reversed(levels):
        m = accept.shape[0]
        if below is None:
            later = ak.full(width, math.nan, dtype=dtype, device=device)
        else:  # the waiting values' values from the rounds after
            later = gather(below, ak.clip(rank, 0, after - 1))
            later = ak.where(rank < after, later, math.nan)
        served = ak.where(accept, ak.astype(value, dtype), later[:m])
        below = ak.concat([served, later[m:]]) if width > m else served
    return below


def first_of(accept: ak.Array, value: ak.Array) -> tuple[ak.Array, ak.Array]:
    """Of ``k`` candidates per row (``(m, k)`` arrays), whether one was accepted and the
    first accepted one's value."""
    k = accept.shape[1]
    got, chosen = accept[:, k - 1], value[:, k - 1]
    for i in range(k - 2, -1, -1):
        got = got | accept[:, i]
        chosen = ak.where(accept[:, i], value[:, i], chosen)
    return got, chosen


def gather(x: ak.Array, indices: ak.Array) -> ak.Array:
    """``ak.take(x, indices)`` for 1-D ``x`` and indices in range by construction, without
    ``take``'s bounds check (on Dask a computation of the graph so far, per call)."""
    drv = x._driver
    return ak.Array._new(drv.take(x._value, indices._value, 0), drv, x.dtype)
