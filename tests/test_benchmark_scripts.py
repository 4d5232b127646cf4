"""The developer benchmarks under ``benchmarks/`` still run (never their timings: those are
the scripts' own business, see benchmarks/README.md)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from conftest import DRIVERS

ROOT = Path(__file__).resolve().parent.parent
COMPILING = [d for d in ("jax", "tensorflow") if d in DRIVERS]


def load(name: str):
    spec = importlib.util.spec_from_file_location(
        f"bench_{name}", ROOT / "benchmarks" / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not COMPILING, reason="no driver with ak.jit compilation under test")
def test_transforms_benchmark_writes_a_row_per_case(tmp_path, capsys):
    transforms = load("transforms")
    out = tmp_path / "rows.json"
    assert transforms.main(["--drivers", ",".join(COMPILING), "--smoke", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    sigmoid_sizes, mlp_sizes = transforms.SIZES["smoke"]
    assert len(rows) == len(COMPILING) * (len(sigmoid_sizes) + len(mlp_sizes))
    assert {r["driver"] for r in rows} == set(COMPILING)
    assert {r["workload"] for r in rows} == {"sigmoid", "mlp_step"}
    for r in rows:
        assert r["raw_us"] > 0 and r["ak_us"] > 0 and r["ratio"] > 0
        assert (r.get("floor_ratio", 0) > 0) == (r["workload"] == "sigmoid")
    assert "| mlp_step |" in capsys.readouterr().out


RANDOM_DRIVERS = [d for d in ("numpy", "tensorflow", "jax") if d in DRIVERS]


@pytest.mark.skipif(not RANDOM_DRIVERS, reason="none of numpy, tensorflow, jax is under test")
def test_random_benchmark_writes_a_row_per_contender(tmp_path, capsys):
    bench = load("rng")
    out = tmp_path / "rows.json"
    drivers = RANDOM_DRIVERS
    assert bench.main(["--drivers", ",".join(drivers), "--smoke", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    # each workload: NumPy's two generators and ak numpy; the native one, ak eager, ak.jit
    assert len(rows) == 3 * len(bench.WORKLOADS) * len(drivers)
    assert all(r["ms"] > 0 and r["ratio"] > 0 for r in rows)
    out = capsys.readouterr().out
    assert all(f"| {w} |" in out for w, _, _ in bench.WORKLOADS)


@pytest.mark.skipif("dask" not in DRIVERS, reason="the Dask driver is not under test")
def test_dask_scaling_benchmark_checks_and_writes_rows(tmp_path):
    scaling = load("dask_scaling")
    out = tmp_path / "rows.json"
    assert scaling.main(["--smoke", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert len(rows) == 2 * len(scaling.WORKLOADS)  # threads and a 2-worker cluster
    assert {r["scheduler"] for r in rows} == {"threads", "2 workers"}
    assert all(r["numpy_s"] > 0 and r["dask_s"] > 0 for r in rows)
    for r in rows:
        assert r["cores"] == (2 if r["scheduler"] == "2 workers" else scaling.cores("threads"))
        assert r["efficiency"] == pytest.approx(r["speedup"] / r["cores"])
        assert r["dask_melem_s"] == pytest.approx(r["size"] / r["dask_s"] / 1e6)
    doc = json.loads(out.read_text())
    assert len(doc["load_before"]) == len(doc["load_after"]) == 3


@pytest.mark.skipif("dask" not in DRIVERS, reason="the Dask driver is not under test")
def test_dask_scaling_above_held_max_runs_reductions_block_by_block(tmp_path):
    """Sizes above --held-max are made inside the graph and only the reductions run."""
    scaling = load("dask_scaling")
    out = tmp_path / "rows.json"
    args = "--sizes 20000 --held-max 10000 --workers threads --workloads sigmoid,sigmoid_sum"
    assert scaling.main([*args.split(), "--repeat", "1", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert [(r["workload"], r["size"]) for r in rows] == [("sigmoid_sum", 20000)]
    assert scaling.blocks(10**9) % 4 == 0 and 10**9 / scaling.blocks(10**9) <= scaling.BLOCK_MAX


@pytest.mark.parametrize(
    "script", sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")), ids=str
)
def test_each_benchmark_starts_as_the_readme_runs_it(script, tmp_path):
    """``python benchmarks/<script> --help``: run as a script, the folder comes first on
    ``sys.path``, so a file named like a standard module (``random.py`` was) shadows it."""
    import subprocess

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
