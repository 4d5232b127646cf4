"""``python -m arraykit bench``: NumPy against arraykit and the raw accelerator frameworks.

The TF-NumPy articles' study, redone honestly: five workloads (sigmoid, sort, matmul, tanh,
FFT) at sizes from 10 to 10**7 elements, each timed for raw NumPy, arraykit on every
installed driver and device (eager, and under ``ak.jit`` where the driver compiles) and
the raw framework doing the same work (``jnp`` / ``jax.jit``, TF ops / ``tf.function``,
and ``tf.experimental.numpy`` in a worker process: ``tnp.py``), with inputs passed as
native arrays and as NumPy arrays (the conversion is then timed).  The lazy Dask driver,
when dask is installed, runs on Dask's threads scheduler with a block per CPU, timed end
to end (graph built, computed, result brought to the host) from 10**5 elements on
(``backends.LAZY_MIN_SIZE``: below, the graph's fixed cost is all a row would show).
Writes a terminal table (crossovers by the rule of ``report.clearly_faster``, arraykit's
overheads), ``results.csv``, ``results.json``, a summary PNG and one PNG per workload
under ``--out``; ``--compare`` reads two ``results.json`` (``compare.py``).  Method: see
``timing.py``, ``interleave.py`` and the README's Benchmarks section.  On a busy machine:
raw NumPy is timed at every size whatever the budget, in turns with the other backends,
repeat by repeat, and every speed-up is the median of paired ratios (``interleave.py``);
an unstable cell is re-timed and else marked (``stability.py``); and the machine's load
is recorded (``load.py``).  ``--devices N`` runs the many-devices study instead: sigmoid
and matmul split over 1, 2, 4, ... N devices of each driver that shards, each against one
device (``sharded.py``).
"""

from __future__ import annotations

import argparse
import datetime
import math
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from .._quiet import quiet_startup
from . import backends as _backends
from .backends import Backend
from .interleave import prepare, time_size
from .load import LoadLog
from .plots import write_plots
from .report import (
    ERROR,
    OK,
    SKIPPED,
    UNAVAILABLE,
    Result,
    add_speedups,
    format_time,
    machine_info,
    print_table,
    write_csv,
    write_json,
)
from .stability import stall_limit
from .timing import forecast
from .workloads import WORKLOADS, Workload

__all__ = ["main"]

# Settings of the two run lengths; each can be overridden on the command line.
# (min_time: halved, NumPy's repeats in turns with the others' took as long as before, but
# at load 4.5 on 2 CPUs 5 ms repeats, about a time slice, left 382 of 599 speed-ups unstable.)
QUICK = {"sizes": [10**k for k in range(1, 7)], "repeat": 5, "budget": 1.0, "min_time": 0.01}
FULL = {
    "sizes": sorted([10**k for k in range(1, 8)] + [3 * 10**k for k in range(1, 7)]),
    "repeat": 7,
    "budget": 6.0,
    "min_time": 0.02,
}
FORMAT_VERSION = 1


def _size_list(text: str) -> list[int]:
    try:
        sizes = sorted({int(float(s)) for s in text.split(",") if s.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"sizes must be numbers like 10,1e3,1e5: {text!r}"
        ) from None
    if not sizes or sizes[0] < 1:
        raise argparse.ArgumentTypeError(f"sizes must be at least 1: {text!r}")
    return sizes


def _workload_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown workload(s) {', '.join(unknown) or text!r}; "
            f"choose from {', '.join(WORKLOADS)}"
        )
    return names


def _name_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = _backends.known_names()
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown driver(s) {', '.join(unknown) or text!r}; choose from {', '.join(known)}"
        )
    return names


def _positive(kind: type) -> Any:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
        return value

    parse.__name__ = kind.__name__
    return parse


def _at_least_two(text: str) -> int:
    n = _positive(int)(text)
    if n < 2:
        raise argparse.ArgumentTypeError(f"at least 2 devices: {text!r}")
    return int(n)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m arraykit bench",
        description="Time sigmoid, sort, matmul, tanh and FFT on raw NumPy, arraykit "
        "(every installed driver and device) and the raw frameworks; write a table, "
        "CSV, JSON and PNG plots.",
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help="sizes 10..1e6, 5 repeats, 1 s per cell (2 minutes on an idle 2-core CPU)",
    )
    p.add_argument(
        "--sizes",
        type=_size_list,
        metavar="N,N,...",
        help="element counts (matmul: n x n with n = round(sqrt(N))); "
        "default 10..1e7 in half-decades, plus a 4096 x 4096 matmul",
    )
    p.add_argument(
        "--workloads",
        type=_workload_list,
        metavar="NAME,...",
        help=f"default: {','.join(WORKLOADS)} (--devices: sigmoid,matmul)",
    )
    p.add_argument(
        "--drivers",
        type=_name_list,
        metavar="NAME,...",
        help="frameworks and arraykit drivers to include (raw NumPy is always "
        "the baseline); default: every one installed",
    )
    p.add_argument("--dtype", choices=("float32", "float64"), default="float32")
    p.add_argument("--repeat", type=_positive(int), help="repeats per cell (default 7, quick 5)")
    p.add_argument(
        "--budget",
        type=_positive(float),
        metavar="SECONDS",
        help="time cap per cell; a backend whose next size would exceed it "
        "skips the larger sizes, except raw NumPy, the baseline, timed at every size "
        "(default 6, quick 1)",
    )
    p.add_argument(
        "--min-time",
        type=_positive(float),
        metavar="SECONDS",
        help="least time per repeat; fast calls are looped (default 0.02, quick 0.01)",
    )
    p.add_argument(
        "--devices",
        type=_at_least_two,
        metavar="N",
        help="the many-devices study instead: sigmoid and matmul on each driver that splits "
        "arrays over devices (JAX), the input split along axis 0 over 1, 2, 4, ... N "
        "devices, each timed against one device; on CPU the bench asks for N virtual "
        "devices, which share the host's cores (overhead, not speedup)",
    )
    p.add_argument("--no-plots", action="store_true", help="write the table, CSV and JSON only")
    p.add_argument(
        "--compare",
        nargs="+",
        type=Path,
        metavar="JSON",
        help="OLD.json [NEW.json]: compare two runs cell by cell instead of running "
        "(NEW defaults to OUT/results.json, the last run's)",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=Path("bench-results"),
        metavar="DIR",
        help="where results.csv, results.json and the PNGs go (default: %(default)s)",
    )
    return p


# ---------------------------------------------------------------------- progress
class _Progress:
    """tqdm's bar when tqdm is installed, else a plain one (a line per 10 % when stderr
    is not a terminal)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.n, self.stream = total, 0, stream
        self.tty = stream.isatty()
        self.next_pct = 10
        try:
            from tqdm import tqdm
        except ImportError:
            self.bar = None
        else:
            self.bar = tqdm(total=total, unit="cell", file=stream, leave=False, dynamic_ncols=True)

    def step(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)
        elif self.tty:
            self.stream.write(f"\r[{self.n:>4}/{self.total}] {text:<60.60}")
            self.stream.flush()

    def done(self) -> None:
        self.n += 1
        if self.bar is not None:
            self.bar.update(1)
        elif not self.tty and self.n * 100 >= self.next_pct * self.total:
            print(
                f"  {self.n * 100 // self.total}% ({self.n}/{self.total} cells)",
                file=self.stream,
                flush=True,
            )
            self.next_pct = self.n * 100 // self.total // 10 * 10 + 10

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.tty:
            self.stream.write("\r" + " " * 72 + "\r")


# ---------------------------------------------------------------------- running
def _over_budget(
    r: Result,
    prev: tuple[int, float | None] | None,
    next_size: int,
    w: Workload,
    opts: argparse.Namespace,
) -> str | None:
    """Why the sizes above ``r``'s should be skipped, or ``None``.  The next size's time is
    forecast from the growth between the last two sizes (small sizes cost mostly fixed
    overhead, so one point says nothing about growth), capped at the workload's exponent."""
    if r.repeats < min(2, opts.repeat):
        return f"the {opts.budget:g} s budget was used up at {w.label_size(r.size)}"
    # From the fastest repeats: a busy machine's slow ones would skip sizes for nothing.
    if prev is None or not r.min_s or not prev[1]:
        return None
    slope = math.log(r.min_s / prev[1]) / math.log(r.size / prev[0])
    nxt = forecast(r.min_s, r.size, next_size, min(max(slope, 0.0), w.exponent))
    if 3 * nxt > opts.budget:  # the first call, the warm call and one repeat
        return (
            f"over the {opts.budget:g} s budget from {w.label_size(next_size)} "
            f"(~{format_time(nxt)} per call forecast)"
        )
    return None


def is_reference(b: Backend) -> bool:
    """Raw NumPy, the row every speed-up divides by: the time budget never skips it.  (A
    raw framework, which arraykit's overhead divides by, may be skipped: the overhead is
    then taken at the largest size both rows ran, ``report.overheads``.)"""
    return b.impl == "numpy"


def _size(
    backends: list[Backend],
    w: Workload,
    size: int,
    opts: argparse.Namespace,
    over: dict[tuple[str, str], str],
    last: dict[tuple[str, str], tuple[int, float | None]],
    bar: _Progress,
) -> list[Result]:
    """Every backend at one size: each prepared (first call checked against NumPy's,
    loop sized), then NumPy and the others timed in turns (``interleave.time_size``)."""
    inputs = w.inputs(size, np.dtype(opts.dtype))
    ref, base, rows, results = None, None, [], []
    for b in backends:
        key = (w.name, b.label)
        bar.step(f"{w.name} {w.label_size(size)} {b.label}: first call")
        limit = stall_limit(last.get(key), size, w.exponent)
        skip = None if is_reference(b) else over.get(key)
        r, row, out = prepare(b, w, size, inputs, ref, opts, skip, limit)
        results.append(r)
        if row is None:
            continue
        if is_reference(b) and base is None:
            ref, base = np.asarray(out), row
        else:
            rows.append(row)
    bar.step(f"{w.name} {w.label_size(size)}: {len(rows) + 1} backends in turns")
    if base is not None:
        time_size(base, rows)
    else:  # no baseline to pair with: each row timed alone
        for row in rows:
            time_size(row, [])
    return results


def run(
    backends: list[Backend],
    workloads: list[Workload],
    opts: argparse.Namespace,
    full: bool,
    stream: TextIO,
    log: LoadLog | None = None,
) -> list[Result]:
    """Every cell, by workload, then size; at a size, NumPy and the other backends are
    timed in turns, repeat by repeat (``interleave.py``)."""
    plan = [(w, w.sizes(opts.sizes, full=full)) for w in workloads]
    bar = _Progress(sum(len(s) for _, s in plan) * len(backends), stream)
    results: list[Result] = []
    over: dict[tuple[str, str], str] = {}  # (workload, backend) -> why larger sizes are skipped
    last: dict[
        tuple[str, str], tuple[int, float | None]
    ] = {}  # (workload, backend) -> (size, time)
    try:
        for w, sizes in plan:
            for i, size in enumerate(sizes):
                done = _size(backends, w, size, opts, over, last, bar)
                for r in done:
                    results.append(r)
                    bar.done()
                    key = (w.name, r.backend)
                    if r.status != OK or r.unstable:  # a stall forecasts nothing
                        continue
                    if i + 1 < len(sizes) and r.impl != "numpy":
                        why = _over_budget(r, last.get(key), sizes[i + 1], w, opts)
                        if why:
                            over[key] = why
                    last[key] = (size, r.min_s)
                if log is not None:
                    log.sample()
    except KeyboardInterrupt:
        print("\ninterrupted: reporting the cells measured so far", file=stream)
    finally:
        bar.close()
    return results


def _load_text(avg: list[float] | None) -> str:
    return "unknown" if avg is None else "/".join(f"{x:g}" for x in avg)


def _compare(opts: argparse.Namespace) -> int:
    from .compare import load, print_comparison

    if len(opts.compare) > 2:
        print("--compare takes OLD.json and at most one NEW.json", file=sys.stderr)
        return 2
    old_path = opts.compare[0]
    new_path = opts.compare[1] if len(opts.compare) == 2 else opts.out / "results.json"
    try:
        old, new = load(old_path), load(new_path)
    except ValueError as e:
        print(f"--compare: {e}", file=sys.stderr)
        return 2
    print_comparison(old, new, sys.stdout, (str(old_path), str(new_path)))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark with command-line arguments ``argv``; the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        opts = parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if opts.compare is not None:
        return _compare(opts)
    full = not opts.quick and opts.sizes is None
    preset = QUICK if opts.quick else FULL
    for key in ("sizes", "repeat", "budget", "min_time"):
        if getattr(opts, key) is None:
            setattr(opts, key, preset[key])
    if opts.devices is not None:
        from .sharded import DEVICE_WORKLOADS, study

        opts.workloads = opts.workloads or list(DEVICE_WORKLOADS)
        return study(opts, argv, full)
    opts.workloads = opts.workloads or list(WORKLOADS)
    workloads = [WORKLOADS[n] for n in opts.workloads]
    names = opts.drivers or _backends.default_names()
    out_dir: Path = opts.out
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    log = LoadLog()
    machine = machine_info()
    print(
        f"arraykit bench: starting (load {_load_text(log.record['before'])} on "
        f"{log.record['cpu_count']} CPUs); importing the frameworks, which takes a while",
        flush=True,
    )
    with ExitStack() as stack:
        with quiet_startup():  # TF's, oneDNN's, absl's and XLA's start-up logs
            backends, frameworks, notes = _backends.discover(names, workloads, opts.dtype, stack)
        print(
            f"arraykit bench: {len(workloads)} workloads x {len(backends)} backends, "
            f"{opts.dtype}, {opts.repeat} repeats, {opts.budget:g} s per cell at most"
        )
        print(
            f"machine: {machine['cpu']} ({machine['cpu_count']} CPUs), "
            f"{machine['platform']}, Python {machine['python']}"
        )
        print("backends: " + ", ".join(b.label for b in backends))
        for note in notes:
            print(f"  note: {note}")
        missing = _backends.missing_frameworks()
        if missing and opts.drivers is None:
            pips = " ".join(f'"{_backends.PIP[n]}"' for n in missing)
            print(
                f"\nMISSING: {' and '.join(missing)} not installed, so NumPy is compared with "
                f"{'nothing but arraykit on NumPy' if len(missing) == 2 else 'the rest only'}"
                f".\nAdd {'them' if len(missing) > 1 else 'it'} with:  pip install {pips}\n"
            )
        sys.stdout.flush()
        results = run(backends, workloads, opts, full, sys.stderr, log)
    add_speedups(results, backends[0].label)
    elapsed = time.perf_counter() - started
    print_table(results, sys.stdout, opts.dtype)

    meta: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "command": ["python", "-m", "arraykit", "bench", *argv],
        "options": {
            "quick": opts.quick,
            "sizes": opts.sizes,
            "workloads": opts.workloads,
            "drivers": names,
            "dtype": opts.dtype,
            "repeat": opts.repeat,
            "budget_s": opts.budget,
            "min_time_s": opts.min_time,
        },
        "machine": machine,
        "frameworks": {n: fw.version for n, fw in frameworks.items()},
        "backends": [b.record() for b in backends],
        "notes": notes,
        "elapsed_s": round(elapsed, 3),
        "load": log.after(),
    }
    csv_path, json_path = out_dir / "results.csv", out_dir / "results.json"
    write_csv(results, csv_path)
    write_json(results, meta, json_path)
    subtitle = f"{opts.dtype}; {machine['cpu']} ({machine['cpu_count']} CPUs); " + ", ".join(
        f"{n} {v}" for n, v in meta["frameworks"].items()
    )
    if not opts.no_plots:
        print("plotting the figures ...", flush=True)
    pngs, plot_note = ([], None) if opts.no_plots else write_plots(results, out_dir, subtitle)
    counts = {s: sum(r.status == s for r in results) for s in (OK, UNAVAILABLE, SKIPPED, ERROR)}
    print(
        f"\n{len(results)} cells ({', '.join(f'{n} {s}' for s, n in counts.items() if n)}) "
        f"in {elapsed:.0f} s"
    )
    load = meta["load"]
    print(
        f"load: {_load_text(load['before'])} before, {load['mean']} on average during, "
        f"{_load_text(load['after'])} after, on {load['cpu_count']} CPUs "
        "(1, 5, 15 min averages; in results.json)"
    )
    print(
        f"wrote {csv_path}, {json_path}"
        + (f" and {len(pngs)} plots ({out_dir}/bench_*.png)" if pngs else "")
    )
    if plot_note:
        print(f"note: {plot_note}")
    return 0
