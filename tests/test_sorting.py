"""sort and argsort: values against NumPy, stability against NumPy's stable argsort."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

KINDS = ["quicksort", "mergesort", "heapsort", "stable"]
RNG = np.random.default_rng(1)


def stable_argsort(data: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    """NumPy's stable argsort; descending sorts the negated keys (exact for these ints)."""
    return np.argsort(-data if descending else data, axis=axis, kind="stable")


def kinds_of(driver) -> list[str]:
    return [k for k in KINDS if k in driver.capabilities.sort_kinds]


# ---------------------------------------------------------------------- values
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64", "float32", "float64"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_matches_numpy(driver, dtype, axis, descending):
    data = (RNG.standard_normal((5, 7)) * 40).astype(dtype)
    out = ak.sort(ak.asarray(data), axis=axis, descending=descending)
    expected = np.sort(data, axis=axis)
    if descending:
        expected = np.flip(expected, axis=axis)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(out), expected)


@pytest.mark.parametrize("stable", [False, True])
@pytest.mark.parametrize("descending", [False, True])
def test_every_kind_gives_the_same_values(driver, stable, descending):
    data = RNG.integers(-5, 5, size=(4, 60))
    expected = np.sort(data, axis=-1)
    if descending:
        expected = expected[:, ::-1]
    x = ak.asarray(data)
    for kind in kinds_of(driver):
        out = ak.sort(x, descending=descending, stable=stable, kind=kind)
        np.testing.assert_array_equal(np.asarray(out), expected, err_msg=kind)
        idx = np.asarray(ak.argsort(x, descending=descending, stable=stable, kind=kind))
        np.testing.assert_array_equal(np.take_along_axis(data, idx, -1), expected, err_msg=kind)
        # Each row of indices is a permutation.
        np.testing.assert_array_equal(
            np.sort(idx, axis=-1), np.broadcast_to(np.arange(60), idx.shape)
        )


# ---------------------------------------------------------------------- stability
@pytest.mark.parametrize("kind", [*KINDS, None])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("axis", [0, -1])
def test_stable_argsort_with_many_ties(driver, kind, descending, axis):
    if kind is not None and kind not in driver.capabilities.sort_kinds:
        pytest.skip(f"the driver has no {kind!r} sort")
    data = RNG.integers(0, 4, size=(257, 9) if axis == 0 else (9, 257))  # ~64 ties per value
    x = ak.asarray(data)
    out = ak.argsort(x, axis=axis, descending=descending, kind=kind)  # stable=True: default
    assert out.dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(out), stable_argsort(data, axis, descending))


@pytest.mark.parametrize("kind", ["mergesort", "stable"])
@pytest.mark.parametrize("descending", [False, True])
def test_stable_kinds_are_stable_without_stable_flag(driver, kind, descending):
    if kind not in driver.capabilities.sort_kinds:
        pytest.skip(f"the driver has no {kind!r} sort")
    data = RNG.integers(0, 3, size=500)
    out = ak.argsort(ak.asarray(data), descending=descending, stable=False, kind=kind)
    np.testing.assert_array_equal(np.asarray(out), stable_argsort(data, 0, descending))


@pytest.mark.parametrize("kind", [*KINDS, None])
@pytest.mark.parametrize("descending", [False, True])
def test_stable_sort_keeps_signed_zeros_in_order(driver, kind, descending):
    if kind is not None and kind not in driver.capabilities.sort_kinds:
        pytest.skip(f"the driver has no {kind!r} sort")
    # -0.0 == +0.0: a stable sort leaves them in input order, which signbit reveals.
    signs = RNG.integers(0, 2, size=300).astype(bool)
    data = np.where(signs, -0.0, 0.0)
    data[::7] = 1.0
    data[::11] = -1.0
    out = np.asarray(ak.sort(ak.asarray(data), descending=descending, kind=kind))
    expected = data[stable_argsort(data, 0, descending)]
    np.testing.assert_array_equal(out, expected)
    np.testing.assert_array_equal(np.signbit(out), np.signbit(expected))


# ---------------------------------------------------------------------- other cases
def test_argsort_default_int(driver):
    x = ak.asarray([3.0, 1.0, 2.0])
    with ak.use(default_int="int32"):
        out = ak.argsort(x)
    assert out.dtype == ak.int32
    np.testing.assert_array_equal(np.asarray(out), [1, 2, 0])


def test_sort_booleans_and_nan(driver):
    np.testing.assert_array_equal(
        np.asarray(ak.sort(ak.asarray([True, False, True]))), [False, True, True]
    )
    # NaNs: wherever a driver puts them, the other values are sorted around them.
    out = np.asarray(ak.sort(ak.asarray([3.0, math.nan, 1.0, 2.0])))
    np.testing.assert_array_equal(out[~np.isnan(out)], [1.0, 2.0, 3.0])
    assert np.isnan(out).sum() == 1


def test_sort_is_a_copy(driver):
    data = np.array([2, 1, 3])
    x = ak.asarray(data)
    ak.sort(x)
    np.testing.assert_array_equal(np.asarray(x), [2, 1, 3])


def test_sort_errors(driver):
    x = ak.asarray([[2, 1], [0, 3]])
    with pytest.raises(
        ValueError,
        match=r"sort: unknown kind='bogo'; expected None or one of "
        r"quicksort, mergesort, heapsort, stable",
    ):
        ak.sort(x, kind="bogo")
    with pytest.raises(ValueError, match=r"argsort: unknown kind='Stable'"):
        ak.argsort(x, kind="Stable")
    with pytest.raises(IndexError, match=r"sort: axis=2 is out of range"):
        ak.sort(x, axis=2)
    with pytest.raises(IndexError, match=r"argsort: axis=-1 is out of range for an array of 0"):
        ak.argsort(ak.asarray(1.0))
    with pytest.raises(TypeError, match=r"argsort: 'x' must have a real-valued dtype, got comp"):
        ak.argsort(ak.asarray([1j, 2j]))
    with pytest.raises(TypeError, match=r"sort: 'x' must be an arraykit array, got list"):
        ak.sort([3, 1])
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"sort: 'x' must have a r"):
        ak.sort(ak.asarray([True, False]))


def test_kind_the_driver_lacks(driver):
    restricted_caps = dataclasses.replace(driver.capabilities, sort_kinds=frozenset({"stable"}))
    restricted = type(
        "Restricted", (type(driver),), {"name": "restricted", "capabilities": restricted_caps}
    )()
    x = ak.asarray(np.array([3, 1, 2]), driver=restricted)
    np.testing.assert_array_equal(np.asarray(ak.sort(x, kind="stable")), [1, 2, 3])
    with pytest.raises(
        ValueError,
        match=r"sort: the 'restricted' driver does not support "
        r"kind='heapsort'; it supports stable",
    ):
        ak.sort(x, kind="heapsort")
    with pytest.raises(ValueError, match=r"argsort: the 'restricted' driver does not support"):
        ak.argsort(x, kind="quicksort", stable=False)


# ---------------------------------------------------------------------- properties
@fixture_ok
@given(
    data=xps.arrays(
        dtype=st.sampled_from([np.int8, np.int16, np.uint8, np.float32, np.float64]),
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=8),
        elements={"allow_nan": False},
    ),
    axis_data=st.data(),
    descending=st.booleans(),
)
def test_stable_argsort_property(driver, data, axis_data, descending):
    if data.dtype.kind == "f" and not driver.capabilities.subnormals:
        # XLA compares subnormals as zero (capabilities.subnormals): no order to check.
        assume(not np.any((data != 0) & (np.abs(data) < np.finfo(data.dtype).tiny)))
    axis = axis_data.draw(st.integers(-data.ndim, data.ndim - 1))
    out = np.asarray(ak.argsort(ak.asarray(data), axis=axis, descending=descending))
    # Independent oracle: order by (value, position), or (-value, position) descending,
    # with Python's sort on each lane.
    moved = np.moveaxis(data, axis, -1)
    expected = np.empty(moved.shape, dtype=np.int64)
    for lane in np.ndindex(moved.shape[:-1]):
        values = moved[lane].tolist()
        expected[lane] = sorted(
            range(len(values)), key=lambda i: (-values[i] if descending else values[i], i)
        )
    np.testing.assert_array_equal(out, np.moveaxis(expected, -1, axis))
    sorted_values = np.asarray(ak.sort(ak.asarray(data), axis=axis, descending=descending))
    np.testing.assert_array_equal(sorted_values, np.take_along_axis(data, out, axis))
