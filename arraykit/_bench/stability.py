"""Stable cells on a busy machine: a cell whose repeats spread beyond ``SPREAD_BOUND``, or
whose fastest repeat is far above what the workload's growth from the previous size
allows (a stall: every repeat slowed down together), is timed again, up to ``RETRIES``
times; one that stays unstable is marked (``Result.unstable`` says why), and no ratio
is drawn from it (``report.add_speedups``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .timing import Timing, forecast

# The spread a stable cell may show: its upper quartile at most this times its lower
# quartile (with fewer than 4 repeats: its slowest repeat against its fastest), and its
# median at most the square of this times its fastest repeat (two modes: a run of slow
# repeats with a fast one among them says the machine, not the code, set the median).
SPREAD_BOUND = 1.5
# A stall: the fastest repeat above this times the time forecast from the previous size
# by the workload's exponent (cache effects stay well below it).
GROWTH_BOUND = 4.0
RETRIES = 2


def spread(t: Timing) -> float:
    """Upper over lower quartile of the repeats (1: all the same; inf for a zero time)."""
    q1, q3 = t.quartiles
    return q3 / q1 if q1 > 0 else math.inf


def why_unstable(t: Timing, limit: float | None = None) -> str:
    """Why ``t`` is not a stable measurement ("" if it is): its repeats spread beyond
    ``SPREAD_BOUND``, or its fastest repeat is above ``limit`` seconds (a stall)."""
    s = spread(t)
    if len(t.samples) > 1 and s > SPREAD_BOUND:
        return f"repeats spread x{s:.3g} (bound x{SPREAD_BOUND:g})"
    fastest = min(t.samples)
    if fastest > 0 and t.median > SPREAD_BOUND**2 * fastest:
        return (
            f"median x{t.median / fastest:.3g} the fastest repeat (bound x{SPREAD_BOUND**2:g}: "
            "two modes)"
        )
    if limit is not None and min(t.samples) > limit:
        return (
            f"x{min(t.samples) / limit * GROWTH_BOUND:.3g} the time the previous size "
            f"forecasts (bound x{GROWTH_BOUND:g}: a stall)"
        )
    return ""


def stall_limit(prev: tuple[int, float] | None, size: int, exponent: float) -> float | None:
    """The slowest plausible fastest repeat at ``size``, from ``prev`` = (size, fastest
    repeat) of the same row one size below; ``None`` without a previous size."""
    if prev is None or not prev[1] or size <= prev[0]:
        return None
    return GROWTH_BOUND * forecast(prev[1], prev[0], size, exponent)


def settle(
    timed: Callable[[], Timing], first: Timing, limit: float | None = None
) -> tuple[Timing, str, int]:
    """``first`` or a re-timing of it (``timed``) that is stable: (the timing kept, why
    it is still unstable or "", how many times it was re-timed).  After ``RETRIES``
    re-timings the fastest attempt (by median) is kept, and marked: noise only adds
    time, and a time that stays far above its forecast is not trusted."""
    attempts = [first]
    for _ in range(RETRIES):
        if not why_unstable(attempts[-1], limit):
            break
        attempts.append(timed())
    best = attempts[-1]
    if why_unstable(best, limit):
        best = min(attempts, key=lambda a: a.median)
    return best, why_unstable(best, limit), len(attempts) - 1
