"""Reliability: what is not an array is refused clearly, many threads and tasks compute at
once with their own settings, and repeated work keeps memory flat.
"""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import weakref
from typing import Any

import pytest
from fake_drivers import registered_two_cpu_driver

import arraykit as ak


# ---------------------------------------------------------------------- not arrays
@pytest.mark.parametrize(
    "obj, error, words",
    [
        (object(), TypeError, "from object"),
        (None, TypeError, "from NoneType"),
        ({"a": 1}, TypeError, "from dict"),
        ([1, None], TypeError, "from NoneType"),
        ([[1.0], [object()]], TypeError, "from object"),
        ("abc", TypeError, "from strings"),
        (["x", "y"], TypeError, "from strings"),
        (b"xy", TypeError, "from bytes"),
        ([[1, 2], [3]], ValueError, "inhomogeneous"),
        (2**70, OverflowError, "out of bounds for int64"),
        ([1, 2**70], OverflowError, "out of bounds for int64"),
    ],
    ids=lambda v: type(v).__name__,
)
def test_asarray_refuses_what_is_not_numeric_data(driver, obj, error, words):
    with pytest.raises(error, match=f"asarray: .*{words}"):
        ak.asarray(obj)


# ---------------------------------------------------------------------- concurrency
def _settings_program(expected: dict[str, Any]) -> None:
    """Results that depend on every setting of ``ak.use``; raises if one leaked in."""
    x = ak.arange(6)
    assert x.dtype == expected["default_int"]
    assert x.device == expected["device"] and x.driver.name == expected["driver"]
    y = ak.asarray(1.5) * ak.ones(3)
    assert y.dtype == expected["default_float"]
    assert ak.add(x, x).dtype == expected["default_int"]
    if expected["promotion"] == "strict":
        with pytest.raises(TypeError):
            ak.add(x, ak.ones(6))  # mixed kinds: refused by the strict mode only
    else:
        assert ak.add(x, ak.ones(6)).dtype.kind == "f"
    assert int(ak.sum(x)) == 15
    assert float(ak.max(y)) == 1.5


def _thread_settings(other: str) -> list[dict[str, Any]]:
    drivers = [n for n in ("numpy", "jax", "tensorflow") if n in ak.drivers.available()]
    out = []
    for i in range(12):
        names = [*drivers, other]
        name = names[i % len(names)]
        drv = ak.drivers.get(name)
        # Each driver's turns walk its devices, so the two-CPU driver uses both of its
        # devices whatever the number of installed drivers.
        device = drv.devices()[(i // len(names)) % len(drv.devices())]
        out.append(
            {
                "driver": name,
                "device": device,
                "promotion": ("numpy", "strict", "jax")[i % 3],
                "default_float": ak.float32 if i % 2 else ak.float64,
                "default_int": ak.int32 if i % 4 < 2 else ak.int64,
            }
        )
    return out


def test_twelve_threads_compute_at_once_with_their_own_settings():
    with registered_two_cpu_driver() as other:  # a second device without a GPU
        settings = _thread_settings(other)
        barrier = threading.Barrier(len(settings))
        errors: list[BaseException] = []

        def body(s: dict[str, Any]) -> None:
            try:
                with ak.use(
                    s["driver"],
                    device=s["device"],
                    promotion=s["promotion"],
                    default_float=s["default_float"],
                    default_int=s["default_int"],
                ):
                    barrier.wait(timeout=60)  # all settings are made before any runs
                    for _ in range(30):
                        _settings_program(s)
            except BaseException as e:  # reported below, with its thread's settings
                errors.append(AssertionError(f"{s}: {e!r}"))

        threads = [threading.Thread(target=body, args=(s,)) for s in settings]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not errors, errors
        assert len({(s["driver"], str(s["device"])) for s in settings}) > 2


def test_asyncio_tasks_compute_with_their_own_settings():
    with registered_two_cpu_driver() as other:
        settings = _thread_settings(other)

        async def task(s: dict[str, Any]) -> None:
            with ak.use(
                s["driver"],
                device=s["device"],
                promotion=s["promotion"],
                default_float=s["default_float"],
                default_int=s["default_int"],
            ):
                for _ in range(10):
                    _settings_program(s)
                    await asyncio.sleep(0)  # let the other tasks run in between

        async def main() -> None:
            await asyncio.gather(*(task(s) for s in settings))

        asyncio.run(main())


# ---------------------------------------------------------------------- memory
def _rss_bytes() -> int:
    with open(f"/proc/{os.getpid()}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _small_program(x: ak.Array) -> ak.Array:
    y = ak.sin(x) * 2.0 + x[1:3].shape[0]
    v = y[:2]
    v += 1.0  # a view, written through
    return ak.sum(ak.where(y > 0, y, -y))


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs Linux's /proc")
def test_repeating_a_small_program_keeps_memory_flat(driver):
    x = ak.linspace(-1.0, 1.0, 8)
    # A lazy driver builds a graph per operation (~1 ms): fewer runs, the same bound, so a
    # leak of one small graph per run (> 3 KiB) still shows.
    runs = 5_000 if driver.capabilities.lazy else 100_000
    for _ in range(runs // 50):  # warm-up: caches, compiled kernels, allocator pools
        _small_program(x)
    gc.collect()
    before = _rss_bytes()
    for _ in range(runs):
        _small_program(x)
    gc.collect()
    growth = _rss_bytes() - before
    print(f"{driver.name}: resident memory grew by {growth / 2**20:.2f} MiB over {runs} runs")
    assert growth < 16 * 2**20, f"resident memory grew by {growth / 2**20:.1f} MiB"


def test_arrays_form_no_reference_cycles(driver):
    x = ak.linspace(-1.0, 1.0, 8)
    _small_program(x)  # warm-up
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(20):
            _small_program(x)
            ak.unique_counts(ak.asarray([3, 1, 3]))
            x.mT if x.ndim > 1 else x.T if x.ndim == 2 else x  # noqa: B018
        gc.collect()
        cyclic = [o for o in gc.garbage if isinstance(o, ak.Array)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert not cyclic, f"{len(cyclic)} arrays were only freed by the cycle collector"


def test_jit_caches_do_not_keep_arguments_alive(driver):
    @ak.jit
    def f(a: ak.Array, b: ak.Array) -> ak.Array:
        return a * b + 1.0

    x, y = ak.ones(4), ak.ones(4)
    f(x, y)
    f(x, y)
    refs = weakref.ref(x), weakref.ref(y)
    del x, y
    gc.collect()
    assert all(r() is None for r in refs)
