"""Per-call overhead of arraykit against the raw backend it wraps, in the same run.

    python benchmarks/overhead.py [--drivers numpy] [--quick] [--json PATH] [--check]

Every cell is the *minimum* over ``--repeat`` repeats of the mean time per call (each repeat
runs the statement ``number`` times, ``number`` chosen by ``timeit.Timer.autorange``). The
minimum is the usual estimator for overhead: noise (other processes, interrupts, frequency
changes) only ever adds time, so the fastest repeat is the closest to the cost of the code
itself. The median is recorded in the JSON output too.

Targets (arraykit against the raw backend of the same driver):
  * size 1, and every size for O(1) ops such as ``x[0]``: at most 2 us slower;
  * size 1e6 for ops whose cost grows with the size: at most 3% slower.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

SIZES = (1, 100, 10_000, 1_000_000)
OVERHEAD_US = 2.0  # allowed extra time per call at size 1 (and for O(1) ops)
LARGE_RATIO = 1.03  # allowed ratio at size 1e6


@dataclass(frozen=True)
class Op:
    name: str
    stmt: str  # evaluated with ``xp`` (the namespace), ``x`` and ``y`` (arrays) in scope
    scales: bool = True  # False: the work does not grow with the size (indexing)


OPS = (
    Op("add(x, y)", "xp.add(x, y)"),
    Op("x + 1", "x + 1"),
    Op("sin(x)", "xp.sin(x)"),
    Op("sum(x)", "xp.sum(x)"),
    Op("x[0]", "x[0]", scales=False),
)


@dataclass(frozen=True)
class Backend:
    label: str
    # numpy inputs -> (namespace, x, y); raises ImportError when the backend is not installed
    make: Callable[[np.ndarray, np.ndarray], tuple[Any, Any, Any]]
    # wraps the timed statement, e.g. "({}).block_until_ready()" for asynchronous backends
    sync: str = "{}"


def _numpy(a, b):
    return np, a, b


def _strict(a, b):
    import array_api_strict as xps

    return xps, xps.asarray(a), xps.asarray(b)


def _jax(a, b):
    import jax

    jax.config.update("jax_enable_x64", True)  # as arraykit's JAX driver does: float64 stays
    import jax.numpy as jnp

    return jnp, jnp.asarray(a), jnp.asarray(b)


def _tf(a, b):
    """Raw TensorFlow: the public op doing the same work (tf.math.add, tf.math.sin, ...)."""
    from types import SimpleNamespace

    import tensorflow as tf

    ns = SimpleNamespace(add=tf.math.add, sin=tf.math.sin, sum=tf.math.reduce_sum)
    return ns, tf.constant(a), tf.constant(b)


def _tf_numpy(a, b):
    import tensorflow.experimental.numpy as tnp

    return tnp, tnp.asarray(a), tnp.asarray(b)


def _arraykit(driver: str):
    def make(a, b):
        import arraykit as ak

        kw = {} if driver == "numpy" else {"driver": driver}
        return ak, ak.asarray(a, **kw), ak.asarray(b, **kw)

    return make


# One entry per driver: (the raw backend, arraykit on that driver). Adding TensorFlow or JAX
# is one line here, e.g.
#   "jax": (Backend("jax.numpy", _jax, sync="({}).block_until_ready()"),
#           Backend("arraykit[jax]", _arraykit("jax"), sync="({}).native.block_until_ready()")),
#   "tensorflow": (Backend("tf.numpy", _tf_numpy),
#                  Backend("arraykit[tf]", _arraykit("tensorflow"))),
# where _jax / _tf_numpy return (jax.numpy, jnp.asarray(a), ...) / (tnp, tf.constant(a), ...).
DRIVERS: dict[str, tuple[Backend, Backend]] = {
    "numpy": (Backend("numpy", _numpy), Backend("arraykit", _arraykit("numpy"))),
    "jax": (
        Backend("jax.numpy", _jax, sync="({}).block_until_ready()"),
        Backend("arraykit[jax]", _arraykit("jax"), sync="({}).native.block_until_ready()"),
    ),
    "tensorflow": (Backend("tf", _tf), Backend("arraykit[tf]", _arraykit("tensorflow"))),
}
# Shown for context, with no targets: another array-API wrapper around NumPy.
REFERENCES = (Backend("strict", _strict),)
# Per-driver context columns (no targets), shown when that driver is benchmarked.
DRIVER_REFERENCES: dict[str, tuple[Backend, ...]] = {
    "tensorflow": (Backend("tf.numpy", _tf_numpy),),
}


def measure(backends: list[Backend], op: Op, size: int, repeat: int) -> dict[str, dict]:
    """Seconds per call for each backend: min and median over repeats.

    Each backend's answer is checked against NumPy's first; a backend that fails (missing
    function, wrong answer) gets {"error": ...} instead. The repeats are interleaved
    (backend A, B, C, A, B, C, ...) so slow drift in the machine's state affects all alike.
    """
    rng = np.random.default_rng(0)
    a, b = rng.random(size), rng.random(size)
    expected = eval(op.stmt, {"xp": np, "x": a, "y": b})
    timers, out = {}, {}
    for backend in backends:
        stmt = backend.sync.format(op.stmt)
        try:
            xp, x, y = backend.make(a, b)
            ns = {"xp": xp, "x": x, "y": y}
            np.testing.assert_allclose(np.asarray(eval(stmt, ns)), expected, rtol=1e-12)
        except Exception as exc:
            msg = f"{type(exc).__name__}: {exc}".strip().splitlines()[0]
            print(f"note: {backend.label} failed {stmt!r} at size {size}: {msg}", file=sys.stderr)
            out[backend.label] = {"error": msg}
            continue
        timer = timeit.Timer(stmt, globals=ns)
        timers[backend.label] = (timer, timer.autorange()[0])
    per_call: dict[str, list[float]] = {label: [] for label in timers}
    for _ in range(repeat):
        for label, (timer, number) in timers.items():
            per_call[label].append(timer.timeit(number) / number)
    for label, ts in per_call.items():
        out[label] = {"min": min(ts), "median": statistics.median(ts), "number": timers[label][1]}
    return out


def verdict(op: Op, size: int, raw_s: float, ak_s: float) -> str:
    if size == 1 or not op.scales:
        return "PASS" if (ak_s - raw_s) * 1e6 <= OVERHEAD_US else "FAIL"
    if size == max(SIZES):
        return "PASS" if ak_s / raw_s <= LARGE_RATIO else "FAIL"
    return "-"


def _us(t: dict, width: int) -> str:
    return f"{'error':>{width}}" if "error" in t else f"{t['min'] * 1e6:>{width}.3f}"


def available(backends: list[Backend]) -> list[Backend]:
    """Keep the backends that import and run; print a note for the others."""
    keep = []
    for b in backends:
        try:
            b.make(np.ones(2), np.ones(2))
        except Exception as exc:  # a half-written package may fail with anything
            print(f"note: skipping {b.label}: {type(exc).__name__}: {exc}", file=sys.stderr)
        else:
            keep.append(b)
    return keep


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--drivers", default="numpy", help=f"comma-separated, from {list(DRIVERS)}")
    p.add_argument("--repeat", type=int, default=7, help="repeats per cell (default 7)")
    p.add_argument("--quick", action="store_true", help="3 repeats instead of --repeat")
    p.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 if any target fails")
    args = p.parse_args(argv)
    names = [d.strip() for d in args.drivers.split(",") if d.strip()]
    if unknown := [d for d in names if d not in DRIVERS]:
        p.error(f"unknown driver(s) {unknown}; known: {list(DRIVERS)}")
    repeat = 3 if args.quick else args.repeat

    pairs = [DRIVERS[d] for d in names]
    # Columns: raw backends, then the references, then arraykit on each driver.
    refs = [*REFERENCES, *(r for d in names for r in DRIVER_REFERENCES.get(d, ()))]
    ordered = [raw for raw, _ in pairs] + refs + [ak for _, ak in pairs]
    backends = available(ordered)
    pairs = [(raw, ak) for raw, ak in pairs if raw in backends and ak in backends]

    header = [f"{'op':<10}", f"{'size':>9}"] + [f"{b.label + ' us':>13}" for b in backends]
    for raw, ak in pairs:
        header += [f"{ak.label + '-' + raw.label + ' us':>20}", f"{'ratio':>7}", f"{'target':>6}"]
    print(" ".join(header))
    print("-" * len(" ".join(header)))

    results: list[dict[str, Any]] = []
    failed = 0
    for op in OPS:
        for size in SIZES:
            times = measure(backends, op, size, repeat)
            row = [f"{op.name:<10}", f"{size:>9}"]
            row += [_us(times[b.label], 13) for b in backends]
            checks = {}
            for raw, ak in pairs:
                if "error" in times[raw.label] or "error" in times[ak.label]:
                    v = "ERROR"
                    row += [f"{'-':>20}", f"{'-':>7}", f"{v:>6}"]
                else:
                    r, a = times[raw.label]["min"], times[ak.label]["min"]
                    v = verdict(op, size, r, a)
                    row += [f"{(a - r) * 1e6:>20.3f}", f"{a / r:>7.2f}", f"{v:>6}"]
                failed += v in ("FAIL", "ERROR")
                checks[f"{ak.label} vs {raw.label}"] = v
            print(" ".join(row), flush=True)
            results.append(
                {"op": op.name, "size": size, "seconds_per_call": times, "targets": checks}
            )

    if args.json:
        meta = {
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "platform": platform.platform(),
            "machine": platform.machine(),
            "repeat": repeat,
            "statistic": "min over repeats of the mean time per call",
        }
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=2)
        print(f"wrote {args.json}")
    if failed:
        print(f"{failed} target(s) missed", file=sys.stderr)
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
