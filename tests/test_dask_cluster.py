"""arraykit programs on a real ``dask.distributed.LocalCluster``: worker processes on the
loopback interface, started and stopped here, no dashboard.

Each result is checked against the NumPy driver or mathematics: a reduction over an array
larger than a worker's memory limit (it spills to disk), a chunked ``matmul``, ``sort`` and
``unique_values`` across chunks, the sigmoid of the benchmark seeds, and a computation that
survives a worker killed while it runs.  CI runs a small version; set
``ARRAYKIT_DASK_CLUSTER_FULL=1`` for the sizes of issue 15 (10^8 elements for the sigmoid).
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from conftest import DRIVERS

import arraykit as ak

pytestmark = [
    pytest.mark.dask,
    pytest.mark.skipif("dask" not in DRIVERS, reason="the Dask driver is not under test"),
]

if "dask" in DRIVERS:
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")

FULL = os.environ.get("ARRAYKIT_DASK_CLUSTER_FULL") == "1"
MEMORY_LIMIT = 2**27 if FULL else 2**26  # bytes per worker: 128 MiB, 64 MiB


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """Two single-threaded worker processes with a small memory limit that spill to disk
    (never pause or get terminated for memory), and a client that makes them the active
    scheduler."""
    settings = {
        "distributed.worker.memory.target": 0.4,
        "distributed.worker.memory.spill": 0.5,
        "distributed.worker.memory.pause": False,
        "distributed.worker.memory.terminate": False,
        "distributed.scheduler.allowed-failures": 5,
    }
    with dask.config.set(settings):
        cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            memory_limit=MEMORY_LIMIT,
        )
        try:
            with distributed.Client(cluster) as c:
                yield c
        finally:
            cluster.close()


@pytest.fixture
def dk(client: object) -> Iterator[ak.drivers.Driver]:
    drv = ak.drivers.get("dask")
    with ak.use(drv, promotion="numpy", default_float="float64", chunks=2**20):
        yield drv


def _spilled(client: object) -> int:
    """How many stored results the workers hold on disk."""
    counts = client.run(lambda dask_worker: len(getattr(dask_worker.data, "slow", ())))
    return sum(counts.values())


def test_reduction_larger_than_a_workers_memory_spills_and_is_right(client, dk):
    n = 3 * MEMORY_LIMIT // 8  # float64: 3 memory limits in all, 1.5 per worker
    x = ak.compute(ak.arange(n, dtype=ak.float64) * 0.5)  # held on the workers
    assert x.size * 8 > MEMORY_LIMIT
    assert _spilled(client) > 0
    total = float(ak.sum(x))
    assert total == pytest.approx(0.25 * n * (n - 1), rel=1e-12)  # sum of i/2, i < n
    assert float(ak.max(x)) == 0.5 * (n - 1)


def test_chunked_matmul(dk):
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((300, 200)), rng.standard_normal((200, 250))
    with ak.use("dask", chunks=64):
        got = ak.asarray(a) @ ak.asarray(b)
        assert len(got.native.chunks[0]) > 1
    want = ak.asarray(a, driver="numpy") @ ak.asarray(b, driver="numpy")
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12, atol=1e-12)


def test_sort_and_unique_values_across_chunks(dk):
    rng = np.random.default_rng(1)
    data = rng.integers(-1000, 1000, size=200_000).astype(np.float64)
    data[::997] = np.nan
    with ak.use("dask", chunks=20_000):
        x = ak.asarray(data)
        got_sort = np.asarray(ak.sort(x, descending=True, stable=True))
        got_unique = np.asarray(ak.unique_values(x))
    ref = ak.asarray(data, driver="numpy")
    np.testing.assert_array_equal(got_sort, np.asarray(ak.sort(ref, descending=True, stable=True)))
    np.testing.assert_array_equal(got_unique, np.asarray(ak.unique_values(ref)))


def test_seed_sigmoid(dk):
    n = 10**8 if FULL else 10**6
    with ak.use("dask", chunks=n // 16):
        x = ak.linspace(-10.0, 10.0, n)
        s = 1 / (1 + ak.exp(-x))
        total, sample = float(ak.sum(s)), np.asarray(s[:: n // 1000])
    # sigmoid(x) + sigmoid(-x) = 1 and the points are symmetric: the sum is n / 2.
    assert total == pytest.approx(n / 2, rel=1e-12)
    if n <= 10**7:
        with ak.use("numpy"):
            xr = ak.linspace(-10.0, 10.0, n)
            want = np.asarray(1 / (1 + ak.exp(-xr)))[:: n // 1000]
    else:  # NumPy's linspace formula at the sampled points only
        grid = np.arange(0, n, n // 1000)
        want = 1 / (1 + np.exp(-(grid * (20.0 / (n - 1)) + -10.0)))
    np.testing.assert_allclose(sample, want, rtol=1e-14)


def test_a_worker_killed_mid_computation_is_survived(client, dk):
    n = 4_000_000
    result: dict[str, float] = {}

    def run() -> None:
        with ak.use("dask", chunks=n // 200):
            x = ak.linspace(0.0, 1.0, n)
            result["value"] = float(ak.sum(ak.sin(x * 40.0) ** 2))

    pids = client.run(os.getpid)
    worker = threading.Thread(target=run)
    worker.start()
    deadline = time.monotonic() + 60
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.01)
    victim = next(iter(pids.values()))
    os.kill(victim, signal.SIGKILL)  # a worker process this test's cluster started
    worker.join(timeout=300)
    assert not worker.is_alive()
    with ak.use("numpy"):
        x = ak.linspace(0.0, 1.0, n)
        want = float(ak.sum(ak.sin(x * 40.0) ** 2))
    assert result["value"] == pytest.approx(want, rel=1e-10)
    assert victim not in client.run(os.getpid).values()
    assert math.isfinite(result["value"])
