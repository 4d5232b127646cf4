"""PNG plots in the articles' style, one per workload: time per call against size
(log-log) and speed-up over NumPy against size.  matplotlib is imported here only, and
drawn with the Agg canvas (no pyplot, no display, no global backend switch)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .report import OK, Result
from .workloads import WORKLOADS

MISSING_NOTE = "matplotlib is not installed: no plots (pip install 'arraykit[bench]')"


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
        # Fixed margins (constrained layout costs seconds per figure); the legend, one for
        # both panels, goes under them so that it hides no data.
        legend_rows = -(-len(backends) // 4)
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
                (r.size, r.median_s, r.q1_s, r.q3_s, r.speedup)
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
            spd = [(s, p[4]) for s, p in zip(sizes, pts, strict=True) if p[4] is not None]
            if spd and backend not in baselines:  # NumPy's is the line at 1
                s_ax.plot(*zip(*spd, strict=True), label=backend, **style)
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
        fig.legend(
            handles,
            labels,
            loc="lower center",
            fontsize="small",
            ncols=min(4, len(labels)),
            frameon=False,
        )
        fig.suptitle(subtitle, fontsize="medium")
        path = out_dir / f"bench_{wname}.png"
        fig.savefig(path)
        paths.append(path)
    return paths, None


def _xlabel(square: bool) -> str:
    return "elements per matrix (n x n)" if square else "elements"


def _styles(results: Sequence[Result]) -> dict[str, dict[str, Any]]:
    """Colour per implementation, device and mode; solid: native inputs, dashed: NumPy inputs;
    circles: eager, squares: compiled.  Raw NumPy is the thick black line."""
    palette = [
        "tab:blue",
        "tab:orange",
        "tab:green",
        "tab:red",
        "tab:purple",
        "tab:brown",
        "tab:pink",
        "tab:olive",
        "tab:cyan",
        "tab:gray",
    ]
    colours: dict[tuple[str, str, str, str], str] = {}
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        if r.backend in out:
            continue
        if r.impl == "numpy":
            out[r.backend] = {"color": "black", "lw": 2.5, "marker": "o", "ms": 4}
            continue
        key = (r.impl, r.driver, r.device, r.mode)
        colour = colours.setdefault(key, palette[len(colours) % len(palette)])
        out[r.backend] = {
            "color": colour,
            "lw": 1.4,
            "ls": "-" if r.inputs == "native" else "--",
            "marker": "o" if r.mode == "eager" else "s",
            "ms": 4,
        }
    return out
