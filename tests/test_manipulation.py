"""Manipulation functions against NumPy (the reference), on every installed driver."""

from __future__ import annotations

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


def check(result: ak.Array, expected: np.ndarray) -> None:
    """``result`` equals ``expected`` in dtype, shape and values."""
    assert isinstance(result, ak.Array)
    assert result.dtype == expected.dtype
    assert result.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(result), expected)


A = np.arange(24, dtype=np.int32).reshape(2, 3, 4)


# ---------------------------------------------------------------------- broadcasting
@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        ((), ()),
        (((2, 3),), (2, 3)),
        (((2, 1), (1, 3)), (2, 3)),
        (((5, 1, 4), (3, 1), ()), (5, 3, 4)),
        (((0,), (1,)), (0,)),
        (((None, 3), (2, 1)), (2, 3)),
        (((None, 3), (1, 3)), (None, 3)),
        (((4, None), (3,)), (4, 3)),
    ],
)
def test_broadcast_shapes(driver, shapes, expected):
    assert ak.broadcast_shapes(*shapes) == expected


def test_broadcast_shapes_matches_numpy(driver):
    for shapes in [((3, 1, 5), (4, 1)), ((1,), (7, 1, 1)), ((2, 0), (1, 1))]:
        assert ak.broadcast_shapes(*shapes) == np.broadcast_shapes(*shapes)


def test_broadcast_shapes_errors(driver):
    with pytest.raises(ValueError, match=r"broadcast_shapes: shapes \(2, 3\), \(4,\)"):
        ak.broadcast_shapes((2, 3), (4,))
    with pytest.raises(TypeError, match="broadcast_shapes"):
        ak.broadcast_shapes((2.5,))
    with pytest.raises(TypeError, match="broadcast_shapes"):
        ak.broadcast_shapes(3)
    with pytest.raises(ValueError, match="negative"):
        ak.broadcast_shapes((-1, 2))


def test_broadcast_to(driver):
    x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    check(ak.broadcast_to(ak.asarray(x), (2, 3)), np.broadcast_to(x, (2, 3)))
    check(ak.broadcast_to(ak.asarray(x), (3,)), x)
    check(ak.broadcast_to(ak.asarray(np.float64(2.0)), (2, 2)), np.full((2, 2), 2.0))
    check(ak.broadcast_to(ak.asarray(np.ones((1, 3))), (0, 3)), np.ones((0, 3)))


def test_broadcast_to_errors(driver):
    x = ak.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"broadcast_to: .*\(2, 3\).*\(3, 3\)"):
        ak.broadcast_to(x, (3, 3))
    with pytest.raises(ValueError, match=r"broadcast_to: .*\(2, 3\).*\(3,\)"):
        ak.broadcast_to(x, (3,))
    with pytest.raises(TypeError, match="broadcast_to: 'x' must be an arraykit array"):
        ak.broadcast_to(np.ones(3), (3,))


def test_broadcast_arrays(driver):
    a, b = np.arange(3).reshape(3, 1), np.array([1.5, 2.5], dtype=np.float32)
    out = ak.broadcast_arrays(ak.asarray(a), ak.asarray(b))
    assert isinstance(out, tuple) and len(out) == 2
    for r, e in zip(out, np.broadcast_arrays(a, b), strict=True):
        check(r, e)
    assert ak.broadcast_arrays() == ()
    (single,) = ak.broadcast_arrays(ak.asarray(b))
    check(single, b)


def test_broadcast_arrays_errors(driver):
    with pytest.raises(ValueError, match=r"broadcast_arrays: shapes \(2,\), \(3,\)"):
        ak.broadcast_arrays(ak.asarray([1, 2]), ak.asarray([1, 2, 3]))


# ---------------------------------------------------------------------- joining
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concat(driver, axis):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(6, 12, dtype=np.float32).reshape(2, 3)
    expected = np.concatenate([a, b], axis=axis)
    check(ak.concat([ak.asarray(a), ak.asarray(b)], axis=axis), expected)
    check(ak.concat((ak.asarray(a),), axis=axis), np.concatenate([a], axis=axis))


def test_concat_promotes(driver):
    a = np.array([1, 2], dtype=np.int8)
    b = np.array([3, 4], dtype=np.int16)
    c = np.array([0.5], dtype=np.float32)
    check(ak.concat([ak.asarray(a), ak.asarray(b)]), np.concatenate([a, b]))
    check(ak.concat([ak.asarray(a), ak.asarray(b), ak.asarray(c)]), np.concatenate([a, b, c]))
    flat = ak.concat([ak.asarray(np.ones((2, 2), np.uint8)), ak.asarray(a)], axis=None)
    check(flat, np.concatenate([np.ones(4, np.uint8), a]).astype(np.int16))


def test_concat_stack_strict_mode(driver):
    a, b = ak.asarray(np.ones(2, np.int32)), ak.asarray(np.ones(2, np.float32))
    with ak.use(promotion="strict"):
        with pytest.raises(TypeError, match="concat: int32 and float32 do not promote"):
            ak.concat([a, b])
        with pytest.raises(TypeError, match="stack: int32 and float32 do not promote"):
            ak.stack([a, b])
        check(ak.concat([a, ak.asarray(np.ones(1, np.int64))]), np.ones(3, np.int64))


def test_concat_errors(driver):
    a = ak.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"concat: shapes \(2, 3\), \(3, 3\)"):
        ak.concat([a, ak.asarray(np.ones((3, 3)))], axis=1)
    with pytest.raises(ValueError, match=r"concat: .*dimensions.*\(2, 3\), \(3,\)"):
        ak.concat([a, ak.asarray(np.ones(3))])
    with pytest.raises(ValueError, match="concat: zero-dimensional"):
        ak.concat([ak.asarray(1.0), ak.asarray(2.0)])
    with pytest.raises(IndexError, match="concat: axis=2"):
        ak.concat([a, a], axis=2)
    with pytest.raises(ValueError, match="concat: need at least one array"):
        ak.concat([])
    with pytest.raises(TypeError, match=r"concat: 'arrays\[1\]'"):
        ak.concat([a, np.ones((2, 3))])
    with pytest.raises(TypeError, match="concat: 'arrays' must be a tuple or list"):
        ak.concat(a)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_stack(driver, axis):
    a, b = A[0], A[1] * 10
    check(ak.stack([ak.asarray(a), ak.asarray(b)], axis=axis), np.stack([a, b], axis=axis))


def test_stack_promotes_and_0d(driver):
    a, b = np.array(1, dtype=np.uint8), np.array(2.5, dtype=np.float64)
    check(ak.stack((ak.asarray(a), ak.asarray(b))), np.stack([a, b]))


def test_stack_errors(driver):
    a = ak.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"stack: .*same shape.*\(2, 3\), \(3, 2\)"):
        ak.stack([a, ak.asarray(np.ones((3, 2)))])
    with pytest.raises(IndexError, match="stack: axis=3"):
        ak.stack([a, a], axis=3)
    with pytest.raises(IndexError, match="stack: axis=-4"):
        ak.stack([a, a], axis=-4)


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_unstack(driver, axis):
    out = ak.unstack(ak.asarray(A), axis=axis)
    assert isinstance(out, tuple)
    expected = [np.take(A, i, axis=axis) for i in range(A.shape[axis])]
    assert len(out) == len(expected)
    for r, e in zip(out, expected, strict=True):
        check(r, e)


def test_unstack_errors(driver):
    with pytest.raises(IndexError, match="unstack: axis=0"):
        ak.unstack(ak.asarray(1.0))
    with pytest.raises(IndexError, match="unstack: axis=3"):
        ak.unstack(ak.asarray(A), axis=3)


# ---------------------------------------------------------------------- shape changes
@pytest.mark.parametrize("shape", [(24,), (4, 6), (-1,), (2, -1, 3), (1, 24, 1), 24])
def test_reshape(driver, shape):
    check(ak.reshape(ak.asarray(A), shape), A.reshape(shape))


def test_reshape_zero_size_and_0d(driver):
    z = np.zeros((0, 3))
    check(ak.reshape(ak.asarray(z), (3, 0)), z.reshape(3, 0))
    check(ak.reshape(ak.asarray(np.float32(5)), (1, 1)), np.full((1, 1), 5, np.float32))
    check(ak.reshape(ak.asarray(np.ones((1, 1))), ()), np.array(1.0))


def test_reshape_copy(driver):
    x = ak.asarray(np.arange(6.0))
    y = ak.reshape(x, (2, 3), copy=True)
    check(y, np.arange(6.0).reshape(2, 3))
    if driver.capabilities.mutable:
        y[0, 0] = 100.0
        assert float(x[0]) == 0.0  # copy=True never shares memory
        t = ak.permute_dims(ak.reshape(x, (2, 3)), (1, 0))
        with pytest.raises(ValueError):
            ak.reshape(t, (6,), copy=False)  # a transposed view cannot be flattened for free


def test_reshape_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(ValueError, match=r"reshape: cannot reshape .*\(2, 3, 4\) to \(5, 5\)"):
        ak.reshape(x, (5, 5))
    with pytest.raises(ValueError, match=r"reshape: cannot reshape .*\(2, 3, 4\) to \(5, -1\)"):
        ak.reshape(x, (5, -1))
    with pytest.raises(ValueError, match="at most one -1"):
        ak.reshape(x, (-1, -1))
    with pytest.raises(ValueError, match="at most one -1"):
        ak.reshape(x, (-2, -12))
    with pytest.raises(ValueError, match="reshape: copy must be"):
        ak.reshape(x, (24,), copy="yes")
    with pytest.raises(TypeError, match="reshape: 'shape'"):
        ak.reshape(x, (2.0, 12))


@pytest.mark.parametrize(
    "axis", [0, 3, -1, -4, (0,), (0, 1), (0, -1), (-1, -2), (4, 0, 2), (1, 3, 5)]
)
def test_expand_dims(driver, axis):
    check(ak.expand_dims(ak.asarray(A), axis), np.expand_dims(A, axis))


def test_expand_dims_0d(driver):
    x = np.array(3.0)
    check(ak.expand_dims(ak.asarray(x), 0), x[None])
    check(ak.expand_dims(ak.asarray(x), (0, 1)), x[None, None])
    check(ak.expand_dims(ak.asarray(x), ()), x)


def test_expand_dims_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(IndexError, match="expand_dims: axis=4"):
        ak.expand_dims(x, 4)
    with pytest.raises(IndexError, match="expand_dims: axis=-5"):
        ak.expand_dims(x, -5)
    with pytest.raises(IndexError, match="expand_dims: axis=5"):
        ak.expand_dims(x, (0, 5))
    with pytest.raises(ValueError, match="expand_dims: repeated axis"):
        ak.expand_dims(x, (0, -5))
    with pytest.raises(TypeError, match="expand_dims: 'axis'"):
        ak.expand_dims(x, 1.0)


@pytest.mark.parametrize("axis", [0, 2, -1, (0, 2), (2, 0), ()])
def test_squeeze(driver, axis):
    x = np.arange(6.0).reshape(1, 6, 1)
    check(ak.squeeze(ak.asarray(x), axis), np.squeeze(x, axis))


def test_squeeze_errors(driver):
    x = ak.asarray(np.ones((1, 6, 1)))
    with pytest.raises(ValueError, match=r"squeeze: axis 1 .*\(1, 6, 1\) has size 6"):
        ak.squeeze(x, 1)
    with pytest.raises(ValueError, match="squeeze: repeated axis"):
        ak.squeeze(x, (0, -3))
    with pytest.raises(IndexError, match="squeeze: axis=3"):
        ak.squeeze(x, 3)


@pytest.mark.parametrize("reps", [(2,), (1, 2), (2, 1, 1), (2, 2, 2, 2), (0, 1), ()])
def test_tile(driver, reps):
    x = np.arange(6, dtype=np.int16).reshape(2, 3)
    check(ak.tile(ak.asarray(x), reps), np.tile(x, reps))


def test_tile_errors(driver):
    with pytest.raises(ValueError, match="tile: 'repetitions' must be non-negative"):
        ak.tile(ak.asarray([1, 2]), (-1,))
    with pytest.raises(TypeError, match="tile: 'repetitions'"):
        ak.tile(ak.asarray([1, 2]), (1.5,))


@pytest.mark.parametrize(
    ("repeats", "axis"),
    [(2, None), (0, None), (3, 0), (2, 1), (2, -1), ([1, 0, 2], 1), ([2], 0), ([1, 2], 0)],
)
def test_repeat(driver, repeats, axis):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    r = ak.asarray(np.array(repeats, dtype=np.int32)) if isinstance(repeats, list) else repeats
    check(ak.repeat(ak.asarray(x), r, axis=axis), np.repeat(x, repeats, axis=axis))


def test_repeat_flattens_0d_and_array_repeats(driver):
    check(ak.repeat(ak.asarray(np.int8(4)), 3), np.repeat(np.int8(4), 3))
    x = np.arange(4)
    reps = np.array([1, 0, 3, 2], dtype=np.uint8)
    check(ak.repeat(ak.asarray(x), ak.asarray(reps)), np.repeat(x, reps))


def test_repeat_errors(driver):
    x = ak.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"repeat: 'repeats' of shape \(2,\) must have shape"):
        ak.repeat(x, ak.asarray([1, 2]), axis=1)
    with pytest.raises(ValueError, match=r"repeat: 'repeats' .*shape \(1,\) or \(6,\)"):
        ak.repeat(x, ak.asarray([[1, 2]]))
    with pytest.raises(TypeError, match="repeat: 'repeats' must have an integer dtype"):
        ak.repeat(x, ak.asarray([1.0]))
    with pytest.raises(ValueError, match="repeat: 'repeats' must be non-negative"):
        ak.repeat(x, -1)
    with pytest.raises(ValueError, match="repeat: 'repeats' must be non-negative"):
        ak.repeat(x, ak.asarray([1, -1, 1]), axis=1)
    with pytest.raises(TypeError, match="repeat: 'repeats' must be an int"):
        ak.repeat(x, 1.5)
    with pytest.raises(IndexError, match="repeat: axis=2"):
        ak.repeat(x, 2, axis=2)


# ---------------------------------------------------------------------- reordering
@pytest.mark.parametrize("axes", [(0, 1, 2), (2, 0, 1), (-1, 0, 1), (1, -3, -1)])
def test_permute_dims(driver, axes):
    check(ak.permute_dims(ak.asarray(A), axes), np.transpose(A, axes))


def test_permute_dims_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(ValueError, match=r"permute_dims: 'axes' \(0, 1\) must name each"):
        ak.permute_dims(x, (0, 1))
    with pytest.raises(ValueError, match="permute_dims: repeated axis"):
        ak.permute_dims(x, (0, 1, -2))
    with pytest.raises(IndexError, match="permute_dims: axes=3"):
        ak.permute_dims(x, (0, 1, 3))


@pytest.mark.parametrize(
    ("source", "destination"),
    [(0, 2), (-1, 0), ((0, 1), (2, 0)), ((0, 2), (-1, -2)), ((), ()), ((0, 1, 2), (2, 1, 0))],
)
def test_moveaxis(driver, source, destination):
    check(ak.moveaxis(ak.asarray(A), source, destination), np.moveaxis(A, source, destination))


def test_moveaxis_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(ValueError, match=r"moveaxis: 'source'.*'destination'.*length"):
        ak.moveaxis(x, (0, 1), (0,))
    with pytest.raises(ValueError, match="moveaxis: repeated axis in source"):
        ak.moveaxis(x, (0, 0), (1, 2))
    with pytest.raises(IndexError, match="moveaxis: destination=3"):
        ak.moveaxis(x, 0, 3)


@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (1,), ()])
def test_flip(driver, axis):
    check(ak.flip(ak.asarray(A), axis=axis), np.flip(A, axis))


def test_flip_0d_and_errors(driver):
    check(ak.flip(ak.asarray(np.float32(2))), np.float32(2) * np.ones((), np.float32))
    with pytest.raises(IndexError, match="flip: axis=3"):
        ak.flip(ak.asarray(A), axis=3)
    with pytest.raises(ValueError, match="flip: repeated axis"):
        ak.flip(ak.asarray(A), axis=(0, -3))


@pytest.mark.parametrize(
    ("shift", "axis"),
    [(1, None), (-7, None), (100, None), (1, 0), (-2, -1), (1, (0, 2)), ((1, -1), (0, 2)),
     ((1, 2), (1, 1)), (0, None)],
)  # fmt: skip
def test_roll(driver, shift, axis):
    check(ak.roll(ak.asarray(A), shift, axis=axis), np.roll(A, shift, axis))


def test_roll_0d(driver):
    check(ak.roll(ak.asarray(np.float64(3.0)), 5), np.array(3.0))


def test_roll_errors(driver):
    x = ak.asarray(A)
    with pytest.raises(ValueError, match="roll: a tuple 'shift'"):
        ak.roll(x, (1, 2))
    with pytest.raises(ValueError, match=r"roll: 'shift' .* same length"):
        ak.roll(x, (1, 2), axis=(0,))
    with pytest.raises(IndexError, match="roll: axis=3"):
        ak.roll(x, 1, axis=3)
    with pytest.raises(TypeError, match="roll: 'shift'"):
        ak.roll(x, 1.5)


# ---------------------------------------------------------------------- properties
@fixture_ok
@given(x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(min_dims=1, max_dims=4)), data=st.data())
def test_permute_and_moveaxis_property(driver, x, data):
    """Any permutation agrees with NumPy; moving an axis and back is the identity."""
    perm = tuple(data.draw(st.permutations(range(x.ndim))))
    xa = ak.asarray(x)
    check(ak.permute_dims(xa, perm), np.transpose(x, perm))
    src = data.draw(st.integers(-x.ndim, x.ndim - 1))
    dst = data.draw(st.integers(-x.ndim, x.ndim - 1))
    moved = ak.moveaxis(xa, src, dst)
    check(moved, np.moveaxis(x, src, dst))
    check(ak.moveaxis(moved, dst, src), x)


@fixture_ok
@given(
    x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(min_dims=1, max_dims=3, max_side=4)),
    data=st.data(),
)
def test_concat_stack_unstack_property(driver, x, data):
    """concat/stack/unstack agree with NumPy, and stack inverts unstack."""
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    xa = ak.asarray(x)
    check(ak.concat([xa, xa], axis=axis), np.concatenate([x, x], axis=axis))
    check(ak.concat([xa, xa], axis=None), np.concatenate([x.ravel(), x.ravel()]))
    parts = ak.unstack(xa, axis=axis)
    assert len(parts) == x.shape[axis]
    if parts:
        check(ak.stack(parts, axis=axis), x)


@fixture_ok
@given(
    x=xps.arrays(xps.scalar_dtypes(), xps.array_shapes(max_dims=3, max_side=4)),
    shift=st.integers(-20, 20),
)
def test_roll_flip_property(driver, x, shift):
    """roll and flip agree with NumPy on the flattened and every axis."""
    xa = ak.asarray(x)
    check(ak.roll(xa, shift), np.roll(x, shift))
    check(ak.flip(xa), np.flip(x))
    for ax in range(x.ndim):
        check(ak.roll(xa, shift, axis=ax), np.roll(x, shift, axis=ax))


def test_core_composites_without_fast_paths():
    """Core's own stack/unstack/moveaxis/broadcast_arrays, on a driver without overrides."""
    from arraykit.drivers.numpy import NumPyDriver

    class Plain(NumPyDriver):
        stack = unstack = moveaxis = broadcast_arrays = None

    with ak.use(Plain()):
        x = ak.asarray(A)
        check(ak.stack([x, x], axis=1), np.stack([A, A], axis=1))
        check(ak.stack([x[0, 0, 0], x[1, 1, 1]]), np.array([A[0, 0, 0], A[1, 1, 1]]))
        parts = ak.unstack(x, axis=2)
        assert len(parts) == 4
        for i, p in enumerate(parts):
            check(p, A[:, :, i])
        check(ak.moveaxis(x, (0, 2), (1, 0)), np.moveaxis(A, (0, 2), (1, 0)))
        b = np.ones((3, 1), np.float32)
        out = ak.broadcast_arrays(x, ak.asarray(b))
        for r, e in zip(out, np.broadcast_arrays(A, b), strict=True):
            check(r, e)


def test_broadcast_to_many_broadcast_dimensions(driver):
    # TF's BroadcastTo kernel refuses some rank > 5 broadcasts; the result must not care.
    data = np.arange(12, dtype=np.uint16).reshape(2, 1, 2, 1, 3, 1)
    shape = (2, 2, 2, 5, 3, 2)
    out = ak.broadcast_to(ak.asarray(data), shape)
    np.testing.assert_array_equal(np.asarray(out), np.broadcast_to(data, shape))
    # ...and so must integer-array indexing, whose index arrays broadcast together.
    x = ak.asarray(np.arange(5, dtype=np.int32).reshape(1, 1, 1, 5))
    idx = [
        np.zeros(s, dtype=np.int32) for s in [(5, 1, 2), (1,), (2, 1, 2, 1, 3, 1), (2, 1, 1, 1, 1)]
    ]
    got = x[tuple(ak.asarray(i) for i in idx)]
    np.testing.assert_array_equal(np.asarray(got), np.asarray(x)[tuple(idx)])
