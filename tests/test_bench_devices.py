"""``python -m arraykit bench --devices N``, the many-devices study (issue 28 item 4): the
rows it makes, the virtual devices it asks for, what it says when it cannot have them,
the figure's warning.  Timings are never asserted: only the structure of the report.

The study itself needs a driver that shards with 8 devices: ``tox -e py311-sharding``
gives JAX 8 virtual CPU devices (those tests skip elsewhere, saying so); the subprocess
test starts a fresh JAX and checks that the bench asks for them itself.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_bench import bench, read_csv

import arraykit as ak
from arraykit._bench import backends, sharded
from arraykit._bench.report import OK, SKIPPED, Result
from arraykit._bench.workloads import WORKLOADS

N_DEVICES = 8
HAS_JAX = importlib.util.find_spec("jax") is not None
HAS_TF = importlib.util.find_spec("tensorflow") is not None
ROOT = Path(__file__).resolve().parents[1]
TINY = "--repeat 1 --budget 0.3 --min-time 0.001"


def jax_cpus() -> int:
    """The JAX driver's CPU devices, starting JAX if it has not started (as it is)."""
    return len([d for d in ak.drivers.get("jax").devices() if d.kind == "cpu"])


@pytest.fixture
def eight() -> None:
    if not HAS_JAX:
        pytest.skip("JAX is not installed")
    if (have := jax_cpus()) < N_DEVICES:
        pytest.skip(
            f"needs {N_DEVICES} JAX CPU devices, {have} here: tox -e py311-sharding starts "
            "JAX with 8 virtual CPU devices"
        )


# ---------------------------------------------------------------------- everywhere
def test_device_counts_and_sizes_that_split_evenly() -> None:
    assert sharded.counts(8) == [1, 2, 4, 8]
    assert sharded.counts(6) == [1, 2, 4, 6]
    assert sharded.counts(2) == [1, 2]
    sig, mm = WORKLOADS["sigmoid"], WORKLOADS["matmul"]
    # 10 and 100 elements rounded up to multiples of 8; 1000 already is one
    assert sharded.split_sizes(sig, [10, 100, 1000], False, 8) == [16, 104, 1000]
    # matmul's n x n: n = round(sqrt(size)) = 3, 32, 100 -> 8, 32, 104
    assert sharded.split_sizes(mm, [10, 1000, 10**4], False, 8) == [64, 32 * 32, 104 * 104]
    for size in sharded.split_sizes(mm, [10, 1000, 10**4], True, 8):
        assert mm.shape(size)[0] % 8 == 0  # the full run's 4096 x 4096 too
    assert math.prod(mm.shape(4096 * 4096)) in sharded.split_sizes(mm, [10], True, 8)


def test_xla_flags_are_set_only_before_jax_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "jax", raising=False)  # as if not yet imported
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_enable_fast_math=false")
    if HAS_JAX:
        notes = backends.virtual_cpu_devices(8, ["jax"])
        assert os.environ["XLA_FLAGS"] == (
            "--xla_cpu_enable_fast_math=false --xla_force_host_platform_device_count=8"
        )
        assert "asked XLA for 8" in notes["jax"]
        monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=2")
        backends.virtual_cpu_devices(4, ["jax"])  # too few: raised, not added twice
        assert os.environ["XLA_FLAGS"] == "--xla_force_host_platform_device_count=4"
        monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=16")
        assert "already asks for 16" in backends.virtual_cpu_devices(8, ["jax"])["jax"]
        assert os.environ["XLA_FLAGS"] == "--xla_force_host_platform_device_count=16"
    monkeypatch.setenv("XLA_FLAGS", "")
    assert backends.virtual_cpu_devices(8, ["numpy"]) == {}  # only the frameworks named
    assert os.environ["XLA_FLAGS"] == ""


def test_other_workloads_and_one_device_are_refused(tmp_path: Path) -> None:
    code, _, err = bench(f"--devices 8 --workloads sort,sigmoid {TINY}", tmp_path)
    assert code == 2 and "runs sigmoid and matmul" in err and "not sort" in err
    code, _, err = bench("--devices 1", tmp_path)
    assert code == 2 and "at least 2 devices" in err


def test_drivers_that_do_not_shard_are_named(tmp_path: Path) -> None:
    code, out, err = bench(f"--devices 2 --drivers numpy --sizes 16 {TINY}", tmp_path)
    assert code == 0
    assert "the numpy driver places each array on one device" in out
    assert "nothing to time" in err
    assert read_csv(tmp_path / "results.csv") == []


@pytest.mark.skipif(not HAS_JAX, reason="JAX is not installed")
def test_too_few_devices_are_skipped_with_the_reason(tmp_path: Path) -> None:
    """JAX started in this process already: the bench cannot have more devices, and says
    so for each row it skips."""
    have = jax_cpus()
    want = 2 * have
    code, out, _ = bench(
        f"--devices {want} --drivers jax --workloads sigmoid --sizes 16 {TINY} --no-plots",
        tmp_path,
    )
    assert code == 0
    assert "JAX was imported before the bench could ask XLA" in out
    rows = read_csv(tmp_path / "results.csv")
    assert {int(r["devices"]) for r in rows} == set(sharded.counts(want))
    for r in rows:
        if int(r["devices"]) > have:
            assert r["status"] == SKIPPED
            assert f"needs {r['devices']} cpu devices, the jax driver has {have}" in r["note"]
            assert "JAX was imported before" in r["note"]
        else:
            assert r["status"] == OK, r["note"]
    assert f"needs {want} cpu devices" in out  # the table's notes say it too


@pytest.mark.skipif(not HAS_JAX, reason="JAX is not installed")
def test_a_fresh_process_gets_its_virtual_devices(tmp_path: Path) -> None:
    """Without XLA_FLAGS, the bench asks XLA for the devices before JAX starts."""
    env = {k: v for k, v in os.environ.items() if k != "XLA_FLAGS"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    args = f"--devices 4 --drivers jax --workloads sigmoid --sizes 16 {TINY} --no-plots"
    done = subprocess.run(
        [sys.executable, "-m", "arraykit", "bench", *args.split(), "--out", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "asked XLA for 4 virtual CPU devices" in done.stdout
    rows = read_csv(tmp_path / "results.csv")
    assert sorted(int(r["devices"]) for r in rows) == [1, 1, 2, 2, 4, 4]  # eager and jit
    assert all(r["status"] == OK for r in rows), [r["note"] for r in rows]


@pytest.mark.skipif(not HAS_TF, reason="TensorFlow is not installed")
def test_tensorflow_gets_logical_cpu_devices_before_it_starts() -> None:
    code = (
        "from arraykit._bench.backends import virtual_cpu_devices\n"
        "notes = virtual_cpu_devices(4, ['tensorflow'])\n"
        "import tensorflow as tf\n"
        "print(len(tf.config.list_logical_devices('CPU')), notes['tensorflow'])\n"
        "tf.constant(1.0) + 1.0  # the runtime started: no more devices\n"
        "print(virtual_cpu_devices(8, ['tensorflow'])['tensorflow'])\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    first, second = done.stdout.strip().splitlines()[-2:]
    assert first == "4 made 4 logical CPU devices in TensorFlow"
    assert "had started before the bench could make 8" in second and "keeps its 4" in second


def _result(kind: str, k: int, size: int, speedup: float) -> Result:
    return Result(
        workload="sigmoid", backend=f"ak.jit[jax]@{k}x{kind}", impl="arraykit", driver="jax",
        device=kind, mode="jit", inputs="native", dtype="float32", size=size, shape=str(size),
        status=OK, median_s=1e-3 / speedup, q1_s=1e-3 / speedup, q3_s=1e-3 / speedup,
        min_s=1e-3 / speedup, max_s=1e-3 / speedup, repeats=1, number=1, speedup=speedup,
        devices=k,
    )  # fmt: skip


def test_the_figure_says_overhead_not_speedup_on_virtual_devices() -> None:
    pytest.importorskip("matplotlib")
    rows = [_result(kind, k, 64, s) for kind in ("cpu", "gpu") for k, s in ((1, 1.0), (2, 0.5))]
    fig = sharded_figure(rows)
    texts = {ax.get_title(): [t.get_text() for t in ax.texts] for ax in fig.axes}
    cpu = next(v for t, v in texts.items() if t.endswith("jax on cpu"))
    gpu = next(v for t, v in texts.items() if t.endswith("jax on gpu"))
    assert any("overhead, not speedup" in t for t in cpu)
    assert not any("overhead" in t for t in gpu)  # real devices: a speed-up is possible
    assert "overhead, not speedup" in fig.get_suptitle()
    assert "on one host, sharing its 2 cores" in fig.get_suptitle()


def sharded_figure(rows: list[Result]) -> object:
    from arraykit._bench.plots import devices_figure

    return devices_figure(rows, "subtitle", 2)


# ---------------------------------------------------------------------- 8 devices
def test_rows_split_their_first_input_and_replicate_the_rest(eight: None) -> None:
    groups = sharded._groups("jax", [WORKLOADS["matmul"]], N_DEVICES, lambda v: None, "")
    assert [[b.devices for b in g] for g in groups] == [[1, 2, 4, 8]] * 2  # eager, jit
    for b in groups[0]:
        with b.context():
            call = b.bind(lambda a, c: (a, c), (np.ones((16, 16)), np.ones((16, 16))))
        a, c = call()
        if b.devices == 1:  # one device as it runs without a mesh
            first = ak.drivers.get("jax").devices()[0]
            assert a.sharding is None and c.sharding is None and a.device == c.device == first
        else:
            assert a.sharding.splits(a.shape) == (b.devices, 1)
            assert c.sharding.spec == () and c.device.mesh == a.device.mesh


def test_the_study_on_8_devices(eight: None, tmp_path: Path) -> None:
    code, out, err = bench(f"--devices 8 --drivers jax --sizes 64,1e3 {TINY}", tmp_path)
    assert code == 0, err
    rows = read_csv(tmp_path / "results.csv")
    want = {
        (w, mode, size, k)
        for w, sizes in (("sigmoid", (64, 1000)), ("matmul", (64, 1024)))
        for mode in ("eager", "jit")
        for size in sizes
        for k in (1, 2, 4, 8)
    }
    got = [(r["workload"], r["mode"], int(r["size"]), int(r["devices"])) for r in rows]
    assert sorted(got) == sorted(want)  # one row each
    for r in rows:
        assert r["status"] == OK, r["note"]  # its answer checked against NumPy's
        if r["devices"] == "1":  # the baseline: 1, unless its own time was unstable
            assert r["speedup"] == "1.0" if not r["unstable"] else r["speedup"] == ""
        else:  # a ratio to one device, or the reason there is none
            assert bool(r["speedup"]) != bool(r["ratio_unstable"])
            assert "NumPy" not in r["ratio_unstable"]
    doc = json.loads((tmp_path / "results.json").read_text())
    assert doc["study"] == "devices" and doc["options"]["devices"] == 8
    assert "overhead, not speedup" in doc["virtual"]["cpu"]
    assert "overhead, not speedup" in out
    assert (tmp_path / "bench_devices.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
