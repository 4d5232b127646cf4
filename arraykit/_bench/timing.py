"""Honest timing: every call is synchronised before the clock stops; the first call
(tracing and compilation included) is timed and reported apart; then a warm call sizes
the loop (the fastest of up to three), and each repeat times enough calls to outlast the
clock's resolution.  A cell never spends much more than its budget: slow calls get fewer
repeats (at least one).  The study takes the repeats of a size's backends in turns with
NumPy's (``interleave.py``).
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_clock = time.perf_counter
MAX_NUMBER = 1_000_000
WARM_CALLS = 3


@dataclass(frozen=True)
class Timing:
    first_s: float  # the first call: tracing, compilation, caches, allocation
    samples: tuple[float, ...]  # seconds per call, one per repeat
    number: int  # calls per repeat

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def quartiles(self) -> tuple[float, float]:
        """The spread: first and third quartiles of the repeats (min/max if < 4)."""
        if len(self.samples) < 4:
            return min(self.samples), max(self.samples)
        q = statistics.quantiles(self.samples, n=4, method="inclusive")
        return q[0], q[2]


def _loop(call: Callable[[], Any], sync: Callable[[Any], Any], number: int) -> float:
    """Seconds for ``number`` synchronised calls, with the garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = _clock()
        for _ in range(number):
            sync(call())
        return _clock() - start
    finally:
        if enabled:
            gc.enable()


def first_call(call: Callable[[], Any], sync: Callable[[Any], Any]) -> tuple[Any, float]:
    """The result of the first call and its time (tracing and compilation included)."""
    start = _clock()
    out = call()
    sync(out)
    return out, _clock() - start


@dataclass(frozen=True)
class Plan:
    warm_s: float  # the warm calls, which sized the loop
    warm_calls: int
    per_call: float  # the fastest of the first call and the warm calls
    number: int  # calls per repeat
    repeats: int  # repeats the budget leaves room for (0: not even one after the warm calls)


def plan(
    call: Callable[[], Any],
    sync: Callable[[Any], Any],
    *,
    first_s: float,
    repeat: int,
    budget: float,
    min_time: float,
) -> Plan:
    """Warm calls of ``call`` (already called once, in ``first_s``), and from the fastest
    call the loop that fits ``budget``: enough calls per repeat to last ``min_time``, at
    most ``repeat`` repeats.  Up to ``WARM_CALLS`` warm calls while they last less than
    a tenth of the budget (or ``min_time``) in all: one call slowed by a busy machine
    would make the loop too short, and a repeat much shorter than the others (shorter
    than the scheduler's time slice) escapes the load that they pay."""
    left = budget - first_s
    warms = [_loop(call, sync, 1)]
    while (
        len(warms) < WARM_CALLS
        and sum(warms) < max(min_time, budget / 10)
        and left - sum(warms) > 2 * min(warms)
    ):
        warms.append(_loop(call, sync, 1))
    fastest = min(warms) if first_s <= 0 else min(first_s, *warms)  # 0: not timed
    spent, per_call = sum(warms), max(fastest, 1e-9)
    left -= spent
    if left < per_call:  # no room for another call
        return Plan(spent, len(warms), per_call, 1, 0)
    number = min(MAX_NUMBER, max(1, int(min_time / per_call)))
    repeats = max(1, min(repeat, int(left / (per_call * number))))
    number = max(1, min(number, int(left / (per_call * repeats))))
    return Plan(spent, len(warms), per_call, number, repeats)


def one_repeat(call: Callable[[], Any], sync: Callable[[Any], Any], number: int) -> float:
    """One repeat: seconds per call over ``number`` synchronised calls."""
    return _loop(call, sync, number) / number


def forecast(seconds_per_call: float, size: int, next_size: int, exponent: float) -> float:
    """The expected seconds per call at ``next_size``, from the time at ``size``."""
    growth: float = (next_size / size) ** exponent  # float ** float: Any to the checkers
    return seconds_per_call * growth
