"""Results: one ``Result`` per (workload, backend, size); the terminal table, the CSV and
JSON files, the crossover sizes and the machine description."""

from __future__ import annotations

import collections
import csv
import dataclasses
import importlib.metadata
import json
import os
import platform
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .stability import quartiles
from .workloads import WORKLOADS

OK, UNAVAILABLE, SKIPPED, ERROR = "ok", "unavailable", "skipped", "error"
NOT_CLEARLY = "not clearly"
UNSTABLE_NOTE = (
    "? after a time: unstable after re-timing (repeats spread beyond x1.5, two modes or a "
    "stall); the reason per cell is in the CSV's unstable column"
)
BASELINE_UNSTEADY = "NumPy unsteady in the same pass"  # how ratio_unstable says so
RATIO_NOTE = (
    "? in the speed-up line: no speed-up drawn (the ratios to NumPy's repeats around this "
    "row's spread beyond x1.5 or disagree with the fastest repeats, a side stalled, or "
    "NumPy's calls ran far slower than when it was sized); "
    "the reason per cell is in the CSV's ratio_unstable column"
)
_PACKAGES = (
    "numpy",
    "jax",
    "jaxlib",
    "tensorflow",
    "tensorflow-cpu",
    "matplotlib",
    "tqdm",
)


@dataclass
class Result:
    """One cell: a workload run by a backend at a size.  Times are seconds per call."""

    workload: str
    backend: str
    impl: str
    driver: str
    device: str
    mode: str
    inputs: str
    dtype: str
    size: int
    shape: str
    status: str  # ok | unavailable | skipped | error
    median_s: float | None = None
    q1_s: float | None = None
    q3_s: float | None = None
    min_s: float | None = None
    max_s: float | None = None
    repeats: int = 0
    number: int = 0
    first_call_s: float | None = None  # the first call: tracing and compilation included
    # The median of ``ratios`` (NumPy's time over this row's, pair by pair; in files without
    # ratios: NumPy's median / this median), at the same size; None where not trusted.
    speedup: float | None = None
    note: str = ""
    unstable: str = ""  # why the repeats are not a stable time ("" if they are)
    retimed: int = 0  # how many times the cell was timed again (interleave.time_size)
    # When its kept repeats began and ended, seconds from the run's start.
    started_s: float | None = None
    ended_s: float | None = None
    speedup_q1: float | None = None  # the speed-up's band: quartiles of ``ratios``
    speedup_q3: float | None = None
    pairs: int = 0  # repeats paired with NumPy's (``len(ratios)``)
    ratio_unstable: str = ""  # why ``ratios`` make no speed-up ("" if they make one)
    # How many devices its input was split over (``--devices``, sharded.py: there
    # ``speedup`` is over one device of the same driver, device kind and mode).
    devices: int = 1
    samples: tuple[float, ...] = ()  # seconds per call of each repeat (JSON only)
    # Per repeat of this row, NumPy's time over its own: NumPy's repeats just before and
    # just after it (their geometric mean), timed in turns with it (JSON only;
    # ``interleave.py``).  Empty for NumPy itself and in files from before them.
    ratios: tuple[float, ...] = ()


def given(t: float | None) -> float:
    """A time (or speed-up) of a row that has one: every time of a row whose status is ok."""
    if t is None:
        raise ValueError("a row with status ok has no time (a damaged results file?)")
    return t


FIELDS = [f.name for f in dataclasses.fields(Result) if f.name not in ("samples", "ratios")]


def same_window(r: Result, base: Result) -> bool:
    """``base`` was timed before and after ``r`` (its kept repeats' window encloses
    ``r``'s): both sides of a ratio saw the same machine.  Rows without windows (older
    files) pass.  (Rows with paired ``ratios`` need no such check: each pair is one
    repeat of ``r`` between two of ``base``.)"""
    if None in (r.started_s, r.ended_s, base.started_s, base.ended_s):
        return True
    return base.started_s <= r.started_s and r.ended_s <= base.ended_s  # type: ignore[operator]


def comparable(r: Result, base: Result) -> bool:
    """A ratio of ``r`` to ``base`` means something: both measured, and ``r``'s paired
    ratios stable with neither side stalled (``ratio_unstable`` empty); for rows without
    paired ratios (files from before them): both stable, timed in the same window."""
    measured = r.status == OK and base.status == OK and bool(r.median_s) and bool(base.median_s)
    if r is base:
        return measured and not r.unstable
    if r.ratios:
        return measured and not r.ratio_unstable
    return measured and not r.unstable and not base.unstable and same_window(r, base)


def add_speedups(results: Sequence[Result], baseline: str) -> None:
    """Set ``speedup`` of every measured cell against ``baseline`` at the same size, where
    the ratio means something (``comparable``), ``None`` elsewhere: the median of its
    paired ratios, their quartiles the band (without paired ratios: the ratio of the
    medians, the band from the quartiles)."""
    base = {(r.workload, r.size): r for r in results if r.backend == baseline and r.status == OK}
    for r in results:
        ref = base.get((r.workload, r.size))
        r.speedup = r.speedup_q1 = r.speedup_q3 = None
        if ref is None or not comparable(r, ref):
            continue
        if r is ref:
            r.speedup = 1.0
        elif r.ratios:
            r.speedup_q1, r.speedup, r.speedup_q3 = quartiles(r.ratios)
        else:
            r.speedup = ref.median_s / r.median_s  # type: ignore[operator]
            r.speedup_q1 = ref.q1_s / r.q3_s  # type: ignore[operator]
            r.speedup_q3 = ref.q3_s / r.q1_s  # type: ignore[operator]


def withheld(r: Result) -> bool:
    """A measured row whose speed-up is not drawn because a time or a ratio was unstable
    (marked ``?`` in the table's speed-up line, crossed out in the figures)."""
    if r.status != OK or r.speedup is not None or r.impl == "numpy":
        return False
    return bool(r.ratio_unstable) if r.ratios else bool(r.unstable)


def clearly_faster(r: Result, base: Result) -> bool:
    """``r`` beats ``base`` by more than the spread: its upper quartile is below the
    fastest repeat of the baseline (below its lower quartile, then, and below every time
    NumPy took: a machine that slows NumPy down for a while fakes no win)."""
    return (
        comparable(r, base)
        and r.q3_s is not None
        and base.min_s is not None
        and r.q3_s < base.min_s
    )


def decisively_faster(r: Result, base: Result) -> bool:
    """Every repeat of ``r`` beat every repeat of ``base`` (its slowest below NumPy's
    fastest): what a win at one size alone must show (see ``crossover``)."""
    return (
        clearly_faster(r, base)
        and r.max_s is not None
        and base.min_s is not None
        and r.max_s < base.min_s
    )


def crossover(points: Iterable[tuple[int, int]]) -> int | None:
    """The smallest size from which the backend is clearly faster than NumPy, from points
    ``(size, level)``: 0 not clearly faster, 1 clearly (``clearly_faster``), 2 decisively
    (``decisively_faster``).  Clear at that size and every larger one measured, two sizes
    at least, or decisive where only the largest is clear; ``None``: not clearly.

    One clear size alone is too little: with 7 repeats, a stretch in which the machine
    slowed every NumPy repeat makes a tie look clear at one size in about 1 run of 500
    (tests/test_bench.py simulates it)."""
    found, run, top = None, 0, 0
    for size, level in sorted(points, reverse=True):
        if not level:
            break
        found, run, top = size, run + 1, top or level
    return found if run >= 2 or (run == 1 and top == 2) else None


def wraps_baseline(r: Result, baseline_driver: str = "numpy") -> bool:
    """A row that runs on the baseline's own backend (arraykit on NumPy): its difference
    from NumPy is arraykit's overhead, never a crossover."""
    return r.impl != "numpy" and r.driver == baseline_driver


def crossovers(results: Sequence[Result]) -> dict[str, dict[str, int | None]]:
    """workload -> backend -> crossover size, for every backend on another framework than
    the baseline (raw NumPy), by the rule of ``clearly_faster``.  A size where either was
    not measured (skipped, failed) counts as not clearly faster."""
    base = {(r.workload, r.size): r for r in results if r.impl == "numpy"}
    points: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for r in results:
        if r.impl == "numpy" or wraps_baseline(r) or r.status == UNAVAILABLE:
            continue
        ref = base.get((r.workload, r.size))
        level = 0
        if ref is not None and clearly_faster(r, ref):
            level = 2 if decisively_faster(r, ref) else 1
        points.setdefault((r.workload, r.backend), []).append((r.size, level))
    out: dict[str, dict[str, int | None]] = {}
    for (w, b), pts in points.items():
        out.setdefault(w, {})[b] = crossover(pts)
    return out


def _twin(r: Result, rows: Sequence[Result]) -> Result | None:
    """The raw row that does ``r``'s work on the same framework, device and mode (NumPy for
    arraykit on NumPy), with the same kind of inputs where there is one."""
    raw = [
        x
        for x in rows
        if x.impl == r.driver
        and x.device == r.device
        and x.size == r.size
        and x.status == OK
        and not x.unstable
    ]
    same_mode = [x for x in raw if x.mode == r.mode] or [x for x in raw if x.impl == "numpy"]
    for inputs in (r.inputs, "native"):
        for x in same_mode:
            if x.inputs == inputs:
                return x
    return None


def overheads(results: Sequence[Result]) -> dict[str, dict[str, dict[str, Any]]]:
    """workload -> arraykit backend -> its cost over the raw row of the same framework:
    microseconds per call at the smallest size both ran, percent at the largest, from the
    fastest repeats (noise only adds time: the minimum is the estimate of a cost)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    by_workload: dict[str, list[Result]] = {}
    for r in results:
        by_workload.setdefault(r.workload, []).append(r)
    for w, rows in by_workload.items():
        pairs: dict[str, list[tuple[Result, Result]]] = {}
        for r in rows:
            if r.impl != "arraykit" or r.status != OK or r.unstable:
                continue
            twin = _twin(r, rows)
            if twin is not None:
                pairs.setdefault(r.backend, []).append((r, twin))
        for b, ps in pairs.items():
            ps.sort(key=lambda p: p[0].size)
            (small, small_raw), (large, large_raw) = ps[0], ps[-1]
            q1, q3 = given(large.q1_s), given(large.q3_s)
            raw_q1, raw_q3 = given(large_raw.q1_s), given(large_raw.q3_s)
            out.setdefault(w, {})[b] = {
                "vs": small_raw.backend,
                "smallest": small.size,
                "us_per_call": (given(small.min_s) - given(small_raw.min_s)) * 1e6,
                "largest": large.size,
                "percent": (given(large.min_s) / given(large_raw.min_s) - 1) * 100,
                # beyond the spread at the largest size (either way)?
                "clear": q1 > raw_q3 or q3 < raw_q1,
            }
    return out


# ---------------------------------------------------------------------- machine
def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def machine_info() -> dict[str, Any]:
    import arraykit

    versions = {"arraykit": arraykit.__version__}  # its distribution is arraykit-api
    for pkg in _PACKAGES:
        try:
            versions[pkg] = importlib.metadata.version(pkg)
        except importlib.metadata.PackageNotFoundError:
            continue
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "cpu_usable": usable,
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "versions": versions,
    }


# ---------------------------------------------------------------------- files
def write_csv(results: Sequence[Result], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        for r in results:
            writer.writerow(dataclasses.asdict(r))


def write_json(results: Sequence[Result], meta: dict[str, Any], path: Path) -> None:
    doc = {
        **meta,
        "crossover": crossovers(results),
        "overhead": overheads(results),
        "results": [dataclasses.asdict(r) for r in results],
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, allow_nan=False)
        f.write("\n")


# ---------------------------------------------------------------------- terminal
def format_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            v = seconds / scale
            return f"{v:.3g}{unit}" if v < 100 else f"{v:.0f}{unit}"
    return f"{seconds * 1e9:.0f}ns"


def format_speedup(s: float | None) -> str:
    if s is None:
        return ""
    return f"x{s:.2g}" if s < 10 else f"x{s:.0f}"


_MARK = {UNAVAILABLE: "n/a", SKIPPED: "skip", ERROR: "ERR"}


def format_cell(r: Result) -> str:
    """A result's table cell: its median time ("?" after it when unstable), or its mark."""
    if r.status != OK:
        return _MARK[r.status]
    return format_time(r.median_s) + ("?" if r.unstable else "")


def print_table(results: Sequence[Result], out: TextIO, dtype: str) -> None:
    """Per workload: a row of times per backend, the speed-ups over NumPy below it, and
    the crossover size; then the notes that explain n/a, skip and ERR cells."""
    cross = crossovers(results)
    over = overheads(results)
    notes: dict[str, list[str]] = {}
    for wname, w in WORKLOADS.items():
        rows = [r for r in results if r.workload == wname]
        if not rows:
            continue
        sizes = sorted({r.size for r in rows})
        backends = list(dict.fromkeys(r.backend for r in rows))
        cell = {(r.backend, r.size): r for r in rows}
        rows_of = {r.backend: r for r in rows}
        lines: list[tuple[str, list[str], list[str], str]] = []
        for b in backends:
            line, speed = [], []
            for s in sizes:
                r = cell.get((b, s))
                if r is None:
                    line.append("")
                    speed.append("")
                    continue
                line.append(format_cell(r))
                speed.append(
                    "" if r.impl == "numpy" else "?" if withheld(r) else format_speedup(r.speedup)
                )
                if r.status != OK and r.note:
                    notes.setdefault(f"{b}, {wname}: {r.note}", []).append(w.label_size(s))
                elif r.status == OK and r.unstable:
                    notes.setdefault(f"{b}, {wname}: {UNSTABLE_NOTE}", []).append(w.label_size(s))
                if r.ratios and withheld(r):
                    notes.setdefault(f"{b}, {wname}: {RATIO_NOTE}", []).append(w.label_size(s))
            c_text = ""
            if b in cross.get(wname, {}):
                c = cross[wname][b]
                c_text = NOT_CLEARLY if c is None else w.label_size(c)
            elif b in over.get(wname, {}) and wraps_baseline(rows_of[b]):
                c_text = "overhead " + format_overhead({**over[wname][b], "workload": wname})
            lines.append((b, line, speed, c_text))
        heads = [w.label_size(s) for s in sizes]
        width = 1 + max(7, *map(len, heads), *(len(t) for _, a, b, _ in lines for t in a + b))
        name_w = max(len("backend"), *(len(b) for b in backends))
        print(
            f"\n{w.title} [{dtype}]: time per call; below it, the speed-up over NumPy "
            "(the median of the ratios of paired repeats)",
            file=out,
        )
        print(
            f"{'backend':<{name_w}} " + "".join(f"{h:>{width}}" for h in heads) + "  crossover",
            file=out,
        )
        for b, line, speed, c_text in lines:
            cells = "".join(f"{t:>{width}}" for t in line)
            print(f"{b:<{name_w}} {cells}  {c_text}".rstrip(), file=out)
            if any(speed):
                print(f"{'':<{name_w}} " + "".join(f"{t:>{width}}" for t in speed), file=out)
    _print_crossovers(cross, out)
    _print_overheads(over, out)
    _print_first_calls(results, out)
    if notes:
        print("\nnotes:", file=out)
        for text, where in notes.items():
            print(f"  {text} (at {', '.join(where)})", file=out)


def format_overhead(o: dict[str, Any]) -> str:
    """``+3.1us at 10, +1% at 1e6`` (``~`` where the largest size's difference is within
    the spread)."""
    w = WORKLOADS.get(o.get("workload", ""), None)
    label = w.label_size if w is not None else str
    pct = f"{o['percent']:+.0f}%" + ("" if o["clear"] else "~")
    return f"{o['us_per_call']:+.1f}us at {label(o['smallest'])}, {pct} at {label(o['largest'])}"


def _print_crossovers(cross: dict[str, dict[str, int | None]], out: TextIO) -> None:
    if not cross:
        return
    names = [w for w in WORKLOADS if w in cross]
    backends = list(dict.fromkeys(b for w in names for b in cross[w]))
    name_w = max(len("backend"), *(len(b) for b in backends))
    width = max(13, *(len(w) + 2 for w in names))
    print(
        "\ncrossover size: the smallest size from which the backend is clearly faster than "
        "NumPy\n(its upper quartile below NumPy's fastest repeat, at that size and every "
        "larger one measured, two sizes at least, or every repeat faster at the largest "
        f"alone; {NOT_CLEARLY}: nowhere)",
        file=out,
    )
    print(f"{'backend':<{name_w}} " + "".join(f"{w:>{width}}" for w in names), file=out)
    for b in backends:
        cells = []
        for w in names:
            if b not in cross[w]:
                cells.append("-")
                continue
            c = cross[w][b]
            cells.append(NOT_CLEARLY if c is None else WORKLOADS[w].label_size(c))
        print(f"{b:<{name_w}} " + "".join(f"{c:>{width}}" for c in cells), file=out)


def _print_overheads(over: dict[str, dict[str, dict[str, Any]]], out: TextIO) -> None:
    """arraykit's own cost: each arraykit row against the raw row of its framework."""
    if not over:
        return
    names = [w for w in WORKLOADS if w in over]
    rows = list(dict.fromkeys(b for w in names for b in over[w]))
    vs = {b: next(over[w][b]["vs"] for w in names if b in over[w]) for b in rows}
    # The sizes most rows were compared at (a row whose cells were unstable at one of them
    # is compared where both were stable, and says at which sizes: ``*``).
    sizes = {
        w: collections.Counter((o["smallest"], o["largest"]) for o in over[w].values()).most_common(
            1
        )[0][0]
        for w in names
    }
    print(
        "\narraykit's overhead over the raw framework it runs on, from the fastest repeats: "
        "us per call at the\nsmallest size / % at the largest (~: within the spread; *: at "
        "other sizes, given under the table, where a cell was unstable); "
        + ", ".join(
            f"{w} {WORKLOADS[w].label_size(a)} / {WORKLOADS[w].label_size(b)}"
            for w, (a, b) in sizes.items()
        ),
        file=out,
    )
    name_w = max(len("backend"), *(len(f"{b} vs {vs[b]}") for b in rows))
    width = max(15, *(len(w) + 2 for w in names))
    print(f"{'backend':<{name_w}} " + "".join(f"{w:>{width}}" for w in names), file=out)
    elsewhere = []
    for b in rows:
        cells = []
        for w in names:
            o = over[w].get(b)
            if o is None:
                cells.append("-")
                continue
            pct = f"{o['percent']:+.0f}%" + ("" if o["clear"] else "~")
            moved = (o["smallest"], o["largest"]) != sizes[w]
            cells.append(f"{o['us_per_call']:+.1f}us/{pct}" + ("*" if moved else ""))
            if moved:
                label = WORKLOADS[w].label_size
                elsewhere.append(f"{b}, {w}: at {label(o['smallest'])} / {label(o['largest'])}")
        print(
            f"{b + ' vs ' + vs[b]:<{name_w}} " + "".join(f"{c:>{width}}" for c in cells), file=out
        )
    if elsewhere:
        print("  * " + "; ".join(elsewhere), file=out)


def _print_first_calls(results: Sequence[Result], out: TextIO) -> None:
    """Compiled backends: the first call (tracing + compilation), the median over sizes."""
    firsts: dict[str, dict[str, list[float]]] = {}
    for r in results:
        if r.mode == "jit" and r.inputs == "native" and r.first_call_s is not None:
            firsts.setdefault(r.backend, {}).setdefault(r.workload, []).append(r.first_call_s)
    if not firsts:
        return
    names = [w for w in WORKLOADS if any(w in v for v in firsts.values())]
    name_w = max(len("backend"), *(len(b) for b in firsts))
    width = max(10, *(len(w) + 2 for w in names))
    print(
        "\nfirst call of compiled backends (tracing + compilation, not in the times "
        "above; median over sizes)",
        file=out,
    )
    print(f"{'backend':<{name_w}} " + "".join(f"{w:>{width}}" for w in names), file=out)
    for b, per in firsts.items():
        cells = [format_time(sorted(per[w])[len(per[w]) // 2]) if w in per else "-" for w in names]
        print(f"{b:<{name_w}} " + "".join(f"{c:>{width}}" for c in cells), file=out)
