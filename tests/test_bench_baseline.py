"""The baseline is sacred (issue 29 #1), with an injected clock: NumPy is timed at every
size whatever the budget, a stall is re-timed or marked, and no ratio is drawn from an
unstable cell or across windows.  Every time here is the fake clock's: deterministic."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraykit import _bench
from arraykit._bench import plots, stability, timing
from arraykit._bench.backends import Backend
from arraykit._bench.report import OK, Result, add_speedups, print_table, write_csv
from arraykit._bench.workloads import WORKLOADS

MATMUL = WORKLOADS["matmul"]
SIZES = MATMUL.sizes([10, 100, 1000, 10_000, 100_000], full=False)  # 3x3 ... 316x316


class Clock:
    """A fake ``perf_counter``: only the fake workloads advance it."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def cost(elements: int) -> float:
    """A matmul's time on the fake machine: 2 us fixed plus n**3 at 0.1 ns."""
    return 2e-6 + 1e-10 * elements**1.5


def fake_matmul(
    clock: Clock, extra: Callable[[int, float], float] = lambda n, t: 0.0
) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A matmul whose time is ``cost`` plus ``extra(elements, now)`` on ``clock``; the
    right product (computed once per input), so the study's check passes."""
    done: dict[int, np.ndarray] = {}

    def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        clock.t += cost(a.size) + extra(a.size, clock.t)
        if id(a) not in done:
            done[id(a)] = a @ b
        return done[id(a)]

    return matmul


def backend(label: str, impl: str, driver: str, fn: Callable[..., Any]) -> Backend:
    return Backend(
        label=label,
        impl=impl,
        driver=driver,
        device="cpu",
        mode="eager",
        inputs="native",
        to_native=lambda a: a,
        ops={"matmul": fn},
    )


def study(
    monkeypatch: pytest.MonkeyPatch,
    numpy_extra: Callable[[int, float], float] = lambda n, t: 0.0,
    other_extra: Callable[[int, float], float] = lambda n, t: 0.0,
    budget: float = 1.0,
) -> list[Result]:
    """NumPy against a contender of exactly the same cost, on the fake clock."""
    clock = Clock()
    monkeypatch.setattr(timing, "_clock", clock)
    backends = [
        backend("numpy", "numpy", "numpy", fake_matmul(clock, numpy_extra)),
        backend("other", "arraykit", "fake", fake_matmul(clock, other_extra)),
    ]
    opts = argparse.Namespace(sizes=SIZES, dtype="float32", repeat=5, budget=budget, min_time=1e-3)
    results = _bench.run(backends, [MATMUL], opts, False, io.StringIO())
    add_speedups(results, "numpy")
    return results


def stall(at: int, seconds: float) -> Callable[[int, float], float]:
    """16 ms more per call at ``at`` elements, for ``seconds`` from the first such call
    (the issue's: NumPy stalled once at 100x100)."""
    began: list[float] = []

    def extra(n: int, now: float) -> float:
        if n != at:
            return 0.0
        if not began:
            began.append(now)
        return 16e-3 if now < began[0] + seconds else 0.0

    return extra


def rows(results: list[Result], label: str) -> dict[int, Result]:
    return {r.size: r for r in results if r.backend == label}


def test_equal_costs_give_ratios_near_one(monkeypatch: pytest.MonkeyPatch) -> None:
    results = study(monkeypatch)
    for r in rows(results, "other").values():
        assert r.status == OK and not r.unstable
        assert r.speedup == pytest.approx(1.0, rel=0.05)


def test_a_stall_of_the_baseline_is_retimed_not_a_speedup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The issue's stall: NumPy 16 ms per call at 100x100 for its first timing only.
    Before the fix the budget skipped NumPy from 316x316 on and the contender showed
    x80 at 100x100."""
    results = study(monkeypatch, numpy_extra=stall(10_000, 0.12))
    base = rows(results, "numpy")
    assert sorted(base) == SIZES and all(r.status == OK for r in base.values())
    assert base[10_000].retimed >= 1 and not base[10_000].unstable
    assert base[10_000].median_s == pytest.approx(cost(10_000), rel=0.05)
    for r in rows(results, "other").values():
        assert r.speedup == pytest.approx(1.0, rel=0.05), r


def test_a_lasting_stall_is_marked_never_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stall that outlasts the re-timings: NumPy is still timed at every size, the
    stalled cell is marked unstable and no ratio is drawn from it."""
    results = study(monkeypatch, numpy_extra=stall(10_000, 1.0))
    base = rows(results, "numpy")
    assert sorted(base) == SIZES and all(r.status == OK for r in base.values())
    assert base[10_000].unstable
    other = rows(results, "other")
    assert other[10_000].speedup is None
    for size, r in other.items():
        if size != 10_000:
            assert r.speedup == pytest.approx(1.0, rel=0.05)


def test_the_budget_never_skips_the_baseline(monkeypatch: pytest.MonkeyPatch) -> None:
    """A contender 1000 times slower at 316x316 is skipped by the budget from there on;
    NumPy never is."""
    results = study(monkeypatch, other_extra=lambda n, t: 1e-3 * n**1.5 / 1e6, budget=0.005)
    assert all(r.status == OK for r in rows(results, "numpy").values())
    other = rows(results, "other")
    assert any(r.status == "skipped" and "budget" in r.note for r in other.values())


def test_a_noisy_cell_is_retimed_then_marked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The contender's calls at 32x32 take 2 ms and 6 ms in turn (one call per repeat):
    never a stable spread, so it is re-timed, then marked in the table and the CSV, and
    has no speed-up."""
    calls = [0]

    def noise(n: int, now: float) -> float:
        if n != 1024:
            return 0.0
        calls[0] += 1
        return 2e-3 + 4e-3 * (calls[0] % 2)

    results = study(monkeypatch, other_extra=noise)
    r = rows(results, "other")[1024]
    assert r.retimed == stability.RETRIES and r.unstable.startswith("repeats spread")
    assert r.speedup is None
    out = io.StringIO()
    print_table(results, out, "float32")
    assert "?" in out.getvalue() and "unstable" in out.getvalue()
    write_csv(results, tmp_path / "r.csv")
    assert "repeats spread" in (tmp_path / "r.csv").read_text()
    pngs, note = plots.write_plots(results, tmp_path, "fake clock")  # the crosses draw
    assert note is None and len(pngs) == 2


def test_no_ratio_across_windows() -> None:
    """A contender timed outside the baseline's window gets no speed-up."""

    def cell(backend: str, start: float, end: float) -> Result:
        return Result(
            "tanh", backend, backend, "numpy", "cpu", "eager", "native", "float32", 10, "10",
            OK, median_s=1.0, q1_s=1.0, q3_s=1.0, min_s=1.0, max_s=1.0,
            started_s=start, ended_s=end,
        )  # fmt: skip

    inside, outside = cell("a", 1.0, 2.0), cell("b", 2.5, 4.0)
    add_speedups([cell("numpy", 0.0, 3.0), inside, outside], "numpy")
    assert inside.speedup == 1.0 and outside.speedup is None


def test_settle_marks_what_stays_unstable() -> None:
    """Re-timed while unstable; the fastest attempt is kept and marked if none settles."""
    slow, fast = timing.Timing(0.0, (1.0, 1.0), 1), timing.Timing(0.0, (0.5, 0.5), 1)
    kept, why, n = stability.settle(lambda: fast, slow, limit=0.6)
    assert kept is fast and why == "" and n == 1
    kept, why, n = stability.settle(lambda: slow, slow, limit=0.6)
    assert kept is slow and "stall" in why and n == stability.RETRIES


def test_two_modes_are_unstable() -> None:
    """Run 1 of issue 29's check: NumPy's sigmoid at 1e6 took 4.7-13 ms per repeat with
    one 0.9 ms repeat (quartiles within x1.5): its median says the machine, not NumPy."""
    ms = (4.92, 4.99, 5.05, 0.9, 7.15, 13.09, 5.9, 6.25, 7.1, 4.7)
    t = timing.Timing(0.0, tuple(x * 1e-3 for x in ms), 7)
    assert stability.spread(t) < stability.SPREAD_BOUND
    assert stability.why_unstable(t).startswith("median x")
    steady = timing.Timing(0.0, (1.0, 1.1, 1.2, 1.3), 1)
    assert stability.why_unstable(steady) == ""
