"""The operations IEEE 754 rounds exactly (+, -, *, /, sqrt) give NumPy's bits on every
driver, eagerly, under ``ak.jit`` and under ``ak.vmap``, including with a broadcast
operand (XLA rewrites ``a / broadcast(b)`` into ``a * (1 / b)`` unless prevented).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraykit as ak

OPS = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": np.divide,
}


def _floats(dtype: type, shape: tuple[int, ...]) -> st.SearchStrategy[np.ndarray]:
    # Normal numbers only: drivers that flush subnormals (capabilities.subnormals) would
    # differ for a documented reason, not a rounding one.
    finfo = np.finfo(dtype)
    bound = float(np.sqrt(finfo.max))
    elements = st.floats(
        -bound, bound, width=finfo.bits, allow_nan=False, allow_subnormal=False
    ).filter(lambda v: v == 0 or abs(v) >= finfo.smallest_normal * 2**30)
    return hnp.arrays(dtype, shape, elements=elements)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    data=st.data(),
    dtype=st.sampled_from([np.float32, np.float64]),
    op=st.sampled_from(sorted(OPS)),
    divisor_shape=st.sampled_from([(), (1,), (4,), (3, 1)]),
)
def test_exactly_rounded_ops_match_numpy_bit_for_bit(driver, data, dtype, op, divisor_shape):
    x1 = data.draw(_floats(dtype, (3, 4)), label="x1")
    x2 = data.draw(_floats(dtype, divisor_shape), label="x2")
    if op == "divide":
        x2 = np.where(x2 == 0, dtype(3), x2)
    with np.errstate(all="ignore"):
        want = OPS[op](x1, x2)
    fn = getattr(ak, op)
    a1, a2 = ak.asarray(x1), ak.asarray(x2)
    runs = {"eager": fn(a1, a2)}
    if driver.capabilities.jit:
        runs["jit"] = ak.jit(fn)(a1, a2)
    if driver.capabilities.vmap:  # x1's rows against an unbatched x2: the vmap broadcast
        row_fn = ak.vmap(lambda r: fn(r, a2 if a2.ndim < 2 else a2[0]))
        runs["vmap"] = row_fn(a1)
        want_rows = OPS[op](x1, x2 if x2.ndim < 2 else x2[0])
    for how, got in runs.items():
        ref = want_rows if how == "vmap" else want
        if not driver.capabilities.subnormals:  # the driver flushes subnormal results
            tiny = np.finfo(dtype).smallest_normal
            ref = np.where(np.abs(ref) < tiny, np.copysign(dtype(0), ref), ref)
        np.testing.assert_array_equal(np.asarray(got), ref, err_msg=f"{op} {how}", strict=True)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_division_by_a_python_scalar_is_correctly_rounded(driver, dtype):
    data = np.array([12.0, 1.0, 3.0, 0.7, 1e10, 123456.789], dtype=dtype)
    x = ak.asarray(data)
    np.testing.assert_array_equal(np.asarray(x / 10.0), data / np.asarray(10.0, dtype))
    np.testing.assert_array_equal(np.asarray(ak.sqrt(x)), np.sqrt(data))


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint8", "uint64"])
def test_integer_floor_divide_by_zero_is_zero(driver, dtype):
    # found by tests/test_differential.py: XLA's integer division by zero gives -1
    a = np.array([0, 5, 1, np.iinfo(dtype).max], dtype=dtype)
    x, zero = ak.asarray(a), ak.asarray(np.zeros(4, dtype=dtype))
    with np.errstate(divide="ignore"):  # the NumPy driver warns as NumPy does
        assert np.asarray(ak.floor_divide(x, zero)).tolist() == [0, 0, 0, 0]
        assert np.asarray(ak.floor_divide(x, 0)).tolist() == [0, 0, 0, 0]
        assert np.asarray(ak.remainder(x, zero)).tolist() == [0, 0, 0, 0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_float_floor_divide_is_numpys_divmod_quotient(driver, dtype):
    # found by tests/test_differential.py: TensorFlow's floor(x1 / x2) gave 5.0 // 0.1 == 50
    a = np.array([5.0, -5.0, 1.0, 0.3, 7.0, 1e30], dtype=dtype)
    b = np.array([0.1, 0.1, 0.1, 0.1, -2.0, 3e-9], dtype=dtype)
    x1, x2 = ak.asarray(a), ak.asarray(b)
    np.testing.assert_array_equal(np.asarray(ak.floor_divide(x1, x2)), np.floor_divide(a, b))
    np.testing.assert_array_equal(np.asarray(ak.remainder(x1, x2)), np.remainder(a, b))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_reciprocal_is_correctly_rounded(driver, dtype):
    # found by tests/test_differential.py: TensorFlow's Reciprocal gave 1 / 1.0 == 0.99999994
    a = np.random.default_rng(3).uniform(0.1, 10, 1000).astype(dtype)
    a[:9] = 1.0
    got = np.asarray(ak.reciprocal(ak.asarray(a.reshape(100, 10))))
    np.testing.assert_array_equal(got.reshape(-1), np.asarray(1, dtype) / a)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_integer_powers_multiply_as_numpy(driver, dtype):
    # NumPy's npy_cpow: a real integer exponent |n| < 100 by square and multiply, so the
    # square of an imaginary number is real exactly (SciPy's band-stop filter designs
    # square imaginary zeros and expect exact zeros in the polynomial), eagerly and
    # compiled, with a Python int or an array exponent.
    if not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    imaginary = np.array([3j, -2j, 45j / np.sin(0.3), 1e-3j], dtype=dtype)
    x = ak.asarray(imaginary)
    for got in (x**2, ak.pow(x, ak.asarray(2 + 0j, dtype=x.dtype)), ak.jit(lambda z: z**2)(x)):
        np.testing.assert_array_equal(np.asarray(ak.imag(got)), np.zeros(4, dtype=dtype))
        np.testing.assert_allclose(np.asarray(got), imaginary**2, rtol=4 * np.finfo(dtype).eps)
    rng = np.random.default_rng(7)
    z = (rng.normal(size=64) + 1j * rng.normal(size=64)).astype(dtype)
    rtol = 16 * np.finfo(dtype).eps
    for n in (3, -1, -2, 5, 12):
        np.testing.assert_allclose(np.asarray(ak.asarray(z) ** n), z**n, rtol=rtol)
    # non-integral exponents keep the general path
    np.testing.assert_allclose(np.asarray(ak.asarray(z) ** 2.5), z**2.5, rtol=1e3 * rtol)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_small_integer_powers_are_correctly_rounded(driver, dtype):
    # x ** 2, x ** 1, x ** 0 and x ** -1 are x * x, x, 1 and 1 / x, bit for bit as NumPy
    # (TF's Pow kernel missed x ** 2 by an ulp in one case of five; SciPy's optimizers
    # compare their vectorized results exactly)
    rng = np.random.default_rng(3)
    v = np.concatenate([rng.normal(size=200) * 3, [0.0, -0.0, np.inf, -np.inf, np.nan]])
    v = v.astype(dtype)
    x = ak.asarray(v)
    for n in (2, 1, 0, -1):
        with np.errstate(divide="ignore"):
            want = v**n
        np.testing.assert_array_equal(np.asarray(x**n), want)
        np.testing.assert_array_equal(np.asarray(ak.jit(lambda z, n=n: z**n)(x)), want)


def test_log2_and_log10_of_exact_powers_are_exact(driver):
    # NumPy's C library gives log10(0.1) == -1 and log2(0.125) == -3 exactly; drivers
    # whose log10 is log(x) / log(10) were an ulp off (SciPy's findfreqs rounds
    # log10(0.1) - 0.5 and got -1 for -2).  The gradient stays 1 / (x log(base)).
    p10 = np.array([float(f"1e{k}") for k in range(-300, 301, 7)] + [0.1, 1.0, 1e22, 1e23])
    p2 = np.ldexp(1.0, np.arange(-1000, 1001, 37))
    for fn, v in ((ak.log10, p10), (ak.log2, p2)):
        want = getattr(np, fn.__name__)(v)
        np.testing.assert_array_equal(np.asarray(fn(ak.asarray(v))), want)
        np.testing.assert_array_equal(np.asarray(ak.jit(fn)(ak.asarray(v))), want)
    special = np.array([0.0, -1.0, np.inf, np.nan])
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_array_equal(np.asarray(ak.log10(ak.asarray(special))), np.log10(special))
    if driver.capabilities.autodiff:
        g = ak.grad(lambda z: ak.sum(ak.log10(z)))(ak.asarray([1.0, 10.0, 3.0]))
        np.testing.assert_allclose(np.asarray(g), 1 / (np.log(10) * np.array([1, 10, 3.0])))


def test_powers_with_the_largest_exponents(driver):
    # pow(1, y) is 1 for every y, the largest finite y too; and a base next to 1 under a
    # huge exponent overflows or underflows, as NumPy's.  TF's accurate float64 pow
    # split DBL_MAX for Dekker's product, which overflowed: pow(1, DBL_MAX) was NaN.
    big = np.finfo(np.float64).max
    x1 = np.array([1.0, 1.0, -1.0, 1.0, 1 + 2**-52, 1 - 2**-53, 1 + 2**-52, 0.5, 2.0, -1.0])
    x2 = np.array([big, -big, big, 2.0**1000, 1e300, 1e300, -1e300, 2.0**997, -(2.0**997),
                   -big])  # fmt: skip
    want = np.power(x1, x2)
    for f in (lambda a, b: a**b, ak.jit(lambda a, b: ak.pow(a, b))):
        np.testing.assert_array_equal(np.asarray(f(ak.asarray(x1), ak.asarray(x2))), want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_subnormals_are_kept_or_flushed_as_the_capability_says(driver, dtype):
    # departures.md: TF's and XLA's CPU kernels flush subnormal inputs and results to
    # zero (capabilities.subnormals false); the others keep IEEE 754's gradual underflow
    tiny = np.finfo(dtype).smallest_normal
    x = np.array([tiny / 3, -tiny / 1000, tiny], dtype)
    with np.errstate(under="ignore"):
        want = (x * np.asarray(1, dtype), x / np.asarray(10, dtype))
    got = (ak.asarray(x) * 1.0, ak.asarray(x) / 10.0)
    for g, w in zip(got, want, strict=True):
        g = np.asarray(g)
        if driver.capabilities.subnormals:
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_array_equal(g, np.where(np.abs(w) < tiny, 0.0, w).astype(dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floor_divide_by_divisors_near_the_smallest_normal(driver, dtype):
    # x1 // x2 is NumPy's npy_divmod, whose fmod remainder is below |x2|: for |x2| within
    # 2**p of the smallest normal number it can be subnormal, which TF and XLA flush, and
    # the quotient came out one too high (TF: -7.1205513e-35 // 1.1754944e-38 was -6057,
    # NumPy -6058; the TF fuzz run's find)
    fi = np.finfo(dtype)
    rng = np.random.default_rng(5)
    n = 4000
    x2 = (fi.smallest_normal * 2.0 ** rng.uniform(0, fi.nmant + 2, n)).astype(dtype)
    x1 = (x2.astype(np.float64) * rng.uniform(-1e4, 1e4, n)).astype(dtype)
    x2[:2] = fi.smallest_normal
    x1[:2] = (
        np.array([-7.1205513e-35, 7.1205513e-35]).astype(dtype)
        if dtype == "float32"
        else (np.array([-7.1205513e-305, 7.1205513e-305]))
    )
    with np.errstate(all="ignore"):
        want_q, want_r = np.floor_divide(x1, x2), np.remainder(x1, x2)
    a, b = ak.asarray(x1), ak.asarray(x2)
    for f in (lambda u, v: u // v, ak.jit(ak.floor_divide)):
        np.testing.assert_array_equal(np.asarray(f(a, b)), want_q)
    got_r = np.asarray(a % b)
    kept = (np.abs(want_r) >= fi.smallest_normal) | (want_r == 0)
    np.testing.assert_array_equal(got_r[kept], want_r[kept])
    if not driver.capabilities.subnormals:  # a subnormal remainder is flushed
        assert (got_r[~kept] == 0).all()
    else:
        np.testing.assert_array_equal(got_r[~kept], want_r[~kept])
