"""``ak.random`` against the frameworks' own generators, in one run.

    python benchmarks/rng.py [--drivers numpy,tensorflow,jax] [--n 10000000] [--smoke]
                                [--json PATH]

Draws ``n`` values per call of each workload of ``WORKLOADS``: ``random`` float32 and
float64, ``integers(0, 1000)`` (int64) and ``standard_normal`` float32 and float64:

* NumPy driver: ``ak.random`` against NumPy's ``default_rng()`` (PCG64) and
  ``Generator(Philox)`` (Philox4x64: NumPy has no Philox4x32).  Target: at most 1.3x
  ``Generator(Philox)``.
* TensorFlow and JAX drivers: ``ak.random`` eagerly and under ``ak.jit`` (the generator
  passed as an argument) against the framework's native generator compiled
  (``tf.function`` of ``tf.random.stateless_uniform/normal`` with ``alg="philox"``;
  ``jax.jit`` of ``jax.random.uniform/randint/normal``, threefry).  Target: ``ak.jit``
  at most 2x the native generator.

Each contender is warmed up (compilation excluded) and timed ``repeat`` times with its
result synchronised; the table shows the minimum (noise only adds time) and the ratio
to the reference of its row group.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import arraykit as ak

TARGETS = {"numpy": 1.3, "tensorflow": 2.0, "jax": 2.0}

# (workload, ak.random call, NumPy Generator call); each draws n values.
WORKLOADS: list[tuple[str, Callable, Callable]] = [
    ("random f32", lambda g, n: g.random(n, dtype=ak.float32),
     lambda g, n: g.random(n, dtype=np.float32)),
    ("random f64", lambda g, n: g.random(n), lambda g, n: g.random(n)),
    ("integers [0, 1000) i64", lambda g, n: g.integers(0, 1000, n),
     lambda g, n: g.integers(0, 1000, n)),
    ("normal f32", lambda g, n: g.standard_normal(n, dtype=ak.float32),
     lambda g, n: g.standard_normal(n, dtype=np.float32)),
    ("normal f64", lambda g, n: g.standard_normal(n), lambda g, n: g.standard_normal(n)),
]  # fmt: skip


def _time(f: Callable[[], Any], repeat: int) -> float:
    f()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def _numpy_cases(n: int) -> list[tuple[str, str, Callable, bool]]:
    pcg, philox = np.random.default_rng(1), np.random.Generator(np.random.Philox(1))
    ak.use("numpy")
    g = ak.random.default_rng(1)
    cases = []
    for w, ours, theirs in WORKLOADS:
        cases += [
            (w, "np default_rng (PCG64)", lambda t=theirs: t(pcg, n), False),
            (w, "np Generator(Philox)", lambda t=theirs: t(philox, n), True),
            (w, "ak numpy", lambda o=ours: o(g, n), False),
        ]
    return cases


def _ak_cases(driver: str, n: int, sync: Callable) -> list[tuple[str, str, Callable, bool]]:
    ak.use(driver)
    g = ak.random.default_rng(1)
    cases = []
    for w, ours, _ in WORKLOADS:
        jitted = ak.jit(lambda rng, o=ours: o(rng, n))
        cases += [
            (w, f"ak {driver} eager", lambda o=ours: sync(o(g, n).native), False),
            (w, f"ak {driver} ak.jit", lambda j=jitted: sync(j(g).native), False),
        ]
    return cases


def _tf_cases(n: int) -> list[tuple[str, str, Callable, bool]]:
    import tensorflow as tf

    seed = tf.constant([1, 2], tf.int64)
    su, sn = tf.random.stateless_uniform, tf.random.stateless_normal
    native = {
        "random f32": lambda: su([n], seed, dtype=tf.float32, alg="philox"),
        "random f64": lambda: su([n], seed, dtype=tf.float64, alg="philox"),
        "integers [0, 1000) i64": lambda: su(
            [n], seed, minval=0, maxval=1000, dtype=tf.int64, alg="philox"
        ),
        "normal f32": lambda: sn([n], seed, dtype=tf.float32, alg="philox"),
        "normal f64": lambda: sn([n], seed, dtype=tf.float64, alg="philox"),
    }
    refs = [(w, "tf.random (tf.function)", tf.function(f), True) for w, f in native.items()]
    return refs + _ak_cases("tensorflow", n, lambda t: t)  # TF on CPU runs synchronously


def _jax_cases(n: int) -> list[tuple[str, str, Callable, bool]]:
    import jax

    ak.use("jax")  # arraykit's JAX driver turns on float64
    key = jax.random.key(1)
    ju, jn = jax.random.uniform, jax.random.normal
    native = {
        "random f32": lambda k: ju(k, (n,), dtype="float32"),
        "random f64": lambda k: ju(k, (n,), dtype="float64"),
        "integers [0, 1000) i64": lambda k: jax.random.randint(k, (n,), 0, 1000, dtype="int64"),
        "normal f32": lambda k: jn(k, (n,), dtype="float32"),
        "normal f64": lambda k: jn(k, (n,), dtype="float64"),
    }
    sync = lambda v: v.block_until_ready()  # noqa: E731
    compiled = {w: jax.jit(f) for w, f in native.items()}
    name = "jax.random (jax.jit)"
    refs = [(w, name, lambda f=f: sync(f(key)), True) for w, f in compiled.items()]
    return refs + _ak_cases("jax", n, sync)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--drivers", default="numpy,tensorflow,jax")
    p.add_argument("--n", type=int, default=10_000_000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--smoke", action="store_true", help="tiny sizes: checks the script runs")
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    n, repeat = (1000, 1) if a.smoke else (a.n, a.repeat)
    builders = {"numpy": _numpy_cases, "tensorflow": _tf_cases, "jax": _jax_cases}
    rows = []
    for driver in a.drivers.split(","):
        with ak.use(driver):  # the builders' ak.use calls end with the block
            cases = builders[driver](n)
            times = {(w, name): _time(f, repeat) for w, name, f, _ in cases}
        refs = {w: times[w, name] for w, name, _, is_ref in cases if is_ref}
        for w, name, _, is_ref in cases:
            t = times[w, name]
            rows.append(
                {
                    "driver": driver,
                    "workload": w,
                    "contender": name,
                    "ms": t * 1e3,
                    "ratio": t / refs[w],
                    "reference": is_ref,
                    "target": TARGETS[driver],
                }
            )
    print(f"n = {n} values per call, best of {repeat}")
    print("| driver | draw | contender | ms | x reference | target |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        judged = r["contender"].endswith(("ak numpy", "ak.jit"))
        verdict = ""
        if judged:
            met = "ok" if r["ratio"] <= r["target"] else "MISSED"
            verdict = f"<= {r['target']:.1f} {met}"
        print(
            f"| {r['driver']} | {r['workload']} | {r['contender']} | {r['ms']:.1f} | "
            f"{r['ratio']:.2f} | {verdict} |"
        )
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"n": n, "rows": rows}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
