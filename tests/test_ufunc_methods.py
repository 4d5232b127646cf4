"""NumPy's ufunc methods on arraykit arrays (``at``, ``reduce``, ``accumulate``,
``reduceat``, ``outer``) and ufunc calls with ``out=``: NumPy's values and dtypes on every
driver, computed on the array's driver, and every write through arraykit (the array and
its live views change; a host copy is never written).

The reference is NumPy itself on the same host data.  ``ufunc.at`` results are compared
bit for bit: repeated indices apply in order, with NumPy's rounding at each step.
"""

from __future__ import annotations

import contextlib
import warnings

import numpy as np
import pytest

import arraykit as ak

RNG = np.random.default_rng(20)


@contextlib.contextmanager
def no_host_round_trip():
    """Everything inside runs on the driver: a host round trip fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", ak.HostFallbackWarning)
        yield


def same(got, want):
    """``got`` (an arraykit array) has ``want``'s dtype and values, bit for bit."""
    assert got.__class__ is ak.Array
    host = np.asarray(got)
    assert host.dtype == np.asarray(want).dtype, (host.dtype, np.asarray(want).dtype)
    np.testing.assert_array_equal(host, want)


def close(got, want, rtol=1e-12):
    host = np.asarray(got)
    assert host.dtype == np.asarray(want).dtype, (host.dtype, np.asarray(want).dtype)
    np.testing.assert_allclose(host, want, rtol=rtol)


# --------------------------------------------------------------------------- ufunc.at
# (name, index key into a (6, 5) array, shape of b or None for a scalar b)
KEYS = [
    ("int", 2, None),
    ("negative int", -1, (5,)),
    ("slice", (slice(1, None, 2), slice(None, None, -2)), (3,)),
    ("list with repeats", [0, 3, 0, 0, 5, 3], None),
    ("index arrays with repeats", (np.array([0, 1, 0, 0, 5]), np.array([4, 4, 4, 2, 4])), (5,)),
    ("broadcast index arrays", (np.array([[0], [0], [2]]), np.array([1, 1, 3])), (3, 3)),
    ("mixed slice and list", (slice(None), [2, 2, 0]), (3,)),
    ("boolean mask", "mask", None),
    ("ellipsis and int", (Ellipsis, 3), (6,)),
    ("arraykit index array", "ak", (7, 1)),
]

BINARY_AT = [
    ("add", "f"), ("subtract", "f"), ("multiply", "f"), ("divide", "f"), ("maximum", "f"),
    ("minimum", "f"), ("add", "i"), ("multiply", "i"), ("subtract", "u"), ("bitwise_xor", "i"),
    ("bitwise_or", "u"), ("maximum", "i"), ("logical_and", "b"), ("logical_xor", "b"),
]  # fmt: skip
DTYPES = {"f": np.float32, "i": np.int8, "u": np.uint8, "b": np.bool_}


def _operands(kind, shape):
    dtype = DTYPES[kind]
    if kind == "f":
        return RNG.uniform(-3, 3, shape).astype(dtype)
    if kind == "b":
        return RNG.integers(0, 2, shape).astype(bool)
    return RNG.integers(0 if kind == "u" else -100, 100, shape).astype(dtype)


def _key(key, mask, x):
    if isinstance(key, str):
        if key == "mask":
            return mask
        return ak.asarray(np.array([5, 0, 5, 1, 5, 5, 0]), device=x.device)
    return key


@pytest.mark.parametrize(("name", "kind"), BINARY_AT, ids=[f"{n}-{k}" for n, k in BINARY_AT])
@pytest.mark.parametrize(("form", "key", "bshape"), KEYS, ids=[k[0] for k in KEYS])
def test_at_matches_numpy_and_writes_through_arraykit(driver, name, kind, form, key, bshape):
    ufunc = getattr(np, name)
    data = _operands(kind, (6, 5))
    mask = RNG.integers(0, 2, (6, 5)).astype(bool)
    x = ak.asarray(data.copy())
    view = x[1:4]  # a live view: it sees the write, as in NumPy
    host = np.asarray(x)  # read-only on TF/JAX/Dask: never written behind arraykit
    host_before = host.copy()
    key = _key(key, mask, x)
    host_key = np.asarray(key) if key.__class__ is ak.Array else key
    want = data.copy()
    if bshape is None:
        b_host = _operands(kind, ())[()]
        b = b_host
    else:
        b_host = _operands(kind, bshape)
        b = ak.asarray(b_host) if form != "list with repeats" else b_host
    with np.errstate(all="ignore"), no_host_round_trip():
        ufunc.at(want, host_key, b_host)
        ufunc.at(x, key, b)
    same(x, want)
    same(view, want[1:4])
    if not driver.capabilities.mutable:
        np.testing.assert_array_equal(host, host_before)


# (ufunc, a, b): more of NumPy's ufuncs with an arraykit counterpart; repeated indices.
MORE_AT = [
    ("power", np.linspace(0.5, 2.0, 6), 1.3),
    ("arctan2", np.linspace(-2.0, 2.0, 6), 0.7),
    ("hypot", np.linspace(-2.0, 2.0, 6), np.linspace(1.0, 3.0, 5)),
    ("remainder", np.arange(-30, 30, 10, dtype=np.int8), np.array([7, 3, 5, 2, 9], np.int8)),
    ("floor_divide", np.arange(-30, 30, 10, dtype=np.int16), 4),
    ("left_shift", np.arange(6, dtype=np.uint8), np.array([1, 2, 3, 1, 1], np.uint8)),
    ("sqrt", np.linspace(1.0, 9.0, 6), None),
    ("exp", np.linspace(-1.0, 1.0, 6), None),
    ("absolute", np.linspace(-3.0, 3.0, 6), None),
    ("invert", np.arange(6, dtype=np.int32), None),
]


@pytest.mark.parametrize(("name", "a", "b"), MORE_AT, ids=[m[0] for m in MORE_AT])
def test_at_of_more_ufuncs(driver, name, a, b):
    ufunc = getattr(np, name)
    idx = [0, 4, 0, 2, 4] if b is None or np.ndim(b) else [0, 4, 0, 2, 4, 4]
    x = ak.asarray(a.copy())
    want = a.copy()
    args = () if b is None else (b,)
    with no_host_round_trip():
        ufunc.at(x, idx, *(ak.asarray(v) if isinstance(v, np.ndarray) else v for v in args))
    ufunc.at(want, idx, *args)
    if want.dtype.kind == "f":  # the driver's kernels: within their accuracy bound
        close(x, want, rtol=1e-14)
    else:
        same(x, want)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16])
def test_at_with_many_repeats_accumulates_in_order(driver, dtype):
    # 2000 updates into 13 positions: float rounding depends on the order of the adds,
    # int16 wraps around; NumPy applies each occurrence in turn.
    idx = RNG.integers(0, 13, 2000)
    vals = (RNG.normal(size=2000) * 1e3).astype(dtype) if dtype != np.int16 else None
    if vals is None:
        vals = RNG.integers(-30000, 30000, 2000).astype(dtype)
    start = np.linspace(-1e4, 1e4, 13).astype(dtype)
    x = ak.asarray(start.copy())
    with no_host_round_trip():
        np.add.at(x, idx, ak.asarray(vals))
        np.add.at(start, idx, vals)
    same(x, start)


def test_at_semantics_beyond_the_operator(driver):
    with no_host_round_trip():
        x = ak.asarray(np.arange(4))  # the result is cast unsafely, as NumPy's at does
        np.add.at(x, [0, 0, 1], 1.5)
        want = np.arange(4)
        np.add.at(want, [0, 0, 1], 1.5)
        same(x, want)
        y = ak.asarray([1.0, -2.0, 3.0])  # unary: each occurrence applies again
        np.negative.at(y, [0, 0, 1, 0])
        same(y, np.array([-1.0, 2.0, 3.0]))
        z = ak.asarray(np.arange(4, dtype=np.int8))  # a Python int is NumPy's int64 there
        np.add.at(z, [1, 1], 300)
        want = np.arange(4, dtype=np.int8)
        np.add.at(want, [1, 1], 300)
        same(z, want)
        base = ak.asarray(np.zeros((3, 4)))  # through a view of a view
        v = base.T[1:]
        w = base[0]
        np.multiply.at(v, (slice(None), [0, 0]), 0.0)
        np.add.at(v, ([0, 2, 0], [2, 2, 2]), 1.0)
        want = np.zeros((3, 4))
        np.add.at(want.T[1:], ([0, 2, 0], [2, 2, 2]), 1.0)
        same(base, want)
        same(w, want[0])


@pytest.mark.parametrize("key", [0, [0, 0, 1], slice(None)], ids=["int", "repeats", "slice"])
def test_at_casts_a_float_loop_back_by_the_rule(driver, key):
    """A uint64 array and a Python int (NumPy's int64 there) meet in a float64 loop; the
    result goes back to uint64 by arraykit's cast rule, saturating (departures.md), on
    the NumPy driver too: its fast path handed the call to NumPy's own subtract.at, whose
    cast of -1.0 is the platform's 2**64 - 1.  Found by the differential fuzzer."""
    a = ak.asarray(np.zeros(3, np.uint64))
    np.subtract.at(a, key, 1)
    same(a, np.zeros(3, np.uint64))  # 0 - 1 = -1.0 saturates to 0, occurrence by occurrence
    b = ak.asarray(np.full(3, 5, np.uint64))
    np.subtract.at(b, key, 1)
    want = np.full(3, 5, np.uint64)
    np.subtract.at(want, key, 1)  # in range: NumPy's answer
    same(b, want)


def test_at_errors(driver):
    x = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(IndexError):
        np.add.at(x, [3], 1.0)
    with pytest.raises(ValueError, match="second operand"):
        np.add.at(x, [0])
    with pytest.raises(ValueError, match="broadcast"):
        np.add.at(x, [0, 1], ak.asarray([1.0, 2.0, 3.0]))
    same(x, np.array([1.0, 2.0, 3.0]))  # unchanged by the failed calls


@pytest.mark.parametrize(
    "key", [np.array([], np.int64), np.zeros(2, bool), (np.array([], np.int64),) * 2, 0]
)
def test_at_into_a_read_only_view_raises_even_when_nothing_is_selected(driver, key):
    """A read-only array refuses ``ufunc.at`` whatever the key selects, as NumPy's own
    ``add.at`` does for an empty index array (found by the differential fuzzer: an empty
    index wrote nothing and raised nothing on the NumPy driver).  NumPy's tuple-of-arrays
    path ignores the read-only flag; arraykit refuses there too (departures.md)."""
    base = ak.zeros((1, 2))
    view = ak.broadcast_to(base, (2, 2))
    with pytest.raises(ValueError, match="read-only"):
        np.add.at(view, key, 1.0)
    np.testing.assert_array_equal(np.asarray(base), np.zeros((1, 2)))


def test_at_of_a_ufunc_arraykit_lacks_writes_back_or_raises(driver):
    assert not hasattr(ak, "fmod"), "pick a NumPy ufunc arraykit lacks for this check"
    x = ak.asarray([1.0, 2.0, 3.0])
    v = x[1:]
    with pytest.warns(ak.HostFallbackWarning, match=r"fmod\.at"):
        np.fmod.at(x, [1, 1], 1.5)
    want = np.array([1.0, 2.0, 3.0])
    np.fmod.at(want, [1, 1], 1.5)
    same(x, want)
    same(v, want[1:])
    with ak.use(host_fallback="error"), pytest.raises(ak.HostFallbackError):
        np.fmod.at(x, [0], 1.5)
    same(x, want)


# --------------------------------------------------------------------------- reduce
MAT = RNG.integers(-9, 10, (4, 5))
REDUCE = [
    ("add", np.int8, {}), ("add", np.int8, {"axis": 1, "keepdims": True}),
    ("add", np.bool_, {"axis": None}), ("add", np.float64, {"axis": (0, 1)}),
    ("add", np.float32, {"axis": 0, "dtype": np.float64}),
    ("add", np.int16, {"axis": 1, "initial": 7, "where": MAT % 3 != 0}),
    ("multiply", np.uint8, {"axis": 0}), ("maximum", np.int8, {"axis": None}),
    ("maximum", np.float64, {"axis": 1, "initial": 4.0, "where": MAT > 0}),
    ("minimum", np.int32, {"axis": ()}), ("subtract", np.int64, {"axis": 1}),
    ("subtract", np.float64, {"axis": 0, "initial": 1.5}), ("divide", np.float64, {"axis": 1}),
    ("bitwise_xor", np.int16, {"axis": 0}),
    ("bitwise_and", np.uint8, {"axis": 1, "where": MAT > 0}),
    ("logical_and", np.float64, {"axis": 1}), ("logical_xor", np.bool_, {"axis": (0, 1)}),
    ("power", np.int64, {"axis": 0}),
]  # fmt: skip


def _data(dtype):
    if dtype == np.bool_:
        return MAT > 0
    if np.dtype(dtype).kind == "u":
        return (np.abs(MAT) % 4 + 1).astype(dtype)
    if dtype == np.float64:
        return MAT / 4.0 + 0.5
    return MAT.astype(dtype) % 3 if dtype == np.int64 else MAT.astype(dtype)


@pytest.mark.parametrize(
    ("name", "dtype", "kwargs"), REDUCE, ids=[f"{r[0]}-{i}" for i, r in enumerate(REDUCE)]
)
def test_reduce_matches_numpy(driver, name, dtype, kwargs):
    data = _data(dtype)
    x = ak.asarray(data)
    ufunc = getattr(np, name)
    with np.errstate(all="ignore"), no_host_round_trip():
        want = ufunc.reduce(data, **kwargs)
        got = ufunc.reduce(
            x, **{k: ak.asarray(v) if k == "where" else v for k, v in kwargs.items()}
        )
    assert got.driver is x.driver and got.device == x.device
    close(got, want)


@pytest.mark.parametrize(
    ("name", "dtype", "axis"),
    [("add", np.int8, 1), ("add", np.bool_, 0), ("multiply", np.float64, 1),
     ("maximum", np.int8, 0), ("minimum", np.float64, 1), ("subtract", np.int64, 1),
     ("divide", np.float64, 0), ("bitwise_or", np.uint8, 1), ("logical_or", np.bool_, 0)],
)  # fmt: skip
def test_accumulate_matches_numpy(driver, name, dtype, axis):
    data = _data(dtype)
    ufunc = getattr(np, name)
    with np.errstate(all="ignore"), no_host_round_trip():
        close(ufunc.accumulate(ak.asarray(data), axis=axis), ufunc.accumulate(data, axis=axis))


@pytest.mark.parametrize(
    ("name", "dtype"),
    [("add", np.int8), ("maximum", np.float64), ("multiply", np.uint8), ("subtract", np.int64)],
)
def test_reduceat_and_outer_match_numpy(driver, name, dtype):
    data = _data(dtype)
    ufunc = getattr(np, name)
    idx = [0, 3, 1, 4, 4]  # a decreasing pair takes the element itself
    with np.errstate(all="ignore"), no_host_round_trip():
        close(ufunc.reduceat(ak.asarray(data), idx, axis=1), ufunc.reduceat(data, idx, axis=1))
        close(ufunc.reduceat(ak.asarray(data), [1, 3], axis=0), ufunc.reduceat(data, [1, 3]))
        got = ufunc.outer(ak.asarray(data[0]), ak.asarray(data[:2]))
        close(got, ufunc.outer(data[0], data[:2]))
        assert got.shape == (5, 2, 5)


def test_reduction_errors_are_numpys(driver):
    x = ak.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match="identity"):
        np.maximum.reduce(x[:, :0], axis=1)  # empty, no initial
    with pytest.raises(ValueError, match="reorderable"):
        np.subtract.reduce(x, axis=None)
    with pytest.raises(ValueError, match="initial"):
        np.maximum.reduce(x, where=ak.asarray([True, False, True]))
    with pytest.raises(IndexError, match="out-of-bounds"):
        np.add.reduceat(x, [0, 3], axis=1)
    same(np.maximum.reduce(x[:, :0], axis=1, initial=-2.0), np.full(2, -2.0))


# --------------------------------------------------------------------------- out=
def test_out_is_written_through_arraykit(driver):
    data = RNG.normal(size=(3, 4))
    x = ak.asarray(data.copy())
    row = x[1]
    with no_host_round_trip():
        assert np.add(x, 1.0, out=x) is x
        same(x, data + 1.0)
        same(row, data[1] + 1.0)
        out = ak.zeros(4)
        assert np.add.reduce(x, axis=0, out=out) is out
        close(out, np.add.reduce(data + 1.0, axis=0))
        np.maximum.accumulate(x, axis=1, out=x)
        same(x, np.maximum.accumulate(data + 1.0, axis=1))
        same(row, np.maximum.accumulate(data + 1.0, axis=1)[1])
        mask = data > 0
        y = ak.asarray(data.copy())
        np.multiply(y, 2.0, out=y, where=ak.asarray(mask))
        same(y, np.where(mask, data * 2.0, data))
        host = np.zeros(4)  # a NumPy out= array is written in place; the result joins x
        res = np.subtract(x[0], 1.0, out=host)
        np.testing.assert_array_equal(host, np.asarray(x[0]) - 1.0)
        same(res, host)
        assert res.driver is x.driver
        z = ak.asarray(data.copy())
        same(np.add(z, z, dtype=np.float32), np.add(data, data, dtype=np.float32))
    i = ak.asarray(np.arange(3))
    with pytest.raises(TypeError, match="same_kind"):
        np.add(i, 1.5, out=i)
    same(i, np.arange(3))


def test_sizes_a_lazy_driver_does_not_know_yet(driver):
    # A boolean index's result has an unknown (None) size on a lazy driver: what needs
    # the size (at, an ordered fold) says so; arraykit's own reductions need none.
    data = np.arange(10.0)
    y = ak.asarray(data)[ak.asarray(data > 3)]
    close(np.add.reduce(y), np.add.reduce(data[data > 3]))
    if None not in y.shape:
        close(np.subtract.accumulate(y), np.subtract.accumulate(data[data > 3]))
        return
    for call in (lambda: np.subtract.accumulate(y), lambda: np.add.at(y, [0], 1.0)):
        with pytest.raises(ValueError, match="not known yet"):
            call()
