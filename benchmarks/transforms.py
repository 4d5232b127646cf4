"""``ak.jit`` against the framework's own compiler doing the same work.

    python benchmarks/transforms.py [--drivers jax,tensorflow] [--quick] [--json PATH]

Two workloads, each written once with arraykit and once with the raw framework:

* ``sigmoid``: ``1 / (1 + exp(-x))`` on a float32 vector;
* ``mlp_step``: one gradient-descent step of a small MLP (dense layer + ReLU, linear
  projection, mean squared error): ``value_and_grad`` of the loss and the parameter
  update, all under one compiled call, parameters passed as a dict.

Contenders: ``ak.jit`` of the arraykit code (JAX: ``jax.jit`` underneath; TensorFlow:
``tf.function``) against ``jax.jit`` of the ``jax.numpy`` code and ``tf.function`` of
the TensorFlow code (``GradientTape`` for the gradient).  Compilation happens in the
warm-up and is excluded.  Before anything is timed, each contender's answer is checked:
sigmoid against NumPy's, the MLP step of ``ak.jit`` against the raw one (new parameters
and loss); a wrong answer stops the script with exit status 1.  Results are synchronised
inside the timed loop (``jax.block_until_ready``; TensorFlow: the bench's ``tf_sync``,
which waits for the devices when a result is on an accelerator).

Timing: each repeat times ``number`` calls of each contender back to back (the order
rotates), so a repeat is a pair measured on nearly the same machine.  The verdict is the
median over the repeats of ``ak / raw``: on a shared machine whose speed drifts during
the run, the halves of a pair see nearly the same machine.  The minimum of each
contender (noise only adds time) and their ratio are shown too.  Target: ``ak.jit`` at
most 5 % slower than the raw compiled function.

The ``floor`` column times a third contender on ``sigmoid``: the raw compiled function
plus making an arraykit ``Array`` of its result, nothing else, the least any function
returning arraykit arrays can cost; ``floor / raw`` says how much of the budget that
alone takes where a call costs a few microseconds.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import arraykit as ak
from arraykit._array import Array, _object_new  # the floor contender makes one, as ak.jit does

TARGET = 1.05
LR = 0.05


@dataclass
class Case:
    workload: str
    size: str
    raw: Callable[[], Any]  # one synchronised call of the raw compiled function
    ak: Callable[[], Any]  # one synchronised call of ak.jit
    floor: Callable[[], Any] | None = None  # raw, plus wrapping its result in an Array
    # Raises AssertionError when a contender's answer is wrong (run before any timing).
    check: Callable[[], None] = lambda: None


def same(what: str, got: Any, want: Any, rtol: float = 1e-4) -> None:
    """``got`` is ``want`` (trees of arrays: dicts, tuples) to float32 rounding."""
    if isinstance(want, dict):
        for k in want:
            same(f"{what}[{k!r}]", got[k], want[k], rtol)
    elif isinstance(want, tuple | list):
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            same(f"{what}[{i}]", g, w, rtol)
    else:
        np.testing.assert_allclose(
            np.asarray(got), np.asarray(want), rtol=rtol, atol=1e-6, err_msg=what
        )


# ----------------------------------------------------------------- arraykit code
def ak_sigmoid(x: ak.Array) -> ak.Array:
    return 1 / (1 + ak.exp(-x))


def ak_loss(p: dict, x: ak.Array, y: ak.Array) -> ak.Array:
    hidden = ak.maximum(x @ p["w1"] + p["b1"], 0.0)
    return ak.mean((hidden @ p["w2"] + p["b2"] - y) ** 2)


def ak_step(p: dict, x: ak.Array, y: ak.Array) -> tuple[dict, ak.Array]:
    value, g = ak.value_and_grad(ak_loss)(p, x, y)
    return {k: p[k] - LR * g[k] for k in p}, value


# ----------------------------------------------------------------- inputs
def mlp_data(batch: int, n_in: int, n_hidden: int) -> tuple[dict, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    params = {
        "w1": (rng.normal(size=(n_in, n_hidden)) / np.sqrt(n_in)).astype(np.float32),
        "b1": np.zeros(n_hidden, np.float32),
        "w2": (rng.normal(size=(n_hidden,)) / np.sqrt(n_hidden)).astype(np.float32),
        "b2": np.zeros((), np.float32),
    }
    x = rng.normal(size=(batch, n_in)).astype(np.float32)
    y = np.sin(x[:, 0]).astype(np.float32)
    return params, x, y


MLP_SIZES = ((64, 16, 32), (512, 64, 256), (4096, 256, 512))  # (batch, n_in, n_hidden)
SIZES = {  # scale -> (sigmoid sizes, MLP sizes); "smoke" is for the test suite
    "smoke": ((1_000,), MLP_SIZES[:1]),
    "quick": ((1_000, 1_000_000), MLP_SIZES[:2]),
    "full": ((1_000, 100_000, 1_000_000, 10_000_000), MLP_SIZES),
}


def _ak_tree(obj: Any) -> Any:
    return {k: ak.asarray(v) for k, v in obj.items()} if isinstance(obj, dict) else ak.asarray(obj)


# ----------------------------------------------------------------- JAX
def jax_cases(scale: str) -> list[Case]:
    import jax
    import jax.numpy as jnp

    sync = jax.block_until_ready

    @jax.jit
    def raw_sigmoid(x: Any) -> Any:
        return 1 / (1 + jnp.exp(-x))

    # arraykit's JAX matmul asks for full float32 precision on every device (JAX's
    # default runs TF32/bf16 passes on GPUs and TPUs): the raw code asks for the same.
    mm = functools.partial(jnp.matmul, precision=jax.lax.Precision.HIGHEST)

    def raw_loss(p: dict, x: Any, y: Any) -> Any:
        hidden = jnp.maximum(mm(x, p["w1"]) + p["b1"], 0.0)
        return jnp.mean((mm(hidden, p["w2"]) + p["b2"] - y) ** 2)

    @jax.jit
    def raw_step(p: dict, x: Any, y: Any) -> tuple:
        value, g = jax.value_and_grad(raw_loss)(p, x, y)
        return {k: p[k] - LR * g[k] for k in p}, value

    return _cases("jax", jnp.asarray, sync, raw_sigmoid, raw_step, scale)


# ----------------------------------------------------------------- TensorFlow
def tensorflow_cases(scale: str) -> list[Case]:
    import tensorflow as tf

    from arraykit._bench.backends import tf_sync

    sync = tf_sync(tf)  # nothing to wait for on CPU; on GPUs, waits for the devices

    @tf.function(autograph=False)
    def raw_sigmoid(x: Any) -> Any:
        return 1 / (1 + tf.exp(-x))

    def raw_loss(p: dict, x: Any, y: Any) -> Any:
        hidden = tf.maximum(tf.matmul(x, p["w1"]) + p["b1"], 0.0)
        out = tf.linalg.matvec(hidden, p["w2"]) + p["b2"]
        return tf.reduce_mean((out - y) ** 2)

    @tf.function(autograph=False)
    def raw_step(p: dict, x: Any, y: Any) -> tuple:
        with tf.GradientTape() as tape:
            tape.watch(p)
            value = raw_loss(p, x, y)
        g = tape.gradient(value, p)
        return {k: p[k] - LR * g[k] for k in p}, value

    return _cases("tensorflow", tf.convert_to_tensor, sync, raw_sigmoid, raw_step, scale)


def _cases(
    driver: str, native: Callable, sync: Callable, raw_sigmoid: Callable, raw_step: Callable,
    scale: str,
) -> list[Case]:  # fmt: skip
    cases = []
    jit_sigmoid, jit_step = ak.jit(ak_sigmoid), ak.jit(ak_step)
    with ak.use(driver):
        sigmoid_sizes, mlp_sizes = SIZES[scale]
        for n in sigmoid_sizes:
            x_np = np.random.default_rng(1).normal(size=n).astype(np.float32)
            xr, xa = native(x_np), ak.asarray(x_np)

            def floor(xr: Any = xr, drv: Any = xa.driver, dtype: Any = xa.dtype) -> Any:
                res = _object_new(Array)  # made before the call, as ak.jit does
                res._driver, res._dtype = drv, dtype
                res._value = raw_sigmoid(xr)
                return sync(res._value)

            def check(x_np: Any = x_np, xr: Any = xr, xa: Any = xa) -> None:
                want = 1 / (1 + np.exp(-x_np.astype(np.float64)))
                same(f"{driver} raw sigmoid", raw_sigmoid(xr), want)
                same(f"{driver} ak.jit sigmoid", jit_sigmoid(xa), want)

            cases.append(
                Case(
                    "sigmoid",
                    f"{n:.0e}",
                    lambda xr=xr: sync(raw_sigmoid(xr)),
                    lambda xa=xa: sync(jit_sigmoid(xa)._value),
                    floor,
                    check,
                )
            )
        for batch, n_in, n_hidden in mlp_sizes:
            p_np, x_np, y_np = mlp_data(batch, n_in, n_hidden)
            pr = {k: native(v) for k, v in p_np.items()}
            xr, yr = native(x_np), native(y_np)
            pa, xa, ya = _ak_tree(p_np), ak.asarray(x_np), ak.asarray(y_np)

            # Both wait for the same two results (the step's others are computed with them).
            def raw_call(pr: dict = pr, xr: Any = xr, yr: Any = yr) -> Any:
                new, value = raw_step(pr, xr, yr)
                return sync((new["w1"], value))

            def ak_call(pa: dict = pa, xa: Any = xa, ya: Any = ya) -> Any:
                new, value = jit_step(pa, xa, ya)
                return sync((new["w1"]._value, value._value))

            def check(
                pr: dict = pr, xr: Any = xr, yr: Any = yr, pa: dict = pa, xa: Any = xa,
                ya: Any = ya,
            ) -> None:  # fmt: skip
                want = raw_step(pr, xr, yr)
                got = jit_step(pa, xa, ya)
                same(f"{driver} ak.jit mlp_step vs raw", got, want, rtol=1e-3)

            cases.append(
                Case(
                    "mlp_step",
                    f"{batch}x{n_in}->{n_hidden}->1",
                    raw_call,
                    ak_call,
                    check=check,
                )
            )
    return cases


FACTORIES = {"jax": jax_cases, "tensorflow": tensorflow_cases}


# ----------------------------------------------------------------- timing
def per_call(fn: Callable[[], Any], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def choose_number(fn: Callable[[], Any], target_s: float) -> int:
    number = 1
    while True:
        if per_call(fn, number) * number >= target_s or number >= 1 << 20:
            return number
        number *= 2


def measure(case: Case, repeat: int, target_s: float) -> dict:
    contenders = {"raw": case.raw, "ak": case.ak}
    if case.floor is not None:
        contenders["floor"] = case.floor
    for _ in range(3):  # warm-up: tracing and compilation happen here
        for fn in contenders.values():
            fn()
    number = choose_number(case.raw, target_s)
    names = list(contenders)
    times: dict[str, list[float]] = {name: [] for name in names}
    for i in range(repeat):  # the order rotates: drift hits every contender alike
        for name in names[i % len(names) :] + names[: i % len(names)]:
            times[name].append(per_call(contenders[name], number))
    raw, arraykit = times["raw"], times["ak"]

    def paired(name: str) -> float:  # median over the repeats of name / raw
        return statistics.median(t / r for t, r in zip(times[name], raw, strict=True))

    row = {
        "workload": case.workload,
        "size": case.size,
        "number": number,
        "raw_us": min(raw) * 1e6,
        "ak_us": min(arraykit) * 1e6,
        "raw_median_us": statistics.median(raw) * 1e6,
        "ak_median_us": statistics.median(arraykit) * 1e6,
        "ratio_of_mins": min(arraykit) / min(raw),
        # The verdict: the median over the repeats of ak / raw, each pair measured back
        # to back; robust to the machine's speed drifting during the run.
        "ratio": paired("ak"),
    }
    if "floor" in times:
        row["floor_us"] = min(times["floor"]) * 1e6
        row["floor_ratio"] = paired("floor")
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--drivers", default="jax,tensorflow")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)  # tests only
    p.add_argument("--repeat", type=int, default=None)
    p.add_argument("--json", help="write the rows here")
    p.add_argument("--check", action="store_true", help="exit 1 when a ratio exceeds the target")
    args = p.parse_args(argv)
    scale = "smoke" if args.smoke else "quick" if args.quick else "full"
    repeat = args.repeat or {"smoke": 1, "quick": 9, "full": 31}[scale]
    target_s = {"smoke": 0.001, "quick": 0.02, "full": 0.05}[scale]

    rows = []
    header = (
        f"| driver | workload | size | raw (us) | ak.jit (us) | ratio of mins "
        f"| paired ratio | <= {TARGET} | floor / raw |"
    )
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(header + "\n|---|---|---|---|---|---|---|---|---|")
    for name in args.drivers.split(","):
        try:
            cases = FACTORIES[name](scale)
        except ImportError as e:
            print(f"| {name} | skipped: {e} |")
            continue
        for case in cases:
            try:
                case.check()
            except AssertionError as e:
                print(f"| {name} | {case.workload} | {case.size} | WRONG ANSWER: {e}")
                return 1
            row = {"driver": name, **measure(case, repeat, target_s)}
            rows.append(row)
            ok = "PASS" if row["ratio"] <= TARGET else "FAIL"
            floor = f"{row['floor_ratio']:.3f}" if "floor_ratio" in row else ""
            print(
                f"| {name} | {row['workload']} | {row['size']} | {row['raw_us']:.1f} "
                f"| {row['ak_us']:.1f} | {row['ratio_of_mins']:.3f} | {row['ratio']:.3f} "
                f"| {ok} | {floor} |",
                flush=True,
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"python": sys.version, "rows": rows}, f, indent=2)
    return 1 if args.check and any(r["ratio"] > TARGET for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
