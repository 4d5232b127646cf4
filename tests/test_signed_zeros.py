"""The order of signed zeros in ``maximum``, ``minimum``, ``max``, ``min`` and ``clip``:
``-0 < +0`` on every driver (IEEE 754-2019's maximum and minimum,
``docs/guides/departures.md``, "Casts and rounding").

NumPy's own answer is the platform's: on x86-64 ``np.maximum(0.0, -0.0)`` is its second
operand (``-0.0``) for float32 and float64 but its first for float16, ``np.max`` of
zeros depends on the array's length (SIMD lanes), and on ARM NumPy follows IEEE.  So the
reference here is IEEE's rule written out with sign bits: the maximum of zeros is -0 only
if all are, the minimum +0 only if all are.  NaN still propagates.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import arraykit as ak

FLOATS = ["float16", "float32", "float64"]
PATTERN = [0.0, -0.0, -0.0, 0.0, 0.0, 0.0, -0.0, -0.0, 0.0, -0.0]


def zeros(n: int, dtype: str, shift: int = 0) -> np.ndarray:
    """``n`` zeros of both signs, in a pattern that varies along the array."""
    it = itertools.islice(itertools.cycle(PATTERN), shift, shift + n)
    return np.array(list(it), dtype)


def sign(a: object) -> np.ndarray:
    return np.signbit(np.asarray(a))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 3, 17, 100, 1001])
def test_maximum_minimum_order_zeros(driver: ak.drivers.Driver, dtype: str, n: int) -> None:
    x, y = zeros(n, dtype), zeros(n, dtype, 3)
    sx, sy = np.signbit(x), np.signbit(y)
    X, Y = ak.asarray(x), ak.asarray(y)
    np.testing.assert_array_equal(sign(ak.maximum(X, Y)), sx & sy)
    np.testing.assert_array_equal(sign(ak.maximum(Y, X)), sx & sy)
    np.testing.assert_array_equal(sign(ak.minimum(X, Y)), sx | sy)
    np.testing.assert_array_equal(sign(ak.minimum(Y, X)), sx | sy)
    for s in (0.0, -0.0):  # Python scalar operands, either side (ReLU: maximum(x, 0.0))
        neg = bool(np.signbit(s))
        np.testing.assert_array_equal(sign(ak.maximum(X, s)), sx & neg)
        np.testing.assert_array_equal(sign(ak.maximum(s, X)), sx & neg)
        np.testing.assert_array_equal(sign(ak.minimum(X, s)), sx | neg)
        np.testing.assert_array_equal(sign(ak.minimum(s, X)), sx | neg)


def test_maximum_of_zeros_reproducer(driver: ak.drivers.Driver) -> None:
    plus, minus = ak.asarray(0.0), ak.asarray(-0.0)
    assert not sign(ak.maximum(plus, minus)) and not sign(ak.maximum(minus, plus))
    assert sign(ak.minimum(plus, minus)) and sign(ak.minimum(minus, plus))
    assert not sign(ak.max(ak.asarray([-0.0, 0.0]))) and not sign(ak.max(ak.asarray([0.0, -0.0])))
    assert sign(ak.min(ak.asarray([-0.0, 0.0]))) and sign(ak.min(ak.asarray([0.0, -0.0])))


def test_maximum_keeps_values_and_nans(driver: ak.drivers.Driver) -> None:
    # Large draws with zeros, values and NaNs mixed: NumPy's answer wherever no two zeros
    # meet (its order of values and its NaN propagation).
    rng = np.random.default_rng(0)
    x = rng.choice([0.0, -0.0, 1.5, -2.0, np.nan, np.inf, -np.inf], 5000)
    y = rng.choice([0.0, -0.0, 1.5, -2.0, np.nan, 3.0, -1e300], 5000)
    for f, npf in ((ak.maximum, np.maximum), (ak.minimum, np.minimum)):
        got = np.asarray(f(ak.asarray(x), ak.asarray(y)))
        np.testing.assert_array_equal(got, npf(x, y))  # values (== ignores the zeros' signs)
        ties = (x == 0) & (y == 0)
        want = np.signbit(x) & np.signbit(y) if f is ak.maximum else np.signbit(x) | np.signbit(y)
        np.testing.assert_array_equal(np.signbit(got)[ties], want[ties])


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [2, 3, 17, 100, 1001])
def test_max_min_reductions_order_zeros(driver: ak.drivers.Driver, dtype: str, n: int) -> None:
    for shift in range(4):
        x = zeros(n, dtype, shift)
        s = np.signbit(x)
        assert sign(ak.max(ak.asarray(x))) == s.all()
        assert sign(ak.min(ak.asarray(x))) == s.any()
    only_neg = -np.zeros(n, dtype)
    assert sign(ak.max(ak.asarray(only_neg))) and sign(ak.min(ak.asarray(only_neg)))
    m = np.stack([zeros(n, dtype, k) for k in range(5)])
    sm = np.signbit(m)
    for axis in (0, 1):
        np.testing.assert_array_equal(sign(ak.max(ak.asarray(m), axis=axis)), sm.all(axis=axis))
        np.testing.assert_array_equal(sign(ak.min(ak.asarray(m), axis=axis)), sm.any(axis=axis))


def test_reductions_keep_values_and_nans(driver: ak.drivers.Driver) -> None:
    # 8192 elements or more: XLA's CPU reductions dropped the NaN (JAX's driver now
    # reduces integer keys of the bits).
    rng = np.random.default_rng(1)
    v = rng.normal(size=20000)
    v[12345] = np.nan
    assert np.isnan(float(ak.max(ak.asarray(v)))) and np.isnan(float(ak.min(ak.asarray(v))))
    m = rng.normal(size=(40, 300))
    m[3, 7] = np.nan
    for axis in (None, 0, 1):
        np.testing.assert_array_equal(np.asarray(ak.max(ak.asarray(m), axis=axis)), m.max(axis))
        np.testing.assert_array_equal(np.asarray(ak.min(ak.asarray(m), axis=axis)), m.min(axis))


@pytest.mark.parametrize("dtype", FLOATS)
def test_clip_orders_zeros(driver: ak.drivers.Driver, dtype: str) -> None:
    x = zeros(100, dtype)
    X = ak.asarray(x)
    assert not sign(ak.clip(X, 0.0, 1.0)).any()  # max(x, +0) is +0
    assert sign(ak.clip(X, -1.0, -0.0)).all()  # min(x, -0) is -0
    np.testing.assert_array_equal(sign(ak.clip(X, -0.0, 1.0)), np.signbit(x))
    np.testing.assert_array_equal(sign(ak.clip(X, -1.0, 0.0)), np.signbit(x))


def test_order_of_zeros_under_jit(driver: ak.drivers.Driver) -> None:
    x, y = zeros(33, "float64"), zeros(33, "float64", 5)
    f = ak.jit(lambda a, b: (ak.maximum(a, b), ak.minimum(a, b), ak.max(a), ak.min(b)))
    mx, mn, top, bottom = f(ak.asarray(x), ak.asarray(y))
    np.testing.assert_array_equal(sign(mx), np.signbit(x) & np.signbit(y))
    np.testing.assert_array_equal(sign(mn), np.signbit(x) | np.signbit(y))
    assert sign(top) == np.signbit(x).all() and sign(bottom) == np.signbit(y).any()


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("key", [[0, 2, 0, 1], 0, slice(None)], ids=["repeats", "int", "slice"])
def test_ufunc_at_orders_zeros(driver: ak.drivers.Driver, dtype: str, key: object) -> None:
    """``np.maximum.at``/``np.minimum.at`` of arraykit arrays follow the same order of
    zeros (the NumPy driver handed them to NumPy's own ufunc.at, whose signs are the
    platform's: maximum.at(zeros, 0, -0.0) gave -0); found by the differential fuzzer."""
    if dtype == "float16" and not driver.capabilities.float16:
        pytest.skip("no float16 on this driver")
    x = zeros(3, dtype)
    picked = np.arange(3)[key]
    third = zeros(np.size(picked), dtype, 1).reshape(np.shape(picked))
    for b in (np.array(-0.0, dtype), np.array(0.0, dtype), third):
        values = np.broadcast_to(b, np.shape(picked)).ravel()
        for name, combine in (("maximum", np.logical_and), ("minimum", np.logical_or)):
            a = ak.asarray(x.copy())
            getattr(np, name).at(a, key, ak.asarray(b))
            want = np.signbit(x)  # the rule, occurrence by occurrence
            for i, v in zip(np.ravel(picked), values, strict=True):
                want[i] = combine(want[i], np.signbit(v))
            np.testing.assert_array_equal(sign(a), want, err_msg=f"{name}.at {key} {b}")
