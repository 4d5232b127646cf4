"""The machine's load around a run (issue 29 #2): ``os.getloadavg`` before, during (one
sample per size of each workload) and after, the CPU count and the BLAS threads, written
to ``results.json`` under ``"load"``; ``--compare`` reads them back (``load_factor``) to
tell a difference the two loads explain from one they do not.

The model: a CPU-bound thread on a machine with ``cpus`` CPUs and a run queue of
``load`` gets at most ``cpus / load`` of a CPU once ``load`` exceeds ``cpus``, so a run
at load ``L`` is slowed by up to ``max(1, L / cpus)``.  Between two runs the loads then
explain a ratio of times between 1 and ``(factor(new) / factor(old)) ** SLACK`` (the slack:
the load average lags the load by about a minute, and BLAS runs on several threads).
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

SLACK = 1.25


def loadavg() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (``None`` where the OS has none)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def blas_threads() -> dict[str, Any]:
    """The BLAS/OpenMP thread pools: threadpoolctl's report where it is installed, else
    the environment variables that set them."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        names = (
            "OMP_NUM_THREADS",
            "OPENBLAS_NUM_THREADS",
            "MKL_NUM_THREADS",
            "BLIS_NUM_THREADS",
            "VECLIB_MAXIMUM_THREADS",
        )
        return {
            "source": "environment",
            "variables": {n: os.environ[n] for n in names if n in os.environ},
        }
    pools = [
        {k: p.get(k) for k in ("user_api", "internal_api", "num_threads", "version")}
        for p in threadpool_info()
    ]
    return {"source": "threadpoolctl", "pools": pools}


class LoadLog:
    """Load samples over a run: ``before()``, ``sample()`` as it goes, ``after()``."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.record: dict[str, Any] = {
            "cpu_count": os.cpu_count(),
            "cpu_usable": len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else None,
            "blas_threads": blas_threads(),
            "before": loadavg(),
            "during": [],
            "after": None,
        }

    def sample(self) -> None:
        one = loadavg()
        if one is not None:
            self.record["during"].append([round(time.monotonic() - self.start, 1), one[0]])

    def after(self) -> dict[str, Any]:
        self.record["after"] = loadavg()
        during = [x for _, x in self.record["during"]]
        self.record["mean"] = round(statistics.fmean(during), 2) if during else None
        return self.record


def mean_load(doc: dict[str, Any]) -> float | None:
    """A run's load: the mean of its samples during the run (else before and after)."""
    load = doc.get("load")
    if not isinstance(load, dict):
        return None
    if load.get("mean") is not None:
        return float(load["mean"])
    ends = [x[0] for x in (load.get("before"), load.get("after")) if x]
    return statistics.fmean(ends) if ends else None


def load_factor(doc: dict[str, Any]) -> float | None:
    """How much the load may have slowed a run down: ``max(1, load / cpus)``; ``None``
    where the run recorded no load (files from before issue 29)."""
    load = mean_load(doc)
    cpus = (doc.get("load") or {}).get("cpu_usable") or (doc.get("load") or {}).get("cpu_count")
    if load is None or not cpus:
        return None
    per_cpu: float = load / cpus  # cpus: an int from the JSON file
    return max(1.0, per_cpu)


def explained(ratio: float, old_factor: float | None, new_factor: float | None) -> bool:
    """Whether the loads explain a ratio of times new / old: it lies between 1 and the
    ratio of the load factors raised to ``SLACK`` (on the side the load moved to)."""
    if old_factor is None or new_factor is None:
        return False
    bound: float = (new_factor / old_factor) ** SLACK
    return bound <= ratio <= 1.0 if bound < 1.0 else 1.0 <= ratio <= bound
