"""Results: one ``Result`` per (workload, backend, size); the terminal table, the CSV and
JSON files, the crossover sizes and the machine description."""

from __future__ import annotations

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

from .workloads import WORKLOADS

OK, UNAVAILABLE, SKIPPED, ERROR = "ok", "unavailable", "skipped", "error"
_PACKAGES = (
    "arraykit",
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
    speedup: float | None = None  # NumPy's median / this median, at the same size
    note: str = ""


FIELDS = [f.name for f in dataclasses.fields(Result)]


def add_speedups(results: Sequence[Result], baseline: str) -> None:
    """Set ``speedup`` of every measured cell against ``baseline`` at the same size."""
    base = {
        (r.workload, r.size): r.median_s
        for r in results
        if r.backend == baseline and r.status == OK
    }
    for r in results:
        ref = base.get((r.workload, r.size))
        if r.status == OK and ref and r.median_s:
            r.speedup = ref / r.median_s


def crossover(points: Iterable[tuple[int, float]]) -> int | None:
    """The smallest size from which the backend stays faster than NumPy (speed-up > 1 at
    that size and every larger one measured); ``None`` if it is not faster at the largest."""
    found = None
    for size, speedup in sorted(points, reverse=True):
        if not speedup > 1:
            break
        found = size
    return found


def crossovers(results: Sequence[Result]) -> dict[str, dict[str, int | None]]:
    """workload -> backend -> crossover size, for every backend but the baseline."""
    points: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for r in results:
        if r.speedup is not None and r.impl != "numpy":
            points.setdefault((r.workload, r.backend), []).append((r.size, r.speedup))
    out: dict[str, dict[str, int | None]] = {}
    for (w, b), pts in points.items():
        out.setdefault(w, {})[b] = crossover(pts)
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
    versions = {}
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
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        for r in results:
            writer.writerow(dataclasses.asdict(r))


def write_json(results: Sequence[Result], meta: dict[str, Any], path: Path) -> None:
    doc = {
        **meta,
        "crossover": crossovers(results),
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


def print_table(results: Sequence[Result], out: TextIO, dtype: str) -> None:
    """Per workload: a row of times per backend, the speed-ups over NumPy below it, and
    the crossover size; then the notes that explain n/a, skip and ERR cells."""
    cross = crossovers(results)
    notes: dict[str, list[str]] = {}
    for wname, w in WORKLOADS.items():
        rows = [r for r in results if r.workload == wname]
        if not rows:
            continue
        sizes = sorted({r.size for r in rows})
        backends = list(dict.fromkeys(r.backend for r in rows))
        cell = {(r.backend, r.size): r for r in rows}
        lines: list[tuple[str, list[str], list[str], str]] = []
        for b in backends:
            line, speed = [], []
            for s in sizes:
                r = cell.get((b, s))
                if r is None:
                    line.append("")
                    speed.append("")
                    continue
                line.append(format_time(r.median_s) if r.status == OK else _MARK[r.status])
                speed.append(format_speedup(r.speedup) if r.impl != "numpy" else "")
                if r.status != OK and r.note:
                    notes.setdefault(f"{b}, {wname}: {r.note}", []).append(w.label_size(s))
            c_text = ""
            if b in cross.get(wname, {}):
                c = cross[wname][b]
                c_text = "never" if c is None else w.label_size(c)
            lines.append((b, line, speed, c_text))
        heads = [w.label_size(s) for s in sizes]
        width = 1 + max(7, *map(len, heads), *(len(t) for _, a, b, _ in lines for t in a + b))
        name_w = max(len("backend"), *(len(b) for b in backends))
        print(f"\n{w.title} [{dtype}]: time per call, speed-up over NumPy below", file=out)
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
    _print_first_calls(results, out)
    if notes:
        print("\nnotes:", file=out)
        for text, sizes in notes.items():
            print(f"  {text} (at {', '.join(sizes)})", file=out)


def _print_crossovers(cross: dict[str, dict[str, int | None]], out: TextIO) -> None:
    if not cross:
        return
    names = [w for w in WORKLOADS if w in cross]
    backends = list(dict.fromkeys(b for w in names for b in cross[w]))
    name_w = max(len("backend"), *(len(b) for b in backends))
    width = max(10, *(len(w) + 2 for w in names))
    print(
        "\ncrossover size (the smallest size from which the backend stays faster than "
        "NumPy; never: slower at the largest size)",
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
            cells.append("never" if c is None else WORKLOADS[w].label_size(c))
        print(f"{b:<{name_w}} " + "".join(f"{c:>{width}}" for c in cells), file=out)


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
