"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where.

Values are checked against NumPy; result dtypes against ``np.result_type`` (NumPy 2 /
NEP 50, the oracle of the default promotion mode) and the spec's default index dtype.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")

REAL = {
    "bool": np.array([[False, True, True], [False, False, False]]),
    "int16": np.array([[3, -7, 3], [9, 9, -7]], dtype=np.int16),
    "uint8": np.array([[0, 255, 255], [4, 0, 1]], dtype=np.uint8),
    "float32": np.array([[1.5, -np.inf, 2.0], [2.0, -0.0, np.inf]], dtype=np.float32),
}


# ---------------------------------------------------------------------- argmax, argmin
@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("dtype", sorted(REAL))
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_argmax_argmin_match_numpy(driver, name, dtype, axis, keepdims):
    data = REAL[dtype]
    out = getattr(ak, name)(ak.asarray(data), axis=axis, keepdims=keepdims)
    expected = getattr(np, name)(data, axis=axis, keepdims=keepdims)
    assert out.dtype == ak.int64  # the default index dtype
    assert out.shape == np.shape(expected)
    np.testing.assert_array_equal(np.asarray(out), expected)


def test_argmax_first_occurrence_and_zero_dim(driver):
    assert int(ak.argmax(ak.asarray([1, 5, 5, 0, 5]))) == 1
    assert int(ak.argmin(ak.asarray([4.0, 0.0, -0.0, 0.0]))) == 1
    assert int(ak.argmax(ak.asarray(3.0))) == 0


def test_argmax_follows_default_int(driver):
    with ak.use(default_int="int32"):
        assert ak.argmax(ak.asarray([1, 3, 2])).dtype == ak.int32
        assert ak.argmin(ak.asarray([[1, 3, 2]]), axis=1).dtype == ak.int32


@pytest.mark.parametrize("name", ["argmax", "argmin"])
def test_argmax_argmin_errors(driver, name):
    fn = getattr(ak, name)
    with pytest.raises(TypeError, match=f"{name}: 'x' must have a real-valued dtype, got complex"):
        fn(ak.asarray([1j, 2j]))
    with pytest.raises(ValueError, match=rf"{name}: 'x' is empty \(shape \(0, 2\)\)"):
        fn(ak.zeros((0, 2)))
    with pytest.raises(ValueError, match=f"{name}: axis 0 of 'x' .* is empty"):
        fn(ak.zeros((0, 2)), axis=0)
    assert fn(ak.zeros((0, 2)), axis=1).shape == (0,)  # nothing to search: fine
    for shape, axis in (((0, 0), 0), ((2, 0, 0), 1), ((0, 3, 0), 2)):
        # An empty axis raises even when the result would be empty, as in NumPy, JAX and
        # Dask (TensorFlow returned the empty result; found by tests/test_differential.py)
        with pytest.raises(ValueError):
            getattr(np, name)(np.zeros(shape), axis=axis)
        with pytest.raises(ValueError, match=f"{name}: axis {axis} of 'x' .* is empty"):
            fn(ak.zeros(shape), axis=axis)
    assert fn(ak.zeros((0, 2, 0)), axis=1).shape == (0, 0)
    assert fn(ak.zeros((0, 2, 0)), axis=1, keepdims=True).shape == (0, 1, 0)
    with pytest.raises(IndexError, match=f"{name}: axis=2 is out of range"):
        fn(ak.zeros((2, 2)), axis=2)
    with pytest.raises(TypeError, match=f"{name}: 'x' must be an arraykit array"):
        fn([1, 2])


@given(
    x=xps.arrays(
        dtype=xps.integer_dtypes() | xps.floating_dtypes(),
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
        elements={"allow_nan": False},
    ),
    data=st.data(),
)
def test_argmax_argmin_property(x, data):
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
    for name in ("argmax", "argmin"):
        out = getattr(ak, name)(ak.asarray(x), axis=axis)
        np.testing.assert_array_equal(np.asarray(out), getattr(np, name)(x, axis=axis))


# ---------------------------------------------------------------------- count_nonzero
@pytest.mark.parametrize(
    "data",
    [
        np.array([[0, 1, 2], [0, 0, 3]], dtype=np.int8),
        np.array([[0.0, -0.0, np.nan], [np.inf, 0.0, 1e-30]]),
        np.array([[0j, 1j, 0j], [1 + 0j, 0j, 0j]], dtype=np.complex64),
        np.array([[True, False, True], [False, False, False]]),
    ],
    ids=["int8", "float64", "complex64", "bool"],
)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_count_nonzero_matches_numpy(driver, data, axis, keepdims):
    out = ak.count_nonzero(ak.asarray(data), axis=axis, keepdims=keepdims)
    expected = np.count_nonzero(data, axis=axis, keepdims=keepdims)
    assert out.dtype == ak.int64
    assert out.shape == np.shape(expected)
    np.testing.assert_array_equal(np.asarray(out), expected)


def test_count_nonzero_errors(driver):
    with pytest.raises(IndexError, match="count_nonzero: axis=3 is out of range"):
        ak.count_nonzero(ak.ones((2, 2)), axis=3)
    with pytest.raises(ValueError, match="count_nonzero: repeated axis"):
        ak.count_nonzero(ak.ones((2, 2)), axis=(0, 0))


# ---------------------------------------------------------------------- nonzero
@pytest.mark.parametrize(
    "data",
    [
        np.array([0, 3, 0, -1], dtype=np.int32),
        np.array([[0.0, np.nan], [-0.0, 2.5]]),
        np.array([[[0j, 1j]], [[1 + 0j, 0j]]]),
        np.array([[True, False], [True, True]]),
        np.zeros((2, 3)),
        np.zeros((0, 4)),
    ],
)
def test_nonzero_matches_numpy(driver, data):
    if not driver.capabilities.data_dependent_shapes:
        pytest.skip("the driver cannot make data-dependent shapes")
    out = ak.nonzero(ak.asarray(data))
    expected = np.nonzero(data)
    assert type(out) is tuple and len(out) == data.ndim
    for got, exp in zip(out, expected, strict=True):
        assert got.dtype == ak.int64
        np.testing.assert_array_equal(np.asarray(got), exp)


def test_nonzero_zero_dim_raises(driver):
    with pytest.raises(ValueError, match="nonzero: 'x' must have at least one dimension"):
        ak.nonzero(ak.asarray(1.0))


def test_nonzero_without_data_dependent_shapes(driver):
    caps = dataclasses.replace(driver.capabilities, data_dependent_shapes=False)
    static = type("Static", (type(driver),), {"capabilities": caps})()
    with ak.use(static):
        with pytest.raises(NotImplementedError, match=r"nonzero: .*data_dependent_shapes is False"):
            ak.nonzero(ak.asarray([1, 0, 2]))
        with pytest.raises(ValueError, match="at least one dimension"):  # checked first
            ak.nonzero(ak.asarray(1))


@given(
    x=xps.arrays(
        dtype=xps.scalar_dtypes(), shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=4)
    )
)
def test_nonzero_property(x):
    for got, exp in zip(ak.nonzero(ak.asarray(x)), np.nonzero(x), strict=True):
        np.testing.assert_array_equal(np.asarray(got), exp)


# ---------------------------------------------------------------------- where
DTYPE_PAIRS = [
    ("int8", "int8"),
    ("int8", "uint8"),
    ("uint16", "int32"),
    ("float32", "float64"),
    ("int16", "float32"),
    ("float32", "complex64"),
    ("bool", "bool"),
]


@pytest.mark.parametrize(("d1", "d2"), DTYPE_PAIRS)
def test_where_arrays_match_numpy(driver, d1, d2):
    cond = np.array([[True], [False], [True]])
    a = np.array([[1, 0, 3, 4]]).astype(d1)
    b = np.array([7, 8, 9, 1]).astype(d2)
    out = ak.where(ak.asarray(cond), ak.asarray(a), ak.asarray(b))
    expected = np.where(cond, a, b)
    assert out.dtype == np.result_type(a, b) == expected.dtype
    assert out.shape == (3, 4)
    np.testing.assert_array_equal(np.asarray(out), expected)


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float32", "complex64"])
@pytest.mark.parametrize("scalar", [True, 2, -1.5, 2j])
def test_where_scalars_promote_like_elementwise(driver, dtype, scalar):
    expected_dtype = np.result_type(np.dtype(dtype), scalar)  # NEP 50: scalars are weak
    cond = np.array([True, False, True])
    x = np.array([1, 0, 1]).astype(dtype)
    for args, ref in [
        ((ak.asarray(x), scalar), (x, np.asarray(scalar, dtype=expected_dtype))),
        ((scalar, ak.asarray(x)), (np.asarray(scalar, dtype=expected_dtype), x)),
    ]:
        out = ak.where(ak.asarray(cond), *args)
        assert out.dtype == expected_dtype
        np.testing.assert_array_equal(np.asarray(out), np.where(cond, *ref).astype(expected_dtype))


def test_where_scalar_out_of_range(driver):
    with pytest.raises(OverflowError, match="where: Python int 300 is out of bounds for int8"):
        ak.where(ak.asarray([True]), ak.asarray([1], dtype=ak.int8), 300)


def test_where_errors(driver):
    x = ak.ones((2, 3))
    with (
        ak.use(promotion="strict"),
        pytest.raises(TypeError, match="where: 'condition' must have a boolean dtype, got"),
    ):
        ak.where(ak.asarray([1, 0, 1]), x, x)
    with (
        ak.use(promotion="strict"),  # outside strict, two scalars as NumPy takes them
        pytest.raises(TypeError, match="where: at least one of 'x1' and 'x2' must be an"),
    ):
        ak.where(ak.asarray([True]), 1, 2.0)
    with pytest.raises(TypeError, match="where: 'x2' must be an arraykit array or a Python"):
        ak.where(ak.asarray([True]), x, "one")
    with pytest.raises(TypeError, match="where: 'condition' must be an arraykit array"):
        ak.where([True, False, True], x, x)
    with pytest.raises(ValueError, match=r"where: shapes \(2,\), \(2, 3\) cannot be broadcast"):
        ak.where(ak.asarray([True, False]), x, 0.0)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="where: "):
        ak.where(ak.asarray([True]), ak.asarray([1], dtype=ak.int8), 1.5)


def test_where_takes_numpy_spellings_outside_strict(driver):
    """A numeric condition counts by its truth, and NumPy scalars and arrays join the
    arrays' driver and device with their own dtypes, as NumPy (array-api-compat) does."""
    cond = np.array([2, 0, -1])
    a, b = np.array([1.0, 2.0, 3.0], dtype=np.float32), np.float64(-1.0)
    got = ak.where(ak.asarray(cond), ak.asarray(a), b)
    want = np.where(cond, a, b)
    assert got.dtype == want.dtype and got.device == ak.asarray(a).device
    np.testing.assert_array_equal(np.asarray(got), want)
    got = ak.where(cond > 0, ak.asarray(a), ak.asarray(-a))  # a NumPy condition
    np.testing.assert_array_equal(np.asarray(got), np.where(cond > 0, a, -a))
    if driver.capabilities.complex:
        z = ak.asarray([0j, 1j])
        np.testing.assert_array_equal(np.asarray(ak.where(z, ak.asarray([5, 5]), 0)), [0, 5])


@given(
    shapes=xps.mutually_broadcastable_shapes(3, max_dims=3, max_side=3),
    d1=xps.scalar_dtypes(),
    d2=xps.scalar_dtypes(),
    data=st.data(),
)
def test_where_property(shapes, d1, d2, data):
    s_cond, s1, s2 = shapes.input_shapes
    cond = data.draw(xps.arrays(dtype=np.bool_, shape=s_cond), label="cond")
    x1 = data.draw(xps.arrays(dtype=d1, shape=s1), label="x1")
    x2 = data.draw(xps.arrays(dtype=d2, shape=s2), label="x2")
    out = ak.where(ak.asarray(cond), ak.asarray(x1), ak.asarray(x2))
    expected = np.where(cond, x1, x2)
    assert out.dtype == expected.dtype
    np.testing.assert_array_equal(np.asarray(out), expected)


# ---------------------------------------------------------------------- searchsorted
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", ["int8", "uint32", "float32", "float64"])
def test_searchsorted_matches_numpy(driver, side, dtype):
    x1 = np.array([0, 1, 1, 3, 7, 7, 7, 9]).astype(dtype)
    x2 = np.array([[0, 1, 8], [7, 10, 2]]).astype(dtype)
    out = ak.searchsorted(ak.asarray(x1), ak.asarray(x2), side=side)
    assert out.dtype == ak.int64 and out.shape == (2, 3)
    np.testing.assert_array_equal(np.asarray(out), np.searchsorted(x1, x2, side=side))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_with_sorter(driver, side):
    x1 = np.array([5.0, -1.0, 3.0, 3.0, 10.0])
    sorter = np.argsort(x1, kind="stable")
    x2 = np.array([3.0, -5.0, 11.0, 4.0])
    out = ak.searchsorted(ak.asarray(x1), ak.asarray(x2), side=side, sorter=ak.asarray(sorter))
    np.testing.assert_array_equal(np.asarray(out), np.searchsorted(x1, x2, side, sorter))


@pytest.mark.parametrize(
    ("dtype", "scalar"), [("float32", 2), ("float32", 2.5), ("int16", 3), ("int16", 3.5)]
)
def test_searchsorted_python_scalar(driver, dtype, scalar):
    x1 = np.array([1, 2, 3, 4]).astype(dtype)
    out = ak.searchsorted(ak.asarray(x1), scalar, side="right")
    assert out.shape == () and out.dtype == ak.int64
    assert int(out) == np.searchsorted(x1, scalar, side="right")


def test_searchsorted_mixed_dtypes_promote(driver):
    x1 = np.array([1, 2, 3], dtype=np.int8)
    x2 = np.array([1.5, 2.0], dtype=np.float32)
    out = ak.searchsorted(ak.asarray(x1), ak.asarray(x2))
    np.testing.assert_array_equal(np.asarray(out), np.searchsorted(x1, x2))


def test_searchsorted_follows_default_int(driver):
    with ak.use(default_int="int32"):
        assert ak.searchsorted(ak.asarray([1, 2]), ak.asarray([1])).dtype == ak.int32


def test_searchsorted_errors(driver):
    x1 = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match=r"searchsorted: 'x1' must be 1-D, got shape \(1, 3\)"):
        ak.searchsorted(ak.reshape(x1, (1, 3)), x1)
    with pytest.raises(ValueError, match="searchsorted: 'side' must be 'left' or 'right'"):
        ak.searchsorted(x1, x1, side="middle")
    with pytest.raises(TypeError, match="searchsorted: 'x1' and 'x2' must have real-valued"):
        ak.searchsorted(ak.asarray([1j, 2j]), ak.asarray([1j]))
    with pytest.raises(TypeError, match="searchsorted: 'x2' must be an arraykit array or a"):
        ak.searchsorted(x1, 1j)
    with pytest.raises(TypeError, match="searchsorted: 'sorter' must have an integer dtype"):
        ak.searchsorted(x1, x1, sorter=x1)
    with pytest.raises(ValueError, match=r"searchsorted: 'sorter' of shape \(2,\) must have"):
        ak.searchsorted(x1, x1, sorter=ak.asarray([0, 1]))
    with pytest.raises(IndexError, match="searchsorted: index 3 is out of bounds"):
        ak.searchsorted(x1, x1, sorter=ak.asarray([0, 1, 3]))


@given(
    x1=xps.arrays(
        dtype=st.sampled_from([np.int32, np.float64]),
        shape=st.integers(1, 8),
        elements={"allow_nan": False},
    ),
    data=st.data(),
)
def test_searchsorted_property(x1, data):
    x1 = np.sort(x1)
    x2 = data.draw(xps.arrays(dtype=x1.dtype, shape=(4,), elements={"allow_nan": False}))
    side = data.draw(st.sampled_from(["left", "right"]))
    out = ak.searchsorted(ak.asarray(x1), ak.asarray(x2), side=side)
    np.testing.assert_array_equal(np.asarray(out), np.searchsorted(x1, x2, side=side))


@pytest.mark.parametrize("shape", [(0, 0), (2, 0), (0, 3)])
def test_searchsorted_of_empty_values(driver, shape):
    # found by tests/test_differential.py: Dask's result computed to shape (1, 0)
    got = ak.searchsorted(ak.asarray(np.array([0, 1])), ak.asarray(np.zeros(shape, np.int64)))
    assert got.shape == shape and np.asarray(got).shape == shape
