"""The two shapes every discrete sampler of ``ak.random`` takes, written once: rejection in
rounds of fixed size (PTRS, BTRS, HRUA, Zipf) and inversion by a fixed number of steps
(the small-mean regimes of Poisson, binomial and hypergeometric), with the special
functions they share.

**Rejection in fixed rounds.**  A sampler whose candidates are rejected with probability
at most ``q`` (a bound measured over its whole regime, module ``_discrete``) draws its
candidates in rounds whose sizes depend on the number of values ``n`` alone
(:func:`schedule`), so that a draw takes the same words whatever is accepted (as
``ak.jit`` needs, and so that every driver takes the same decisions on the same words).
Round ``j`` has ``c_j`` candidates for each of ``m_j`` values: round 1 is for all ``n``
values, one candidate each; round ``j + 1`` is for the first ``m_(j+1)`` values (in
index order) still without an accepted candidate, ``m_(j+1) = min(m_j, ceil(r + 10 sqrt(r)
+ 16))`` with ``r = q**c_j m_j`` (ten standard deviations above the expected number left,
so every value left is in the next round but with probability below ``1e-20``), with
``c_j`` copies each: the least ``c`` with ``q**c <= 1/10`` while ``m_j > 256``, then
``32``.  Rounds are added until each value has had ``64 / log2(1/q)``
candidates (a value is left without one with probability below ``2**-64``).  All the
rounds' uniforms are one ``random`` draw: round after round, each round's first uniforms
of its ``c_j * m_j`` candidates, then their second ones, ... (copy-major: candidate ``(r,
i)``, the ``r``-th copy for the ``i``-th value, is at ``r * m_j + i``); a value takes its
first accepted copy.  A value left without an accepted candidate is a ``RuntimeError``
eagerly and ``-1`` inside ``ak.jit``/``ak.vmap``.

**Inversion by fixed steps.**  For a distribution on ``0, 1, ...`` with probabilities
``p_k``, one float64 uniform ``u`` per value gives the least ``x`` with ``u < F_x``
(``F`` the cumulative sum): for ``u < 1/2`` by summing ``p_0, p_1, ...`` upwards, for ``u
>= 1/2`` by summing the upper tail ``S_k = p_(k+1) + p_(k+2) + ...`` downwards from the
top ``T = min(support's end, K - 1)`` and comparing with ``1 - u`` (exact there), so that
neither side loses the tail to rounding; ``K`` steps with ``P(X >= K) < 2**-56`` (the
tail left out is below the smallest ``1 - u``, ``2**-53``).  A scalar parameter's sums are
a table made on the host (Python floats, the same recurrences) searched with
``searchsorted``; arrays of parameters run the ``K`` steps elementwise.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

import arraykit as ak

from .._core import transform_tracing
from ..drivers import get as get_driver

if TYPE_CHECKING:
    from ._generator import Generator

BITS = 64
MASK64 = (1 << 64) - 1
COPIES = 32
FLOOR = 256

# --------------------------------------------------------------------- rejection rounds


def schedule(n: int, q: float) -> tuple[tuple[int, int], ...]:
    """``(m_j, c_j)`` of each round for ``n`` values and a rejection probability of at
    most ``q`` (module docstring)."""
    if n == 0:
        return ()
    need = BITS / -math.log2(q)
    mid = math.ceil(math.log(0.1) / math.log(q))  # at most a tenth left after the round
    rounds, m, got = [], n, 0
    while got < need:
        c = 1 if not rounds else mid if m > FLOOR else COPIES
        rounds.append((m, c))
        got += c
        r = q**c * m
        m = min(m, math.ceil(r + 10 * math.sqrt(r) + 16))
    return tuple(rounds)


def words_of(n: int, q: float, k: int) -> int:
    """Uniforms a rejection draw of ``n`` values takes (``k`` per candidate)."""
    return k * sum(m * c for m, c in schedule(n, q))


Candidate = Callable[..., tuple[ak.Array, ak.Array]]


def rejection(
    gen: Generator, n: int, q: float, k: int, params: Sequence[ak.Array], candidate: Candidate
) -> tuple[ak.Array, ak.Array]:
    """Values (float64) and whether each found an accepted candidate: ``candidate(params,
    *uniforms)`` gives ``(accept, value)`` for parameters of shape ``(m,)`` and ``k``
    uniforms of shape ``(c, m)``."""
    rounds = schedule(n, q)
    device = params[0].device
    u = gen.random(words_of(n, q, k), device=device)
    off, cur, levels = 0, list(params), []
    for j, (m, c) in enumerate(rounds):
        us = []
        for _ in range(k):
            us.append(ak.reshape(u[off : off + c * m], (c, m)))
            off += c * m
        accept, value = candidate(cur, *us)
        if c == 1:
            acc, val = accept[0], value[0]
        else:  # each value's first accepted copy
            first = ak.argmax(ak.astype(accept, ak.int8), axis=0, keepdims=True)
            acc = ak.any(accept, axis=0)
            val = ak.take_along_axis(value, first, axis=0)[0]
        pick = None
        if j + 1 < len(rounds):  # the values left, in index order, first
            pick = ak.argsort(ak.astype(acc, ak.int8), stable=True)[: rounds[j + 1][0]]
            cur = [ak.take(p, pick) for p in cur]
        levels.append((acc, val, pick))
    done, value = levels[-1][0], levels[-1][1]
    for j in range(len(rounds) - 2, -1, -1):  # each round's values from the next round's
        acc, val, pick = levels[j]
        was = ak.take(acc, pick)
        new = ~was & done
        got = ak.where(new, value, ak.take(val, pick))
        value, done = val * 1.0, acc | False
        value[pick] = got
        done[pick] = was | new
    return value, done


def compiled(fn: Callable[..., Any], static_argnums: tuple[int, ...] = ()) -> Callable[..., Any]:
    """``fn(gen, *args)`` compiled per size by ``ak.jit`` where the driver compiles (one
    program instead of each round's many small operations); on a lazy driver run on the
    host through the NumPy driver by :func:`on_host`."""
    jitted = ak.jit(fn, static_argnums=static_argnums)

    def call(gen: Generator, *args: Any) -> Any:
        first = next(a for a in args if isinstance(a, ak.Array))
        if host(first):
            return on_host(jitted, gen, *args)
        if transform_tracing.depth:  # inside a transform already: traced into its program
            return fn(gen, *args)
        return jitted(gen, *args)

    return call


def host(x: ak.Array) -> bool:
    """Whether a draw on ``x``'s driver runs on the host (:func:`on_host`): a lazy one's."""
    return x._driver.capabilities.lazy


def on_host(fn: Callable[..., Any], gen: Generator, *args: Any) -> Any:
    """``fn(gen, *args)`` run eagerly through the NumPy driver on the arrays' values, its
    arrays brought back to the device of the first array argument: a lazy driver (Dask)
    would build a graph of thousands of small steps per draw, costlier than the draw
    itself.  The generator draws the same words there, so the values are the same; inside
    ``ak.jit``/``ak.vmap`` (which run eagerly on a lazy driver) its state, there arrays,
    is read and written back."""
    device = next(a.device for a in args if isinstance(a, ak.Array))
    host_args = [np.asarray(a) if isinstance(a, ak.Array) else a for a in args]
    bg = gen.bit_generator
    counter, key = bg.counter, bg.key
    if not isinstance(counter, int):
        c, k = np.asarray(counter), np.asarray(key)
        bg.counter, bg.key = int(c[0]) | int(c[1]) << 64, (int(k[0]), int(k[1]))
    depth, transform_tracing.depth = transform_tracing.depth, 0  # concrete values here
    try:
        with ak.use(get_driver("numpy")):
            out = fn(gen, *(ak.asarray(a) if isinstance(a, np.ndarray) else a for a in host_args))
            values = [np.asarray(o) for o in (out if isinstance(out, tuple) else (out,))]
    finally:
        transform_tracing.depth = depth
        if not isinstance(counter, int):
            c = bg.counter
            bg.counter = ak.asarray([c & MASK64, c >> 64], dtype=ak.uint64, device=device)
            bg.key = key
    back = tuple(ak.asarray(v, device=device) for v in values)
    return back if isinstance(out, tuple) else back[0]


def finish(value: ak.Array, done: ak.Array, fn: str) -> ak.Array:
    """int64 values; a value without an accepted candidate raises eagerly, is -1 traced."""
    if not transform_tracing.depth and not bool(ak.all(done)):
        raise RuntimeError(f"{fn}: a value found no accepted candidate (p < 2**-64)")
    return ak.where(done, ak.astype(value, ak.int64), -1)


# --------------------------------------------------------------------- inversion

K_STEPS = 48  # P(Poisson(10) >= 48) < 2**-56: Poisson with lam < 10, binomial with np < 10


Ratio = Callable[[Any], Any]


def host_tables(p0: float, ratio: Ratio, back: Ratio, top: int, p_top: float, steps: int):
    """The cumulative sums ``F_k`` and upper tails ``S_k`` (``k < steps``) in Python
    floats, by the recurrences of :func:`invert_steps`."""
    cum, p, f = [], p0, p0
    for k in range(steps):
        cum.append(f)
        p = p * ratio(float(k))
        f = f + p
    tail, p, s = [0.0] * steps, 0.0, 0.0
    for k in range(steps - 1, -1, -1):
        tail[k] = s
        p = p_top if k == top else p * back(float(k))
        s = s + p
    return cum, tail


def invert_table(u: ak.Array, cum: list[float], tail: list[float]) -> ak.Array:
    """``x`` (int64) for the uniforms ``u`` from host tables (module docstring)."""
    dev = u.device
    up = ak.searchsorted(ak.asarray(cum, device=dev), u, side="right")
    neg = ak.asarray([-s for s in tail], device=dev)
    down = ak.searchsorted(neg, -(1 - u), side="right")
    return ak.where(u < 0.5, ak.astype(up, ak.int64), ak.astype(down, ak.int64))


def invert_steps(
    u: ak.Array, p0: Any, ratio: Ratio, back: Ratio, top: Any, p_top: Any, steps: int
) -> ak.Array:
    """``x`` (float64) for the uniforms ``u``, elementwise parameters: ``p0`` and
    ``p_top`` the probabilities of 0 and of ``top`` (``< steps``); ``ratio(k)`` is ``p_(k+1)
    / p_k`` (0 past the support), ``back(k)`` is ``p_k / p_(k+1)`` (positive and finite for
    every ``k``: the probabilities above ``top`` are 0)."""
    up = ak.zeros_like(u)
    p, f = p0, p0
    for k in range(steps):
        up = up + ak.astype(f <= u, ak.float64)
        p = p * ratio(float(k))
        f = f + p
    v = 1 - u
    down = ak.zeros_like(u)
    p, s = ak.zeros_like(u), ak.zeros_like(u)
    for k in range(steps - 1, -1, -1):
        down = down + ak.astype(s >= v, ak.float64)
        p = _select(top == k, p_top, p * back(float(k)))
        s = s + p
    return ak.where(u < 0.5, up, down)


def _select(cond: Any, a: Any, b: Any) -> Any:
    if isinstance(cond, bool):
        return a if cond else b
    return ak.where(cond, a, b)


# --------------------------------------------------------------------- special functions

# log(k!) - ((k + 1/2) log(k + 1) - (k + 1) + log(2 pi) / 2) for k = 0..9 (Hormann 1993)
_FC = (
    0.0810614667953272,
    0.0413406959554092,
    0.0276779256849983,
    0.02079067210376509,
    0.0166446911898211,
    0.0138761288230707,
    0.0118967099458917,
    0.0104112652619720,
    0.00925546218271273,
    0.00833056343336287,
)
HALF_LOG_2PI = 0.9189385332046727


def stirling_tail(k: Any) -> Any:
    """``fc(k) = log(k!) - (k + 1/2) log(k + 1) + (k + 1) - log(2 pi) / 2`` for integral
    ``k >= 0`` (a float64 array or a Python number): the table for ``k <= 9``, else the
    series ``(1/12 - (1/360 - r**2/1260) r**2) r`` with ``r = 1/(k+1)``."""
    if not isinstance(k, ak.Array):
        if k <= 9:
            return _FC[int(k)]
        r = 1 / (k + 1)
        return (1.0 / 12 - (1.0 / 360 - r * r * (1.0 / 1260)) * r * r) * r
    r = 1 / (ak.maximum(k, 9.0) + 1)
    r2 = r * r
    out = (1.0 / 12 - (1.0 / 360 - r2 * (1.0 / 1260)) * r2) * r
    for i, v in enumerate(_FC):  # selects, not a gather: they fuse with the rest
        out = ak.where(k == i, v, out)
    return out


def _xp(*values: Any) -> Any:
    return ak if any(isinstance(v, ak.Array) for v in values) else math


def log_falling(a: Any, t: Any) -> Any:
    """``log(a! / (a - t)!)`` for integral ``0 <= t <= a`` (float64 arrays or Python
    numbers), without the cancellation of two log-factorials of large ``a``: ``(a - t +
    1/2) log1p(t / (a - t + 1)) + t log(a + 1) - t + fc(a) - fc(a - t)``."""
    xp, b = _xp(a, t), a - t
    return (
        (b + 0.5) * xp.log1p(t / (b + 1))
        + t * xp.log(a + 1)
        - t
        + (stirling_tail(a) - stirling_tail(b))
    )


def log_factorial_diff(x: Any, y: Any) -> Any:
    """``log(x!) - log(y!)`` for integral ``x, y >= 0`` (float64 arrays), by
    :func:`log_falling` of the larger over the smaller."""
    hi, lo = ak.maximum(x, y), ak.minimum(x, y)
    d = log_falling(hi, hi - lo)
    return ak.where(x >= y, d, -d)


def log_factorial(k: Any) -> Any:
    """``log(k!)`` for integral ``k >= 0`` (a float64 array or a Python number): ``(k +
    1/2) log(k + 1) - (k + 1) + log(2 pi)/2 + fc(k)``."""
    return (k + 0.5) * _xp(k).log(k + 1) - (k + 1) + HALF_LOG_2PI + stirling_tail(k)


def flat(p: Any, shape: tuple[int, ...], device: Any, dtype: Any = None) -> ak.Array:
    """A parameter (number or array) broadcast to ``shape`` and flattened, float64."""
    dtype = ak.float64 if dtype is None else dtype
    if isinstance(p, ak.Array):
        p = ak.astype(p, dtype)
        if device is not None:
            p = ak.asarray(p, device=device)
        return ak.reshape(ak.broadcast_to(p, shape), (-1,))
    return ak.full(math.prod(shape), p, dtype=dtype, device=device)
