"""Inspection: ``ak.__array_namespace_info__()``.

References: the spec's lists of dtype kinds and required keys, NumPy (boolean indexing
results) and the driver's own devices and capability flags.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import arraykit as ak

SPEC_KINDS = {
    "bool": {"bool"},
    "signed integer": {"int8", "int16", "int32", "int64"},
    "unsigned integer": {"uint8", "uint16", "uint32", "uint64"},
    "real floating": {"float32", "float64"},
    "complex floating": {"complex64", "complex128"},
}
SPEC_KINDS["integral"] = SPEC_KINDS["signed integer"] | SPEC_KINDS["unsigned integer"]
SPEC_KINDS["numeric"] = (
    SPEC_KINDS["integral"] | SPEC_KINDS["real floating"] | SPEC_KINDS["complex floating"]
)
ALL_NAMES = SPEC_KINDS["numeric"] | {"bool"}


def _restricted(driver, **flags):
    """A driver like ``driver`` whose capability flags are changed by ``flags``."""
    caps = dataclasses.replace(driver.capabilities, **flags)
    return type("Restricted", (type(driver),), {"capabilities": caps})()


def test_info_object_is_hashable_and_stable(driver):
    a, b = ak.__array_namespace_info__(), ak.__array_namespace_info__()
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert "inspection" in repr(a)


def test_capabilities(driver):
    caps = ak.__array_namespace_info__().capabilities()
    assert isinstance(caps, dict)
    assert set(caps) >= {"boolean indexing", "data-dependent shapes", "max dimensions"}
    assert type(caps["boolean indexing"]) is bool
    assert type(caps["data-dependent shapes"]) is bool
    assert caps["max dimensions"] is None or caps["max dimensions"] > 0


def test_capabilities_boolean_indexing_works_when_claimed(driver):
    if not ak.__array_namespace_info__().capabilities()["boolean indexing"]:
        pytest.skip("the driver does not claim boolean indexing")
    data = np.arange(12.0).reshape(3, 4)
    x = ak.asarray(data)
    np.testing.assert_array_equal(np.asarray(x[x > 4.5]), data[data > 4.5])


def test_capabilities_max_dimensions_is_honest(driver):
    limit = ak.__array_namespace_info__().capabilities()["max dimensions"]
    if limit is None:
        pytest.skip("no dimension limit")
    assert ak.zeros((1,) * limit).ndim == limit
    with pytest.raises(Exception):  # noqa: B017 - the backend's own error
        ak.zeros((1,) * (limit + 1))


def test_capabilities_follow_driver_flags(driver):
    with ak.use(_restricted(driver, data_dependent_shapes=False, max_dimensions=8)):
        caps = ak.__array_namespace_info__().capabilities()
    assert caps == {
        "boolean indexing": False,
        "data-dependent shapes": False,
        "max dimensions": 8,
    }


def test_devices_and_default_device(driver):
    info = ak.__array_namespace_info__()
    devices = info.devices()
    assert isinstance(devices, tuple) and devices  # 2025.12: a tuple (a list before)
    # ... that code written for the earlier revisions can still extend with a list:
    assert devices + [None] == [*driver.devices(), None]  # noqa: RUF005 (the point)
    assert [None] + devices == [None, *driver.devices()]  # noqa: RUF005
    assert devices + (None,) == (*driver.devices(), None)  # noqa: RUF005
    assert all(isinstance(d, ak.Device) for d in devices)
    assert list(devices) == list(driver.devices())
    assert info.default_device() in devices
    assert info.default_device() == driver.default_device()
    for dev in devices:  # every device is a valid device= argument
        assert ak.empty(1, device=dev).device == dev


def test_default_device_follows_use(driver):
    info = ak.__array_namespace_info__()
    last = info.devices()[-1]
    with ak.use(device=last):
        assert info.default_device() == last
        assert ak.zeros(1).device == info.default_device()


def test_default_dtypes_follow_use(driver):
    info = ak.__array_namespace_info__()
    assert info.default_dtypes() == {
        "real floating": ak.float64,
        "complex floating": ak.complex128,
        "integral": ak.int64,
        "indexing": ak.int64,
    }
    with ak.use(default_float="float32", default_int="int32"):
        dd = info.default_dtypes(device=info.default_device())
        assert dd == {
            "real floating": ak.float32,
            "complex floating": ak.complex64,
            "integral": ak.int32,
            "indexing": ak.int32,
        }
        # The defaults are what creation and index functions actually produce.
        assert ak.asarray(1.5).dtype == dd["real floating"]
        assert ak.asarray(1j).dtype == dd["complex floating"]
        assert ak.asarray(1).dtype == dd["integral"]
        assert ak.argmax(ak.asarray([1, 3, 2])).dtype == dd["indexing"]


@pytest.mark.parametrize("method", ["default_dtypes", "dtypes"])
def test_unknown_device_raises(driver, method):
    with pytest.raises(ValueError, match=f"{method}: unknown device 'nowhere:3'"):
        getattr(ak.__array_namespace_info__(), method)(device="nowhere:3")


def test_dtypes_all(driver):
    out = ak.__array_namespace_info__().dtypes()
    caps = driver.capabilities
    expected = set(ALL_NAMES)
    if not caps.float64:
        expected -= {"float64", "complex128"}
    if not caps.complex:
        expected -= SPEC_KINDS["complex floating"]
    assert set(out) == expected
    for name, dtype in out.items():
        assert dtype == np.dtype(name)
        assert ak.empty(1, dtype=dtype).dtype == dtype


@pytest.mark.parametrize("kind", sorted(SPEC_KINDS))
def test_dtypes_by_kind(driver, kind):
    info = ak.__array_namespace_info__()
    out = info.dtypes(kind=kind, device=info.default_device())
    assert set(out) == SPEC_KINDS[kind] & set(info.dtypes())


def test_dtypes_kind_tuple_is_a_union(driver):
    out = ak.__array_namespace_info__().dtypes(kind=("bool", "complex floating", "bool"))
    assert set(out) == {"bool", "complex64", "complex128"}
    assert ak.__array_namespace_info__().dtypes(kind=()) == {}


def test_dtypes_never_lists_extras(driver):
    with ak.use(_restricted(driver, bfloat16=True, float16=True)):
        info = ak.__array_namespace_info__()
        assert "bfloat16" not in info.dtypes() and "float16" not in info.dtypes()
        assert "float16" not in info.dtypes(kind=("real floating", "numeric"))


def test_dtypes_follow_capabilities(driver):
    with ak.use(_restricted(driver, float64=False, complex=False)):
        out = ak.__array_namespace_info__().dtypes()
    assert set(out) == ALL_NAMES - {"float64", "complex64", "complex128"}


def test_dtypes_bad_kind(driver):
    info = ak.__array_namespace_info__()
    with pytest.raises(ValueError, match="dtypes: unknown kind 'floating'"):
        info.dtypes(kind="floating")
    with pytest.raises(TypeError, match="dtypes: 'kind' must be a kind name"):
        info.dtypes(kind=(ak.float32,))
