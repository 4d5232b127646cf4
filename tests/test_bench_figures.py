"""The figures say what they show (issue 29 #6): no legend over a panel title, a mark
where a row stops and why, one meaning for dashed lines, unstable cells marked; and the
small points of the same item (``--help``, examples/model.py's TF warning)."""

from __future__ import annotations

import collections
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arraykit import __main__ as cli
from arraykit._bench import plots
from arraykit._bench.report import ERROR, OK, SKIPPED, Result, add_speedups
from arraykit._bench.workloads import WORKLOADS

pytest.importorskip("matplotlib")
ROOT = Path(__file__).resolve().parents[1]
SIZES = [10, 100, 1000, 10_000, 100_000]
# (label, impl, driver, mode, inputs): every family the study can show, Dask included
ROWS = [
    ("numpy", "numpy", "numpy", "eager", "native"),
    ("jnp@cpu", "jax", "jax", "eager", "native"),
    ("jax.jit@cpu (np in)", "jax", "jax", "jit", "numpy"),
    ("ak[jax]@cpu", "arraykit", "jax", "eager", "native"),
    ("ak.jit[jax]@cpu (np in)", "arraykit", "jax", "jit", "numpy"),
    ("tf@cpu", "tensorflow", "tensorflow", "eager", "native"),
    ("ak[tensorflow]@cpu", "arraykit", "tensorflow", "eager", "native"),
    ("tnp@cpu", "tnp", "tensorflow", "eager", "native"),
    ("ak[dask]@cpu", "arraykit", "dask", "eager", "native"),
    ("dask@cpu", "dask", "dask", "eager", "native"),
]


def study() -> list[Result]:
    """Every workload, every row; ``tnp@cpu`` over the budget from 1e4, ``jnp@cpu`` failing
    at 1e5, ``ak[jax]@cpu`` unstable at 1e3."""
    out = []
    for w in WORKLOADS:
        for label, impl, driver, mode, inputs in ROWS:
            speed = 1.0 if impl == "numpy" else 1.0 + 0.1 * len(label)
            for size in WORKLOADS[w].sizes(SIZES):
                t = 1e-6 * size / speed
                r = Result(
                    w, label, impl, driver, "cpu", mode, inputs, "float32", size, str(size),
                    OK, median_s=t, q1_s=0.99 * t, q3_s=1.01 * t, min_s=0.98 * t, max_s=1.02 * t,
                    repeats=5, number=1,
                )  # fmt: skip
                if label == "tnp@cpu" and size >= 10_000:
                    r.status, r.note = SKIPPED, "over the 1 s budget from 1e4"
                if label == "jnp@cpu" and size >= 100_000:
                    r.status, r.note = ERROR, "RuntimeError: boom"
                if label == "ak[jax]@cpu" and size == WORKLOADS[w].sizes([1000])[0]:
                    r.unstable = "repeats spread x3 (bound x1.5)"
                if label == "numpy" and size == 10:
                    r.unstable = "median x3 the fastest repeat (bound x2.25: two modes)"
                out.append(r)
    add_speedups(out, "numpy")
    return out


def test_stops_say_why_a_row_ends() -> None:
    ends = plots.stops([r for r in study() if r.workload == "tanh"])
    assert ends == {"tnp@cpu": "over the time budget", "jnp@cpu": "error (see the table's notes)"}


def test_no_summary_legend_covers_a_title_or_a_panel() -> None:
    fig = plots.summary_figure(study(), "synthetic")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    axes = [ax for ax in fig.axes if ax.axison]
    assert len(axes) == len(WORKLOADS)
    for ax in axes:
        legend = ax.get_legend().get_window_extent(renderer)
        assert legend.y0 >= 0, "legend below the figure"
        for other in axes:
            assert not legend.overlaps(other.title.get_window_extent(renderer)), (
                ax.get_title(),
                other.get_title(),
            )
            if other is not ax:
                assert not legend.overlaps(other.get_window_extent(renderer))


def test_summary_marks_stops_and_unstable_cells() -> None:
    fig = plots.summary_figure(study(), "synthetic")
    ax = next(a for a in fig.axes if a.get_title() == WORKLOADS["tanh"].title)
    texts = [t.get_text() for t in ax.texts]
    assert "over the time budget" in texts  # tnp is its family's only row: drawn, stopped
    markers = collections.Counter(line.get_marker() for line in ax.get_lines())
    assert markers["|"] >= 1 and markers["x"] >= 1
    # NumPy unstable at 10: no ratio at 10 for anyone, and a black cross there
    crosses = [ln for ln in ax.get_lines() if ln.get_marker() == "x" and len(ln.get_xdata())]
    assert any(ln.get_color() == "black" and list(ln.get_xdata()) == [10] for ln in crosses)
    assert all(10 not in ln.get_xdata() for ln in ax.get_lines() if ln.get_marker() == "o")
    labels = ax.get_legend_handles_labels()[1]
    assert plots.STOP_LABEL in labels and plots.UNSTABLE_LABEL in labels


def test_dashed_means_raw_framework_in_every_figure() -> None:
    results = study()
    styles = plots._styles(results)
    for r in results:
        ls = styles[r.backend]["ls"]
        raw = r.impl != "arraykit"
        assert (ls in ("--", "-.")) == (raw and r.impl != "numpy"), (r.backend, ls)
        assert (ls in (":", "-.")) == (r.inputs == "numpy"), (r.backend, ls)
    fig = plots.summary_figure(results, "synthetic")
    for ax in fig.axes:
        for line in ax.get_lines():
            label = line.get_label().split(":")[0]
            if label in styles and len(line.get_xdata()) > 1:
                assert line.get_linestyle() == styles[label]["ls"], label
    assert "dashed: raw framework" in plots.LINES


def test_help_has_no_raw_rst(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "info" in out and "bench" in out


@pytest.mark.skipif(
    importlib.util.find_spec("tensorflow") is None
    or "tensorflow" not in os.environ.get("ARRAYKIT_TEST_DRIVERS", "tensorflow"),
    reason="the TensorFlow driver is not under test",
)
def test_model_example_prints_each_tf_warning_once() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "model.py"), "--driver", "tensorflow",
         "--steps", "2"],
        env={**os.environ, "PYTHONPATH": str(ROOT), "TF_CPP_MIN_LOG_LEVEL": "3"},
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    warnings = [line for line in done.stderr.splitlines() if "while_loop for converting" in line]
    assert all(n == 1 for n in collections.Counter(warnings).values()), warnings


def test_overhead_table_says_where_a_row_was_compared_elsewhere() -> None:
    """jnp@cpu failed at 1e5, so ak[jax]@cpu's overhead is taken at 1e4: marked ``*``,
    with its sizes under the table, not printed under the others' header."""
    import io

    from arraykit._bench.report import print_table

    out = io.StringIO()
    print_table(study(), out, "float32")
    text = out.getvalue().split("arraykit's overhead over the raw framework")[1]
    row = next(line for line in text.splitlines() if line.startswith("ak[jax]@cpu vs"))
    assert "*" in row
    assert "ak[jax]@cpu, tanh: at 10 / 1e4" in text
    other = next(line for line in text.splitlines() if line.startswith("ak.jit[jax]@cpu"))
    assert "*" not in other


def test_rows_stopping_together_share_one_label() -> None:
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    for colour in ("red", "blue"):
        plots.mark_stop(ax, 1e5, 1.0, "over the time budget", colour)
    plots.mark_stop(ax, 1e5, 1.0, "error (see the table's notes)", "green")
    assert [t.get_text() for t in ax.texts] == [
        "over the time budget",
        "error (see the table's notes)",
    ]
    assert sum(line.get_marker() == "|" for line in ax.get_lines()) == 3
