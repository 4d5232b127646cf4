"""The baseline is sacred (issue 29 #1), with an injected clock: NumPy is timed at every
size whatever the budget, in turns with the others (``interleave.py``), a stall is
re-timed or marked, a load that comes and goes fakes no speed-up, and no ratio is drawn
from unstable pairs or across windows.  Every time here is the fake clock's:
deterministic."""

from __future__ import annotations

import argparse
import bisect
import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraykit import _bench
from arraykit._bench import interleave, plots, stability, timing
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


# A load on the fake machine: time -> (how many times slower calls run now, when that
# changes).
Load = Callable[[float], tuple[float, float]]


def loaded_matmul(clock: Clock, load: Load) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A matmul that needs ``cost`` seconds of an idle machine, on a machine slowed down by
    ``load``: a call that spans a change of load runs at each speed in turn."""
    done: dict[int, np.ndarray] = {}

    def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        work = cost(a.size)
        while work > 0:
            slow, until = load(clock.t)
            if (until - clock.t) / slow >= work:
                clock.t += work * slow
                work = 0.0
            else:
                work -= (until - clock.t) / slow
                clock.t = until
        if id(a) not in done:
            done[id(a)] = a @ b
        return done[id(a)]

    return matmul


def study(
    monkeypatch: pytest.MonkeyPatch,
    numpy_extra: Callable[[int, float], float] = lambda n, t: 0.0,
    other_extra: Callable[[int, float], float] = lambda n, t: 0.0,
    budget: float = 1.0,
    load: Load | None = None,
) -> list[Result]:
    """NumPy against a contender of exactly the same cost, on the fake clock (and on a
    machine under ``load``, if given: it slows both alike)."""
    clock = Clock()
    monkeypatch.setattr(timing, "_clock", clock)
    backends = [
        backend("numpy", "numpy", "numpy", fake_matmul(clock, numpy_extra)),
        backend("other", "arraykit", "fake", fake_matmul(clock, other_extra)),
    ]
    if load is not None:
        backends = [
            backend("numpy", "numpy", "numpy", loaded_matmul(clock, load)),
            backend("other", "arraykit", "fake", loaded_matmul(clock, load)),
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
    """Rows without paired ratios (files from before them): a contender timed outside the
    baseline's window gets no speed-up."""

    def cell(backend: str, start: float, end: float) -> Result:
        return Result(
            "tanh", backend, backend, "numpy", "cpu", "eager", "native", "float32", 10, "10",
            OK, median_s=1.0, q1_s=1.0, q3_s=1.0, min_s=1.0, max_s=1.0,
            started_s=start, ended_s=end,
        )  # fmt: skip

    inside, outside = cell("a", 1.0, 2.0), cell("b", 2.5, 4.0)
    add_speedups([cell("numpy", 0.0, 3.0), inside, outside], "numpy")
    assert inside.speedup == 1.0 and outside.speedup is None


def square_load(period: float, phase: float, factor: float = 10.0) -> Load:
    """The machine ``factor`` times slower for one half of every ``period`` seconds."""
    half = period / 2

    def load(t: float) -> tuple[float, float]:
        k = math.floor((t + phase) / half)
        if (k + 1) * half - phase <= t:  # on an edge
            k += 1
        return (factor if k % 2 == 0 else 1.0), (k + 1) * half - phase

    return load


def random_load(mean: float, seed: int, factor: float = 10.0) -> Load:
    """The machine ``factor`` times slower, then not, in turns, each stretch lasting
    ``mean`` seconds on average (exponentially distributed: no period to lock onto)."""
    rng = np.random.default_rng(seed)
    edges = np.cumsum(rng.exponential(mean, size=int(20 / mean)))
    first_slow = bool(rng.random() < 0.5)

    def load(t: float) -> tuple[float, float]:
        k = bisect.bisect_right(edges, t)
        return (factor if (k % 2 == 0) == first_slow else 1.0), float(edges[k])

    return load


def spikes(results: list[Result]) -> list[tuple[int, float]]:
    """(size, speed-up) of the contender's cells beyond x2 either way."""
    return [
        (s, r.speedup)
        for s, r in rows(results, "other").items()
        if r.speedup is not None and not 0.5 <= r.speedup <= 2.0
    ]


@pytest.mark.parametrize("period", [0.02, 0.03, 0.04, 0.06])
def test_a_load_that_comes_and_goes_fakes_no_speedup(
    monkeypatch: pytest.MonkeyPatch, period: float
) -> None:
    """The machine 10 times slower for half of every ``period`` (10 to 30 ms of fake
    time; a repeat lasts 1 to 3 ms, 10 times more when slowed), at 6 phases; NumPy and
    the contender cost exactly the same.  Timed one after the other, a NumPy slowed
    through its whole window (before and after the contender) stayed stable and gave x10
    "speed-ups", and a contender slowed through its own window x0.1.  Timed in turns,
    every ratio is paired within a stretch of load: no cell beyond x2 either way, and a
    speed-up at every size below 316x316 (there, a call slowed to 32 ms outlasts a
    stretch, and the ratios that spread are withheld), though NumPy's own repeats spread."""
    found, withheld = [], []
    for i in range(6):
        results = study(monkeypatch, load=square_load(period, i / 6 * period))
        assert all(r.status == OK for r in rows(results, "numpy").values())
        found += [(i, *spike) for spike in spikes(results)]
        withheld += [(i, s) for s, r in rows(results, "other").items() if r.speedup is None]
    assert not found, found
    assert all(s == SIZES[-1] for _, s in withheld), withheld


@pytest.mark.parametrize("mean", [0.005, 0.02, 0.05])
def test_a_random_load_fakes_no_speedup(monkeypatch: pytest.MonkeyPatch, mean: float) -> None:
    """Stretches of a 10 times slower machine of random lengths (``mean`` seconds on
    average, no period to lock onto): no speed-up beyond x2 either way in 20 runs (timed
    one after the other: x10, x0.1 or x0.5 in one or two runs of each)."""
    found = []
    for seed in range(20):
        results = study(monkeypatch, load=random_load(mean, seed))
        found += [(seed, *spike) for spike in spikes(results)]
    assert not found, found


class Script:
    """A row's repeats, read from a list of seconds per call; the order of the calls of
    every scripted row goes to ``log``."""

    def __init__(self, name: str, times: list[float], log: list[str]) -> None:
        self.name, self.times, self.log = name, list(times), log

    def __call__(self) -> float:
        self.log.append(self.name)
        return self.times.pop(0)


def scripted(name: str, times: list[float], repeats: int, log: list[str]) -> interleave.Row:
    r = Result("tanh", name, "numpy" if name == "N" else "jax", "x", "cpu", "eager", "native",
               "float32", 10, "10", OK, first_call_s=0.0, number=1)  # fmt: skip
    return interleave.Row(r, Script(name, times, log), repeats)


def test_each_repeat_is_paired_with_numpys_around_it() -> None:
    """NumPy before and after every repeat of the others, in turns; each ratio is the
    geometric mean of NumPy's two repeats around a repeat over that repeat."""
    log: list[str] = []
    n_times = [1.0, 4.0, 1.0, 9.0, 4.0, 1.0]
    base = scripted("N", n_times, 5, log)
    a = scripted("A", [2.0, 1.0, 3.0], 3, log)
    b = scripted("B", [0.5, 0.5], 2, log)
    interleave.interleave(base, [a, b])
    assert log == ["N", "A", "N", "B", "N", "A", "N", "B", "N", "A", "N"]
    assert a.attempts[0].ratios == pytest.approx(
        [math.sqrt(1 * 4) / 2, math.sqrt(1 * 9) / 1, math.sqrt(4 * 1) / 3]
    )
    assert b.attempts[0].ratios == pytest.approx([math.sqrt(4 * 1) / 0.5, math.sqrt(9 * 4) / 0.5])
    assert base.attempts[0].timing.samples == tuple(n_times)
    # windows: NumPy's encloses the others'
    assert base.attempts[0].window[0] <= a.attempts[0].window[0]
    assert a.attempts[0].window[1] <= base.attempts[0].window[1]


def test_unstable_pairs_are_retimed_then_marked() -> None:
    """A contender whose ratios spread is timed again with NumPy; one that settles keeps
    that pass, one that never does is marked, no speed-up drawn, and says why."""
    log: list[str] = []
    steady = [1.0] * 40
    base = scripted("N", steady, 3, log)
    settles = scripted("A", [1.0, 3.0, 1.0, 0.5, 0.5, 0.5], 3, log)  # x0.5 after a re-time
    never = scripted("B", [1.0, 3.0, 1.0] * 3, 3, log)
    interleave.time_size(base, [settles, never])
    a, b = settles.result, never.result
    assert a.retimed == 1 and not a.ratio_unstable and a.ratios == (2.0, 2.0, 2.0)
    assert b.retimed == stability.RETRIES and b.ratio_unstable.startswith("paired ratios")
    results = [base.result, a, b]
    add_speedups(results, "N")
    assert a.speedup == 2.0 and (a.speedup_q1, a.speedup_q3) == (2.0, 2.0)
    assert b.speedup is None
    out = io.StringIO()
    print_table(results, out, "float32")
    lines = out.getvalue().splitlines()
    b_line = next(i for i, line in enumerate(lines) if line.startswith("B "))
    assert lines[b_line + 1].split() == ["?"]  # its speed-up line
    assert "B, tanh: ? in the speed-up line" in out.getvalue()  # and why, under the table


def test_a_stalled_numpy_pass_withholds_its_ratios() -> None:
    """NumPy's repeats far above their forecast in a pass (a stall): the ratios of that
    pass are not trusted, the row is timed again, and keeps the pass after the stall."""
    log: list[str] = []
    base = scripted("N", [50.0] * 4 + [1.0] * 4, 3, log)
    base.limit = 4.0
    a = scripted("A", [1.0] * 6, 3, log)
    interleave.time_size(base, [a])
    assert "stall" in a.attempts[0].baseline_unsteady
    assert a.result.retimed == 1 and a.result.ratios == (1.0, 1.0, 1.0)
    assert not a.result.ratio_unstable and not base.result.unstable


def test_two_modes_are_unstable() -> None:
    """Run 1 of issue 29's check: NumPy's sigmoid at 1e6 took 4.7-13 ms per repeat with
    one 0.9 ms repeat (quartiles within x1.5): its median says the machine, not NumPy."""
    ms = (4.92, 4.99, 5.05, 0.9, 7.15, 13.09, 5.9, 6.25, 7.1, 4.7)
    t = timing.Timing(0.0, tuple(x * 1e-3 for x in ms), 7)
    assert stability.spread(t) < stability.SPREAD_BOUND
    assert stability.why_unstable(t).startswith("median x")
    steady = timing.Timing(0.0, (1.0, 1.1, 1.2, 1.3), 1)
    assert stability.why_unstable(steady) == ""
