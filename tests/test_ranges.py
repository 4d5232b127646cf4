"""``arange`` and ``linspace`` give NumPy's values bit for bit, on every driver.

NumPy's float ``arange`` is its ``fill``: the first two values are ``start`` and ``start +
step`` rounded to the dtype, the others ``first + i * (second - first)`` in the dtype's
arithmetic (float32's for float16); ``linspace`` is ``numpy/_core/function_base.py``'s
formula in float64, rounded once.  ``start + i * step`` (every driver before), a fused
multiply-add or a division turned into a multiplication by the reciprocal (XLA) are an
ulp or more off on many of the draws here.
"""

from __future__ import annotations

import numpy as np
import pytest
from deprecations import quiet

import arraykit as ak

DTYPES = ["float64", "float32", "float16", "complex128", "complex64"]


def _draws(n: int, seed: int) -> list[tuple[float, float, float]]:
    """Random starts and steps of every magnitude; a few lengths (each new length compiles
    new kernels on JAX)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        start = float(rng.normal() * 10.0 ** rng.integers(-3, 4))
        step = float(rng.normal() * 10.0 ** rng.integers(-3, 2)) or 1.0
        stop = start + step * (int(rng.choice([3, 8, 50, 257])) - 0.5)
        out.append((start, stop, step))
    return out


@pytest.mark.parametrize("dtype", DTYPES)
def test_float_arange_is_numpys_bit_for_bit(driver: ak.drivers.Driver, dtype: str) -> None:
    with quiet():  # float16 overflows on the larger draws, as NumPy's
        for start, stop, step in _draws(60, 0):
            want = np.arange(start, stop, step, dtype=dtype)
            got = np.asarray(ak.arange(start, stop, step, dtype=getattr(ak, dtype)))
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want, err_msg=f"{start}, {stop}, {step}")


def test_arange_reproducer(driver: ak.drivers.Driver) -> None:
    np.testing.assert_array_equal(np.asarray(ak.arange(0.1, 3.0, 0.3)), np.arange(0.1, 3.0, 0.3))
    x = np.asarray(ak.arange(0.1, 3.0, 0.3, dtype=ak.float32))
    np.testing.assert_array_equal(x, np.arange(0.1, 3.0, 0.3, dtype=np.float32))
    np.testing.assert_array_equal(np.asarray(ak.arange(5.0)), np.arange(5.0))
    np.testing.assert_array_equal(np.asarray(ak.arange(1.0, 1.5, 1.0)), [1.0])
    assert ak.arange(1.0, 0.0, 1.0).shape == (0,)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace_is_numpys_bit_for_bit(
    driver: ak.drivers.Driver, dtype: str, endpoint: bool
) -> None:
    rng = np.random.default_rng(1)
    with quiet():
        for _ in range(30):
            start = float(rng.normal() * 10.0 ** rng.integers(-3, 4))
            stop = float(rng.normal() * 10.0 ** rng.integers(-3, 4))
            if dtype.startswith("complex"):
                start, stop = complex(start, rng.normal()), complex(stop, rng.normal())
            num = int(rng.choice([0, 1, 2, 7, 100, 301]))
            want = np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
            got = ak.linspace(start, stop, num, endpoint=endpoint, dtype=getattr(ak, dtype))
            np.testing.assert_array_equal(np.asarray(got), want, err_msg=f"{start}, {stop}, {num}")


def test_linspace_reproducer(driver: ak.drivers.Driver) -> None:
    got = ak.linspace(0.1, 7.3, 1000, endpoint=False)
    np.testing.assert_array_equal(np.asarray(got), np.linspace(0.1, 7.3, 1000, endpoint=False))
    np.testing.assert_array_equal(np.asarray(ak.linspace(2.0, 2.0, 5)), np.linspace(2.0, 2.0, 5))
    np.testing.assert_array_equal(np.asarray(ak.linspace(0.0, 1.0, 1)), [0.0])
