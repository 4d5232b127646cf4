"""``ak.random`` against the frameworks' own generators, in one run.

    python benchmarks/rng.py [--drivers numpy,tensorflow,jax] [--n 10000000] [--smoke]
                                [--json PATH]

Draws ``n`` float32 values of ``random`` (uniform) and ``standard_normal`` per call:

* NumPy driver: ``ak.random`` against NumPy's ``default_rng()`` (PCG64) and
  ``Generator(Philox)`` (Philox4x64: NumPy has no Philox4x32).  Target: at most 1.5x
  ``Generator(Philox)``.
* TensorFlow and JAX drivers: ``ak.random`` eagerly and under ``ak.jit`` (the generator
  passed as an argument) against the framework's native generator compiled
  (``tf.function`` of ``tf.random.stateless_uniform/normal`` with ``alg="philox"``;
  ``jax.jit`` of ``jax.random.uniform/normal``, threefry).  Target: ``ak.jit`` at most
  2x the native generator.

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

TARGETS = {"numpy": 1.5, "tensorflow": 2.0, "jax": 2.0}


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
    f32 = np.float32
    return [
        ("random", "np default_rng (PCG64)", lambda: pcg.random(n, dtype=f32), False),
        ("random", "np Generator(Philox)", lambda: philox.random(n, dtype=f32), True),
        ("random", "ak numpy", lambda: g.random(n, dtype=ak.float32), False),
        ("normal", "np default_rng (PCG64)", lambda: pcg.standard_normal(n, dtype=f32), False),
        ("normal", "np Generator(Philox)", lambda: philox.standard_normal(n, dtype=f32), True),
        ("normal", "ak numpy", lambda: g.standard_normal(n, dtype=ak.float32), False),
    ]


def _ak_cases(driver: str, n: int, sync: Callable) -> list[tuple[str, str, Callable, bool]]:
    ak.use(driver)
    g = ak.random.default_rng(1)
    jr = ak.jit(lambda rng: rng.random(n, dtype=ak.float32))
    jn = ak.jit(lambda rng: rng.standard_normal(n, dtype=ak.float32))
    return [
        ("random", f"ak {driver} eager", lambda: sync(g.random(n, dtype=ak.float32).native), False),
        ("random", f"ak {driver} ak.jit", lambda: sync(jr(g).native), False),
        (
            "normal",
            f"ak {driver} eager",
            lambda: sync(g.standard_normal(n, dtype=ak.float32).native),
            False,
        ),
        ("normal", f"ak {driver} ak.jit", lambda: sync(jn(g).native), False),
    ]


def _tf_cases(n: int) -> list[tuple[str, str, Callable, bool]]:
    import tensorflow as tf

    seed = tf.constant([1, 2], tf.int64)
    uni = tf.function(
        lambda: tf.random.stateless_uniform([n], seed, dtype=tf.float32, alg="philox")
    )
    nor = tf.function(lambda: tf.random.stateless_normal([n], seed, dtype=tf.float32, alg="philox"))
    sync = lambda t: t  # noqa: E731 - TF on CPU runs synchronously
    return [
        ("random", "tf.random (tf.function)", lambda: uni(), True),
        ("normal", "tf.random (tf.function)", lambda: nor(), True),
        *_ak_cases("tensorflow", n, sync),
    ]


def _jax_cases(n: int) -> list[tuple[str, str, Callable, bool]]:
    import jax

    key = jax.random.key(1)
    uni = jax.jit(lambda k: jax.random.uniform(k, (n,), dtype="float32"))
    nor = jax.jit(lambda k: jax.random.normal(k, (n,), dtype="float32"))
    sync = lambda v: v.block_until_ready()  # noqa: E731
    return [
        ("random", "jax.random (jax.jit)", lambda: sync(uni(key)), True),
        ("normal", "jax.random (jax.jit)", lambda: sync(nor(key)), True),
        *_ak_cases("jax", n, sync),
    ]


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
    print(f"n = {n} float32 draws per call, best of {repeat}")
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
