"""NumPy-compatible spellings that clients use and array-api-compat's NumPy namespace
accepts, where they do not contradict the standard: NumPy scalars and 0-D arrays where a
Python scalar goes, NumPy operands, ``diff``'s positional ``n``, integer ``linspace``,
NumPy's ``logspace``,
numbers in ``logical_*`` (their truth values), ``where(condition)`` as ``nonzero``,
a device that names its driver, same-kind casting in ``x[k] = v``, booleans in ``+``,
``*``, ``maximum`` and ``minimum``.  NumPy's own answer is the reference; under
``promotion="strict"`` each is refused with a clear ``TypeError``.  (A complex ``arange``
is not a spelling: the standard allows it in every mode.)
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import arraykit as ak


def same(got: ak.Array, want: np.ndarray) -> None:
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize(
    "fill", [np.float32(0.5), np.int16(-3), np.bool_(True), np.complex64(1j)], ids=repr
)
def test_full_takes_numpy_scalars_with_their_dtype(driver, fill):
    if np.asarray(fill).dtype.kind == "c" and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    same(ak.full((2, 3), fill), np.full((2, 3), fill))
    same(ak.full(2, fill, dtype=ak.complex128), np.full(2, fill, dtype=np.complex128))


def test_full_takes_0d_arrays(driver):
    same(ak.full(3, ak.asarray(2.5, dtype=ak.float32)), np.full(3, np.float32(2.5)))
    same(ak.full(3, np.array(7, dtype=np.uint8)), np.full(3, np.array(7, dtype=np.uint8)))
    with pytest.raises(TypeError, match="full: 'fill_value' must be a scalar or a 0-D array"):
        ak.full(3, ak.asarray([1.0, 2.0]))


def test_arange_and_linspace_take_numpy_scalars(driver):
    same(ak.arange(np.int64(5)), np.arange(5))
    same(ak.arange(np.int32(1), np.int64(7), np.int8(2)), np.arange(1, 7, 2))
    same(ak.arange(np.float32(0.5), 2), np.arange(0.5, 2.0))
    same(ak.linspace(np.float64(0), ak.asarray(1.0), 5), np.linspace(0.0, 1.0, 5))


@pytest.mark.parametrize("dtype", [ak.int64, ak.int32, ak.uint8])
def test_linspace_with_an_integer_dtype_floors_as_numpy(driver, dtype):
    for start, stop, num in ((0, 10, 6), (-5, 0, 4), (0, 10, 4), (3, 3, 2)):
        if dtype == ak.uint8 and start < 0:
            continue
        got = ak.linspace(start, stop, num, dtype=dtype)
        same(got, np.linspace(start, stop, num, dtype=dtype))
    same(
        ak.linspace(0, 7, 3, dtype=ak.int64, endpoint=False), np.linspace(0, 7, 3, False, dtype=int)
    )


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((-3, 0, 10), {}),
        ((0, 3), {}),
        ((1, 2, 5), {"base": 2}),
        ((0, 3, 4), {"dtype": "int32"}),
        ((0, 1, 5), {"endpoint": False, "dtype": "float32"}),
        ((np.float64(0), np.int32(2), 3), {"base": np.float64(2.0)}),
        ((0, 1j, 3), {}),
    ],
    ids=repr,
)
def test_logspace_as_numpy(driver, args, kwargs):
    if (1j in args or kwargs.get("dtype", "").startswith("c")) and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    want = np.logspace(*args, **kwargs)
    got = ak.logspace(
        *args, **{k: getattr(ak, v) if k == "dtype" else v for k, v in kwargs.items()}
    )
    assert got.dtype == want.dtype
    if want.dtype.kind in "iu":  # exact powers of the base: no rounding to hide
        same(got, want)
    else:  # NumPy's power is within an ulp or so, as are the drivers' pow kernels
        np.testing.assert_allclose(np.asarray(got), want, rtol=4 * np.finfo(want.dtype).eps)


@pytest.mark.parametrize(
    "scalar", [np.float32(1.5), np.int64(3), np.uint8(7), np.float64(-0.0)], ids=repr
)
@pytest.mark.parametrize("dtype", ["int8", "float32", "float64"])
def test_numpy_scalars_as_operands_are_not_weak(driver, scalar, dtype):
    """NEP 50: a NumPy scalar is an array of its dtype, not a weak Python scalar."""
    a = np.array([1, 2, 3], dtype=dtype)
    x = ak.asarray(a)
    for fn in ("add", "multiply", "maximum"):
        want = getattr(np, fn)(a, scalar)
        same(getattr(ak, fn)(x, scalar), want)
        same(getattr(ak, fn)(scalar, x), getattr(np, fn)(scalar, a))
    same(ak.greater(x, scalar), np.greater(a, scalar))


def test_numpy_arrays_as_operands_and_clip_bounds(driver):
    a = np.array([[1.0, -2.0, 3.0]], dtype=np.float32)
    x = ak.asarray(a)
    b = np.array([[0.5], [2.0]])
    same(ak.add(x, b), np.add(a, b))
    got = ak.clip(x, np.float64(-1.0), np.array(2.0))
    same(got, np.clip(a, np.float32(-1.0), np.float32(2.0)))
    same(ak.clip(x, np.array([0.0, 0.0, 0.0], dtype=np.float32)), np.clip(a, 0.0, None))


def test_diff_takes_n_and_axis_positionally(driver):
    a = np.array([[1, 4, 9, 16], [2, 3, 5, 8]])
    x = ak.asarray(a)
    same(ak.diff(x, 1), np.diff(a, 1))
    same(ak.diff(x, 2), np.diff(a, 2))
    same(ak.diff(x, 1, 0), np.diff(a, 1, 0))
    with pytest.raises(TypeError, match="at most 3 positional"):
        ak.diff(x, 1, 0, 5)


@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128"])
def test_logical_functions_take_numbers_by_truth_value(driver, dtype):
    if dtype.startswith("complex") and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    a = np.array([0, 1.5, -2, 0, float("nan")] if dtype == "float64" else [0, 1, -2, 0, 3])
    a, b = a.astype(dtype), np.array([0, 0, 3, 1, 0]).astype(dtype)
    x, y = ak.asarray(a), ak.asarray(b)
    for name in ("logical_and", "logical_or", "logical_xor"):
        same(getattr(ak, name)(x, y), getattr(np, name)(a, b))
        same(getattr(ak, name)(x, True), getattr(np, name)(a, True))
    same(ak.logical_not(x), np.logical_not(a))
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="logical_or: expected"):
        ak.logical_or(x, y)


def test_where_with_the_condition_alone_is_nonzero(driver):
    a = np.array([[0.0, 2.5], [-1.0, 0.0]])
    got, want = ak.where(ak.asarray(a)), np.where(a)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        same(g, w)
    with pytest.raises(TypeError, match="where: expected three arguments"):
        ak.where(ak.asarray(a), 1.0)
    with pytest.raises(TypeError, match="where: 'condition'"):
        ak.where([[1.0, 0.0]])
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="where: expected three"):
        ak.where(ak.asarray(a) > 0)


def test_where_with_two_python_scalars_as_numpy(driver):
    c = np.array([True, False, True])
    for x1, x2 in ((0, 1), (1, 2.5), (True, 3), (0.5, 1j)):
        same(ak.where(ak.asarray(c), x1, x2), np.where(c, x1, x2))
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="at least one"):
        ak.where(ak.asarray(c), 0, 1)


@pytest.mark.parametrize(
    ("dtype", "other"),
    [("int32", "int64"), ("float32", "float64"), ("int8", "int16"), ("complex64", "float64")],
)
def test_in_place_operators_cast_same_kind_as_numpy(driver, dtype, other):
    a = np.array([1, 2, 3], dtype=dtype)
    b = np.array([3, 1, 2], dtype=other)
    x = ak.asarray(a.copy())
    a += b  # NumPy casts the int64 (float64) result back: casting="same_kind"
    x += ak.asarray(b)
    same(x, a)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="in-place add"):
        ak.asarray(np.array([1, 2], dtype=dtype)).__iadd__(ak.asarray(b[:2]))


def test_in_place_operators_refuse_another_kind(driver):
    x = ak.asarray(np.array([1, 2], dtype="int64"))
    with pytest.raises(TypeError, match="in-place add"):  # NumPy: UFuncTypeError
        x += ak.asarray([0.5, 0.5])
    u = ak.asarray(np.array([1, 2], dtype="uint8"))
    with pytest.raises(TypeError, match="in-place add"):  # int16 into uint8: not same kind
        u += ak.asarray(np.array([1, 1], dtype="int16"))
    same(x, np.array([1, 2]))
    same(u, np.array([1, 2], dtype="uint8"))


@pytest.mark.parametrize(
    ("dtype", "other"),
    [("float32", "float64"), ("complex64", "complex128"), ("complex64", "float64"),
     ("int8", "int64"), ("uint8", "uint16")],
)  # fmt: skip
def test_setitem_casts_same_kind_as_numpy(driver, dtype, other):
    if "complex" in dtype and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    a = np.zeros(4, dtype=dtype)
    b = np.array([1.25, 3, 7, 2.5], dtype=other)
    x = ak.asarray(a.copy())
    a[1:3] = b[1:3]  # NumPy casts on assignment (SciPy's float32 solvers rely on it)
    x[1:3] = ak.asarray(b[1:3])
    same(x, a)
    idx = np.array([0, 3])  # an index array (Dask assigns through a mask only a scalar)
    a[idx] = b[idx]
    x[ak.asarray(idx)] = ak.asarray(b[idx])
    same(x, a)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="__setitem__: cannot"):
        x[:2] = ak.asarray(b[:2])


def test_setitem_refuses_another_kind(driver):
    x = ak.asarray(np.array([1, 2], dtype="int32"))
    with pytest.raises(TypeError, match="cannot assign a float64 array to a int32"):
        x[:] = ak.asarray([0.5, 0.5])  # NumPy would truncate
    with pytest.raises(TypeError, match="cannot assign a int16 array to a uint8"):
        ak.asarray(np.array([1], dtype="uint8"))[0] = ak.asarray(np.int16(1))
    same(x, np.array([1, 2], dtype="int32"))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum"])
def test_booleans_add_and_multiply_as_numpy(driver, name):
    a = np.array([True, False, True, False])
    b = np.array([True, True, False, False])
    same(getattr(ak, name)(ak.asarray(a), ak.asarray(b)), getattr(np, name)(a, b))
    same(getattr(ak, name)(ak.asarray(a), True), getattr(np, name)(a, True))
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=f"{name}: expected"):
        getattr(ak, name)(ak.asarray(a), ak.asarray(b))


def test_boolean_operators_combine_masks_as_numpy(driver):
    v = np.linspace(-1.0, 3.0, 9)
    x = ak.asarray(v)
    same((x < 0) + (x > 2), (v < 0) + (v > 2))  # SciPy's tests combine masks so
    same((x > 0) * (x < 2), (v > 0) * (v < 2))
    m = ak.asarray(v < 0)
    m += ak.asarray(v > 2)
    same(m, (v < 0) | (v > 2))
    with pytest.raises(TypeError, match="subtract: expected"):  # NumPy refuses it too
        (x < 0) - (x > 2)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_arange_with_a_complex_dtype_as_numpy(driver, dtype):
    if not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    for args in ((5,), (1.0, 2.0, 0.25), (3, -2, -1), (0, 0)):
        same(ak.arange(*args, dtype=getattr(ak, dtype)), np.arange(*args, dtype=dtype))
    with ak.use(promotion="strict"):  # the standard does not forbid it (array-api-strict)
        same(ak.arange(3, dtype=getattr(ak, dtype)), np.arange(3, dtype=dtype))


def test_full_like_takes_numpy_scalars_and_0d_arrays(driver):
    x = ak.zeros(2, dtype=ak.float32)
    for fill in (np.float64(2.5), ak.asarray(2.5), np.int64(3)):
        same(ak.full_like(x, fill), np.full_like(np.zeros(2, np.float32), float(fill)))


def test_sequences_of_numpy_scalars_keep_their_dtype(driver):
    """SciPy's tests build references as ``xp.asarray([np.int32(k) for ...])``."""
    for data in (
        [np.int32(1), np.int32(2)],
        [[np.float32(0.5)], [np.float32(1.5)]],
        [np.float32(1.0), 2.5],
        [np.int8(1), ak.asarray(2, dtype=ak.int16)],
    ):
        want = np.asarray(
            [
                [np.asarray(v) for v in row] if isinstance(row, list) else np.asarray(row)
                for row in data
            ]
        )
        assert ak.asarray(data).dtype == want.dtype, data
    assert ak.asarray([1, 2]).dtype == ak.int64  # Python ints: the default integer
    with ak.use(promotion="strict"):
        assert ak.asarray([np.int32(1), np.int32(2)]).dtype == ak.int64


def test_truth_value_of_a_one_element_array_as_numpy(driver):
    for data in ([0.0], [[3]], [[[True]]], [-0.0]):
        assert bool(ak.asarray(data)) is bool(np.asarray(data)), data
    with pytest.raises(TypeError, match="bool"):  # NumPy: ambiguous, ValueError
        bool(ak.asarray([1, 2]))
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="0-D"):
        bool(ak.asarray([1]))


def test_strict_refuses_the_numpy_spellings(driver):
    x = ak.asarray([1.0, 2.0])
    with ak.use(promotion="strict"):
        for call in (
            lambda: ak.full(2, np.float32(1.0)),
            lambda: ak.arange(np.int64(3)),
            lambda: ak.add(x, np.float64(1.0)),
            lambda: ak.diff(x, 1),
            lambda: ak.linspace(0, 4, 3, dtype=ak.int64),
        ):
            with pytest.raises(TypeError, match="standard"):
                call()


def test_a_device_names_its_driver_in_any_thread(driver):
    """Worker threads start on the NumPy driver; code that follows its inputs' device
    (scikit-learn's ``xp.zeros(n, device=x.device)`` in joblib threads) must land there."""
    x = ak.asarray([1.0, 2.0])
    out: list = []

    def worker() -> None:
        try:
            out.append(
                (
                    ak.zeros(2, device=x.device),
                    ak.asarray([3], device=x.device),
                    ak.arange(2, device=x.device),
                )
            )
        except Exception as e:  # reported by the assertion below
            out.append(e)

    t = threading.Thread(target=worker)
    t.start()
    t.join(timeout=60)
    assert not isinstance(out[0], Exception), out[0]
    for a in out[0]:
        assert a.driver is x.driver and a.device == x.device
    # SciPy's device fixture (written for the 2024.12 list) extends devices() with a list
    assert ak.__array_namespace_info__().devices() + [None] == [*x.driver.devices(), None]  # noqa: RUF005
