"""PNG plots in the articles' style, one per workload: time per call against size
(log-log) and speed-up over NumPy against size.  matplotlib is imported here only, and
drawn with the Agg canvas (no pyplot, no display, no global backend switch)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .report import (
    BASELINE_UNSTEADY,
    ERROR,
    OK,
    SKIPPED,
    UNAVAILABLE,
    Result,
    crossovers,
    given,
    withheld,
    wraps_baseline,
)
from .workloads import WORKLOADS

MISSING_NOTE = (
    "matplotlib is not installed: no plots (pip install matplotlib, or in the clone: "
    "pip install '.[bench]')"
)


def write_plots(
    results: Sequence[Result], out_dir: Path, subtitle: str
) -> tuple[list[Path], str | None]:
    """The PNG files written, and a note when none could be (matplotlib missing)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return [], MISSING_NOTE
    paths = []
    styles = _styles(results)
    for wname, w in WORKLOADS.items():
        rows = [r for r in results if r.workload == wname and r.status == OK]
        if not rows:
            continue
        backends = list(dict.fromkeys(r.backend for r in rows))
        baselines = {r.backend for r in rows if r.impl == "numpy"}
        ends = stops([r for r in results if r.workload == wname])
        # Fixed margins (constrained layout costs seconds per figure); the legend, one for
        # both panels, goes under them so that it hides no data.
        extra = _any_unstable(rows) + bool(ends)
        legend_rows = -(-(len(backends) + extra) // 4)
        height = 5.2 + 0.22 * legend_rows
        fig = Figure(figsize=(13, height), dpi=110)
        FigureCanvasAgg(fig)
        t_ax, s_ax = fig.subplots(1, 2)
        fig.subplots_adjust(
            left=0.06,
            right=0.99,
            top=1 - 0.7 / height,
            wspace=0.2,
            bottom=(0.75 + 0.22 * legend_rows) / height,
        )
        for backend in backends:
            pts = sorted(
                (r.size, given(r.median_s), given(r.q1_s), given(r.q3_s), r.speedup)
                for r in rows
                if r.backend == backend
            )
            sizes = [p[0] for p in pts]
            style = styles[backend]
            med = [p[1] for p in pts]
            err = [
                [m - p[2] for m, p in zip(med, pts, strict=True)],
                [p[3] - m for m, p in zip(med, pts, strict=True)],
            ]
            t_ax.errorbar(sizes, med, yerr=err, label=backend, capsize=2, **style)
            shaky = [r for r in rows if r.backend == backend and r.unstable]
            if shaky:  # the time, crossed out
                t_ax.plot(
                    [r.size for r in shaky], [r.median_s for r in shaky], ls="none",
                    marker="x", ms=10, mew=2, color=style["color"],
                )  # fmt: skip
            # On the speed-up panel, a cross at the foot where no speed-up is drawn for
            # instability (NumPy's, lower: where its own time withholds every ratio).
            no_ratio = (
                _withheld_by_baseline(rows)
                if backend in baselines
                else [r.size for r in rows if r.backend == backend and withheld(r)]
            )
            mark_unstable(s_ax, no_ratio, style["color"], 0.03 if backend in baselines else 0.09)
            spd = [(s, p[4]) for s, p in zip(sizes, pts, strict=True) if p[4] is not None]
            if spd and backend not in baselines:  # NumPy's is the line at 1
                s_ax.plot(*zip(*spd, strict=True), label=backend, **style)
            if backend in ends:
                mark_stop(t_ax, sizes[-1], med[-1], ends[backend], style["color"])
                if spd and backend not in baselines:
                    mark_stop(s_ax, *spd[-1], ends[backend], style["color"])
        t_ax.set(
            xscale="log",
            yscale="log",
            xlabel=_xlabel(w.square),
            ylabel="time per call (s, median; bars: quartiles)",
            title=f"{w.title}: time",
        )
        s_ax.axhline(1.0, color="black", lw=2.5)
        s_ax.set(
            xscale="log",
            yscale="log",
            xlabel=_xlabel(w.square),
            ylabel="speed-up over NumPy (> 1: faster)",
            title=f"{w.title}: speed-up over NumPy",
        )
        for ax in (t_ax, s_ax):
            ax.grid(True, which="major", alpha=0.4)
            ax.grid(True, which="minor", alpha=0.12)
        handles, labels = t_ax.get_legend_handles_labels()
        if _any_unstable(rows):
            handles.append(unstable_handle())
            labels.append(UNSTABLE_LABEL)
        if ends:
            handles.append(stop_handle())
            labels.append(STOP_LABEL)
        fig.legend(
            handles,
            labels,
            loc="lower center",
            fontsize="small",
            ncols=min(4, len(labels)),
            frameon=False,
        )
        fig.suptitle(f"{LINES}\n{subtitle}", fontsize="medium")
        path = out_dir / f"bench_{wname}.png"
        fig.savefig(path)
        paths.append(path)
    if paths:
        paths.insert(0, write_summary(results, out_dir / "bench_summary.png", subtitle))
    return paths, None


def _group(r: Result) -> tuple[str, str, str]:
    """The contenders one summary line stands for: a raw framework (its eager and compiled
    forms) or arraykit on a driver, on one device kind."""
    return (r.impl, r.driver, r.device.split(":")[0])


def best_configurations(rows: Sequence[Result]) -> list[str]:
    """Per group (``_group``), the backend with the highest speed-up over NumPy at the
    largest size it ran (then at more sizes); raw NumPy and arraykit on NumPy left out."""
    score: dict[str, tuple[int, float, int]] = {}
    for r in rows:
        if r.status != OK or r.speedup is None or r.impl == "numpy" or wraps_baseline(r):
            continue
        size, spd, n = score.get(r.backend, (0, 0.0, 0))
        if r.size > size:
            size, spd = r.size, r.speedup
        score[r.backend] = (size, spd, n + 1)
    group_of = {r.backend: _group(r) for r in rows}
    best: dict[tuple[str, str, str], str] = {}
    for b, sc in score.items():
        g = group_of[b]
        if g not in best or sc > score[best[g]]:
            best[g] = b
    return list(best.values())


def write_summary(results: Sequence[Result], path: Path, subtitle: str) -> Path:
    """``summary_figure`` saved to ``path``."""
    summary_figure(results, subtitle).savefig(path)
    return path


def summary_figure(results: Sequence[Result], subtitle: str) -> Any:
    """One panel per workload, in the articles' style: speed-up over NumPy against size for
    the best configuration of each framework and arraykit driver (band: from quartiles),
    each crossover marked; NumPy is the line at 1."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    names = [w for w in WORKLOADS if any(r.workload == w and r.status == OK for r in results)]
    cross = crossovers(results)
    styles = _styles(results)
    cols = min(3, len(names))
    nrows = -(-len(names) // cols)
    # Inches: 1 for the title, 3.6 per panel, and under each its axis label (0.6), its
    # legend (0.15 per entry: the longest legend of any panel) and the next title (0.35),
    # so that no legend reaches the panel below.
    entries = max(_summary_entries(results, w) for w in names)
    gap = 0.6 + 0.15 * entries + 0.35
    height = 1.0 + 3.6 * nrows + gap * nrows
    fig = Figure(figsize=(5.4 * cols, height), dpi=110)
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, cols, squeeze=False).ravel()
    fig.subplots_adjust(
        left=0.07,
        right=0.99,
        top=1 - 1.0 / height,
        bottom=gap / height,
        wspace=0.25,
        hspace=gap / 3.6,
    )
    for ax in axes[len(names) :]:
        ax.set_axis_off()
    for ax, wname in zip(axes, names, strict=False):
        w = WORKLOADS[wname]
        rows = [r for r in results if r.workload == wname and r.status == OK]
        base = {r.size: r for r in rows if r.impl == "numpy"}
        ends = stops([r for r in results if r.workload == wname])
        ax.axhline(1.0, color="black", lw=2.5, label="numpy (= 1)")
        # NumPy's time withholds every ratio at a size (a stall): a black cross says why.
        mark_unstable(ax, _withheld_by_baseline(rows), "black", 0.03)
        for b in best_configurations(rows):
            # Only the ratios the study trusts (report.comparable: paired ratios stable,
            # neither side stalled).
            pts = sorted(
                ((r.size, r) for r in rows if r.backend == b and r.size in base and r.speedup),
                key=lambda p: p[0],
            )
            mark_unstable(ax, [r.size for r in rows if r.backend == b and withheld(r)], colour(b))
            if not pts:
                continue
            xs = [s for s, _ in pts]
            ys = [given(r.speedup) for _, r in pts]
            # the band: the quartiles of the paired ratios
            lo = [r.speedup if r.speedup_q1 is None else r.speedup_q1 for _, r in pts]
            hi = [r.speedup if r.speedup_q3 is None else r.speedup_q3 for _, r in pts]
            c = cross.get(wname, {}).get(b)
            text = f"faster from {w.label_size(c)}" if c is not None else "not clearly faster"
            ax.plot(
                xs, ys, color=colour(b), lw=1.8, ls=styles[b]["ls"], marker="o", ms=3,
                label=f"{b}: {text}",
            )  # fmt: skip
            if b in ends:
                mark_stop(ax, xs[-1], ys[-1], ends[b], colour(b))
            ax.fill_between(xs, lo, hi, color=colour(b), alpha=0.12, lw=0)
            if c is not None:
                y = ys[xs.index(c)]
                ax.plot([c], [y], marker="*", ms=14, color=colour(b), mec="black", mew=0.6)
        if _summary_crosses(rows, best_configurations(rows)):
            ax.plot([], [], ls="none", marker="x", mew=2, color="dimgray", label=UNSTABLE_LABEL)
        if any(b in ends for b in best_configurations(rows)):
            ax.plot([], [], ls="none", marker="|", ms=10, mew=2, color="dimgray", label=STOP_LABEL)
        ax.set(
            xscale="log",
            yscale="log",
            xlabel=_xlabel(w.square),
            ylabel="speed-up over NumPy (> 1: faster)",
            title=w.title,
        )
        ax.grid(True, which="major", alpha=0.4)
        ax.grid(True, which="minor", alpha=0.12)
        ax.legend(
            loc="upper center",
            bbox_to_anchor=(0.5, -0.17),
            fontsize="x-small",
            frameon=False,
            ncols=1,
        )
    fig.suptitle(
        f"NumPy against each framework's best configuration (star: crossover)\n{LINES}\n{subtitle}",
        fontsize="medium",
    )
    return fig


UNSTABLE_LABEL = "x: unstable after re-timing (a time, or no speed-up)"


def _any_unstable(rows: Sequence[Result]) -> bool:
    """Whether a figure of ``rows`` draws an unstable cross (a time or a speed-up)."""
    return any(r.unstable or withheld(r) for r in rows)


def _withheld_by_baseline(rows: Sequence[Result]) -> list[int]:
    """The sizes where NumPy's time withholds the speed-up of every other row measured
    there: NumPy unsteady in their pass (paired ratios), or, in files without paired
    ratios, NumPy's time was unstable."""
    sizes = []
    for base in rows:
        if base.impl != "numpy" or not base.unstable:
            continue
        others = [r for r in rows if r.size == base.size and r.impl != "numpy" and r.status == OK]
        if others and all(
            r.ratio_unstable.startswith(BASELINE_UNSTEADY) if r.ratios else r.speedup is None
            for r in others
        ):
            sizes.append(base.size)
    return sorted(sizes)


def _summary_crosses(rows: Sequence[Result], best: Sequence[str]) -> bool:
    """Whether a summary panel draws an unstable cross."""
    return bool(_withheld_by_baseline(rows)) or any(withheld(r) for r in rows if r.backend in best)


STOP_LABEL = "|: the row stops here (why: next to the mark)"
# One meaning per line style, in every figure.
LINES = (
    "solid: arraykit, dashed: raw framework; dotted (arraykit) and dash-dot (raw): NumPy "
    "inputs converted inside the call; hollow markers: compiled"
)


def stops(rows: Sequence[Result]) -> dict[str, str]:
    """backend -> why its measured cells end before the workload's largest size (the
    status, and the note's gist, of its first cell after its last measured one)."""
    largest = max((r.size for r in rows), default=0)
    out: dict[str, str] = {}
    for b in dict.fromkeys(r.backend for r in rows):
        own = sorted((r for r in rows if r.backend == b), key=lambda r: r.size)
        measured = [r.size for r in own if r.status == OK]
        if not measured or measured[-1] >= largest:
            continue
        after = [r for r in own if r.size > measured[-1]]
        if not after:
            out[b] = "not run"
            continue
        r = after[0]
        if r.status == SKIPPED:
            out[b] = "over the time budget" if "budget" in r.note else "skipped"
        elif r.status == ERROR:
            out[b] = "error (see the table's notes)"
        elif r.status == UNAVAILABLE:
            out[b] = "not available"
        else:
            out[b] = r.status
    return out


def mark_stop(ax: Any, x: float, y: float, why: str, color: str) -> None:
    """A bar at a row's last point, and why it stops there (written once per panel and
    size: rows that stop together for one reason share the words)."""
    ax.plot([x], [y], marker="|", ms=12, mew=2, color=color)
    written = ax.__dict__.setdefault("_arraykit_stops", set())
    if (x, why) in written:
        return
    written.add((x, why))
    ax.annotate(why, (x, y), xytext=(4, 3), textcoords="offset points", fontsize=6, color=color)


def stop_handle() -> Any:
    """The legend entry of the stop mark."""
    from matplotlib.lines import Line2D

    return Line2D([], [], ls="none", marker="|", ms=10, mew=2, color="dimgray")


def _summary_entries(results: Sequence[Result], wname: str) -> int:
    """The legend entries of one summary panel: NumPy, each best configuration, and the
    unstable and stop marks where drawn."""
    rows = [r for r in results if r.workload == wname and r.status == OK]
    best = best_configurations(rows)
    ends = stops([r for r in results if r.workload == wname])
    return 1 + len(best) + _summary_crosses(rows, best) + any(b in ends for b in best)


def unstable_handle() -> Any:
    """The legend entry of the unstable cells' cross."""
    from matplotlib.lines import Line2D

    return Line2D([], [], ls="none", marker="x", ms=8, mew=2, color="dimgray")


def mark_unstable(ax: Any, sizes: Sequence[int], color: str, height: float = 0.09) -> None:
    """A cross at the foot of a speed-up panel at each size whose cell was unstable (the
    baseline's lowest, ``height=0.03``, so that another row's cross hides none of it)."""
    if sizes:
        ax.plot(
            sizes, [height] * len(sizes), transform=ax.get_xaxis_transform(), ls="none",
            marker="x", ms=8, mew=2, color=color, clip_on=False,
        )  # fmt: skip


def _xlabel(square: bool) -> str:
    return "elements per matrix (n x n)" if square else "elements"


# Fixed colours, the same in every figure and every run: one per backend family and
# mode (the label before "@"); lighter for eager, darker for compiled; arraykit in the
# hue next to its framework's.  Unknown families get the fallback colours in name order.
COLOURS = {
    "numpy": "black",
    "ak[numpy]": "#969696",
    "ak.jit[numpy]": "#525252",
    "jnp": "#6baed6",
    "jax.jit": "#08519c",
    "ak[jax]": "#74c476",
    "ak.jit[jax]": "#006d2c",
    "tf": "#fdae6b",
    "tf.function": "#d94801",
    "ak[tensorflow]": "#bcbddc",
    "ak.jit[tensorflow]": "#54278f",
    "tnp": "#e31a1c",
    "ak[dask]": "#8c6d31",
}
_FALLBACK = ["tab:olive", "tab:cyan", "tab:pink", "tab:brown", "tab:gray"]
_DEVICE_MARKERS = {"cpu": "o", "gpu": "^", "tpu": "D"}


def family(label: str) -> str:
    """``jax.jit@gpu:0 (np in)`` -> ``jax.jit``."""
    return label.split("@", 1)[0].split(" ", 1)[0]


def colour(label: str) -> str:
    fam = family(label)
    if fam in COLOURS:
        return COLOURS[fam]
    return _FALLBACK[sum(map(ord, fam)) % len(_FALLBACK)]


def _styles(results: Sequence[Result]) -> dict[str, dict[str, Any]]:
    """Colour per backend family (``COLOURS``); line style: ``LINES`` (solid arraykit,
    dashed raw framework, dotted / dash-dot the same with NumPy inputs); the marker says
    the device kind, hollow for compiled code.  Raw NumPy is the thick black line."""
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        if r.backend in out:
            continue
        if r.impl == "numpy":
            out[r.backend] = {"color": "black", "lw": 2.5, "marker": "o", "ms": 4, "ls": "-"}
            continue
        c = colour(r.backend)
        out[r.backend] = {
            "color": c,
            "lw": 1.4,
            "ls": {
                (True, True): "-",
                (True, False): ":",
                (False, True): "--",
                (False, False): "-.",
            }[(r.impl == "arraykit", r.inputs == "native")],
            "marker": _DEVICE_MARKERS.get(r.device.split(":")[0], "s"),
            "ms": 4,
            "mfc": c if r.mode == "eager" else "white",
        }
    return out


# ---------------------------------------------------------------------- --devices
def write_devices_plot(
    results: Sequence[Result], out_dir: Path, subtitle: str, cpus: int | None
) -> tuple[Path | None, str | None]:
    """``bench_devices.png`` of the many-devices study (``sharded.py``), or a note saying
    why there is none (matplotlib missing): per driver, device kind and workload, each
    row's speed-up over one device against the number of devices, a line per size (solid:
    ``ak.jit``, dashed: eager), with the ideal (k devices, k times faster); on virtual
    CPU devices a box says the figure shows overhead, not speedup."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
    except ImportError:
        return None, MISSING_NOTE
    fig = devices_figure(results, subtitle, cpus)
    FigureCanvasAgg(fig)
    path = out_dir / "bench_devices.png"
    fig.savefig(path)
    return path, None


def devices_figure(results: Sequence[Result], subtitle: str, cpus: int | None) -> Any:
    """The figure of ``write_devices_plot``: a row of panels per driver and device kind,
    a column per workload."""
    from matplotlib.figure import Figure

    from .sharded import overhead_note

    rows = [r for r in results if r.status == OK]
    places = list(dict.fromkeys((r.driver, r.device) for r in rows))
    names = [w for w in WORKLOADS if any(r.workload == w for r in rows)]
    height = 0.8 + 4.4 * len(places)
    fig = Figure(figsize=(7.5 * len(names), height), dpi=110)
    axes = fig.subplots(len(places), len(names), squeeze=False)
    fig.subplots_adjust(left=0.08, right=0.8, top=1 - 1.0 / height, hspace=0.35, wspace=0.75)
    notes = []
    for (driver, kind), line in zip(places, axes, strict=True):
        counts = sorted({r.devices for r in results if r.driver == driver} | {1})
        note = overhead_note(kind, cpus)
        notes += [note] if note else []
        for wname, ax in zip(names, line, strict=True):
            own = [
                r for r in rows if r.workload == wname and (r.driver, r.device) == (driver, kind)
            ]
            _devices_panel(ax, WORKLOADS[wname], own, counts)
            ax.set_title(f"{WORKLOADS[wname].title}: {driver} on {kind}")
            if note:  # upper left: every row is 1 at one device, at most 2 at two
                text = note.replace(": ", ":\n", 1).replace(", sharing", ",\nsharing")
                box = {"boxstyle": "round", "fc": "#fff3cd", "ec": "#d62728"}
                ax.text(0.03, 0.96, text, transform=ax.transAxes, fontsize="small", va="top",
                        bbox=box)  # fmt: skip
    head = "Each row against one device of the same driver, device kind and mode"
    if notes:
        head += f"\n{notes[0][0].upper()}{notes[0][1:]}"
    fig.suptitle(f"{head}\n{subtitle}", fontsize="medium")
    return fig


def _devices_panel(ax: Any, w: Any, own: Sequence[Result], counts: Sequence[int]) -> None:
    """One panel: a line per size and mode (colour: size, solid ``ak.jit``, dashed eager),
    a cross at the foot where a ratio was withheld, 1 and the ideal."""
    from matplotlib import colormaps
    from matplotlib.ticker import FuncFormatter

    sizes = sorted({r.size for r in own})
    for i, size in enumerate(sizes):
        c = colormaps["viridis"](i / max(1, len(sizes) - 1) * 0.9)
        for mode, ls, mfc in (("jit", "-", "white"), ("eager", "--", c)):
            pts = sorted(  # one device: 1 by definition, even where its time was unstable
                (r.devices, 1.0 if r.devices == 1 else r.speedup)
                for r in own
                if r.size == size and r.mode == mode and (r.speedup or r.devices == 1)
            )
            label = w.label_size(size) if mode == "jit" else None
            if pts:
                xs, ys = zip(*pts, strict=True)
                ax.plot(xs, ys, ls=ls, marker="o", ms=4, color=c, mfc=mfc, label=label)
        shaky = [r.devices for r in own if r.size == size and r.devices > 1 and withheld(r)]
        mark_unstable(ax, shaky, c)
    ax.axhline(1.0, color="black", lw=2)
    ax.plot(counts, counts, ls=":", color="gray", label="ideal: k times faster")
    if any(r.devices > 1 and withheld(r) for r in own):
        ax.plot(
            [], [], ls="none", marker="x", mew=2, color="dimgray", label="x: no ratio (unstable)"
        )
    ax.set(xscale="log", yscale="log", xlabel="devices",
           ylabel="one device's time / this (> 1: faster)")  # fmt: skip
    ax.set_xticks(counts, [str(k) for k in counts])
    ax.set_xticks([], minor=True)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(FuncFormatter(_two_and_five))
    ax.grid(True, which="major", alpha=0.4)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="x-small", frameon=False,
              title="size (solid: ak.jit,\ndashed: eager)", title_fontsize="x-small")  # fmt: skip


def _two_and_five(v: float, _: Any) -> str:
    """A minor tick's label on a log axis: 0.2, 0.5, 2, 5, 20, ... only."""
    lead = v / 10 ** math.floor(math.log10(v)) if v > 0 else 0
    return f"{v:g}" if round(lead) in (2, 5) else ""
