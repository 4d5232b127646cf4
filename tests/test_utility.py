"""Utility functions: all, any, diff — checked against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")

SAMPLES = {
    "bool": np.array([[True, False, True], [True, True, True]]),
    "int8": np.array([[1, 0, -3], [4, 5, 6]], dtype=np.int8),
    "uint32": np.array([[0, 0, 0], [7, 0, 1]], dtype=np.uint32),
    "float32": np.array([[np.nan, 0.0, -0.0], [np.inf, 1.5, -2.0]], dtype=np.float32),
    "complex128": np.array([[0j, 1j, 0j], [2 + 0j, 0j, 1 - 1j]]),
}
AXES = [None, 0, 1, -1, (0, 1), (), (-1, 0)]


# ---------------------------------------------------------------------- all, any
@pytest.mark.parametrize("name", ["all", "any"])
@pytest.mark.parametrize("dtype", sorted(SAMPLES))
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_all_any_match_numpy(driver, name, dtype, axis, keepdims):
    data = SAMPLES[dtype]
    out = getattr(ak, name)(ak.asarray(data), axis=axis, keepdims=keepdims)
    expected = getattr(np, name)(data, axis=axis, keepdims=keepdims)
    assert out.dtype == ak.bool
    assert out.shape == np.shape(expected)
    np.testing.assert_array_equal(np.asarray(out), expected)


@pytest.mark.parametrize(("name", "empty_result"), [("all", True), ("any", False)])
def test_all_any_empty(driver, name, empty_result):
    x = ak.zeros((0, 3))
    assert bool(getattr(ak, name)(x)) is empty_result  # spec: empty -> True / False
    np.testing.assert_array_equal(np.asarray(getattr(ak, name)(x, axis=0)), [empty_result] * 3)
    assert getattr(ak, name)(x, axis=1).shape == (0,)


def test_all_any_zero_dim(driver):
    assert bool(ak.all(ak.asarray(2.0))) and not bool(ak.any(ak.asarray(0)))
    assert ak.all(ak.asarray(True), axis=()).shape == ()


@pytest.mark.parametrize("name", ["all", "any"])
def test_all_any_errors(driver, name):
    x = ak.ones((2, 3))
    fn = getattr(ak, name)
    with pytest.raises(IndexError, match=f"{name}: axis=2 is out of range"):
        fn(x, axis=2)
    with pytest.raises(IndexError, match=f"{name}: axis=-3 is out of range"):
        fn(x, axis=(0, -3))
    with pytest.raises(ValueError, match=f"{name}: repeated axis"):
        fn(x, axis=(1, -1))
    with pytest.raises(TypeError, match=f"{name}: 'axis' must be an int"):
        fn(x, axis=1.0)
    with pytest.raises(TypeError, match=f"{name}: 'x' must be an arraykit array"):
        fn([True, False])


@given(
    x=xps.arrays(
        dtype=xps.scalar_dtypes(), shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=0)
    ),
    data=st.data(),
)
def test_all_any_property(x, data):
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
    for name in ("all", "any"):
        out = getattr(ak, name)(ak.asarray(x), axis=axis)
        np.testing.assert_array_equal(np.asarray(out), getattr(np, name)(x, axis=axis))


# ---------------------------------------------------------------------- diff
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float32", "float64", "complex64"])
@pytest.mark.parametrize(("axis", "n"), [(-1, 1), (0, 1), (1, 2), (-2, 2), (1, 3), (1, 0)])
def test_diff_matches_numpy(driver, dtype, axis, n):
    data = np.array([[1, 5, 2, 9], [0, 3, 3, 250], [7, 1, 0, 4]]).astype(dtype)
    out = ak.diff(ak.asarray(data), axis=axis, n=n)
    expected = np.diff(data, axis=axis, n=n)
    assert out.dtype == expected.dtype
    np.testing.assert_array_equal(np.asarray(out), expected)


def test_diff_unsigned_wraps_like_numpy(driver):
    data = np.array([5, 2, 255, 0], dtype=np.uint8)
    np.testing.assert_array_equal(np.asarray(ak.diff(ak.asarray(data))), np.diff(data))


def test_diff_n_zero_returns_a_copy(driver):
    x = ak.asarray([1.0, 2.0])
    out = ak.diff(x, n=0)
    assert out is not x
    out[0] = 5.0
    assert float(x[0]) == 1.0


def test_diff_n_beyond_length_is_empty(driver):
    out = ak.diff(ak.asarray([[1, 2, 4]]), n=5)
    assert out.shape == (1, 0)
    assert out.shape == np.diff(np.array([[1, 2, 4]]), n=5).shape


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("n", [1, 2, 4])
def test_diff_prepend_append_match_numpy(driver, axis, n):
    rng = np.random.default_rng(0)
    data = rng.integers(-9, 9, (3, 4))
    pre_shape, app_shape = list(data.shape), list(data.shape)
    pre_shape[axis], app_shape[axis] = 2, 1
    pre = rng.integers(-9, 9, pre_shape)
    app = rng.integers(-9, 9, app_shape)
    got = ak.diff(ak.asarray(data), axis=axis, n=n, prepend=ak.asarray(pre), append=ak.asarray(app))
    np.testing.assert_array_equal(
        np.asarray(got), np.diff(data, axis=axis, n=n, prepend=pre, append=app)
    )
    only_pre = ak.diff(ak.asarray(data), axis=axis, prepend=ak.asarray(pre))
    np.testing.assert_array_equal(np.asarray(only_pre), np.diff(data, axis=axis, prepend=pre))


def test_diff_prepend_promotes(driver):
    data = np.array([1, 2, 4], dtype=np.int8)
    pre = np.array([0.5], dtype=np.float32)
    out = ak.diff(ak.asarray(data), prepend=ak.asarray(pre))
    expected = np.diff(data, prepend=pre)
    assert out.dtype == expected.dtype == np.float32
    np.testing.assert_array_equal(np.asarray(out), expected)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="diff: int8 and float32"):
        ak.diff(ak.asarray(data), prepend=ak.asarray(pre))


def test_diff_errors(driver):
    x = ak.ones((2, 3))
    with pytest.raises(TypeError, match="diff: expected arrays of a numeric dtype, got bool"):
        ak.diff(ak.asarray([True, False]))
    with pytest.raises(ValueError, match=r"diff: 'x' must have at least one dimension"):
        ak.diff(ak.asarray(1.0))
    with pytest.raises(IndexError, match="diff: axis=2 is out of range"):
        ak.diff(x, axis=2)
    with pytest.raises(ValueError, match="diff: 'n' must be non-negative, got -1"):
        ak.diff(x, n=-1)
    with pytest.raises(TypeError, match="diff: 'n' must be an int"):
        ak.diff(x, n=1.5)
    with pytest.raises(
        ValueError, match=r"diff: 'append' of shape \(3, 3\) must match x's shape \(2, 3\)"
    ):
        ak.diff(x, axis=1, append=ak.ones((3, 3)))
    with pytest.raises(ValueError, match=r"diff: 'prepend' of shape \(3,\)"):
        ak.diff(x, prepend=ak.ones(3))
    with pytest.raises(TypeError, match="diff: 'prepend' must be an arraykit array"):
        ak.diff(x, prepend=0.0)


def test_diff_uses_a_driver_fast_path(driver):
    calls = []

    def native_diff(self, x, *, axis, n, prepend, append):
        calls.append((axis, n, prepend is None, append is None))
        return self.asarray(
            np.diff(self.to_numpy(x), axis=axis, n=n), self.dtype_of(x), self.device_of(x), True
        )

    fast = type("FastDiff", (type(driver),), {"diff": native_diff})()
    with ak.use(fast):
        out = ak.diff(ak.asarray([[1.0, 4.0, 9.0]]), axis=-1, n=2)
    assert calls == [(1, 2, True, True)]  # axis arrives normalised
    np.testing.assert_array_equal(np.asarray(out), [[2.0]])


@given(
    x=xps.arrays(
        dtype=xps.integer_dtypes() | xps.floating_dtypes(),
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
    ),
    data=st.data(),
)
def test_diff_property(x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    n = data.draw(st.integers(0, 6), label="n")
    with np.errstate(over="ignore", invalid="ignore"):  # inf - inf, float overflow
        expected = np.diff(x, axis=axis, n=n)
        got = ak.diff(ak.asarray(x), axis=axis, n=n)
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_compute_gives_the_values_and_every_size(driver):
    data = np.array([[3.0, -1.0, 4.0], [-1.0, 5.0, -9.0]])
    x = ak.asarray(data)
    pos, (rows, cols), total = x[x > 0], ak.nonzero(x < 0), ak.sum(x)
    out = ak.compute(pos, rows, cols, total)
    assert isinstance(out, tuple) and len(out) == 4
    for got, want in zip(out, (data[data > 0], *np.nonzero(data < 0), data.sum()), strict=True):
        assert got.shape == want.shape  # every size known after compute
        np.testing.assert_array_equal(np.asarray(got), want)
    one = ak.compute(x)
    assert isinstance(one, ak.Array) and one.shape == data.shape
    with pytest.raises(TypeError):
        ak.compute(data)
