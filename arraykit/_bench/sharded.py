"""The many-devices study, ``python -m arraykit bench --devices N`` (issue 28): sigmoid and
matmul on each arraykit driver that splits arrays over devices (``driver.make_sharding``),
the first input split along axis 0 over a 1-D mesh ``("data",)`` of 1, 2, 4, ... N devices
of one kind (powers of two, then N), the other inputs replicated (matmul: each device
multiplies its rows of ``a`` by all of ``b``), eagerly and under ``ak.jit``.

Each row is timed against one device: at each size, the 1-device row of a driver, device
kind and mode (its arrays on the first device, no mesh: one device as it runs without
splitting) plays the part NumPy plays in the main study, its repeats in turns with its
k-device rows' (``interleave.time_size``), and a row's ratio is the median of one
device's time over its own, repeat by repeat (> 1: faster on k devices).  Every row's
first answer is checked against raw NumPy's.  Sizes are rounded up so that N divides
axis 0 (XLA splits evenly; matmul: n x n with N dividing n), the same for every row.

On a host without N accelerators the bench asks the frameworks for N virtual CPU devices
before they start (``backends.virtual_cpu_devices``).  Those share the host's cores: the
ratios then show the cost of splitting (partitioned programs, one dispatch per device,
the gather of the pieces), not a speed-up, and the table and plot say so.  A row that
needs more devices than its driver has is skipped with the reason, never left out.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from .._quiet import quiet_startup
from . import _load_text, _over_budget, _Progress
from . import backends as _backends
from .backends import Backend
from .interleave import new_result, prepare, time_size
from .load import LoadLog
from .report import (
    ERROR,
    OK,
    SKIPPED,
    UNSTABLE_NOTE,
    Result,
    add_speedups,
    format_cell,
    format_speedup,
    machine_info,
    withheld,
    write_csv,
)
from .stability import stall_limit
from .workloads import WORKLOADS, Ops, Workload

__all__ = ["DEVICE_WORKLOADS", "counts", "split_sizes", "study"]

DEVICE_WORKLOADS = ("sigmoid", "matmul")  # the workloads whose input splits along axis 0
FORMAT_VERSION = 1
_NUMPY = Ops(exp=np.exp, tanh=np.tanh, sort=np.sort, matmul=np.matmul, fft=np.fft.fft)


def counts(n: int) -> list[int]:
    """The device counts of the study: powers of two below ``n``, then ``n``."""
    out, k = [], 1
    while k < n:
        out.append(k)
        k *= 2
    return [*out, n]


def split_sizes(w: Workload, sizes: Sequence[int], full: bool, n: int) -> list[int]:
    """``w``'s sizes for ``sizes``, each rounded up so that ``n`` divides axis 0 (for
    matmul, the side of its n x n matrices)."""
    out = set()
    for size in w.sizes(sizes, full=full):
        shape = w.shape(size)
        side = -(-shape[0] // n) * n
        out.add(side * side if w.square else side * int(np.prod(shape[1:])))
    return sorted(out)


def virtual(kind: str) -> bool:
    """Devices of this kind are virtual devices of one host: CPU devices (XLA's host
    platform devices, TensorFlow's logical devices), which share its cores."""
    return kind == "cpu"


def overhead_note(kind: str, cpus: int | None) -> str:
    """What a figure of ``kind`` devices shows ("" where they are real devices)."""
    if not virtual(kind):
        return ""
    return (
        f"virtual CPU devices on one host, sharing its {cpus or '?'} cores: overhead, not speedup"
    )


@dataclass(frozen=True)
class SplitBackend(Backend):
    """A row of the study: arraykit on a driver, its first input split over a mesh of
    ``devices`` devices (``to_native``), the others replicated there (``whole``)."""

    whole: Callable[[np.ndarray], Any] | None = None
    skip: str = ""  # why the row is not run (too few devices), or ""

    def bind(self, fn: Callable[..., Any], inputs: tuple[np.ndarray, ...]) -> Callable[[], Any]:
        whole = self.whole or self.to_native
        args = (self.to_native(inputs[0]), *(whole(a) for a in inputs[1:]))
        self.sync(args)
        return partial(fn, *args)


def _groups(
    name: str, workloads: list[Workload], n: int, sync: Callable[[Any], Any], why: str
) -> list[list[SplitBackend]]:
    """The rows of one driver: per device kind and mode, one per device count, the
    1-device row first (the baseline of the others)."""
    import arraykit as ak

    drv = ak.drivers.get(name)
    by_kind: dict[str, list[Any]] = {}
    for dev in drv.devices():
        by_kind.setdefault(dev.kind, []).append(dev)
    fns = {w.name: w.function(_ak_ops(ak)) for w in workloads}
    out: list[list[SplitBackend]] = []
    for kind, devs in by_kind.items():
        modes: list[tuple[str, str, Callable[..., Any] | None]] = [("eager", "ak", None)]
        if drv.capabilities.jit:
            modes.append(("jit", "ak.jit", ak.jit))
        for mode, prefix, jit in modes:
            group: list[SplitBackend] = []
            for k in counts(n):
                skip = ""
                split: Callable[[np.ndarray], Any] | None = None
                whole: Callable[[np.ndarray], Any] | None = None
                if k > len(devs):
                    skip = f"needs {k} {kind} devices, the {name} driver has {len(devs)}"
                    skip += f" ({why})" if why and virtual(kind) else ""
                elif k == 1:  # one device as it runs without a mesh (TF: no 1-device DTensor)
                    split = whole = partial(ak.asarray, driver=drv, device=devs[0])
                else:
                    mesh = ak.make_mesh((k,), ("data",), devices=devs)
                    split = partial(ak.asarray, driver=drv, device=ak.Sharding(mesh, ("data",)))
                    whole = partial(ak.asarray, driver=drv, device=ak.Sharding(mesh, ()))
                group.append(
                    SplitBackend(
                        label=f"{prefix}[{name}]@{k}x{kind}",
                        impl="arraykit",
                        driver=name,
                        device=kind,
                        mode=mode,
                        inputs="native",
                        to_native=split or np.asarray,
                        ops={w: f if jit is None else jit(f) for w, f in fns.items() if f},
                        sync=sync,
                        context=partial(ak.use, drv),
                        devices=k,
                        whole=whole,
                        skip=skip,
                    )
                )
            out.append(group)
    return out


def _ak_ops(ak: Any) -> Ops:
    return Ops(exp=ak.exp, tanh=ak.tanh, sort=None, matmul=ak.matmul, fft=None, where="ak")


def discover(
    names: list[str], workloads: list[Workload], n: int, dtype: str, stack: ExitStack
) -> tuple[list[list[SplitBackend]], dict[str, str], list[str]]:
    """The groups of rows for ``names`` (asking for virtual CPU devices first), the
    frameworks' versions, and a note for each name without rows and why."""
    import arraykit as ak

    asked = _backends.virtual_cpu_devices(n, names)
    notes = [f"{fw}: {text}" for fw, text in asked.items()]
    groups: list[list[SplitBackend]] = []
    versions: dict[str, str] = {}
    for name in names:
        if name not in ak.drivers.available():
            why = "not an arraykit driver here: the many-devices study times arraykit's drivers"
            notes.append(f"{name}: {why}")
            continue
        sync: Callable[[Any], Any] = _backends._generic_sync
        try:
            if name in _backends.FRAMEWORKS:
                fw = _backends.FRAMEWORKS[name][1](np.dtype(dtype), stack)
                sync, versions[name] = fw.sync, fw.version
            drv = ak.drivers.get(name)
        except Exception as e:  # a broken install is reported, not fatal
            notes.append(f"arraykit[{name}]: fails to start: {type(e).__name__}: {e}")
            continue
        if drv.make_sharding is None:
            notes.append(f"arraykit[{name}]: the {name} driver places each array on one device")
            continue
        groups += _groups(name, workloads, n, _backends.arraykit_sync(sync), asked.get(name, ""))
    return groups, versions, notes


# ---------------------------------------------------------------------- running
def _skipped(b: SplitBackend, w: Workload, size: int, dtype: str, why: str) -> Result:
    r = new_result(b, w, size, dtype)
    r.status, r.note = SKIPPED, why
    return r


def _size(
    group: list[SplitBackend],
    w: Workload,
    size: int,
    inputs: tuple[np.ndarray, ...],
    ref: np.ndarray,
    opts: argparse.Namespace,
    over: dict[tuple[str, str], str],
    last: dict[tuple[str, str], tuple[int, float | None]],
    bar: _Progress,
) -> list[Result]:
    """One group at one size: every row prepared (its first answer checked against
    NumPy's), then the 1-device row and the others timed in turns."""
    results, rows, base = [], [], None
    for i, b in enumerate(group):
        bar.step(f"{w.name} {w.label_size(size)} {b.label}: first call")
        key = (w.name, b.label)
        # a row past the budget, or whose baseline is: no ratio could be drawn
        why = b.skip or over.get(key) or over.get((w.name, group[0].label))
        if why:
            results.append(_skipped(b, w, size, opts.dtype, why))
            continue
        limit = stall_limit(last.get(key), size, w.exponent)
        r, row, _ = prepare(b, w, size, inputs, ref, opts, None, limit)
        results.append(r)
        if row is not None and i == 0:
            base = row
        elif row is not None:
            rows.append(row)
    bar.step(f"{w.name} {w.label_size(size)}: {len(rows) + (base is not None)} rows in turns")
    if base is not None:
        time_size(base, rows)
    else:  # no baseline to pair with: each row timed alone, without a ratio
        for row in rows:
            time_size(row, [])
    return results


def run(
    groups: list[list[SplitBackend]],
    workloads: list[Workload],
    opts: argparse.Namespace,
    full: bool,
    stream: TextIO,
    log: LoadLog | None = None,
) -> list[Result]:
    """Every cell, by workload, size and group; the ratios to each group's 1-device row."""
    plan = [(w, split_sizes(w, opts.sizes, full, opts.devices)) for w in workloads]
    bar = _Progress(sum(len(s) for _, s in plan) * sum(map(len, groups)), stream)
    results: list[Result] = []
    over: dict[tuple[str, str], str] = {}
    last: dict[tuple[str, str], tuple[int, float | None]] = {}
    try:
        for w, sizes in plan:
            fn = w.function(_NUMPY)
            assert fn is not None
            for i, size in enumerate(sizes):
                inputs = w.inputs(size, np.dtype(opts.dtype))
                ref = np.asarray(fn(*inputs))
                for group in groups:
                    for r in _size(group, w, size, inputs, ref, opts, over, last, bar):
                        results.append(r)
                        bar.done()
                        key = (w.name, r.backend)
                        if r.status != OK or r.unstable:
                            continue
                        if i + 1 < len(sizes):
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
    for group in groups:  # each row against its group's 1-device row
        labels = {b.label for b in group}
        add_speedups([r for r in results if r.backend in labels], group[0].label)
    for r in results:  # the pairs' reasons, worded for the main study's baseline
        r.ratio_unstable = r.ratio_unstable.replace("NumPy", "the 1-device row")
    return results


# ---------------------------------------------------------------------- report
def print_table(results: Sequence[Result], out: TextIO, dtype: str, cpus: int | None) -> None:
    """Per workload and group: a line of times per device count, and under it one
    device's time over this row's; then the notes (skips, errors, unstable cells)."""
    notes: dict[str, list[str]] = {}
    for wname in DEVICE_WORKLOADS:
        w = WORKLOADS[wname]
        rows = [r for r in results if r.workload == wname]
        for fam in dict.fromkeys(r.backend.split("@")[0] + "@" + r.device for r in rows):
            own = [r for r in rows if r.backend.split("@")[0] + "@" + r.device == fam]
            sizes = sorted({r.size for r in own})
            cell = {(r.devices, r.size): r for r in own}
            kind = own[0].device
            print(
                f"\n{w.title} [{dtype}], {fam.split('@')[0]} on {kind} devices: time per "
                "call; below it, one device's time over this row's (median of paired "
                "ratios; > 1: faster)",
                file=out,
            )
            if note := overhead_note(kind, cpus):
                print(f"  ({note})", file=out)
            heads = [w.label_size(s) for s in sizes]
            width = 1 + max(8, *map(len, heads))
            print(f"{'devices':<8} " + "".join(f"{h:>{width}}" for h in heads), file=out)
            for k in sorted({r.devices for r in own}):
                times, ratios = [], []
                for s in sizes:
                    r = cell.get((k, s))
                    if r is None:
                        times.append("")
                        ratios.append("")
                        continue
                    times.append(format_cell(r))
                    ratios.append("?" if withheld(r) else format_speedup(r.speedup))
                    row = f"{r.backend}, {wname}"
                    if r.status != OK and r.note:
                        notes.setdefault(f"{row}: {r.note}", []).append(w.label_size(s))
                    elif r.status == OK and r.unstable:
                        notes.setdefault(f"{row}: {UNSTABLE_NOTE}", []).append(w.label_size(s))
                    if r.ratios and withheld(r):
                        notes.setdefault(f"{row}: no ratio: {r.ratio_unstable}", []).append(
                            w.label_size(s)
                        )
                print(f"{k:<8} " + "".join(f"{t:>{width}}" for t in times), file=out)
                if k > 1:
                    print(f"{'':<8} " + "".join(f"{t:>{width}}" for t in ratios), file=out)
    if notes:
        print("\nnotes:", file=out)
        for text, where in notes.items():
            print(f"  {text} (at {', '.join(where)})", file=out)


def write_json(results: Sequence[Result], meta: dict[str, Any], path: Path) -> None:
    doc = {**meta, "results": [dataclasses.asdict(r) for r in results]}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, allow_nan=False)
        f.write("\n")


def study(opts: argparse.Namespace, argv: list[str], full: bool) -> int:
    """The many-devices study with the parsed options (``--devices N`` given); the exit
    status."""
    unknown = [n for n in opts.workloads if n not in DEVICE_WORKLOADS]
    if unknown:
        print(
            f"--devices: the many-devices study runs {' and '.join(DEVICE_WORKLOADS)} (an "
            f"input split along axis 0), not {', '.join(unknown)}",
            file=sys.stderr,
        )
        return 2
    workloads = [WORKLOADS[n] for n in opts.workloads]
    names = opts.drivers or [n for n in _backends.default_names() if n != "tnp"]
    out_dir: Path = opts.out
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    log = LoadLog()
    machine = machine_info()
    print(
        f"arraykit bench --devices {opts.devices}: starting (load "
        f"{_load_text(log.record['before'])} on {log.record['cpu_count']} CPUs)",
        flush=True,
    )
    with ExitStack() as stack:
        with quiet_startup():
            groups, versions, notes = discover(names, workloads, opts.devices, opts.dtype, stack)
        print(
            f"{len(workloads)} workloads x {sum(map(len, groups))} rows over "
            f"{'/'.join(map(str, counts(opts.devices)))} devices, {opts.dtype}, "
            f"{opts.repeat} repeats, {opts.budget:g} s per cell at most"
        )
        for note in notes:
            print(f"  note: {note}")
        if not groups:
            print("no driver here splits arrays over devices: nothing to time", file=sys.stderr)
        sys.stdout.flush()
        results = run(groups, workloads, opts, full, sys.stderr, log)
    elapsed = time.perf_counter() - started
    print_table(results, sys.stdout, opts.dtype, machine["cpu_count"])
    kinds = sorted({r.device for r in results})
    meta: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "study": "devices",
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "command": ["python", "-m", "arraykit", "bench", *argv],
        "options": {
            "devices": opts.devices,
            "sizes": opts.sizes,
            "workloads": opts.workloads,
            "drivers": names,
            "dtype": opts.dtype,
            "repeat": opts.repeat,
            "budget_s": opts.budget,
            "min_time_s": opts.min_time,
        },
        "baseline": "the 1-device row of the same driver, device kind and mode: speedup is "
        "its time over the row's (the median of paired ratios)",
        "virtual": {k: overhead_note(k, machine["cpu_count"]) for k in kinds if virtual(k)},
        "machine": machine,
        "frameworks": versions,
        "notes": notes,
        "elapsed_s": round(elapsed, 3),
        "load": log.after(),
    }
    csv_path, json_path = out_dir / "results.csv", out_dir / "results.json"
    write_csv(results, csv_path)
    write_json(results, meta, json_path)
    png, plot_note = None, None
    if not opts.no_plots and any(r.status == OK for r in results):
        from .plots import write_devices_plot

        subtitle = f"{opts.dtype}; {machine['cpu']} ({machine['cpu_count']} CPUs); " + ", ".join(
            f"{n} {v}" for n, v in versions.items()
        )
        png, plot_note = write_devices_plot(results, out_dir, subtitle, machine["cpu_count"])
    status = {s: sum(r.status == s for r in results) for s in (OK, SKIPPED, ERROR)}
    print(
        f"\n{len(results)} cells ({', '.join(f'{n} {s}' for s, n in status.items() if n)}) "
        f"in {elapsed:.0f} s; load {meta['load']['mean']} on average during, on "
        f"{machine['cpu_count']} CPUs"
    )
    print(f"wrote {csv_path}, {json_path}" + (f" and {png}" if png else ""))
    if plot_note:
        print(f"note: {plot_note}")
    return 0
