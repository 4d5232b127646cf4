"""The driver registry and the driver contract, with a driver of the tests' own.

``fake_drivers.make_two_cpu_driver`` is the NumPy driver under another name with two
fake CPU devices; it proves that core runs on any registered driver, places values on
the chosen device and refuses to mix drivers or devices.  Results are compared with
NumPy.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fake_drivers import make_two_cpu_driver, registered_two_cpu_driver

import arraykit as ak
from arraykit.drivers import PRIMITIVES, Capabilities, Driver
from arraykit.drivers.numpy import NumPyDriver

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def mydriver() -> Iterator[str]:
    """A fresh two-CPU driver, registered for the test and unregistered afterwards."""
    with registered_two_cpu_driver("mydriver") as name:
        yield name


def _run(code: str) -> Any:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ registry
def test_available_lists_numpy_and_imports_no_framework() -> None:
    result = _run(
        "import json, sys, arraykit as ak\n"
        "names = ak.drivers.available()\n"
        "print(json.dumps([names, sorted(m for m in ('tensorflow', 'jax') if m in sys.modules)]))"
    )
    names, imported = result
    assert "numpy" in names
    assert imported == []


def test_get_unknown_driver_lists_available() -> None:
    with pytest.raises(ValueError, match=r"unknown driver 'nope'.*available.*numpy"):
        ak.drivers.get("nope")
    with pytest.raises(ValueError, match="nope"):
        ak.use("nope")


def test_missing_framework_names_the_distribution_to_install() -> None:
    """A built-in driver whose framework is missing says what to ``pip install``: this
    distribution's extra (``arraykit-api[jax]``; ``arraykit`` on PyPI is another project)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    code = (
        "import json, sys\n"
        "for m in ('tensorflow', 'jax', 'dask'): sys.modules[m] = None\n"
        "import arraykit as ak\n"
        "out = {}\n"
        "for name in ('tensorflow', 'jax', 'dask'):\n"
        "    try: ak.drivers.get(name)\n"
        "    except ValueError as e: out[name] = str(e)\n"
        "print(json.dumps(out))"
    )
    errors = _run(code)
    assert sorted(errors) == ["dask", "jax", "tensorflow"]
    for name, message in errors.items():
        assert name in project["optional-dependencies"]
        assert f'pip install "{project["name"]}[{name}]"' in message, message


def test_get_returns_one_instance() -> None:
    drv = ak.drivers.get("numpy")
    assert isinstance(drv, NumPyDriver)
    assert ak.drivers.get("numpy") is drv
    assert ak.drivers.get(drv) is drv
    assert drv.name == "numpy"


def test_register_refuses_taken_names(mydriver: str) -> None:
    with pytest.raises(ValueError, match="already registered"):
        ak.drivers.register("numpy", NumPyDriver)
    with pytest.raises(ValueError, match="already registered"):
        ak.drivers.register(mydriver, NumPyDriver)


def test_register_and_unregister(mydriver: str) -> None:
    assert mydriver in ak.drivers.available()
    drv = ak.drivers.get(mydriver)
    assert drv.name == mydriver and drv is ak.drivers.get(mydriver)
    ak.drivers.unregister(mydriver)
    assert mydriver not in ak.drivers.available()
    with pytest.raises(ValueError, match=mydriver):
        ak.drivers.get(mydriver)


def test_entry_point_group_lists_numpy() -> None:
    eps = importlib.metadata.entry_points(group="arraykit.drivers")
    by_name = {ep.name: ep for ep in eps}
    assert "numpy" in by_name
    assert by_name["numpy"].value == "arraykit.drivers.numpy:NumPyDriver"
    assert by_name["numpy"].load() is NumPyDriver


def test_capabilities_are_frozen() -> None:
    caps = ak.drivers.get("numpy").capabilities
    assert isinstance(caps, Capabilities)
    with pytest.raises(dataclasses.FrozenInstanceError):
        caps.float64 = False  # type: ignore[misc]


# ------------------------------------------------------------------ the contract
def _partial_driver(missing: tuple[str, ...]) -> type[Driver]:
    methods = {p: (lambda self, *a, **k: None) for p in PRIMITIVES if p not in missing}
    return type("PartialDriver", (Driver,), {**methods, "name": "partial",
                                             "capabilities": Capabilities()})  # fmt: skip


def test_missing_primitive_fails_at_creation() -> None:
    cls = _partial_driver(("sort",))
    with pytest.raises(TypeError, match=r"PartialDriver.*missing.*\bsort\b") as info:
        cls()
    assert "argsort" not in str(info.value)


def test_missing_primitives_are_all_named() -> None:
    with pytest.raises(TypeError) as info:
        _partial_driver(("fftn", "getitem", "cumulative_sum"))()
    for name in ("fftn", "getitem", "cumulative_sum"):
        assert name in str(info.value)


def test_non_callable_primitive_counts_as_missing() -> None:
    broken = type("BrokenDriver", (NumPyDriver,), {"name": "broken", "matmul": None})
    with pytest.raises(TypeError, match="matmul"):
        broken()


def test_registered_broken_driver_fails_when_created() -> None:
    ak.drivers.register("broken_for_test", _partial_driver(("where",)))
    try:
        with pytest.raises(TypeError, match="where"):
            ak.drivers.get("broken_for_test")
    finally:
        ak.drivers.unregister("broken_for_test")


def test_every_primitive_is_callable_on_installed_drivers(driver: Driver) -> None:
    assert [p for p in PRIMITIVES if not callable(getattr(driver, p, None))] == []


# ------------------------------------------------------------------ a custom driver runs core
def test_custom_driver_creation(mydriver: str) -> None:
    with ak.use(mydriver):
        x = ak.asarray([[1, 2], [3, 4]])
        assert x.driver.name == mydriver and str(x.device) == "cpu"
        np.testing.assert_array_equal(np.asarray(x), [[1, 2], [3, 4]])
        np.testing.assert_array_equal(np.asarray(ak.arange(5)), np.arange(5))
        np.testing.assert_array_equal(np.asarray(ak.linspace(0, 1, 5)), np.linspace(0, 1, 5))
        np.testing.assert_array_equal(np.asarray(ak.eye(3, k=1)), np.eye(3, k=1))
        np.testing.assert_array_equal(np.asarray(ak.full((2,), 7)), np.full(2, 7))
        assert ak.zeros(3).driver is ak.drivers.get(mydriver)


def test_custom_driver_elementwise(mydriver: str) -> None:
    a = np.linspace(-2, 2, 7)
    with ak.use(mydriver):
        x = ak.asarray(a)
        np.testing.assert_allclose(np.asarray(ak.sin(x)), np.sin(a))
        np.testing.assert_array_equal(np.asarray(ak.add(x, x)), a + a)
        np.testing.assert_array_equal(np.asarray(x * 2 - 1), a * 2 - 1)
        np.testing.assert_array_equal(np.asarray(x > 0), a > 0)
        assert (x + 1).driver.name == mydriver


def test_custom_driver_reductions(mydriver: str) -> None:
    a = np.arange(12.0).reshape(3, 4)
    with ak.use(mydriver):
        x = ak.asarray(a)
        np.testing.assert_array_equal(np.asarray(ak.sum(x, axis=0)), a.sum(axis=0))
        np.testing.assert_allclose(np.asarray(ak.mean(x)), a.mean())
        np.testing.assert_array_equal(np.asarray(ak.max(x, axis=1)), a.max(axis=1))
        np.testing.assert_array_equal(np.asarray(ak.argmax(x, axis=1)), a.argmax(axis=1))


def test_custom_driver_indexing(mydriver: str) -> None:
    a = np.arange(24).reshape(2, 3, 4)
    with ak.use(mydriver):
        x = ak.asarray(a)
        np.testing.assert_array_equal(np.asarray(x[1, ::2, -1]), a[1, ::2, -1])
        np.testing.assert_array_equal(np.asarray(x[..., None, 0]), a[..., None, 0])
        idx = ak.asarray([2, 0])
        np.testing.assert_array_equal(np.asarray(ak.take(x, idx, axis=1)), a.take([2, 0], axis=1))
        x[0, 0, 0] = 100
        assert int(x[0, 0, 0]) == 100


def test_custom_driver_places_on_the_chosen_device(mydriver: str) -> None:
    drv = ak.drivers.get(mydriver)
    with ak.use(mydriver, device="cpu:1"):
        x = ak.ones(3)
        assert str(x.device) == "cpu:1"
        assert x.device == drv.devices()[1]
        assert ak.__array_namespace_info__().default_device() == drv.devices()[1]
        assert [str(d) for d in ak.__array_namespace_info__().devices()] == ["cpu", "cpu:1"]
    y = x.to_device("cpu")
    assert str(y.device) == "cpu"
    np.testing.assert_array_equal(np.asarray(y), np.ones(3))


def test_arrays_on_two_devices_do_not_mix(mydriver: str) -> None:
    with ak.use(mydriver):
        x = ak.ones(3)
        y = ak.ones(3, device="cpu:1")
        with pytest.raises(ValueError, match=r"add.*two devices.*to_device") as info:
            ak.add(x, y)
        assert "cpu" in str(info.value) and "cpu:1" in str(info.value)
        out = ak.add(x, y.to_device(x.device))  # following the message's advice works
    np.testing.assert_array_equal(np.asarray(out), np.full(3, 2.0))


def test_arrays_of_two_drivers_do_not_mix(driver: Driver, mydriver: str) -> None:
    x = ak.asarray([1.0, 2.0])  # the driver under test
    with ak.use(mydriver):
        y = ak.asarray([3.0, 4.0])
    with pytest.raises(ValueError) as info:
        ak.add(x, y)
    msg = str(info.value)
    assert driver.name in msg and mydriver in msg
    assert "ak.asarray(x, driver=" in msg
    with pytest.raises(ValueError, match="driver"):
        ak.multiply(y, x)
    moved = ak.asarray(y, driver=driver.name)  # the advice works
    assert moved.driver is driver
    np.testing.assert_array_equal(np.asarray(ak.add(x, moved)), [4.0, 6.0])


def test_two_registered_drivers_are_independent() -> None:
    with registered_two_cpu_driver() as first, registered_two_cpu_driver() as second:
        assert first != second
        assert ak.drivers.get(first) is not ak.drivers.get(second)
        with ak.use(first):
            x = ak.ones(2)
        with ak.use(second), pytest.raises(ValueError, match="two drivers"):
            ak.add(x, ak.ones(2))


def test_driver_object_can_be_used_directly() -> None:
    drv = make_two_cpu_driver("unregistered_driver")()
    with ak.use(drv):
        x = ak.arange(3)
    assert x.driver is drv
    np.testing.assert_array_equal(np.asarray(x), [0, 1, 2])
