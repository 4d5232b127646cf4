"""``python -m arraykit bench``: runs on tiny sizes, checks the files, rows and plots it
writes and how it degrades (missing functions, no matplotlib, no tqdm).  Timings are never
asserted: only the structure of what is reported.

Runs once, not per driver (no ``driver`` fixture): the benchmark itself visits every
installed driver.
"""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import arraykit as ak
from arraykit import _bench
from arraykit._bench import backends, compare, plots, timing
from arraykit._bench.report import (
    Result,
    add_speedups,
    crossover,
    crossovers,
    overheads,
)
from arraykit._bench.workloads import WORKLOADS

ALL = ["sigmoid", "sort", "matmul", "tanh", "fft"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
HAS_JAX = importlib.util.find_spec("jax") is not None
HAS_TF = importlib.util.find_spec("tensorflow") is not None
HAS_DASK = importlib.util.find_spec("dask") is not None


def bench(args: str, out: str | Path) -> tuple[int, str, str]:
    """Run ``python -m arraykit bench ARGS --out OUT`` in this process: (exit status,
    stdout, stderr)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = _bench.main([*args.split(), "--out", str(out)])
    return code, stdout.getvalue(), stderr.getvalue()


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def expected_sizes(workload: str, sizes: list[int]) -> set[int]:
    """Element counts per input: matmul multiplies n x n matrices, n = round(sqrt(size))."""
    if workload == "matmul":
        return {round(math.sqrt(s)) ** 2 for s in sizes}
    return set(sizes)


def arraykit_numpy_labels() -> set[str]:
    labels = {"ak[numpy]@cpu", "ak[numpy]@cpu (np in)"}
    if hasattr(ak, "jit") and ak.drivers.get("numpy").capabilities.jit:
        labels |= {"ak.jit[numpy]@cpu", "ak.jit[numpy]@cpu (np in)"}
    return labels


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str, str]]:
    """One quick run on the NumPy driver, sizes 10 and 100, every workload."""
    out = tmp_path_factory.mktemp("bench")
    code, stdout, stderr = bench("--quick --sizes 10,100 --drivers numpy --repeat 2", out)
    assert code == 0, stderr
    yield out, stdout, stderr


# ---------------------------------------------------------------------- the files
def test_csv_has_one_row_per_workload_backend_size(quick: tuple[Path, str, str]) -> None:
    out, _, _ = quick
    rows = read_csv(out / "results.csv")
    keys = [(r["workload"], r["backend"], int(r["size"])) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate (workload, backend, size) rows"
    backends = {"numpy"} | arraykit_numpy_labels()
    expected = {(w, b, s) for w in ALL for b in backends for s in expected_sizes(w, [10, 100])}
    assert set(keys) == expected


def test_csv_rows_are_measured(quick: tuple[Path, str, str]) -> None:
    out, _, _ = quick
    for r in read_csv(out / "results.csv"):
        assert r["dtype"] == "float32"
        # Every cell is measured: a wrong answer (status "error") fails here.
        assert r["status"] == "ok", r
        med, lo, hi = float(r["median_s"]), float(r["min_s"]), float(r["max_s"])
        assert 0 < lo <= med <= hi
        assert float(r["first_call_s"]) > 0
        # NumPy, the baseline, is timed before and after the other backends of a size
        most = 4 if r["backend"] == "numpy" else 2
        assert 1 <= int(r["repeats"]) <= most and int(r["number"]) >= 1
        # speed-up over NumPy is NumPy's median over this one (1 for NumPy itself)
        numpy_row = next(
            x
            for x in read_csv(out / "results.csv")
            if x["backend"] == "numpy" and x["workload"] == r["workload"] and x["size"] == r["size"]
        )
        # where both are stable (issue 29 #1: no ratio from an unstable cell)
        # and in the same window (the baseline's repeats enclose this row's)
        window = (numpy_row["started_s"], numpy_row["ended_s"], r["started_s"], r["ended_s"])
        b0, b1, r0, r1 = map(float, window)
        if r["unstable"] or numpy_row["unstable"] or not b0 <= r0 <= r1 <= b1:
            assert r["speedup"] == ""
        else:
            assert float(r["speedup"]) == pytest.approx(float(numpy_row["median_s"]) / med)
        shape = tuple(int(n) for n in r["shape"].split("x"))
        assert math.prod(shape) == int(r["size"])


def test_json_carries_machine_info_and_results(quick: tuple[Path, str, str]) -> None:
    out, _, _ = quick
    doc = json.loads((out / "results.json").read_text())
    machine = doc["machine"]
    assert machine["platform"] == platform.platform()
    assert machine["cpu_count"] == os.cpu_count()
    assert machine["python"] == platform.python_version()
    assert machine["versions"]["numpy"] == np.__version__
    assert machine["versions"]["arraykit"] == ak.__version__
    assert doc["options"]["sizes"] == [10, 100]
    assert doc["options"]["dtype"] == "float32"
    assert len(doc["results"]) == len(read_csv(out / "results.csv"))
    assert {b["label"] for b in doc["backends"]} == {"numpy"} | arraykit_numpy_labels()
    # arraykit on NumPy wraps the baseline's own backend: overhead, never a crossover
    assert not any(doc["crossover"].values())
    stable = {(r["workload"], r["backend"], r["size"]) for r in doc["results"] if not r["unstable"]}
    for w in ALL:
        # from the sizes where both rows are stable (on a busy machine, maybe none)
        paired = [
            s
            for (w2, b, s) in stable
            if w2 == w and b == "numpy" and (w, "ak[numpy]@cpu", s) in stable
        ]
        assert ("ak[numpy]@cpu" in doc["overhead"].get(w, {})) == bool(paired)
        if not paired:
            continue
        o = doc["overhead"][w]["ak[numpy]@cpu"]
        # (from stable cells: one size only where the other was unstable, on a busy machine)
        assert o["vs"] == "numpy" and o["smallest"] <= o["largest"]
    assert len(doc["results"][0]["samples"]) == doc["results"][0]["repeats"]


def test_one_png_plot_per_workload(quick: tuple[Path, str, str]) -> None:
    out, _, _ = quick
    expected = ["bench_summary.png", *(f"bench_{w}.png" for w in ALL)]
    assert sorted(p.name for p in out.glob("*.png")) == sorted(expected)
    for w in [*ALL, "summary"]:
        data = (out / f"bench_{w}.png").read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 10_000


def test_terminal_table(quick: tuple[Path, str, str]) -> None:
    _, stdout, _ = quick
    for w in ALL:
        assert WORKLOADS[w].title in stdout
    # arraykit on NumPy only: its overhead, and no crossover at all
    assert "crossover size" not in stdout
    assert "arraykit's overhead" in stdout and "ak[numpy]@cpu" in stdout
    assert "10x10" in stdout  # matmul columns are labelled by matrix shape
    assert "wrote" in stdout and "results.csv" in stdout


# ---------------------------------------------------------------------- degrading
def test_missing_arraykit_functions_show_as_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(ak, "sort", raising=False)
    monkeypatch.delattr(ak, "fft", raising=False)
    code, stdout, _ = bench(
        "--quick --sizes 10 --drivers numpy --repeat 1 --workloads sort,fft,tanh --no-plots",
        tmp_path,
    )
    assert code == 0
    rows = read_csv(tmp_path / "results.csv")
    for r in rows:
        if r["impl"] == "arraykit" and r["workload"] in ("sort", "fft"):
            assert r["status"] == "unavailable"
            assert ("ak.sort" if r["workload"] == "sort" else "ak.fft.fft") in r["note"]
        if r["impl"] == "numpy":
            assert r["status"] == "ok"
    assert any(
        r["impl"] == "arraykit" and r["workload"] == "tanh" and r["status"] == "ok" for r in rows
    )
    assert "n/a" in stdout and "ak.sort is missing" in stdout


def _hide(monkeypatch: pytest.MonkeyPatch, package: str) -> None:
    """Make ``import package`` (and its submodules) fail, as if it were not installed."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, package, None)


def test_without_matplotlib_and_tqdm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "matplotlib")
    _hide(monkeypatch, "tqdm")
    code, stdout, stderr = bench(
        "--quick --sizes 10 --drivers numpy --repeat 1 --workloads tanh", tmp_path
    )
    assert code == 0
    assert not list(tmp_path.glob("*.png"))
    assert "matplotlib is not installed" in stdout
    assert "100% (3/3 cells)" in stderr  # the plain progress fallback
    assert len(read_csv(tmp_path / "results.csv")) == 3
    assert "100% (3/3 cells)" in stderr


def test_budget_skips_larger_sizes(tmp_path: Path) -> None:
    code, stdout, _ = bench(
        "--sizes 10,100 --drivers numpy --budget 1e-9 --workloads tanh,matmul --no-plots", tmp_path
    )
    assert code == 0
    rows = read_csv(tmp_path / "results.csv")
    assert rows
    for r in rows:
        small = int(r["size"]) in (10, 9)
        baseline = r["backend"] == "numpy"  # never skipped (issue 29 #1)
        assert r["status"] == ("ok" if small or baseline else "skipped"), r
        if small:  # no time for more than the warm call (NumPy's: before and after)
            assert r["repeats"] == ("2" if r["backend"] == "numpy" else "1")
            assert r["number"] == "1"
        elif not baseline:
            assert "budget" in r["note"]
    assert "skip" in stdout


def test_float64(tmp_path: Path) -> None:
    code, _, _ = bench(
        "--sizes 100 --drivers numpy --dtype float64 --repeat 1 --workloads sigmoid,fft --no-plots",
        tmp_path,
    )
    assert code == 0
    rows = read_csv(tmp_path / "results.csv")
    assert {r["dtype"] for r in rows} == {"float64"}
    assert all(r["status"] == "ok" for r in rows if r["impl"] == "numpy")


@pytest.mark.skipif(not HAS_JAX, reason="JAX is not installed")
def test_raw_jax_columns(tmp_path: Path) -> None:
    import jax

    code, _, stderr = bench(
        "--sizes 10 --drivers jax --repeat 1 --dtype float64 --workloads sigmoid,sort --no-plots",
        tmp_path,
    )
    assert code == 0, stderr
    assert jax.config.jax_enable_x64  # as arraykit's JAX driver sets it
    rows = read_csv(tmp_path / "results.csv")
    raw = {(r["workload"], r["backend"]): r for r in rows if r["impl"] == "jax"}
    for w in ("sigmoid", "sort"):
        for b in ("jnp@cpu", "jnp@cpu (np in)", "jax.jit@cpu", "jax.jit@cpu (np in)"):
            assert raw[(w, b)]["status"] == "ok", raw[(w, b)]
    # raw NumPy is the baseline even when not asked for; arraykit's NumPy driver is not
    assert {r["backend"] for r in rows if r["driver"] == "numpy"} == {"numpy"}


@pytest.mark.skipif(not HAS_TF, reason="TensorFlow is not installed")
def test_raw_tensorflow_columns(tmp_path: Path) -> None:
    code, _, stderr = bench(
        "--sizes 10 --drivers tensorflow --repeat 1 --workloads sigmoid,fft --no-plots", tmp_path
    )
    assert code == 0, stderr
    rows = read_csv(tmp_path / "results.csv")
    raw = {(r["workload"], r["backend"]): r for r in rows if r["impl"] == "tensorflow"}
    for w in ("sigmoid", "fft"):
        for b in ("tf@cpu", "tf@cpu (np in)", "tf.function@cpu", "tf.function@cpu (np in)"):
            assert raw[(w, b)]["status"] == "ok", raw[(w, b)]


@pytest.mark.skipif(not HAS_DASK, reason="dask is not installed")
def test_dask_rows_from_1e5_elements_checked_against_numpy(tmp_path: Path) -> None:
    code, stdout, stderr = bench(
        "--sizes 10,1e5 --drivers dask --repeat 1 --workloads sigmoid,matmul,sort --no-plots",
        tmp_path,
    )
    assert code == 0, stderr
    rows = [r for r in read_csv(tmp_path / "results.csv") if r["driver"] == "dask"]
    assert {"ak[dask]@cpu", "ak[dask]@cpu (np in)"} <= {r["backend"] for r in rows}
    for r in rows:
        assert r["impl"] == "arraykit"
        if int(r["size"]) < 1000:  # the graph's fixed cost only: not timed
            assert r["status"] == "skipped" and "timed from" in r["note"], r
        else:  # matmul's 316 x 316 counts as 1e5: computed, checked, then timed
            assert r["status"] == "ok" and float(r["median_s"]) > 0, r
    assert {(r["workload"], r["size"]) for r in rows if r["status"] == "ok"} == {
        ("sigmoid", "100000"),
        ("sort", "100000"),
        ("matmul", str(316 * 316)),
    }
    assert "ak[dask]@cpu, sigmoid: timed from 1e5 on" in stdout


@pytest.mark.skipif(not HAS_DASK, reason="dask is not installed")
def test_dask_timed_call_computes_the_result_on_the_host() -> None:
    """A lazy driver's timed call builds the graph and computes it (a NumPy array comes
    back), from inputs cut into one block per CPU; small sizes are not timed."""
    sig = WORKLOADS["sigmoid"]
    b = backends._arraykit_backends("dask", [sig], backends._generic_sync)[0]
    x = sig.inputs(10**5, np.dtype("float32"))
    native = b.to_native(x[0])
    cpus = os.cpu_count() or 1
    assert len(native.native.chunks[0]) == min(cpus, 10**5)
    with b.context():
        out = b.bind(b.ops["sigmoid"], x)()
    assert type(out) is np.ndarray
    assert sig.check(out, 1 / (1 + np.exp(-x[0])), np.dtype("float32")) is None
    assert b.too_small(sig, 10**5) is None and "1e5" in b.too_small(sig, 10**4)
    assert b.too_small(WORKLOADS["matmul"], 316 * 316) is None


def test_arraykit_sync_sees_native_values() -> None:
    """Inputs (a tuple of arrays) and results reach the framework's sync as native values."""
    seen: list[object] = []
    mm = WORKLOADS["matmul"]
    b = backends._arraykit_backends("numpy", [mm], seen.append)[0]
    call = b.bind(b.ops["matmul"], mm.inputs(4, np.dtype("float32")))
    b.sync(call())
    assert len(seen) == 3 and all(type(v) is np.ndarray for v in seen)


def test_cli_dispatch(tmp_path: Path) -> None:
    """The README's command line: options right after ``bench`` reach the benchmark."""
    args = "--quick --sizes 10 --drivers numpy --repeat 1 --workloads tanh --out"
    proc = subprocess.run(
        [sys.executable, "-m", "arraykit", "bench", *args.split(), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "results.csv").exists() and (tmp_path / "bench_tanh.png").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ("--workloads sigmoid,nope", "nope"),
        ("--sizes 0,10", "at least 1"),
        ("--sizes ten", "numbers"),
        ("--drivers nosuchdriver", "nosuchdriver"),
        ("--dtype float16", "float16"),
        ("--repeat 0", "positive"),
        ("--budget -1", "positive"),
    ],
)
def test_bad_options(args: str, fragment: str, tmp_path: Path) -> None:
    code, _, stderr = bench(args, tmp_path)
    assert code == 2
    assert fragment in stderr
    assert not (tmp_path / "results.csv").exists()


# ---------------------------------------------------------------------- pieces
def test_crossover_examples() -> None:
    pts = [(10, 0), (100, 1), (1000, 0), (10_000, 1), (100_000, 1)]
    assert crossover(pts) == 10_000  # clearly faster at 100 too, but not from there on
    assert crossover([(10, 1), (100, 1)]) == 10
    assert crossover([(10, 1), (100, 0)]) is None  # not clearly at the largest size
    assert crossover([(10, 0), (100, 1)]) is None  # one clear size alone: not enough
    assert crossover([(10, 0), (100, 2)]) == 100  # ... unless every repeat won
    assert crossover([(10, 2), (100, 1)]) == 10
    assert crossover([]) is None


@given(st.dictionaries(st.integers(1, 10**7), st.integers(0, 2), max_size=12))
def test_crossover_is_the_smallest_size_from_which_clearly_faster(
    points: dict[int, int],
) -> None:
    c = crossover(list(points.items()))
    sizes = sorted(points)
    run = 0
    for s in reversed(sizes):
        if not points[s]:
            break
        run += 1
    if c is None:
        assert run == 0 or (run == 1 and points[sizes[-1]] == 1)
        return
    assert all(points[s] for s in sizes if s >= c)
    below = [s for s in sizes if s < c]
    assert not below or not points[below[-1]]
    assert run >= 2 or points[sizes[-1]] == 2


SIZES = [10, 100, 1000, 10_000, 100_000, 1_000_000]


def synthetic(
    impl: str, driver: str, label: str, times: dict[int, np.ndarray], mode: str = "eager"
) -> list[Result]:
    """Result rows of one backend from its repeats (seconds per call) at each size."""
    rows = []
    for size, samples in times.items():
        q1, med, q3 = np.quantile(samples, [0.25, 0.5, 0.75])
        rows.append(
            Result(
                "sigmoid", label, impl, driver, "cpu", mode, "native", "float32", size,
                str(size), "ok", float(med), float(q1), float(q3), float(samples.min()),
                float(samples.max()), len(samples), 1, samples=tuple(samples),
            )
        )  # fmt: skip
    return rows


def numpy_like(rng: np.random.Generator, scale: float, noise: float) -> dict[int, np.ndarray]:
    """Repeats of a call costing 2 us + ``scale`` ns per element, each repeat slowed down
    by up to ``noise`` times (a shared machine: noise only adds time, sometimes a lot)."""
    out = {}
    for s in SIZES:
        cost = 2e-6 + scale * 1e-9 * s
        slow = 1 + noise * rng.exponential(0.3, size=7) * (rng.random(7) < 0.5)
        out[s] = cost * slow
    return out


@pytest.mark.parametrize("noise", [0.0, 0.3, 1.0, 2.0])
def test_noisy_ties_make_no_crossover(noise: float) -> None:
    """Two backends doing the same work at the same cost, each with its own noise (the
    situation of arraykit on NumPy against NumPy, or two BLAS): at most 1 simulated run
    in 2000 shows a crossover (where one clear size sufficed, 4 did: a stretch that
    slows all 7 NumPy repeats at one size).  A fixed sweep, not hypothesis: the claim
    is a rate, and a search finds the rare run that no rule based on timings can tell."""
    found = []
    for seed in range(2000):
        rng = np.random.default_rng(seed)
        rows = synthetic("numpy", "numpy", "numpy", numpy_like(rng, 1.0, noise))
        rows += synthetic("jax", "jax", "jnp@cpu", numpy_like(rng, 1.0, noise))
        add_speedups(rows, "numpy")
        if crossovers(rows)["sigmoid"]["jnp@cpu"] is not None:
            found.append(seed)
    assert len(found) <= 1, found


def test_a_drifting_baseline_makes_no_crossover() -> None:
    """NumPy's repeats before and after the others: some slowed down (the 316x316 matmul
    of a shared 2-core VM: 0.35 ms, or 31 ms when its BLAS threads wait for a core)."""
    base = {s: np.full(10, 1e-6 * s) for s in SIZES}
    base[1_000_000] = np.array([31, 32, 31, 31, 32, 0.35, 0.34, 0.35, 44, 36]) * 1e-3
    tie = {s: np.full(5, 1.05e-6 * s) for s in SIZES}
    tie[1_000_000] = np.full(5, 0.36e-3)
    rows = synthetic("numpy", "numpy", "numpy", base) + synthetic("tf", "tf", "tf@cpu", tie)
    add_speedups(rows, "numpy")
    assert rows[-1].speedup > 40  # the medians say 90 times faster
    assert crossovers(rows)["sigmoid"]["tf@cpu"] is None


@given(st.integers(0, 2**32 - 1), st.floats(0.0, 0.3))
def test_a_clear_win_makes_a_crossover(seed: int, noise: float) -> None:
    """A backend with 50 us more per call but 4 times less per element wins from 10**5
    (60 + 25 us against 102 us) on, whatever the noise up to 30 %."""
    rng = np.random.default_rng(seed)
    rows = synthetic("numpy", "numpy", "numpy", numpy_like(rng, 1.0, noise))
    fast = {s: t + 50e-6 - 0.75e-9 * s for s, t in numpy_like(rng, 0.25, 0).items()}
    fast = {s: t * (1 + noise * rng.random(7) * 0.1) for s, t in fast.items()}
    rows += synthetic("jax", "jax", "jax.jit@cpu", fast, mode="jit")
    add_speedups(rows, "numpy")
    assert crossovers(rows)["sigmoid"]["jax.jit@cpu"] in (100_000, 1_000_000)


def test_a_size_not_measured_is_not_a_win() -> None:
    base = {s: np.full(5, 1e-6 * s) for s in SIZES}
    fast = {s: np.full(5, 1e-7 * s) for s in SIZES}
    rows = synthetic("numpy", "numpy", "numpy", base) + synthetic("jax", "jax", "jnp@cpu", fast)
    rows[len(SIZES) - 1].status = "skipped"  # NumPy's largest
    add_speedups(rows, "numpy")
    assert crossovers(rows)["sigmoid"]["jnp@cpu"] is None


def test_arraykit_on_numpy_is_overhead_not_crossover() -> None:
    base = {s: np.full(5, 1e-6 + 1e-9 * s) for s in SIZES}
    ak_rows = {s: np.full(5, 4e-6 + 1e-9 * s) for s in SIZES}  # 3 us more per call
    ak_rows[1_000_000] = np.full(5, 0.5e-3)  # a faster (noisy) largest size
    rows = synthetic("numpy", "numpy", "numpy", base)
    rows += synthetic("arraykit", "numpy", "ak[numpy]@cpu", ak_rows)
    add_speedups(rows, "numpy")
    assert "ak[numpy]@cpu" not in crossovers(rows).get("sigmoid", {})
    o = overheads(rows)["sigmoid"]["ak[numpy]@cpu"]
    assert o["vs"] == "numpy" and o["smallest"] == 10 and o["largest"] == 1_000_000
    assert o["us_per_call"] == pytest.approx(3.0)
    assert o["percent"] == pytest.approx((0.5e-3 / (1e-6 + 1e-3) - 1) * 100)


def test_overhead_pairs_arraykit_with_its_raw_twin() -> None:
    base = {s: np.full(5, 1e-6 * s) for s in SIZES}
    rows = synthetic("numpy", "numpy", "numpy", base)
    rows += synthetic("jax", "jax", "jax.jit@cpu", base, mode="jit")
    rows += synthetic("jax", "jax", "jnp@cpu", base)
    rows += synthetic("arraykit", "jax", "ak.jit[jax]@cpu", base, mode="jit")
    add_speedups(rows, "numpy")
    assert overheads(rows)["sigmoid"]["ak.jit[jax]@cpu"]["vs"] == "jax.jit@cpu"


# ---------------------------------------------------------------------- --compare
def _doc(rows: list[Result]) -> dict:
    import dataclasses

    return {"created": "x", "machine": {}, "results": [dataclasses.asdict(r) for r in rows]}


def test_compare_flags_only_differences_beyond_both_spreads(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    old_t = {s: 1e-6 * s * (1 + 0.05 * rng.random(7)) for s in SIZES}
    new_t = {s: t * (1 + 0.02 * rng.standard_normal(7)) for s, t in old_t.items()}
    new_t[1000] = old_t[1000] * 2  # a real regression
    new_t[10] = old_t[10] / 3  # a real improvement
    old, new = _doc(synthetic("jax", "jax", "jnp@cpu", old_t)), None
    new = _doc(synthetic("jax", "jax", "jnp@cpu", new_t))
    changes = {c.size: c for c in compare.compare(old, new)}
    assert set(changes) == set(SIZES)
    assert changes[1000].verdict == compare.SLOWER and changes[1000].ratio == pytest.approx(2)
    assert changes[10].verdict == compare.FASTER
    assert changes[10].ratio == pytest.approx(1 / 3)
    assert all(changes[s].verdict is None for s in SIZES if s not in (10, 1000))
    # on the command line, with a file that only one run has
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    code, stdout, _ = bench(f"--compare {tmp_path / 'old.json'} {tmp_path / 'new.json'}", tmp_path)
    assert code == 0
    assert "2.00+" in stdout and "0.33-" in stdout
    assert "1 faster and 1 slower beyond the spread and the load" in stdout
    assert "0 beyond the spread but within what the loads explain, 4 within the spread" in stdout
    assert "load: not recorded in the old and new run" in stdout
    code, _, stderr = bench(f"--compare {tmp_path / 'nope.json'}", tmp_path)
    assert code == 2 and "nope.json" in stderr


def test_matmul_sizes_are_square() -> None:
    mm = WORKLOADS["matmul"]
    assert mm.sizes([10, 1000, 10**6]) == [9, 1024, 10**6]
    assert mm.sizes([10], full=True) == [9, 4096 * 4096]
    assert mm.shape(1000) == (32, 32)
    assert WORKLOADS["sort"].sizes([100, 10]) == [10, 100]


def test_check_compares_with_numpy() -> None:
    x = np.linspace(-3, 3, 50, dtype=np.float32)
    ref = 1 / (1 + np.exp(-x.astype(np.float64)))
    sig = WORKLOADS["sigmoid"]
    assert sig.check(1 / (1 + np.exp(-x)), ref.astype(np.float32), np.dtype("float32")) is None
    assert "differs" in sig.check(ref + 0.01, ref, np.dtype("float32"))
    assert "shape" in sig.check(ref[:3], ref, np.dtype("float32"))
    assert "dtype" in sig.check(ref.astype(np.complex64), ref, np.dtype("float32"))


def test_measure_stays_within_budget() -> None:
    def slow() -> None:
        time.sleep(0.02)

    t = timing.measure(slow, lambda _: None, first_s=0.02, repeat=5, budget=0.05, min_time=0.01)
    assert t.samples and len(t.samples) == 1 and t.number == 1  # no room after the warm call
    fast = timing.measure(
        lambda: None, lambda _: None, first_s=0.0, repeat=4, budget=10.0, min_time=0.001
    )
    assert len(fast.samples) == 4 and fast.number >= 1


def test_sync_is_called_for_every_timed_call() -> None:
    calls, synced = [], []

    def call() -> int:
        calls.append(1)
        return len(calls)

    t = timing.measure(call, synced.append, first_s=0.0, repeat=3, budget=5.0, min_time=1e-4)
    assert synced == list(range(1, len(calls) + 1))
    assert len(calls) == 1 + len(t.samples) * t.number  # the warm call + the timed ones


# ---------------------------------------------------------------------- the study's contenders
@pytest.mark.skipif(not HAS_TF, reason="TensorFlow is not installed")
def test_tnp_runs_in_its_own_process(tmp_path: Path) -> None:
    import tensorflow as tf

    code, _, stderr = bench(
        "--sizes 10,1000 --drivers tnp,tensorflow --repeat 1 --workloads sigmoid,matmul,fft "
        "--no-plots",
        tmp_path,
    )
    assert code == 0, stderr
    rows = read_csv(tmp_path / "results.csv")
    tnp = [r for r in rows if r["impl"] == "tnp"]
    assert {r["backend"] for r in tnp} == {"tnp@cpu", "tnp@cpu (np in)"}
    for r in tnp:
        if r["workload"] == "fft":  # tf.experimental.numpy has no fft
            assert r["status"] == "unavailable" and "tnp.fft.fft" in r["note"], r
        else:  # checked against NumPy's answer, then timed
            assert r["status"] == "ok" and float(r["median_s"]) > 0, r
    assert all(r["status"] == "ok" for r in rows if r["impl"] == "arraykit"), rows
    # NumPy behaviour was switched on in the worker only: this process's TF is as it was
    assert not hasattr(tf.constant([1.0]), "reshape")


def test_missing_frameworks_are_named_with_their_pip_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name in ("jax", "tensorflow") else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(ak.drivers, "available", lambda: ["numpy"])
    code, stdout, _ = bench("--quick --sizes 10 --repeat 1 --workloads tanh --no-plots", tmp_path)
    assert code == 0
    head, _, tables = stdout.partition("tanh(x)")
    assert "MISSING: jax and tensorflow" in head
    assert 'pip install "jax>=0.4.30" "tensorflow-cpu>=2.16"' in head
    assert "MISSING" not in tables


def test_colours_are_fixed_per_backend_family() -> None:
    assert plots.colour("jax.jit@cpu") == plots.colour("jax.jit@gpu:0 (np in)")
    assert plots.colour("jax.jit@cpu") == plots.COLOURS["jax.jit"]
    assert len({plots.colour(f"{f}@cpu") for f in plots.COLOURS}) == len(plots.COLOURS)


@pytest.mark.skipif(not (HAS_JAX or HAS_TF), reason="no compiling framework installed")
def test_transforms_benchmark_stops_on_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/transforms.py checks ak.jit's answers before timing them."""
    spec = importlib.util.spec_from_file_location(
        "bench_transforms_check", Path(__file__).parent.parent / "benchmarks" / "transforms.py"
    )
    transforms = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, transforms)
    spec.loader.exec_module(transforms)
    driver = "jax" if HAS_JAX else "tensorflow"
    assert transforms.main(["--drivers", driver, "--smoke"]) == 0
    monkeypatch.setattr(transforms, "ak_sigmoid", lambda x: 1 / (1 + ak.exp(x)))  # wrong sign
    assert transforms.main(["--drivers", driver, "--smoke"]) == 1
