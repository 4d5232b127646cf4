"""Casts: the one rule of ``astype`` on every driver (``docs/guides/departures.md``,
"Casts and rounding").

* A narrowing float cast rounds once, correctly (NumPy's answer): float64 to float16
  through float32 rounds twice where the float32 value lands on a float16 midpoint, so
  the inputs here are drawn next to those midpoints, on every path that casts (``astype``,
  ``asarray(dtype=)``, ``__setitem__``, ``full``, ``linspace``, ``arange``, ``ak.jit``).
* A float that an integer dtype cannot hold saturates (``±inf`` too) and NaN gives 0;
  in-range values truncate towards zero.  NumPy's own answer is the platform's (x86-64
  wraps or gives the most negative value, ARM saturates), so the reference here is that
  rule written out in Python, value by value.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import arraykit as ak

F16 = np.float16
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]


def _near_float16_midpoints(n: int, seed: int) -> np.ndarray:
    """float64 values a float32 rounding puts exactly on a float16 midpoint (half of
    them), and random doubles of every float16 magnitude (the other half)."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0x0400, 0x7BFF, n).astype(np.uint16)  # normal, below the max
    lo = bits.view(F16).astype(np.float64)
    hi = (bits + 1).view(F16).astype(np.float64)
    mid = (lo + hi) / 2  # exact in float64, and in float32
    # |offset| far below float32's half unit at mid: float32 rounds to mid itself
    offset = mid * 2.0**-40 * rng.integers(1, 1000, n) * rng.choice([-1, 1], n)
    near = mid + offset
    spread = lo + (hi - lo) * rng.random(n)
    values = np.where(rng.random(n) < 0.5, near, spread)
    return values * rng.choice([-1.0, 1.0], n)


HARD = _near_float16_midpoints(20000, 0)


def test_hard_inputs_are_hard() -> None:
    # The inputs do what they are for: rounding through float32 gets many of them wrong.
    twice = HARD.astype(np.float32).astype(F16)
    assert (twice != HARD.astype(F16)).sum() > 2000


def test_astype_float64_to_float16_rounds_once(driver: ak.drivers.Driver) -> None:
    got = np.asarray(ak.astype(ak.asarray(HARD), ak.float16))
    np.testing.assert_array_equal(got, HARD.astype(F16))
    # the reproducer
    x = ak.asarray([2049.0001, 1 + 2**-11 + 2**-30])
    np.testing.assert_array_equal(np.asarray(ak.astype(x, ak.float16)), [2050.0, 1.0009765625])


def test_every_path_to_float16_rounds_once(driver: ak.drivers.Driver) -> None:
    want = HARD[:2000].astype(F16)
    src = ak.asarray(HARD[:2000])
    np.testing.assert_array_equal(np.asarray(ak.asarray(src, dtype=ak.float16)), want)
    np.testing.assert_array_equal(np.asarray(ak.asarray(HARD[:2000], dtype=ak.float16)), want)
    listed = ak.asarray(HARD[:200].tolist(), dtype=ak.float16)
    np.testing.assert_array_equal(np.asarray(listed), want[:200])
    into = ak.zeros(2000, dtype=ak.float16)
    into[:] = src  # a float64 array assigned into float16: NumPy casts unsafely
    np.testing.assert_array_equal(np.asarray(into), want)
    for v in HARD[:20]:
        one = ak.zeros(1, dtype=ak.float16)
        one[0] = float(v)  # a Python float
        assert np.asarray(one)[0] == F16(v)
        assert np.asarray(ak.asarray(float(v), dtype=ak.float16)) == F16(v)
        np.testing.assert_array_equal(np.asarray(ak.full(3, float(v), dtype=ak.float16)), F16(v))
    cast = ak.jit(lambda x: ak.astype(x, ak.float16))
    np.testing.assert_array_equal(np.asarray(cast(src)), want)


def test_creation_in_float16_rounds_once(driver: ak.drivers.Driver) -> None:
    # linspace computes in float64 and casts: the cast must round once, as NumPy's.
    for k in range(30):
        a, b = HARD[2 * k], HARD[2 * k + 1]
        want = np.linspace(a, b, 7, dtype=F16)
        np.testing.assert_array_equal(np.asarray(ak.linspace(a, b, 7, dtype=ak.float16)), want)
    np.testing.assert_array_equal(
        np.asarray(ak.linspace(2049.0001, 2050.0001, 2, dtype=ak.float16)), [2050.0, 2050.0]
    )
    got = ak.arange(2049.0001, 2050, 1, dtype=ak.float16)
    np.testing.assert_array_equal(np.asarray(got), [2050.0])


def test_other_narrowing_float_casts_round_once(driver: ak.drivers.Driver) -> None:
    rng = np.random.default_rng(1)
    x = rng.standard_normal(5000) * 10.0 ** rng.integers(-30, 30, 5000)
    np.testing.assert_array_equal(
        np.asarray(ak.astype(ak.asarray(x), ak.float32)), x.astype(np.float32)
    )
    z = x + 1j * x[::-1]
    np.testing.assert_array_equal(
        np.asarray(ak.astype(ak.asarray(z), ak.complex64)), z.astype(np.complex64)
    )


# ---------------------------------------------------------------------- float to int
EDGES = [
    -2.5, 300.0, math.nan, math.inf, -math.inf, 0.0, -0.0, 0.9, -0.9, 1.5, -1.5, 126.9, 127.0,
    127.9, 128.0, -128.9, -129.0, 255.5, 256.0, -1.0, 32767.5, 32768.0, -32769.0, 65535.9,
    65536.0, 65504.0, -65504.0, 2.0**31 - 1, 2.0**31, -(2.0**31) - 1, 2.0**32, -(2.0**32),
    2.0**63, -(2.0**63), 2.0**64, 1e19, -1e19, 1e20, 1e30, -1e300, 2.0**63 + 2.0**12,
]  # fmt: skip


def saturated(values: np.ndarray, to: str) -> np.ndarray:
    """The rule, value by value in Python: truncate, clamp to the range, NaN to 0."""
    info = np.iinfo(to)
    out = []
    for v in values.astype(np.float64).tolist():
        if math.isnan(v):
            out.append(0)
        elif v >= info.max:
            out.append(int(info.max))
        elif v <= info.min:
            out.append(int(info.min))
        else:
            out.append(max(min(math.trunc(v), int(info.max)), int(info.min)))
    return np.array(out, dtype=to)


def _edges(src: str) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.array(EDGES, np.float64).astype(src)


@pytest.mark.parametrize("src", FLOATS)
@pytest.mark.parametrize("to", INTS)
def test_float_to_int_saturates_and_nan_is_zero(
    driver: ak.drivers.Driver, src: str, to: str
) -> None:
    x = _edges(src)
    want = saturated(x, to)
    got = ak.astype(ak.asarray(x), getattr(ak, to))
    assert got.dtype == getattr(ak, to)
    np.testing.assert_array_equal(np.asarray(got), want)
    # under ak.jit too (compiled where the driver compiles)
    jitted = ak.jit(lambda a: ak.astype(a, getattr(ak, to)))(ak.asarray(x))
    np.testing.assert_array_equal(np.asarray(jitted), want)


@pytest.mark.parametrize("src", FLOATS)
@pytest.mark.parametrize("to", INTS)
def test_float_to_int_of_a_0d_array_by_the_rule(
    driver: ak.drivers.Driver, src: str, to: str
) -> None:
    # A 0-D array takes the rule's path like any other (the NumPy driver's clip of a 0-D
    # array gave a NumPy scalar, which the rule's fix-ups could not write into: TypeError
    # for NaN, infinities and out-of-range values, and for every uint64 cast); found by
    # the differential fuzzer's astype of 0-D results.
    # A 0-D view too: a Dask block of one is a NumPy scalar, whose in-range path's clip
    # into itself raised "return arrays must be of ArrayType" (the Dask fuzz run)
    for v in _edges(src).tolist():
        x = np.array(v, src)
        for made in (ak.asarray(x), ak.asarray(x.reshape(1))[0, ...], ak.asarray(x)[...]):
            got = ak.astype(made, getattr(ak, to))
            assert got.shape == () and got.dtype == getattr(ak, to)
            assert np.asarray(got).item() == saturated(x.reshape(1), to)[0], (v, to)


@pytest.mark.parametrize("to", INTS)
def test_float_to_int_in_range_truncates_as_numpy(driver: ak.drivers.Driver, to: str) -> None:
    # The common path, large draws: every value in range, NumPy's answer (truncation).
    info = np.iinfo(to)
    rng = np.random.default_rng(2)
    hi = min(float(info.max), 2.0**53)
    lo = max(float(info.min), -(2.0**53))
    x = rng.uniform(lo, hi, 20000)
    x[:1000] = rng.uniform(-3, 3, 1000) if info.min < 0 else rng.uniform(0, 3, 1000)
    dtype = getattr(ak, to)
    np.testing.assert_array_equal(np.asarray(ak.astype(ak.asarray(x), dtype)), x.astype(to))
    y = x.astype(np.float32)
    y = y[(y >= info.min) & (y < float(info.max))]
    np.testing.assert_array_equal(np.asarray(ak.astype(ak.asarray(y), dtype)), y.astype(to))


def test_float_to_int_large_draws_out_of_range(driver: ak.drivers.Driver) -> None:
    # Half the values beyond int8's range, NaNs and infinities scattered among them.
    rng = np.random.default_rng(3)
    x = rng.normal(0, 300, 50000)
    x[rng.integers(0, x.size, 500)] = np.nan
    x[rng.integers(0, x.size, 500)] = np.inf
    x[rng.integers(0, x.size, 500)] = -np.inf
    for to in ("int8", "uint8", "int32", "uint64"):
        got = np.asarray(ak.astype(ak.asarray(x), getattr(ak, to)))
        np.testing.assert_array_equal(got, saturated(x, to))


def test_host_data_cast_to_int_saturates(driver: ak.drivers.Driver) -> None:
    # NumPy float data converted by asarray(dtype=) follows the rule too (the issue's
    # reproducer: x86-64 NumPy gives [254, 44]).
    x = np.array([-2.5, 300.0, np.nan, np.inf])
    got = ak.asarray(x, dtype=ak.uint8)
    np.testing.assert_array_equal(np.asarray(got), [0, 255, 0, 255])
    np.testing.assert_array_equal(np.asarray(ak.asarray(np.float32(-7.5), dtype=ak.uint16)), 0)
    np.testing.assert_array_equal(
        np.asarray(ak.astype(ak.asarray([-2.5, 300.0]), ak.uint8)), [0, 255]
    )


def test_float_to_bool_is_nonzero(driver: ak.drivers.Driver) -> None:
    x = np.array([0.0, -0.0, np.nan, 0.5, -np.inf, 1e-300, 5e-324])
    got = np.asarray(ak.astype(ak.asarray(x), ak.bool))
    np.testing.assert_array_equal(got[:6], x[:6].astype(bool))
    # 5e-324 is subnormal: a driver that flushes subnormals may read it as zero
    assert got[6] or not driver.capabilities.subnormals
