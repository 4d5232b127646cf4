"""Shared fixtures: every test that takes ``driver`` runs once per installed driver.

``ARRAYKIT_TEST_DRIVERS=numpy,jax`` restricts the drivers (tox sets it per env); by
default every driver that imports here is used.  Driver differences are expressed with
capability flags (``driver.capabilities``) and markers, never with driver names.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import hypothesis
import pytest
from deprecations import raising_deprecations

import arraykit as ak

hypothesis.settings.register_profile("ci", max_examples=50, deadline=None, print_blob=True)
hypothesis.settings.register_profile("dev", max_examples=20, deadline=None)
hypothesis.settings.register_profile("thorough", max_examples=500, deadline=None)
hypothesis.settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _driver_names() -> list[str]:
    wanted = os.environ.get("ARRAYKIT_TEST_DRIVERS")
    names = ak.drivers.available()
    if wanted:
        names = [n for n in wanted.split(",") if n]
    return names


DRIVERS = _driver_names()


def _split_the_cpu() -> None:
    """``ARRAYKIT_TEST_TF_CPUS=n`` (tox's sharding env): TensorFlow's CPU as ``n`` logical
    devices, configured before TF's runtime starts (JAX's count is its ``XLA_FLAGS``)."""
    n = os.environ.get("ARRAYKIT_TEST_TF_CPUS")
    if n and "tensorflow" in DRIVERS:
        import tensorflow as tf

        cpu = tf.config.list_physical_devices("CPU")[0]
        logical = [tf.config.LogicalDeviceConfiguration()] * int(n)
        tf.config.set_logical_device_configuration(cpu, logical)


_split_the_cpu()


@pytest.fixture(params=DRIVERS)
def driver(request: pytest.FixtureRequest) -> Iterator[ak.drivers.Driver]:
    """The driver under test, made active (``ak.use``) for the test's duration."""
    drv = ak.drivers.get(request.param)
    with ak.use(drv, promotion="numpy", default_float="float64", default_int="int64"):
        yield drv


# Deprecation hygiene (tests/deprecations.py): a deprecation that a backend raises while
# arraykit's code calls it is an error, during collection and in every test.
@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    with raising_deprecations("collection"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    with raising_deprecations(item.nodeid):
        return (yield)


@pytest.fixture
def devices(driver: ak.drivers.Driver) -> list[ak.Device]:
    """8 devices of the driver's default kind for the tests of arrays split over several
    (``tox -e py311-sharding`` makes them virtual), or a skip saying why."""
    if driver.make_sharding is None:
        pytest.skip(f"the {driver.name} driver places each array on one device")
    kind = driver.default_device().kind
    devs = [d for d in driver.devices() if d.kind == kind]
    if len(devs) < 8:
        pytest.skip(
            f"needs 8 {kind} devices, {len(devs)} here: tox -e py311-sharding starts JAX and "
            "TensorFlow with 8 virtual CPU devices"
        )
    return devs[:8]
