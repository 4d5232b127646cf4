"""How the Dask driver scales: the same arraykit programs on the NumPy driver and on the
Dask driver with Dask's threads and with a ``LocalCluster`` of 1, 2... worker processes.

Every Dask result is checked against the NumPy driver's before its time is reported (a
wrong answer is an error, never a row).  Timings include running the graph (the result is
brought to the host), not building it alone.

    python benchmarks/dask_scaling.py                      # 10^6 and 10^7 elements
    python benchmarks/dask_scaling.py --sizes 100000000 --workers threads,1,2,4
    python benchmarks/dask_scaling.py --smoke --json rows.json
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import numpy as np

import arraykit as ak

Program = Callable[[ak.Array], Any]


def _sigmoid_sum(x: ak.Array) -> Any:
    return ak.sum(1 / (1 + ak.exp(-x)))


def _sort(x: ak.Array) -> Any:
    return ak.sort(x)


def _unique(x: ak.Array) -> Any:
    return ak.unique_values(ak.round(x * 100))


def _matmul(a: ak.Array) -> Any:
    return a @ a


def _square(data: np.ndarray) -> np.ndarray:
    """The data as an n x n matrix (matmul's input: n**3 work for n**2 elements)."""
    n = int(np.sqrt(data.size)) // 10 or 1
    return data[: n * n].reshape(n, n)


WORKLOADS: dict[str, Program] = {
    "sigmoid_sum": _sigmoid_sum,
    "sort": _sort,
    "unique_values": _unique,
    "matmul": _matmul,
}


def _scheduler(name: str) -> AbstractContextManager[Any]:
    if name == "threads":
        return nullcontext()
    from distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=int(name),
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )

    class _Running:
        def __enter__(self) -> Any:
            self.client = Client(cluster)
            return self.client

        def __exit__(self, *exc: object) -> None:
            self.client.close()
            cluster.close()

    return _Running()


def _time(program: Program, x: ak.Array, repeat: int) -> tuple[float, np.ndarray]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = np.asarray(program(x))
        best = min(best, time.perf_counter() - start)
    return best, out


def run(sizes: list[int], schedulers: list[str], repeat: int) -> list[dict[str, Any]]:
    rows = []
    rng = np.random.default_rng(0)
    data = {n: rng.standard_normal(n) for n in sizes}
    reference = {}
    with ak.use("numpy"):
        for n in sizes:
            for name, program in WORKLOADS.items():
                x = ak.asarray(_square(data[n]) if name == "matmul" else data[n])
                reference[name, n] = _time(program, x, repeat)
    for sched in schedulers:
        with _scheduler(sched):
            for n in sizes:
                for name, program in WORKLOADS.items():
                    host = _square(data[n]) if name == "matmul" else data[n]
                    with ak.use("dask", chunks=max(host.shape[0] // 4, 1)):
                        x = ak.compute(ak.asarray(host))  # on the workers before timing
                        seconds, out = _time(program, x, repeat)
                        np_seconds, want = reference[name, n]
                        np.testing.assert_allclose(out, want, rtol=1e-9, atol=1e-9)
                        rows.append(
                            {
                                "workload": name,
                                "size": n,
                                "scheduler": sched if sched == "threads" else f"{sched} workers",
                                "numpy_s": np_seconds,
                                "dask_s": seconds,
                                "speedup": np_seconds / seconds,
                            }
                        )
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1000000,10000000")
    p.add_argument("--workers", default="threads,1,2", help="'threads' and worker counts")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat (CI)")
    p.add_argument("--json", help="write the rows here")
    args = p.parse_args(argv)
    sizes = [10_000] if args.smoke else [int(s) for s in args.sizes.split(",")]
    schedulers = ["threads", "2"] if args.smoke else args.workers.split(",")
    rows = run(sizes, schedulers, 1 if args.smoke else args.repeat)
    print(f"{'workload':<14} {'size':>11} {'scheduler':<10} {'numpy s':>9} {'dask s':>9} speedup")
    for r in rows:
        print(
            f"{r['workload']:<14} {r['size']:>11} {r['scheduler']:<10} "
            f"{r['numpy_s']:>9.4f} {r['dask_s']:>9.4f} {r['speedup']:>7.2f}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
