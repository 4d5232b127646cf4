"""``ak.use``: as a call and as a context manager, per thread and per asyncio task;
``ak.set_defaults``: the process defaults that threads without settings of their own use.

What is active is read through behaviour a user sees: the driver and dtypes of what
creation functions make, what ``result_type`` answers, and the inspection namespace.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from fake_drivers import registered_two_cpu_driver

import arraykit as ak
from arraykit import _config

DEFAULTS = ("numpy", "numpy", "float64", "int64")


@pytest.fixture(autouse=True)
def _restore_settings() -> Iterator[None]:
    """Calls of ``ak.use`` (not as a context manager) last: undo them after each test."""
    outer = ak.use()
    yield
    outer.__exit__(None, None, None)


@pytest.fixture
def other_driver() -> Iterator[str]:
    with registered_two_cpu_driver("cfg") as name:
        yield name


def promotion_mode() -> str:
    """The active promotion mode, told apart by what each mode answers."""
    try:
        r = ak.result_type(ak.int64, ak.float32)  # numpy: float64; jax: float32
    except TypeError:  # strict and safe refuse; safe allows int8 with float32
        try:
            ak.result_type(ak.int8, ak.float32)
        except TypeError:
            return "strict"
        return "safe"
    return "numpy" if r == ak.float64 else "jax"


def current() -> tuple[str, str, str, str]:
    """(driver, promotion mode, default float, default int) as arrays show them."""
    return (
        ak.zeros(()).driver.name,
        promotion_mode(),
        ak.zeros(()).dtype.name,
        ak.asarray(0).dtype.name,
    )


def in_thread(fn: Callable[[], Any]) -> Any:
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join(timeout=30)
    assert out, "the thread failed"
    return out[0]


# ------------------------------------------------------------------ call and context
def test_defaults() -> None:
    assert in_thread(current) == DEFAULTS  # a fresh thread: nothing set by other tests


def test_call_form_lasts() -> None:
    ak.use(promotion="strict", default_float="float32")
    assert current()[1:3] == ("strict", "float32")
    ak.use(default_int="int32")
    assert current()[1:] == ("strict", "float32", "int32")  # unnamed settings are kept


def test_context_manager_restores() -> None:
    before = current()
    with ak.use(promotion="jax", default_float="float32", default_int="int32") as cfg:
        assert current()[1:] == ("jax", "float32", "int32")
        assert cfg.default_float == ak.float32
    assert current() == before


def test_nested_context_managers() -> None:
    with ak.use(promotion="strict"):
        with ak.use(default_float="float32"):
            assert current()[1:3] == ("strict", "float32")
            with ak.use(promotion="numpy", default_int="int32"):
                assert current()[1:] == ("numpy", "float32", "int32")
            assert current()[1:] == ("strict", "float32", "int64")
        assert current()[1:3] == ("strict", "float64")
    assert current()[1:3] == ("numpy", "float64")


def test_context_manager_restores_after_an_exception() -> None:
    with pytest.raises(RuntimeError), ak.use(promotion="strict"):
        raise RuntimeError("boom")
    assert promotion_mode() == "numpy"


def test_call_inside_a_context_manager_is_undone_on_exit() -> None:
    with ak.use(promotion="jax"):
        ak.use(default_float="float32")
        assert current()[1:3] == ("jax", "float32")
    assert current()[1:3] == ("numpy", "float64")


def test_switching_driver_resets_the_device(other_driver: str) -> None:
    with ak.use(other_driver, device="cpu:1"):
        assert str(ak.zeros(1).device) == "cpu:1"
        with ak.use(promotion="strict"):  # same driver: the device is kept
            assert str(ak.zeros(1).device) == "cpu:1"
        with ak.use("numpy"):
            assert ak.zeros(1).driver.name == "numpy"
            assert str(ak.zeros(1).device) == "cpu"
        with ak.use(other_driver):  # the active driver again: not another one, kept
            assert str(ak.zeros(1).device) == "cpu:1"
        with ak.use("numpy"), ak.use(other_driver):  # another driver: its default device
            assert str(ak.zeros(1).device) == "cpu"
        assert str(ak.zeros(1).device) == "cpu:1"


def test_driver_and_device_by_object(other_driver: str) -> None:
    drv = ak.drivers.get(other_driver)
    with ak.use(drv, device=drv.devices()[1]):
        x = ak.ones(2)
    assert x.driver is drv and x.device == drv.devices()[1]


# ------------------------------------------------------------------ threads and tasks
def test_a_threads_call_does_not_leak_into_the_main_thread(other_driver: str) -> None:
    def body() -> tuple[str, ...]:
        ak.use(other_driver, promotion="strict", default_float="float32", default_int="int32")
        return current()

    assert in_thread(body) == (other_driver, "strict", "float32", "int32")
    assert current() == DEFAULTS


def test_a_new_thread_starts_from_the_defaults(other_driver: str) -> None:
    ak.use(other_driver, promotion="jax", default_int="int32")
    with ak.use(promotion="strict", default_float="float32"):
        assert in_thread(current) == DEFAULTS
        assert current() == (other_driver, "strict", "float32", "int32")


@pytest.fixture
def process_defaults() -> Iterator[None]:
    """``ak.set_defaults`` changes the whole process: put the defaults back after the test."""
    saved = _config._default()
    yield
    _config._DEFAULT = saved


def test_set_defaults_reaches_new_threads_and_pools(other_driver, process_defaults) -> None:
    import concurrent.futures

    got = ak.set_defaults(other_driver, promotion="jax", default_int="int32")
    assert got.driver.name == other_driver
    want = (other_driver, "jax", "float64", "int32")
    assert in_thread(current) == want
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert pool.submit(current).result() == want


def test_set_defaults_leaves_a_threads_own_settings(other_driver, process_defaults) -> None:
    with ak.use(promotion="strict"):
        ak.set_defaults(other_driver, default_float="float32")
        assert current() == ("numpy", "strict", "float64", "int64")
        assert in_thread(current) == (other_driver, "numpy", "float32", "int64")
    # Arguments left out keep the current defaults; with none, nothing changes.
    assert ak.set_defaults().driver.name == other_driver
    ak.set_defaults(default_float="float64")
    assert in_thread(current) == (other_driver, "numpy", "float64", "int64")


def test_a_bad_default_changes_nothing(process_defaults) -> None:
    with pytest.raises(ValueError, match="promotion"):
        ak.set_defaults(default_float="float32", promotion="nope")
    with pytest.raises(ValueError, match="unknown device"):
        ak.set_defaults("numpy", device="gpu:7")
    assert in_thread(current) == DEFAULTS


def test_a_worker_threads_array_follows_the_process_driver(other_driver, process_defaults) -> None:
    """SciPy's medfilt2d_parallel pattern: the workers make arrays without a device= and the
    main thread assigns them into an array of the chosen driver."""
    import concurrent.futures

    def main() -> ak.Array:  # a thread of its own: this test's thread has its own settings
        out = ak.zeros(4)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            parts = list(pool.map(lambda k: ak.asarray([k, k + 1.0]), (0.0, 2.0)))
        for k, part in enumerate(parts):
            out[2 * k : 2 * k + 2] = part
        return out

    ak.set_defaults(other_driver)
    out = in_thread(main)
    np.testing.assert_array_equal(np.asarray(out), [0.0, 1.0, 2.0, 3.0])
    assert out.driver.name == other_driver


def test_threads_run_concurrently_with_their_own_settings() -> None:
    barrier = threading.Barrier(4)
    modes = ["numpy", "strict", "jax", "safe"]
    results: dict[str, str] = {}

    def body(mode: str) -> None:
        ak.use(promotion=mode)
        barrier.wait(timeout=10)  # every thread has set its mode before any reads
        results[mode] = promotion_mode()

    threads = [threading.Thread(target=body, args=(m,)) for m in modes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert results == {m: m for m in modes}


def test_asyncio_tasks_are_isolated() -> None:
    async def task(mode: str, default_float: str, ready: asyncio.Event, go: asyncio.Event):
        ak.use(promotion=mode, default_float=default_float)
        ready.set()
        await go.wait()  # the other task has set its own settings meanwhile
        return promotion_mode(), ak.zeros(()).dtype.name

    async def main() -> tuple[Any, ...]:
        r1, r2, go = asyncio.Event(), asyncio.Event(), asyncio.Event()
        t1 = asyncio.create_task(task("strict", "float32", r1, go))
        t2 = asyncio.create_task(task("jax", "float64", r2, go))
        await r1.wait()
        await r2.wait()
        go.set()
        results = await asyncio.gather(t1, t2)
        return (*results, current())  # the caller's settings are untouched

    first, second, caller = asyncio.run(main())
    assert first == ("strict", "float32")
    assert second == ("jax", "float64")
    assert caller == DEFAULTS


def test_a_task_inherits_the_settings_it_was_created_with() -> None:
    async def main() -> str:
        with ak.use(promotion="strict"):
            task = asyncio.create_task(asyncio.sleep(0, result=None))
            await task
            inner = asyncio.create_task(_mode_later())
        return await inner

    async def _mode_later() -> str:
        await asyncio.sleep(0)
        return promotion_mode()

    assert asyncio.run(main()) == "strict"


def test_copied_contexts_are_isolated() -> None:
    ctx = contextvars.copy_context()
    ctx.run(ak.use, promotion="safe")
    assert ctx.run(promotion_mode) == "safe"
    assert promotion_mode() == "numpy"


# ------------------------------------------------------------------ bad settings
def test_unknown_driver_lists_available() -> None:
    with pytest.raises(ValueError, match=r"unknown driver 'cobol'.*available.*'numpy'"):
        ak.use("cobol")


def test_unknown_device_lists_available() -> None:
    with pytest.raises(ValueError, match=r"unknown device 'tpu:7'.*available.*'cpu'"):
        ak.use("numpy", device="tpu:7")


def test_unknown_promotion_lists_modes() -> None:
    with pytest.raises(ValueError) as info:
        ak.use(promotion="lenient")
    msg = str(info.value)
    assert "lenient" in msg
    assert all(m in msg for m in ("numpy", "strict", "jax", "safe"))


@pytest.mark.parametrize("value", ["float16", "float128", "int32", 3.0])
def test_unknown_default_float_lists_choices(value: object) -> None:
    with pytest.raises(ValueError, match=r"default_float.*float32.*float64"):
        ak.use(default_float=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["int8", "uint64", "float32"])
def test_unknown_default_int_lists_choices(value: str) -> None:
    with pytest.raises(ValueError, match=r"default_int.*int32.*int64"):
        ak.use(default_int=value)


def test_a_bad_setting_changes_nothing() -> None:
    with ak.use(promotion="strict"):
        with pytest.raises(ValueError):
            ak.use(default_float="float32", promotion="nope")
        assert current()[1:3] == ("strict", "float64")


def test_dtype_objects_are_accepted_as_defaults() -> None:
    with ak.use(default_float=ak.float32, default_int=ak.int32):
        assert current()[2:] == ("float32", "int32")


# ------------------------------------------------------------------ creation honours defaults
@pytest.mark.parametrize(("fl", "it"), [("float32", "int32"), ("float64", "int64"),
                                        ("float32", "int64"), ("float64", "int32")])  # fmt: skip
def test_creation_functions_use_default_dtypes(driver: ak.drivers.Driver, fl: str, it: str) -> None:
    if fl == "float64" and not driver.capabilities.float64:
        pytest.skip("the driver has no float64")
    cx = {"float32": "complex64", "float64": "complex128"}[fl]
    with ak.use(default_float=fl, default_int=it):
        floats = {
            "zeros": ak.zeros(2), "ones": ak.ones(2), "empty": ak.empty(2), "eye": ak.eye(2),
            "linspace": ak.linspace(0, 1, 3), "full": ak.full(2, 1.5),
            "asarray": ak.asarray([1.0, 2.0]), "asarray scalar": ak.asarray(1.0),
            "arange": ak.arange(0.0, 1.0, 0.5),
        }  # fmt: skip
        ints = {
            "full": ak.full(2, 3), "asarray": ak.asarray([1, 2]),
            "asarray scalar": ak.asarray(1), "arange": ak.arange(3),
        }  # fmt: skip
        complexes = {"asarray": ak.asarray([1j]), "full": ak.full(2, 1j)}
        info = ak.__array_namespace_info__().default_dtypes()
    assert {k: v.dtype.name for k, v in floats.items()} == dict.fromkeys(floats, fl)
    assert {k: v.dtype.name for k, v in ints.items()} == dict.fromkeys(ints, it)
    assert {k: v.dtype.name for k, v in complexes.items()} == dict.fromkeys(complexes, cx)
    assert info["real floating"] == np.dtype(fl) and info["integral"] == np.dtype(it)
    assert info["complex floating"] == np.dtype(cx) and info["indexing"] == np.dtype(it)


def test_index_results_use_the_default_int(driver: ak.drivers.Driver) -> None:
    x = ak.asarray([3.0, 1.0, 2.0])
    with ak.use(default_int="int32"):
        assert ak.argmax(x).dtype == ak.int32
        assert ak.argsort(x).dtype == ak.int32
    with ak.use(default_int="int64"):
        assert ak.argmax(x).dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(ak.argsort(x)), np.argsort([3.0, 1.0, 2.0]))


def test_use_repr_names_the_settings() -> None:
    r = repr(ak.use(promotion="strict", default_float="float32"))
    assert "numpy" in r and "strict" in r and "float32" in r


def test_driver_options_are_the_drivers_to_check():
    """``ak.use(driver, name=value)``: settings a driver names in ``options``; the others
    raise ``TypeError`` naming the driver, and nothing changes."""
    before = _config.get()
    with pytest.raises(TypeError, match=r"unknown option.*'numpy' driver"):
        ak.use("numpy", chunks=3)
    assert _config.get() is before
