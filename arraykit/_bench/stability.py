"""Stable cells on a busy machine: a cell whose repeats spread beyond ``SPREAD_BOUND``, or
whose fastest repeat is far above what the workload's growth from the previous size
allows (a stall: every repeat slowed down together), or whose ratios to NumPy's repeats
around its own spread beyond ``SPREAD_BOUND`` (``why_ratios_unstable``), is timed again,
up to ``RETRIES`` times (``interleave.time_size``); one that stays unstable is marked
(``Result.unstable`` says why its time is not stable, ``Result.ratio_unstable`` why it
has no speed-up), and no speed-up is drawn from unstable ratios or a stall
(``report.add_speedups``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from .timing import Timing, forecast

# The spread a stable cell may show: its upper quartile at most this times its lower
# quartile (with fewer than 4 repeats: its slowest repeat against its fastest), and its
# median at most the square of this times its fastest repeat (two modes: a run of slow
# repeats with a fast one among them says the machine, not the code, set the median).
SPREAD_BOUND = 1.5
# A stall: the fastest repeat above this times the time forecast from the previous size
# by the workload's exponent (cache effects stay well below it).
GROWTH_BOUND = 4.0
# Re-timings of an unstable cell.  With two, a --quick run at load 11.6 on 2 CPUs re-timed
# 325 rows a second time (a full pass each, NumPy's repeats between theirs) and settled 60.
RETRIES = 1


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
    return why_stall(t, limit)


def why_stall(t: Timing, limit: float | None) -> str:
    """Why ``t`` is a stall ("" if it is not): its fastest repeat above ``limit`` seconds,
    ``GROWTH_BOUND`` times what the row's previous size forecasts."""
    if limit is not None and min(t.samples) > limit:
        return (
            f"x{min(t.samples) / limit * GROWTH_BOUND:.3g} the time the previous size "
            f"forecasts (bound x{GROWTH_BOUND:g}: a stall)"
        )
    return ""


def why_slowed(t: Timing, limit: float | None, fastest_call: float | None = None) -> str:
    """Why most of ``t``'s calls ran far slower than they should ("" if they did not): its
    median above ``limit`` (``GROWTH_BOUND`` times what the previous size forecasts), or
    above ``GROWTH_BOUND`` times the fastest call when its loop was sized.  (NumPy's
    multi-threaded BLAS between other frameworks' calls, on 2 CPUs: 0.35 ms a call back
    to back, 12 to 24 ms while their thread pools still run, a few calls fast.)"""
    if limit is not None and t.median > limit:
        return (
            f"median x{t.median / limit * GROWTH_BOUND:.3g} the time the previous size "
            f"forecasts (bound x{GROWTH_BOUND:g})"
        )
    if fastest_call and t.median > GROWTH_BOUND * fastest_call:
        return (
            f"median x{t.median / fastest_call:.3g} its fastest call when sized (bound "
            f"x{GROWTH_BOUND:g})"
        )
    return ""


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """First quartile, median and third quartile (min, median, max with fewer than 4)."""
    med = statistics.median(values)
    if len(values) < 4:
        return min(values), med, max(values)
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], med, q[2]


def why_ratios_unstable(ratios: Sequence[float], fastest: float | None = None) -> str:
    """Why a row's paired ratios to NumPy make no speed-up ("" if they make one): none,
    their quartiles spread beyond ``SPREAD_BOUND``, or their median more than
    ``SPREAD_BOUND`` times off ``fastest``, the ratio of the two sides' fastest repeats
    in the same pass (noise only adds time: where the load hit one side's repeats and
    not the other's, the two disagree).  The ratio, not either time, is what must hold
    still: a load that slows both sides of every pair alike leaves it alone."""
    if not ratios:
        return "no repeat paired with NumPy's"
    q1, med, q3 = quartiles(ratios)
    s = q3 / q1 if q1 > 0 else math.inf
    if len(ratios) > 1 and s > SPREAD_BOUND:
        return f"paired ratios to NumPy spread x{s:.3g} (bound x{SPREAD_BOUND:g})"
    if fastest is not None and fastest > 0:
        off = max(med / fastest, fastest / med)
        if off > SPREAD_BOUND:
            return (
                f"the paired ratios' median x{off:.3g} off the ratio of the fastest repeats "
                f"(bound x{SPREAD_BOUND:g}: the load hit one side)"
            )
    return ""


def stall_limit(prev: tuple[int, float | None] | None, size: int, exponent: float) -> float | None:
    """The slowest plausible fastest repeat at ``size``, from ``prev`` = (size, fastest
    repeat) of the same row one size below; ``None`` without a previous size."""
    if prev is None or not prev[1] or size <= prev[0]:
        return None
    return GROWTH_BOUND * forecast(prev[1], prev[0], size, exponent)
