"""Interleaved timing (issue 29): at each size, NumPy and its contenders take turns, repeat
by repeat, so that a change of the machine's speed hits both sides of every ratio.

Every backend of a size is first prepared (``prepare``): its first call, timed and checked
against NumPy's answer, then a warm call that sizes its loop within the budget
(``timing.plan``).  Then one pass (``interleave``) runs, for each repeat k,

    NumPy, contender 1 (repeat k), NumPy, contender 2 (repeat k), NumPy, ..., NumPy

so that every repeat of a contender lies between two repeats of NumPy, and its ratio is
NumPy's time there (the geometric mean of the two) over its own.  A row's speed-up is
the median of its paired ratios and the band their quartiles (``report.add_speedups``):
a load that comes or goes more slowly than a repeat lasts slows both sides of a pair
alike, and the few pairs a change of load falls into move the median little.  (Timed one
after the other, a NumPy slowed through its whole window made a contender timed in a
calmer one look six times faster.)

The re-timing of ``stability.py`` works on top: a contender whose paired ratios spread
beyond ``SPREAD_BOUND`` or disagree with its fastest repeats, or which stalled, or whose
pass had NumPy stall, is timed again, with NumPy between its repeats again, up to
``RETRIES`` times (``time_size``); NumPy, unstable itself, is timed again with them
(alone if no other row is).  A contender's own time is judged and marked as before, but
not re-timed for a spread: its repeats span the whole pass, and a load that moved them
moved NumPy's next to them alike.  The budget sizes each contender's repeats; NumPy, the
baseline, gets one repeat more than the contenders of its pass have in all, whatever the
budget, each as long as theirs (``--min-time``): NumPy takes half of a pass.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import timing as _timing
from .backends import Backend
from .report import BASELINE_UNSTEADY, ERROR, OK, SKIPPED, UNAVAILABLE, Result
from .stability import RETRIES, why_ratios_unstable, why_slowed, why_stall, why_unstable
from .timing import Timing, first_call, one_repeat, plan
from .workloads import Workload

# NumPy's repeats come before and after every GROUP repeats of the others (with 2, a fake
# load whose stretches last about a repeat made one x2.3 spike in 30 runs; none with 1).
# Every row's repeats, NumPy's too, last about ``min_time``: on a busy machine a repeat
# much shorter than the others escapes the load that they pay (NumPy's 1.2 ms repeats of
# sort 1e4 ran at 150 us a call, the same sort in 34 ms repeats at 500 us: x0.29).
GROUP = 1
# A repeat that lasts more than SHRINK times ``min_time`` halves its calls from then on
# (multi-threaded BLAS on a busy machine: 0.4 ms a call when sized, then 11 ms).
SHRINK = 4


def now() -> float:
    """The run's clock (``timing._clock``, which tests replace)."""
    return _timing._clock()


def one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"[:200]


@dataclass(frozen=True)
class Attempt:
    """One pass of a row: its repeats, when they ran, and (contenders) its paired ratios,
    why NumPy's repeats of the same pass were unsteady ("" if they were not: a stall, or its
    calls far slower than when it was sized) and the fastest of
    NumPy's repeats next to this row's."""

    timing: Timing
    window: tuple[float, float]
    ratios: tuple[float, ...] = ()
    baseline_unsteady: str = ""
    baseline_fastest: float = 0.0


@dataclass
class Row:
    """A backend prepared at one size: its record and one repeat of its timed call."""

    result: Result
    repeat: Callable[[], float]  # one repeat: seconds per call
    repeats: int  # repeats per pass that the budget leaves room for
    limit: float | None = None  # the slowest plausible fastest repeat (a stall above)
    best: float | None = None  # its fastest call when its loop was sized
    attempts: list[Attempt] = field(default_factory=list)

    def fail(self, e: BaseException) -> None:
        self.result.status, self.result.note = ERROR, one_line(e)


def new_result(b: Backend, w: Workload, size: int, dtype: str) -> Result:
    return Result(
        workload=w.name,
        backend=b.label,
        impl=b.impl,
        driver=b.driver,
        device=b.device,
        mode=b.mode,
        inputs=b.inputs,
        dtype=dtype,
        size=size,
        shape="x".join(map(str, w.shape(size))),
        status=OK,
        devices=b.devices,
    )


def prepare(
    b: Backend,
    w: Workload,
    size: int,
    inputs: tuple[np.ndarray, ...],
    ref: Any,
    opts: argparse.Namespace,
    skip: str | None,
    limit: float | None = None,
) -> tuple[Result, Row | None, Any]:
    """``b`` ready to time at ``size``: its record (the first call's time, or why it is
    not timed), the ``Row`` to time (``None`` if it is not timed) and its first output
    (raw NumPy's only: the reference the others are checked against)."""
    r = new_result(b, w, size, opts.dtype)
    fn = b.ops.get(w.name)
    if fn is None:
        r.status, r.note = UNAVAILABLE, b.missing.get(w.name, "not implemented")
        return r, None, None
    skip = skip or b.too_small(w, size)
    if skip is not None:
        r.status, r.note = SKIPPED, skip
        return r, None, None
    if b.remote is not None:  # prepared, and its repeats timed, in another process (tnp)
        r, remote_repeat, repeats = b.remote(r, opts)
        if r.status == OK and remote_repeat is not None:
            return r, Row(r, remote_repeat, max(1, repeats), limit), None
        return r, None, None
    try:
        with b.context():
            call = b.bind(fn, inputs)
            out, first = first_call(call, b.sync)
            r.first_call_s = first
            why = None if ref is None else w.check(out, ref, np.dtype(opts.dtype))
            if why is not None:
                r.status, r.note = ERROR, why
                return r, None, None
            p = plan(
                call,
                b.sync,
                first_s=first,
                repeat=opts.repeat,
                budget=opts.budget,
                min_time=opts.min_time,
            )
    except Exception as e:  # a failing cell is reported, the run goes on
        r.status, r.note = ERROR, one_line(e)
        return r, None, None
    r.number = p.number

    def repeat() -> float:
        with b.context():
            per_call = one_repeat(call, b.sync, r.number)
        if r.number > 1 and per_call * r.number > SHRINK * opts.min_time:
            r.number //= 2  # the calls got much slower than when the loop was sized
        return per_call

    # At least one repeat, paired with NumPy's: where the budget left no room after the
    # warm call, the budget forecast skips the next sizes (``_over_budget``).
    row = Row(r, repeat, max(1, p.repeats), limit, p.per_call)
    return r, row, (out if b.impl == "numpy" else None)


def interleave(base: Row, rows: list[Row]) -> None:
    """One pass: NumPy's repeats and the ``rows``' in turns, a NumPy repeat before and after
    every ``GROUP`` repeats of the others; an ``Attempt`` added to each row that ran (a
    row whose repeat raises is marked as failed and leaves the pass).  An exception from
    NumPy ends it."""
    start = now()
    n = [base.repeat()]
    own: dict[int, list[float]] = {id(r): [] for r in rows}
    ratios: dict[int, list[float]] = {id(r): [] for r in rows}
    spans: dict[int, list[float]] = {}
    near: dict[int, float] = {}  # the fastest NumPy repeat next to one of the row's
    waiting: list[tuple[Row, float]] = []  # repeats since NumPy's last: (row, time)

    def numpy_again() -> None:
        n.append(base.repeat())
        for row, c in waiting:
            if c > 0 and n[-2] > 0 and n[-1] > 0:
                ratios[id(row)].append(math.sqrt(n[-2] * n[-1]) / c)
            near[id(row)] = min(near.get(id(row), math.inf), n[-2], n[-1])
        waiting.clear()

    if not rows:  # NumPy alone (timed again for itself)
        n += [base.repeat() for _ in range(base.repeats - 1)]
    for k in range(max((r.repeats for r in rows), default=0)):
        for row in rows:
            if k >= row.repeats or row.result.status != OK:
                continue
            t0 = now()
            try:
                c = row.repeat()
            except Exception as e:
                row.fail(e)
                continue
            own[id(row)].append(c)
            spans.setdefault(id(row), [t0, 0.0])[1] = now()
            waiting.append((row, c))
            if len(waiting) == GROUP:
                numpy_again()
    if waiting:
        numpy_again()
    number = base.result.number
    mine = Timing(base.result.first_call_s or 0.0, tuple(n), number)
    base.attempts.append(Attempt(mine, (start, now())))
    unsteady = why_stall(mine, base.limit) or why_slowed(mine, base.limit, base.best)
    for row in rows:
        if row.result.status != OK or not own[id(row)]:
            continue
        t = Timing(row.result.first_call_s or 0.0, tuple(own[id(row)]), row.result.number)
        window = (spans[id(row)][0], spans[id(row)][1])
        row.attempts.append(Attempt(t, window, tuple(ratios[id(row)]), unsteady, near[id(row)]))


def why_no_ratio(a: Attempt, limit: float | None) -> str:
    """Why a contender's attempt gives no speed-up ("" if it gives one)."""
    if a.baseline_unsteady:
        return f"{BASELINE_UNSTEADY}: {a.baseline_unsteady}"
    own = why_stall(a.timing, limit)
    if own:
        return f"this row stalled: {own}"
    fastest = min(a.timing.samples)
    return why_ratios_unstable(a.ratios, a.baseline_fastest / fastest if fastest > 0 else None)


def settled(row: Row, a: Attempt, contender: bool) -> bool:
    """``a`` needs no re-timing: a contender's speed-up is trusted (its time may have
    spread: its repeats span the whole pass, and a load that moved it moved NumPy's
    alike); NumPy's time is stable."""
    if contender:
        return not why_no_ratio(a, row.limit)
    return not why_unstable(a.timing, row.limit)


def _kept(row: Row, contender: bool) -> Attempt:
    """The attempt a row keeps: the settled one; else (after ``RETRIES`` re-timings) the
    fastest by median, among those with a speed-up if any has one (noise only adds
    time, and the ratio is what the study is about)."""
    for a in row.attempts:
        if settled(row, a, contender):
            return a
    trusted = [a for a in row.attempts if contender and not why_no_ratio(a, row.limit)]
    return min(trusted or row.attempts, key=lambda a: a.timing.median)


def _record(row: Row, contender: bool) -> None:
    """Fill ``row.result`` from its kept attempt."""
    r = row.result
    if r.status != OK:
        return
    if not row.attempts:
        r.status, r.note = ERROR, "not timed: NumPy, which each repeat is paired with, failed"
        return
    a = _kept(row, contender)
    t = a.timing
    r.median_s = t.median
    r.q1_s, r.q3_s = t.quartiles
    r.min_s, r.max_s = min(t.samples), max(t.samples)
    r.repeats, r.number, r.samples = len(t.samples), t.number, t.samples
    r.started_s, r.ended_s = a.window
    r.unstable = why_unstable(t, row.limit)
    r.retimed = len(row.attempts) - 1
    if contender:
        r.ratios, r.pairs = a.ratios, len(a.ratios)
        r.ratio_unstable = why_no_ratio(a, row.limit)


def time_size(base: Row, rows: list[Row]) -> None:
    """Time NumPy (``base``) and the ``rows`` of one size in turns, re-timing what is
    unstable (``settled``) up to ``RETRIES`` times, and fill their records."""
    pending = list(rows)
    try:
        for _ in range(RETRIES + 1):
            interleave(base, pending)
            pending = [
                r for r in pending if r.result.status == OK and not settled(r, r.attempts[-1], True)
            ]
            if not pending and any(settled(base, a, False) for a in base.attempts):
                break
    except Exception as e:  # NumPy failed: its record says why, the others are not paired
        base.fail(e)
    _record(base, False)
    for row in rows:
        _record(row, True)
