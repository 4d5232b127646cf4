"""Python bools in index keys, and what ``x[key] = value`` takes as ``value`` (issue 24),
against NumPy on every driver.

NumPy reads a Python bool (or ``np.bool_``) in a key as an advanced index on a new axis of
length 1: ``x[True]`` has a new leading axis of length 1, ``x[False]`` one of length 0,
``x[0, True]`` shape ``(1, ...)``.  Dask read ``True`` as ``1`` and JAX raised
``NonConcreteBooleanIndexError``.  For values, NumPy drops leading length-1 axes of an
array beyond the indexed shape (``x[1:3] = ak.asarray([[1.0, 2.0]])``), which TF and JAX
refused, but refuses a nested list deeper than a view (``x[1:3] = [[1.0, 2.0]]``), which
arraykit's NumPy and Dask drivers took.
"""

from __future__ import annotations

import numpy as np
import pytest

import arraykit as ak

S = slice
A = np.array
DATA = {
    (): np.array(7.0),
    (4,): np.arange(4.0),
    (3, 4): np.arange(12.0).reshape(3, 4),
    (2, 3, 4): np.arange(24.0).reshape(2, 3, 4),
}


def _ours(key: object) -> tuple:
    """``key`` for arraykit: NumPy index arrays as arraykit arrays."""
    items = key if isinstance(key, tuple) else (key,)
    return tuple(ak.asarray(k) if isinstance(k, np.ndarray) else k for k in items)


def _check(got: ak.Array, want: np.ndarray) -> None:
    got = ak.compute(got)
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)


BOOL_KEYS = [
    ((), True), ((), False), ((), (True, Ellipsis)), ((), (None, False)), ((), np.True_),
    ((4,), True), ((4,), False), ((4,), np.True_), ((4,), np.False_), ((4,), (S(1, 3), True)),
    ((4,), (0, True)), ((4,), (True, 0)), ((4,), (A([0, 2]), True)), ((4,), (True, A([1]))),
    ((4,), (Ellipsis, True, None)), ((4,), ([0, 3], np.True_)),
    ((3, 4), True), ((3, 4), (0, True)), ((3, 4), (True, 0)), ((3, 4), (True, True)),
    ((3, 4), (True, False)), ((3, 4), (None, True, Ellipsis, False)), ((3, 4), (1, None, True)),
    ((3, 4), (S(None), True, A([0, 2]))), ((3, 4), (A([0, 2]), S(None), True)),
    ((3, 4), (A([[True, False, True, False]] * 3), True)), ((3, 4), (Ellipsis, True)),
    ((2, 3, 4), (0, S(None), True)), ((2, 3, 4), (S(None), 0, True)),
    ((2, 3, 4), (True, S(None), 0)), ((2, 3, 4), (S(None), A([0, 2]), S(None), True)),
    ((2, 3, 4), (1, S(None, None, -1), False)),
]  # fmt: skip


@pytest.mark.parametrize(("shape", "key"), BOOL_KEYS, ids=repr)
def test_getitem_with_python_bools_follows_numpy(driver, shape, key):
    data = DATA[shape]
    want = data[key]
    x = ak.asarray(data)
    got = x[_ours(key)]
    _check(got, want)
    if want.size:  # advanced indexing copies: a write to the result never reaches x
        got[(0,) * got.ndim] = -1.0
        np.testing.assert_array_equal(np.asarray(x), data)


def _static(key: object) -> bool:
    """Whether ``key`` holds no boolean array (a mask's result has a data-dependent shape,
    which a compiled program cannot have)."""
    items = key if isinstance(key, tuple) else (key,)
    return not any(isinstance(k, np.ndarray) and k.dtype == bool for k in items)


@pytest.mark.parametrize(("shape", "key"), [c for c in BOOL_KEYS if _static(c[1])], ids=repr)
def test_getitem_with_python_bools_inside_jit(driver, shape, key):
    data = DATA[shape]
    got = ak.jit(lambda x: x[_ours(key)])(ak.asarray(data))
    _check(got, data[key])


def test_mismatched_index_arrays_raise_numpy_index_error(driver):
    x = ak.asarray(DATA[(3, 4)])
    for key in [(A([0, 2]), False), (A([0, 1]), A([0, 1, 2])), (A([0, 1, 2]), True, A([0, 1]))]:
        with pytest.raises(IndexError, match="shape mismatch"):
            x[_ours(key)]
        with pytest.raises(IndexError, match="shape mismatch"):
            x[_ours(key)] = 1.0
    np.testing.assert_array_equal(np.asarray(x), DATA[(3, 4)])


# Keys every driver assigns to (Dask assigns lazily to basic keys and one 1-D integer
# array; bools beside index arrays are refused there, like two index arrays).
SET_KEYS = [
    ((), True), ((), False), ((), (True, Ellipsis)), ((4,), True), ((4,), False),
    ((4,), np.True_), ((4,), (S(1, 3), True)), ((4,), (0, True)), ((4,), (True, 0)),
    ((4,), (Ellipsis, True, None)), ((4,), (A([0, 2]), False)),
    ((3, 4), True), ((3, 4), (0, True)), ((3, 4), (True, True)), ((3, 4), (True, False)),
    ((3, 4), (None, True, Ellipsis)), ((3, 4), (1, None, True)), ((3, 4), (S(None), False)),
    ((2, 3, 4), (0, S(None), True)), ((2, 3, 4), (S(None), 0, True)),
    ((2, 3, 4), (True, S(None), 0)), ((2, 3, 4), (1, S(None, None, -1), True)),
]  # fmt: skip
VALUE_SHAPES = [(), (1,), (2,), (3,), (4,), (1, 4), (1, 1, 4), (3, 4), (1, 3, 4), (2, 1), (0,)]


def _outcome(data: np.ndarray, key: object, value: object) -> tuple:
    out = data.copy()
    try:
        out[key] = value
    except Exception as e:
        return "raises", type(e)
    return "ok", out


def _assign_like_numpy(data: np.ndarray, key: object, ours: tuple, value: np.ndarray) -> None:
    """``x[key] = value`` (an arraykit array, and the value as nested lists) does what
    NumPy does: the same values, or the same refusal (a ValueError for NumPy's TypeError
    about a boolean assignment's value shape), the array unchanged."""
    for form in ("array", "list"):
        if form == "list" and value.ndim == 0:
            continue
        theirs = value if form == "array" else value.tolist()
        kind, want = _outcome(data, key, theirs)
        x = ak.asarray(data)
        v = ak.asarray(value) if form == "array" else value.tolist()
        if kind == "ok":
            x[ours] = v
            np.testing.assert_array_equal(np.asarray(x), want, err_msg=f"{form} {value.shape}")
        else:
            with pytest.raises(ValueError if want is TypeError else want):
                x[ours] = v
            np.testing.assert_array_equal(np.asarray(x), data)


@pytest.mark.parametrize(("shape", "key"), SET_KEYS, ids=repr)
def test_setitem_with_python_bools_follows_numpy(driver, shape, key):
    data = DATA[shape]
    for vshape in VALUE_SHAPES:
        value = -np.arange(1.0, 1.0 + int(np.prod(vshape))).reshape(vshape)
        _assign_like_numpy(data, key, _ours(key), value)


@pytest.mark.parametrize(("shape", "key"), SET_KEYS[:10] + SET_KEYS[11:14], ids=repr)
def test_setitem_with_python_bools_inside_jit(driver, shape, key):
    data = DATA[shape]

    def write(x: ak.Array) -> ak.Array:
        y = ak.asarray(x, copy=True)
        y[_ours(key)] = -1.0
        return y

    want = data.copy()
    want[key] = -1.0
    _check(ak.jit(write)(ak.asarray(data)), want)


def test_setitem_bools_beside_index_arrays(driver):
    data = DATA[(3, 4)]
    for key in [(A([0, 2]), True), (S(None), True, A([0, 2])), (A([0, 2]), S(None), True)]:
        x = ak.asarray(data)
        want = data.copy()
        want[key] = -1.0
        try:
            x[_ours(key)] = -1.0
        except TypeError as e:  # Dask assigns to one index array only (documented)
            assert driver.capabilities.lazy and "assigns lazily" in str(e)
            continue
        np.testing.assert_array_equal(np.asarray(x), want)


def test_writes_through_a_bool_key_reach_views(driver):
    data = DATA[(3, 4)]
    x = ak.asarray(data)
    row = x[1]
    x[1, True] = ak.asarray(np.array([[10.0, 11.0, 12.0, 13.0]]))
    x[True, 2, 0] = 99.0
    want = data.copy()
    want[1, True] = [10.0, 11.0, 12.0, 13.0]
    want[True, 2, 0] = 99.0
    np.testing.assert_array_equal(np.asarray(x), want)
    np.testing.assert_array_equal(np.asarray(row), want[1])


@pytest.mark.parametrize("key", [False, (False,), (0, False), (False, S(None))])
@pytest.mark.parametrize("view", ["broadcast_to", "imag", "diagonal"])
def test_a_false_key_into_a_read_only_view_raises_as_in_numpy(driver, key, view):
    """NumPy refuses any write into a read-only array, one that selects nothing too (found
    by the differential fuzzer: ``x.imag[False] = 0`` of a real ``x`` wrote nothing and
    raised nothing)."""
    data = DATA[(3, 4)]
    make = {"broadcast_to": lambda xp, a: xp.broadcast_to(a, (2, 3, 4)),
            "imag": lambda xp, a: a.imag,
            "diagonal": lambda xp, a: xp.linalg.diagonal(a)}[view]  # fmt: skip
    with pytest.raises(ValueError, match="read-only"):
        make(np, data.copy())[key] = 1.0
    x = ak.asarray(data)
    with pytest.raises(ValueError, match="read-only"):
        make(ak, x)[key] = 1.0
    np.testing.assert_array_equal(np.asarray(x), data)
    x[key] = 1.0  # writable: nothing selected, nothing written
    np.testing.assert_array_equal(np.asarray(x), data)


@pytest.mark.parametrize("key", ["mask", "two index arrays", "empty index array"])
def test_a_read_only_view_refuses_a_write_before_its_key_is_looked_at(driver, key):
    """NumPy refuses a write into a read-only array whatever the key and value (found by
    the Dask fuzz run: a 2-D mask with an array value into a broadcast view raised the
    Dask driver's TypeError for a key it cannot assign lazily, not NumPy's ValueError)."""
    data = np.zeros((2, 2), np.int64)
    keys = {"mask": (lambda xp: xp.asarray([[True, False], [False, True]]), [7, 8]),
            "two index arrays": (lambda xp: (xp.asarray([0, 1]), xp.asarray([1, 0])), [7, 8]),
            "empty index array": (lambda xp: xp.asarray(np.zeros(0, np.int64)), [])}  # fmt: skip
    make_key, value = keys[key]
    with pytest.raises(ValueError, match="read-only"):
        np.broadcast_to(data[0], (2, 2))[make_key(np)] = np.asarray(value)
    x = ak.asarray(data[0])
    with pytest.raises(ValueError, match="read-only"):
        ak.broadcast_to(x, (2, 2))[make_key(ak)] = ak.asarray(value, dtype=ak.int64)
    np.testing.assert_array_equal(np.asarray(x), data[0])


# ---------------------------------------------------------------------- value shapes
def test_slice_assignment_of_a_value_with_a_leading_length_one_axis(driver):
    """The reported case: x[1:3] = [[1., 2.]] on a 1-D x.  NumPy refuses the nested list
    (it reads a list only as deep as the view) and takes the array, dropping its leading
    length-1 axis; TF and JAX refused both, the NumPy and Dask drivers took both."""
    x = ak.zeros(4)
    with pytest.raises(ValueError, match="nested list"):
        x[1:3] = [[1.0, 2.0]]
    x[1:3] = ak.asarray([[1.0, 2.0]])
    x[0:1] = ak.asarray([[[5.0]]])
    want = np.zeros(4)
    want[1:3] = np.array([[1.0, 2.0]])
    want[0:1] = np.array([[[5.0]]])
    np.testing.assert_array_equal(np.asarray(x), want)
    with pytest.raises(ValueError, match=r"\(2, 1\) cannot be broadcast"):
        x[1:3] = ak.asarray([[1.0], [2.0]])  # a leading 2 is no length-1 axis to drop
    np.testing.assert_array_equal(np.asarray(x), want)


VALUE_KEYS = [
    ((4,), S(1, 3)), ((4,), S(None)), ((4,), 0), ((4,), S(2, 2)), ((4,), Ellipsis),
    ((4,), (None,)), ((4,), (None, S(1, 3))), ((4,), A([0, 2])), ((4,), (Ellipsis, 1)),
    ((3, 4), 0), ((3, 4), S(1, 3)), ((3, 4), (S(None), 0)), ((3, 4), (0, S(1, 3))),
    ((3, 4), (None, 0)), ((3, 4), (A([0, 2]),)), ((3, 4), (S(None), A([0, 2]))),
    ((3, 4), (S(1, 1),)), ((3, 4), (Ellipsis, None)), ((3, 4), (0, 0)),
    ((3, 4), (Ellipsis, 0, 0)), ((2, 3, 4), (0, S(None), 1)), ((2, 3, 4), (S(None), 0)),
    ((), ()), ((), Ellipsis), ((), None),
]  # fmt: skip
VALUE_SHAPES_WIDE = [
    (), (1,), (2,), (3,), (4,), (1, 2), (2, 1), (1, 1, 2), (1, 3), (1, 4), (1, 1, 4), (2, 4),
    (1, 2, 4), (3, 1), (0,), (1, 0), (1, 1), (1, 1, 1), (3, 4), (1, 3, 4),
]  # fmt: skip


@pytest.mark.parametrize(("shape", "key"), VALUE_KEYS, ids=repr)
def test_setitem_takes_the_values_numpy_takes(driver, shape, key):
    data = DATA[shape]
    for vshape in VALUE_SHAPES_WIDE:
        value = -np.arange(1.0, 1.0 + int(np.prod(vshape))).reshape(vshape)
        _assign_like_numpy(data, key, _ours(key), value)


def test_boolean_mask_over_every_axis_takes_a_0d_or_1d_value(driver):
    """NumPy's boolean assignment refuses a value of two or more dimensions (TypeError in
    NumPy; ValueError in arraykit, the standard's error for a value that does not fit)."""
    data = DATA[(3, 4)]
    mask = data % 3 == 0
    for value in [np.array(5.0), np.array([5.0]), np.array([[5.0]]), np.ones((1, 4))]:
        _assign_like_numpy(data, mask, (ak.asarray(mask),), value)


# Advanced items (ints count as advanced beside index arrays or bools) parted only by an
# Ellipsis standing for no axes: NumPy puts the joint axes first (the Ellipsis parts them
# as a slice would); TF, Dask and core's indexed shape read them as together, in place
# (x[:, 0, ..., True] of a (2, 2) x: (2, 1) where NumPy gives (1, 2)).  Found by the
# differential fuzzer.
PARTED_KEYS = [
    ((3, 4), (S(None), 0, Ellipsis, True)),
    ((3, 4), (0, Ellipsis, A([1, 2]))),
    ((2, 3, 4), (S(None), 0, Ellipsis, A([0, 3]))),
    ((2, 3, 4), (S(None), A([1, 0]), Ellipsis, 2)),
    ((2, 3, 4), (1, S(None), Ellipsis, True)),
    ((2, 3, 4), (A([1]), Ellipsis, A([0, 1, 2]), 1)),
    ((2, 3, 4), (A([1, 0]), 1, Ellipsis, A([0, 3]))),
]


@pytest.mark.parametrize(("shape", "key"), PARTED_KEYS, ids=repr)
def test_advanced_items_parted_by_an_empty_ellipsis(driver, shape, key):
    data = DATA[shape]
    _check(ak.asarray(data)[_ours(key)], data[key])
    x = ak.asarray(data)
    want = data.copy()
    value = -np.arange(want[key].size, dtype=float).reshape(want[key].shape) - 1
    want[key] = value
    try:
        x[_ours(key)] = ak.asarray(value)
    except TypeError as e:  # Dask assigns to one index array only (documented)
        assert driver.capabilities.lazy and "assigns lazily" in str(e)
        return
    np.testing.assert_array_equal(np.asarray(x), want)
