"""Indexing (``x[key]``, ``x[key] = value``, ``take``, ``take_along_axis``) against NumPy,
on every installed driver."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
# The ``driver`` fixture only activates a driver; it holds no per-example state.  Half
# the profile's examples: every new shape costs a compilation on JIT-backed drivers.
fixture_ok = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    max_examples=max(10, settings.default.max_examples // 2),
)

A = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


def check(result: ak.Array, expected: np.ndarray) -> None:
    assert isinstance(result, ak.Array)
    expected = np.asarray(expected)
    assert result.dtype == expected.dtype
    # A size that depends on data may be unknown (None) until computed (lazy drivers).
    assert len(result.shape) == expected.ndim
    assert all(n is None or n == m for n, m in zip(result.shape, expected.shape, strict=True))
    assert ak.compute(result).shape == expected.shape
    np.testing.assert_array_equal(np.asarray(result), expected)


def i64(v: object) -> ak.Array:
    return ak.asarray(np.asarray(v, dtype=np.int64))


# ---------------------------------------------------------------------- __getitem__
BASIC_KEYS = [
    0, -1, 1, (0, 1), (1, -1, 3), (-2, 0, -4), slice(None), slice(1, None), slice(None, None, -1),
    (slice(0, 2), slice(None, None, 2)), (Ellipsis, 0), (0, Ellipsis), (0, Ellipsis, 1),
    Ellipsis, (), (None,), (None, 0, None), (Ellipsis, None), (slice(5, 1, -2), None, 1),
    (slice(1, 1),), (slice(-100, 100),), (0, slice(None), -1),
]  # fmt: skip


@pytest.mark.parametrize("key", BASIC_KEYS, ids=repr)
def test_getitem_basic(driver, key):
    check(ak.asarray(A)[key], A[key])


def test_getitem_0d(driver):
    x = np.array(7, dtype=np.int16)
    for key in [(), Ellipsis, None, (None, Ellipsis)]:
        check(ak.asarray(x)[key], np.asarray(x[key]))


def test_getitem_int_gives_0d_array(driver):
    out = ak.asarray(np.array([1.5, 2.5]))[1]
    assert isinstance(out, ak.Array) and out.shape == () and float(out) == 2.5


def test_getitem_array_index_keys(driver):
    x = ak.asarray(A)
    k0, k1 = np.array([1, 0, 1]), np.array([[2], [-1]])
    check(x[i64(k0)], A[k0])
    check(x[i64(k0), i64(k1)], A[k0, k1])
    check(x[0, i64(k0), -1], A[0, k0, -1])
    check(x[i64(1), i64(2), i64(3)], A[1, 2, 3])  # 0-D index arrays act as ints
    check(x[:, i64(k0)], A[:, k0])
    check(x[ak.asarray(np.array([0, 1], dtype=np.uint8))], A[np.array([0, 1], np.uint8)])
    check(x[[1, 0]], A[[1, 0]])
    check(x[np.array([1, -1]), 0], A[np.array([1, -1]), 0])  # NumPy keys are host data
    check(x[np.array([True, False])], A[np.array([True, False])])


def test_getitem_boolean(driver):
    x = ak.asarray(A)
    m3, m2, m1 = A > 10, A[:, :, 0] > 4, np.array([True, False])
    check(x[ak.asarray(m3)], A[m3])
    check(x[ak.asarray(m2)], A[m2])
    check(x[ak.asarray(m1)], A[m1])
    check(x[ak.asarray(np.bool_(True))], A[np.bool_(True)])
    check(x[ak.asarray(np.bool_(False))], A[np.bool_(False)])
    check(x[ak.asarray(np.zeros((0, 3), bool))], np.zeros((0, 4), np.float32))
    # A mask dimension may be 0 whatever the indexed size (the spec's rule).
    out = ak.asarray(np.array([False]))[ak.asarray(np.zeros(0, bool))]
    check(out, np.zeros(0, bool))


def test_iteration(driver):
    x = ak.asarray(np.array([3, 1, 2]))
    assert [int(v) for v in x] == [3, 1, 2]
    assert len(x) == 3
    with pytest.raises(TypeError, match="0-D"):
        iter(ak.asarray(1.0))
    with pytest.raises(TypeError, match="0-D"):
        len(ak.asarray(1.0))


@pytest.mark.parametrize(
    ("key", "match"),
    [
        (2, "index 2 is out of bounds for axis 0 with size 2"),
        (-3, "index -3 is out of bounds for axis 0 with size 2"),
        ((0, 3), "index 3 is out of bounds for axis 1 with size 3"),
        ((Ellipsis, 4), "index 4 is out of bounds for axis 2 with size 4"),
        ((0, 0, 0, 0), "too many indices"),
        ((Ellipsis, 0, Ellipsis), "single ellipsis"),
        (1.0, "invalid index 1.0"),
        ("a", "invalid index 'a'"),
        ((slice(0, 1.5),), "slice bounds must be integers"),
    ],
    ids=repr,
)
def test_getitem_index_errors(driver, key, match):
    with pytest.raises(IndexError, match=match):
        ak.asarray(A)[key]


def test_getitem_array_index_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(IndexError, match="__getitem__: index 2 is out of bounds for axis 0"):
        x[i64([0, 2])]
    with pytest.raises(IndexError, match="__getitem__: index -4 is out of bounds for axis 1"):
        x[0, i64([-4])]
    with pytest.raises(IndexError, match="boolean index of shape"):
        x[ak.asarray(np.ones((2, 4), bool))]
    with pytest.raises(IndexError, match="too many indices"):
        x[ak.asarray(np.ones((2, 3, 4, 1), bool))]
    with pytest.raises(IndexError, match="must be integer or boolean, got float64"):
        x[ak.asarray(np.array([0.0]))]
    with pytest.raises(IndexError, match="too many indices: a 0-D array"):
        ak.asarray(1.0)[0]
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        x[::0]


@fixture_ok
@given(x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(max_dims=4, max_side=5)), data=st.data())
def test_getitem_property(driver, x, data):
    """Any valid basic index selects what NumPy selects."""
    key = data.draw(xps.indices(x.shape, allow_newaxis=True))
    check(ak.asarray(x)[key], np.asarray(x[key]))


# ---------------------------------------------------------------------- __setitem__
@pytest.mark.parametrize("key", BASIC_KEYS[:-3], ids=repr)
def test_setitem_basic_scalar(driver, key):
    x, expected = ak.asarray(A.copy()), A.copy()
    x[key] = -1.0
    expected[key] = -1.0
    check(x, expected)


def test_setitem_array_values(driver):
    x, expected = ak.asarray(A.copy()), A.copy()
    v = np.arange(4, dtype=np.float32) * 100
    x[0, 1] = ak.asarray(v)
    expected[0, 1] = v
    check(x, expected)
    x[:, 0] = ak.asarray(v)  # broadcast along the missing axis
    expected[:, 0] = v
    check(x, expected)
    x[...] = ak.asarray(np.float32(5))
    expected[...] = 5
    check(x, expected)


def test_setitem_promotes_value(driver):
    x = ak.asarray(np.zeros(4, dtype=np.float64))
    x[:2] = ak.asarray(np.array([1, 2], dtype=np.int32))  # int32 promotes to float64
    x[2] = ak.asarray(np.float32(0.5))
    x[3] = True
    check(x, np.array([1.0, 2.0, 0.5, 1.0]))
    y = ak.asarray(np.zeros(3, dtype=np.int16))
    y[0] = ak.asarray(np.int8(-3))
    y[1] = 7
    y[2] = True
    check(y, np.array([-3, 7, 1], np.int16))
    z = ak.asarray(np.zeros(2, dtype=np.complex64))
    z[0] = 1 + 2j
    z[1] = 3.0
    check(z, np.array([1 + 2j, 3], np.complex64))


def test_setitem_other_values(driver):
    x = ak.asarray(np.zeros(3))
    x[:] = np.array([1.0, 2.0, 3.0])
    check(x, np.array([1.0, 2.0, 3.0]))
    x[:2] = [5, 6]
    check(x, np.array([5.0, 6.0, 3.0]))
    y = ak.asarray(np.zeros(3, np.int8))
    y[:] = [1, -2, True]  # Python data is weak, like a Python scalar
    check(y, np.array([1, -2, 1], np.int8))
    with pytest.raises(TypeError, match="cannot assign list"):
        y[:2] = [1.5, 2]
    with pytest.raises(OverflowError, match="__setitem__"):
        y[:2] = [1000, 2]
    with pytest.raises(TypeError, match="cannot assign a float64 array to a int8"):
        y[:2] = np.array([1.0, 2.0])  # NumPy arrays carry their dtype: not the same kind
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="a int64 array to a int8"):
        y[:2] = np.array([1, 2])  # the standard's rule: no narrowing
    check(y, np.array([1, -2, 1], np.int8))


def test_setitem_array_keys(driver):
    x, expected = ak.asarray(A.copy()), A.copy()
    mask = A > 12
    x[ak.asarray(mask)] = 0.0
    expected[mask] = 0.0
    check(x, expected)
    lead = A[:, :, 0] > 4  # masks the two leading axes
    x[ak.asarray(lead)] = ak.asarray(np.float32(9))
    expected[lead] = 9
    check(x, expected)
    idx = np.array([2, -1])
    x[1, i64(idx), 0] = ak.asarray(np.array([7.0, 8.0], np.float32))
    expected[1, idx, 0] = [7.0, 8.0]
    check(x, expected)


def test_setitem_keeps_identity_and_views(driver):
    x = ak.asarray(np.arange(6.0).reshape(2, 3))
    before = x
    x[0, 0] = 10.0
    assert x is before and float(x[0, 0]) == 10.0
    if driver.capabilities.mutable:
        row = x[1]
        x[1, 2] = 42.0  # NumPy semantics: basic-index views see writes
        assert float(row[2]) == 42.0


def test_setitem_broadcast_result(driver):
    y = ak.broadcast_to(ak.asarray(np.array([1.0, 2.0])), (2, 2))
    with pytest.raises(ValueError, match="read-only"):  # as NumPy's broadcast_to
        y[0, 0] = 5.0
    check(y, np.array([[1.0, 2.0], [1.0, 2.0]]))
    z = ak.asarray(y, copy=True)  # NumPy's remedy: write to a copy
    z[0, 0] = 5.0
    check(z, np.array([[5.0, 2.0], [1.0, 2.0]]))


@pytest.mark.parametrize(
    ("key", "value", "exc", "match"),
    [
        (0, 1.5, TypeError, "cannot assign float 1.5 to a int32"),
        (0, 1j, TypeError, "cannot assign complex"),
        (0, 2**40, OverflowError, "out of bounds for int32"),
        (0, "a", TypeError, "__setitem__: cannot assign a str"),
        (5, 1, IndexError, "__setitem__: index 5 is out of bounds for axis 0"),
        ((0, 0), 1, IndexError, "too many indices"),
        (slice(None), np.ones(4, np.int32), ValueError, r"\(4,\) cannot be broadcast .*\(3,\)"),
        (slice(None), np.ones(3, np.float32), TypeError, "cannot assign a float32 array"),
    ],
    ids=repr,
)  # fmt: skip
def test_setitem_errors_leave_array_unchanged(driver, key, value, exc, match):
    original = np.array([1, 2, 3], dtype=np.int32)
    x = ak.asarray(original.copy())
    if isinstance(value, np.ndarray):
        value = ak.asarray(value)
    with pytest.raises(exc, match=match):
        x[key] = value
    check(x, original)


def test_setitem_int_array_out_of_range_leaves_unchanged(driver):
    x = ak.asarray(np.array([1.0, 2.0, 3.0]))
    with pytest.raises(IndexError, match="index 3 is out of bounds"):
        x[i64([0, 3])] = 0.0
    check(x, np.array([1.0, 2.0, 3.0]))


def test_setitem_strict_mode(driver):
    x = ak.asarray(np.zeros(2, np.float64))
    with ak.use(promotion="strict"):
        with pytest.raises(TypeError, match="int64 array"):
            x[0] = ak.asarray(np.array(1, dtype=np.int64))
        x[1] = 2  # a Python int joins a float array in every mode
    check(x, np.array([0.0, 2.0]))


@fixture_ok
@given(x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(max_dims=3, max_side=4)), data=st.data())
def test_setitem_property(driver, x, data):
    """Assigning an array of x[key]'s shape changes exactly what NumPy changes."""
    key = data.draw(xps.indices(x.shape))
    target_shape = x[key].shape
    value = data.draw(xps.arrays(x.dtype, target_shape))
    xa = ak.asarray(x.copy())
    xa[key] = ak.asarray(value)
    expected = x.copy()
    expected[key] = value
    check(xa, expected)


# ---------------------------------------------------------------------- take
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_take(driver, axis):
    idx = np.array([0, -1, 1, 1])
    idx = idx[: A.shape[axis] + 1]
    check(ak.take(ak.asarray(A), i64(idx), axis=axis), np.take(A, idx, axis=axis))


def test_take_1d_default_axis_and_dtypes(driver):
    x = np.array([10, 20, 30], dtype=np.uint16)
    for dtype in (np.int8, np.uint8, np.int32, np.int64):
        idx = np.array([2, 0], dtype=dtype)
        check(ak.take(ak.asarray(x), ak.asarray(idx)), np.take(x, idx))
    check(ak.take(ak.asarray(x), i64(np.zeros(0))), np.zeros(0, np.uint16))


def test_take_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(IndexError, match="take: index 3 is out of bounds for axis 1"):
        ak.take(x, i64([0, 3]), axis=1)
    with pytest.raises(IndexError, match="take: index -5 is out of bounds for axis 2"):
        ak.take(x, i64([-5]), axis=-1)
    with pytest.raises(ValueError, match="take: 'axis' is required for a 3-D array"):
        ak.take(x, i64([0]))
    with pytest.raises(ValueError, match=r"take: 'indices' must be 1-D, got shape \(1, 1\)"):
        ak.take(x, i64([[0]]), axis=0)
    with pytest.raises(TypeError, match="take: 'indices' must have an integer dtype"):
        ak.take(x, ak.asarray([0.0]), axis=0)
    with pytest.raises(IndexError, match="take: axis=3"):
        ak.take(x, i64([0]), axis=3)
    with pytest.raises(ValueError, match="take: 'x' must have at least one dimension"):
        ak.take(ak.asarray(1.0), i64([0]))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_take_along_axis(driver, axis):
    idx = np.argsort(-A, axis=axis)
    check(ak.take_along_axis(ak.asarray(A), i64(idx), axis=axis), np.take_along_axis(A, idx, axis))
    neg = idx - A.shape[axis]  # negative indices count from the end
    check(ak.take_along_axis(ak.asarray(A), i64(neg), axis=axis), np.take_along_axis(A, idx, axis))


def test_take_along_axis_broadcasts(driver):
    x = np.arange(12.0).reshape(3, 4)
    idx = np.array([[3, 0]])
    check(ak.take_along_axis(ak.asarray(x), i64(idx), axis=1), np.take_along_axis(x, idx, 1))


def test_take_along_axis_errors(driver):
    x = ak.asarray(np.ones((3, 4)))
    with pytest.raises(IndexError, match="take_along_axis: index 4 is out of bounds for axis 1"):
        ak.take_along_axis(x, i64([[4]]), axis=1)
    with pytest.raises(ValueError, match="take_along_axis: 'indices' must have x's number"):
        ak.take_along_axis(x, i64([0]))
    with pytest.raises(ValueError, match=r"take_along_axis: shapes \(3, 4\) .* \(2, 1\)"):
        ak.take_along_axis(x, i64([[0], [1]]), axis=1)
    with pytest.raises(TypeError, match="take_along_axis: 'indices' must have an integer"):
        ak.take_along_axis(x, ak.asarray([[0.0]]), axis=1)


@fixture_ok
@given(
    x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(min_dims=1, max_dims=3, min_side=1)),
    data=st.data(),
)
def test_take_property(driver, x, data):
    """take with in-range (possibly negative) indices agrees with NumPy."""
    axis = data.draw(st.integers(0, x.ndim - 1))
    n = x.shape[axis]
    idx = np.array(data.draw(st.lists(st.integers(-n, n - 1), max_size=6)), dtype=np.int64)
    check(ak.take(ak.asarray(x), ak.asarray(idx), axis=axis), np.take(x, idx, axis=axis))


@pytest.mark.parametrize(
    "shape, key",
    [((1, 1, 0), np.array([[True]])), ((2, 3, 0), np.array([[True, False, True]] * 2)),
     ((3, 0), np.array([[0, 2]]))],
)  # fmt: skip
def test_advanced_index_of_an_array_with_an_empty_axis(driver, shape, key):
    # found by tests/test_differential.py: TensorFlow's gather_nd refused empty params
    a = np.zeros(shape, np.float32)
    got = ak.asarray(a)[ak.asarray(key)]
    assert got.shape == a[key].shape
    assert np.asarray(got).shape == a[key].shape


@pytest.mark.parametrize("s", [slice(-5, None, -1), slice(-6, None, -2), slice(-5, 0, -1),
                               slice(2, -9, -1), slice(-9, 9, 2)])  # fmt: skip
def test_slices_beyond_the_bounds_with_negative_steps(driver, s):
    # found by tests/test_differential.py: Dask read x[:, -5::-1] of 4 columns as 4 of them
    a = np.arange(16.0).reshape(4, 4)
    np.testing.assert_array_equal(np.asarray(ak.asarray(a)[:, s]), a[:, s], strict=True)
    x, b = ak.asarray(a.copy()), a.copy()
    x[s, 1:] = -1.0
    b[s, 1:] = -1.0
    np.testing.assert_array_equal(np.asarray(x), b)


@pytest.mark.parametrize("shape", [(0, 1, 1), (2, 1, 3)])
def test_write_with_a_key_past_eight_dims_of_new_axes(driver, shape):
    # a basic key whose new axes take the result past the strided kernels' 8 dims (TF's
    # setitem went to its advanced path with no index array: IndexError; the TF fuzz
    # run's find)
    s = slice(None)
    data = np.arange(math.prod(shape), dtype=np.float64).reshape(shape)
    want = data.copy()
    wv = want[s, None, s, None, s]
    wv[(s, None) * 5] = -1.0
    x = ak.asarray(data.copy())
    v = x[s, None, s, None, s]
    v[(s, None) * 5] = -1.0
    np.testing.assert_array_equal(np.asarray(x), want)
    np.testing.assert_array_equal(np.asarray(v), wv)
