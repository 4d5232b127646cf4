"""How the Dask driver scales: the same arraykit programs on the NumPy driver and on the
Dask driver with Dask's threads and with a ``LocalCluster`` of 1, 2... worker processes.

Every Dask result is checked against the NumPy driver's before its time is reported (a
wrong answer is an error, never a row).  Timings include running the graph (the result is
brought to the host), not building it alone.

    python benchmarks/dask_scaling.py                      # 10^6 and 10^7 elements
    python benchmarks/dask_scaling.py --sizes 1e8 --workers threads,1,2 \\
        --workloads sigmoid,sigmoid_sum
    python benchmarks/dask_scaling.py --sizes 1e9 --workloads sigmoid_sum --repeat 2
    python benchmarks/dask_scaling.py --smoke --json rows.json

Sizes above ``--held-max`` elements are never held whole: the input is made chunk by chunk
inside the timed graph (``ak.linspace`` on Dask), the NumPy driver runs the same program
block by block over the same blocks, and only the reductions run there.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

import arraykit as ak

Program = Callable[[ak.Array], Any]

BLOCK_MAX = 2**24  # elements per block at most (128 MiB of float64)
HELD_MAX = 2 * 10**8  # larger inputs are made chunk by chunk, never held whole


def _sigmoid(x: ak.Array) -> Any:
    return 1 / (1 + ak.exp(-x))


def _sigmoid_sum(x: ak.Array) -> Any:
    return ak.sum(_sigmoid(x))


def _sort(x: ak.Array) -> Any:
    return ak.sort(x)


def _unique(x: ak.Array) -> Any:
    return ak.unique_values(ak.round(x * 100))


def _matmul(a: ak.Array) -> Any:
    return a @ a


@dataclass(frozen=True)
class Case:
    program: Program
    reduces: bool = False  # a small result: can run on inputs made chunk by chunk
    square: bool = False  # the input is the n x n matrix ``_square`` makes


def _square(data: np.ndarray) -> np.ndarray:
    """The data as an n x n matrix (matmul's input: n**3 work for n**2 elements)."""
    n = int(np.sqrt(data.size)) // 10 or 1
    return data[: n * n].reshape(n, n)


WORKLOADS: dict[str, Case] = {
    "sigmoid": Case(_sigmoid),  # elementwise, the whole result brought to the host
    "sigmoid_sum": Case(_sigmoid_sum, reduces=True),  # the reduction: a scalar comes back
    "sort": Case(_sort),
    "unique_values": Case(_unique),
    "matmul": Case(_matmul, square=True),
}


def blocks(n: int) -> int:
    """How many blocks an n-element input is cut into: a multiple of 4 (so 1, 2 and 4
    workers get equal shares) with at most ``BLOCK_MAX`` elements each."""
    return 4 * max(1, math.ceil(n / (4 * BLOCK_MAX)))


def cores(scheduler: str) -> int:
    """The cores a scheduler computes on: Dask's thread pool has one thread per CPU; each
    cluster worker here has one thread."""
    if scheduler == "threads":
        from dask.system import CPU_COUNT

        return CPU_COUNT
    return int(scheduler)


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


def _time(run: Callable[[], Any], repeat: int) -> tuple[float, np.ndarray]:
    """The fastest of ``repeat`` runs (noise only adds time) and the result on the host."""
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = np.asarray(run())
        best = min(best, time.perf_counter() - start)
    return best, out


def _linspace_block(n: int, lo: int, hi: int) -> np.ndarray:
    """Elements ``lo:hi`` of ``linspace(-5, 5, n)`` (NumPy's formula, as the Dask
    driver's linspace computes each block)."""
    y = np.arange(lo, hi, dtype=np.float64) * (10.0 / (n - 1)) - 5.0
    if hi == n:
        y[-1] = 5.0
    return y


def _streamed_numpy(program: Program, n: int) -> Any:
    """The reduction on the NumPy driver, block by block over the Dask blocks (one
    thread): the input is never held whole."""
    step = math.ceil(n / blocks(n))
    with ak.use("numpy"):
        return sum(
            float(program(ak.asarray(_linspace_block(n, lo, min(lo + step, n)))))
            for lo in range(0, n, step)
        )


def _streamed_dask(program: Program, n: int) -> Any:
    """The program on ``linspace(-5, 5, n)`` made block by block inside its graph."""
    return program(ak.linspace(-5.0, 5.0, n))


def _row(name: str, n: int, sched: str, np_s: float, dask_s: float) -> dict[str, Any]:
    speedup = np_s / dask_s
    return {
        "workload": name,
        "size": n,
        "scheduler": sched if sched == "threads" else f"{sched} worker{'s' * (sched != '1')}",
        "cores": cores(sched),
        "numpy_s": np_s,
        "dask_s": dask_s,
        "numpy_melem_s": n / np_s / 1e6,
        "dask_melem_s": n / dask_s / 1e6,
        "speedup": speedup,
        "efficiency": speedup / cores(sched),  # of a linear speed-up over one NumPy thread
    }


def run(
    sizes: list[int], schedulers: list[str], repeat: int, names: list[str], held_max: int
) -> list[dict[str, Any]]:
    rows = []
    held = [n for n in sizes if n <= held_max]
    streamed = [n for n in sizes if n > held_max]
    todo = {n: [w for w in names if n in held or WORKLOADS[w].reduces] for n in sizes}
    rng = np.random.default_rng(0)
    data = {n: rng.standard_normal(n) for n in held}
    reference = {}
    with ak.use("numpy"):
        for n in held:
            for name in todo[n]:
                case = WORKLOADS[name]
                x = ak.asarray(_square(data[n]) if case.square else data[n])
                reference[name, n] = _time(partial(case.program, x), repeat)
    for n in streamed:
        for name in todo[n]:
            reference[name, n] = _time(partial(_streamed_numpy, WORKLOADS[name].program, n), repeat)
    for sched in schedulers:
        with _scheduler(sched):
            for n in sizes:
                for name in todo[n]:
                    case = WORKLOADS[name]
                    if n in held:
                        host = _square(data[n]) if case.square else data[n]
                        chunk = max(host.shape[0] // 4, 1) if case.square else -(-n // blocks(n))
                        with ak.use("dask", chunks=chunk):
                            x = ak.compute(ak.asarray(host))  # on the workers before timing
                            seconds, out = _time(partial(case.program, x), repeat)
                    else:  # the input is made inside the graph, block by block
                        with ak.use("dask", chunks=-(-n // blocks(n))):
                            seconds, out = _time(partial(_streamed_dask, case.program, n), repeat)
                    np_seconds, want = reference[name, n]
                    np.testing.assert_allclose(out, want, rtol=1e-9, atol=1e-9)
                    rows.append(_row(name, n, sched, np_seconds, seconds))
    return rows


def _size(text: str) -> int:
    return int(float(text))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1000000,10000000", help="element counts: 1e6,1e7")
    p.add_argument("--workers", default="threads,1,2", help="'threads' and worker counts")
    p.add_argument(
        "--workloads", default=",".join(WORKLOADS), help=f"default: {','.join(WORKLOADS)}"
    )
    p.add_argument("--repeat", type=int, default=3, help="runs per cell; the fastest counts")
    p.add_argument(
        "--held-max",
        type=_size,
        default=HELD_MAX,
        help="larger sizes are made chunk by chunk (reductions only); default %(default)s",
    )
    p.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat (CI)")
    p.add_argument("--json", help="write the rows here")
    args = p.parse_args(argv)
    names = [w.strip() for w in args.workloads.split(",") if w.strip()]
    unknown = sorted(set(names) - set(WORKLOADS))
    if unknown:
        p.error(f"unknown workload(s) {', '.join(unknown)}; choose from {', '.join(WORKLOADS)}")
    sizes = [10_000] if args.smoke else [_size(s) for s in args.sizes.split(",")]
    schedulers = ["threads", "2"] if args.smoke else args.workers.split(",")
    load_before = os.getloadavg()
    rows = run(sizes, schedulers, 1 if args.smoke else args.repeat, names, args.held_max)
    load_after = os.getloadavg()
    print(
        f"{'workload':<14} {'size':>11} {'scheduler':<10} {'cores':>5} {'numpy s':>9} "
        f"{'dask s':>9} {'Melem/s':>8} {'speedup':>7} {'effic.':>6}"
    )
    for r in rows:
        print(
            f"{r['workload']:<14} {r['size']:>11} {r['scheduler']:<10} {r['cores']:>5} "
            f"{r['numpy_s']:>9.4f} {r['dask_s']:>9.4f} {r['dask_melem_s']:>8.1f} "
            f"{r['speedup']:>7.2f} {r['efficiency']:>6.0%}"
        )
    print("load average (1, 5, 15 min): before " + ", ".join(f"{v:.2f}" for v in load_before))
    print("                             after  " + ", ".join(f"{v:.2f}" for v in load_after))
    if args.json:
        with open(args.json, "w") as f:
            meta = {"cpu_count": os.cpu_count(), "load_before": load_before}
            json.dump({"rows": rows, **meta, "load_after": load_after}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
