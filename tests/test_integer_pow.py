"""Integer powers with negative integer exponents (issue 24): NumPy raises
``ValueError: Integers to negative integer powers are not allowed.``; TF gave 0 and JAX
garbage.  Every driver raises NumPy's error eagerly; traced by ``ak.jit``/``ak.vmap`` on a
compiling driver the result is defined (see ``ak.pow``'s docstring), and
``checked=True`` raises.  NumPy is the reference for every case: what it raises, and
the values where it does not."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraykit as ak

INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
SIGNED = ["int8", "int16", "int32", "int64"]
NEGATIVE_POWER = "Integers to negative integer powers are not allowed"


def _outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", np.asarray(fn())
    except Exception as e:
        return "raises", type(e)


def _same_as_numpy(ours: Callable[[], Any], theirs: Callable[[], Any]) -> None:
    """``ours`` (arraykit) raises what ``theirs`` (NumPy) raises, or gives its values."""
    kind, want = _outcome(theirs)
    if kind == "raises":
        with pytest.raises(want) as info:
            ours()  # eagerly, at the call (a lazy driver too)
        if want is ValueError:
            assert NEGATIVE_POWER in str(info.value)
        return
    got = ours()
    assert np.dtype(got.dtype) == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("dtype", INTEGERS)
def test_integer_array_to_a_negative_python_int(driver, dtype):
    base = np.array([2, 3, 1, 0, 5], dtype)
    for n in (-1, -2, -(2**31), 0, 1, 3):
        _same_as_numpy(lambda n=n: ak.asarray(base) ** n, lambda n=n: base**n)
        _same_as_numpy(lambda n=n: ak.pow(ak.asarray(base), n), lambda n=n: np.power(base, n))


@pytest.mark.parametrize("base_dtype", [*INTEGERS, "bool"])
@pytest.mark.parametrize("exp_dtype", [*SIGNED, "uint8", "bool"])
def test_integer_arrays_with_negative_exponents_every_dtype_mix(driver, base_dtype, exp_dtype):
    if base_dtype == exp_dtype == "bool":
        pytest.skip("bool ** bool: arraykit refuses booleans in pow (not a power of integers)")
    rng = np.random.default_rng(24)
    base = rng.integers(0, 4, 300).astype(base_dtype)
    low = -1 if np.dtype(exp_dtype).kind == "i" else 0
    exps = rng.integers(low, 3, 300).astype(exp_dtype)
    exps[-1] = low  # one negative exponent among many (for signed dtypes)
    _same_as_numpy(lambda: ak.asarray(base) ** ak.asarray(exps), lambda: base**exps)
    exps_ok = np.abs(exps.astype(np.int64)).astype(exp_dtype)
    _same_as_numpy(lambda: ak.asarray(base) ** ak.asarray(exps_ok), lambda: base**exps_ok)


@pytest.mark.parametrize("dtype", SIGNED)
def test_zero_d_negative_exponent_and_reflected_pow(driver, dtype):
    base = np.array([2, 3, -2], dtype)
    minus_one = np.array(-1, dtype)
    _same_as_numpy(lambda: ak.asarray(base) ** ak.asarray(minus_one), lambda: base**minus_one)
    _same_as_numpy(lambda: 2 ** ak.asarray(np.array([-1], dtype)), lambda: 2 ** np.array([-1]))
    _same_as_numpy(lambda: ak.asarray(base) ** np.int8(-1), lambda: base ** np.int8(-1))
    _same_as_numpy(lambda: 2 ** ak.asarray(np.array([3], dtype)), lambda: 2 ** np.array([3], dtype))


@pytest.mark.parametrize("base", [1, -1, 0])
def test_one_and_minus_one_to_negative_powers_raise_as_in_numpy(driver, base):
    data = np.array([base], np.int64)
    for n in (-1, -2):
        _same_as_numpy(lambda n=n: ak.asarray(data) ** n, lambda n=n: data**n)
        _same_as_numpy(
            lambda n=n: ak.asarray(data) ** ak.asarray(np.array([n])),
            lambda n=n: data ** np.array([n]),
        )


@pytest.mark.parametrize(
    ("base", "exponent"),
    [
        (np.zeros(0, np.int64), -1),
        (np.zeros(0, np.int32), np.array(-1, np.int32)),
        (np.zeros((0, 2), np.int64), np.array([-1, 2])),
        (np.array([[2, 3]], np.int16), np.zeros((0, 2), np.int16) - 1),
    ],
)
def test_an_empty_result_raises_nothing_as_in_numpy(driver, base, exponent):
    """NumPy's loop meets no negative exponent when the result is empty: no ValueError
    (found by the differential fuzzer: arraykit read the exponents and raised)."""
    theirs = ak.asarray(exponent) if isinstance(exponent, np.ndarray) else exponent
    _same_as_numpy(lambda: ak.asarray(base) ** theirs, lambda: base**exponent)


def test_inplace_power_raises_and_leaves_the_array_unchanged(driver):
    x = ak.asarray(np.array([2, 3, -2]))
    view = x[1:]
    with pytest.raises(ValueError, match=NEGATIVE_POWER):
        x **= -1
    with pytest.raises(ValueError, match=NEGATIVE_POWER):
        x **= ak.asarray(np.array([1, -1, 1]))
    with pytest.raises(ValueError, match=NEGATIVE_POWER):
        operator.ipow(view, -3)
    np.testing.assert_array_equal(np.asarray(x), [2, 3, -2])
    x **= 2
    np.testing.assert_array_equal(np.asarray(x), [4, 9, 4])
    np.testing.assert_array_equal(np.asarray(view), [9, 4])


def test_floating_results_are_not_checked(driver):
    # a float base (or a float exponent) gives a float result: negative powers are fine
    x = ak.asarray(np.array([2.0, 4.0]))
    np.testing.assert_array_equal(np.asarray(x ** ak.asarray(np.array([-1, -2]))), [0.5, 0.0625])
    y = ak.asarray(np.array([2, 4]))
    np.testing.assert_array_equal(np.asarray(y**-1.0), [0.5, 0.25])


def _traced_reference(b: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The documented traced result: the integer part of the exact power where the exponent
    is negative (1 for 1, +-1 for -1 by parity, 0 for any other base, 0 included)."""
    negative = np.where(b == 1, 1, np.where(b == -1, np.where(e % 2 == 1, -1, 1), 0))
    return np.where(e < 0, negative, b ** np.maximum(e, 0)).astype(b.dtype)


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64"])
def test_traced_negative_powers_are_defined_or_raise(driver, dtype):
    b = np.array([2, 3, -2, 1, -1, 0, 1, -1, 0, 5, -3, 7], dtype)
    e = np.array([-1, -1, -1, -1, -1, -1, -2, -2, -2, 2, -3, 0], dtype)
    power = ak.jit(lambda a, c: a**c)
    mapped = ak.vmap(lambda a, c: a**c)
    if not driver.capabilities.jit:  # ak.jit runs eagerly: NumPy's error
        with pytest.raises(ValueError, match=NEGATIVE_POWER):
            power(ak.asarray(b), ak.asarray(e))
        return
    want = _traced_reference(b, e)
    np.testing.assert_array_equal(np.asarray(power(ak.asarray(b), ak.asarray(e))), want)
    got = mapped(ak.asarray(b.reshape(3, 4)), ak.asarray(e.reshape(3, 4)))
    np.testing.assert_array_equal(np.asarray(got), want.reshape(3, 4))
    rpow = ak.jit(lambda c: 2**c)
    np.testing.assert_array_equal(
        np.asarray(rpow(ak.asarray(e))), _traced_reference(np.full_like(e, 2), e)
    )
    if driver.transforms.checks:
        checked = ak.jit(lambda a, c: a**c, checked=True)
        with pytest.raises(ValueError, match=NEGATIVE_POWER):
            checked(ak.asarray(b), ak.asarray(e))
        ok = checked(ak.asarray(b), ak.asarray(np.abs(e)))
        np.testing.assert_array_equal(np.asarray(ok), b ** np.abs(e))


@pytest.mark.parametrize("dtype", INTEGERS)
def test_large_exponents_wrap_as_in_numpy(driver, dtype):
    # Exponents of 64 and more: XLA's integer power read the exponent's low 6 bits (JAX:
    # 2 ** 64 was 1, 7 ** 100 was 7 ** 36); NumPy's loop wraps every product.  Found by
    # the differential fuzzer.
    info = np.iinfo(dtype)
    rng = np.random.default_rng(64)
    base = rng.integers(max(info.min, -9), 10, 400).astype(dtype)
    exps = rng.integers(0, min(info.max, 2**40), 400, endpoint=True).astype(dtype)
    exps[:8] = np.array([64, 65, 100, 127, 63, 0, 1, info.max]).astype(dtype)
    with np.errstate(all="ignore"):
        want = np.power(base, exps)
    got = ak.asarray(base) ** ak.asarray(exps)
    np.testing.assert_array_equal(np.asarray(got), want)
    if driver.capabilities.jit:
        got = ak.jit(lambda a, b: a**b)(ak.asarray(base), ak.asarray(exps))
        np.testing.assert_array_equal(np.asarray(got), want)
