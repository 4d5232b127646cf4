"""The extra dtype ``float16`` (not in the standard) against NumPy, on every driver.

NumPy is the reference: every elementwise function of the standard that takes real
floating arrays, the reductions, sorting and searching give NumPy's values (within
float16 rounding: NumPy computes half-precision math in float32 and rounds, as the
drivers may) and NumPy's dtypes.  ``linalg``'s solvers and decompositions refuse
float16, as NumPy's do; products (``matmul``, ``vecdot``, ``trace``) work, as in NumPy.

Accumulation follows one rule (``docs/guides/departures.md``, "Accumulation in
float16"): sums, products, scans, dot products and norms accumulate in float32 and round
once.  NumPy does so for its contiguous sums and its products, not for its scans
(``cumsum``) nor its sums along a strided axis: the tests draw inputs whose float32
accumulation is exact, so that the rule has one answer whatever a driver's order.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import arraykit as ak
from arraykit import _elementwise

# The numpy driver warns, as NumPy does, on the domain edges these tests visit on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

F16 = np.float16
FINFO = np.finfo(F16)
# Normal values only (XLA and TF's CPU kernels flush subnormals), with the edges of the
# domains of the inverse and hyperbolic functions, the largest finite value, inf and NaN.
VALUES = np.array(
    [-1000.0, -3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5, 0.999, 1.0, 1.5, 2.0, 10.0, 65504.0,
     np.inf, -np.inf, np.nan],
    dtype=F16,
)  # fmt: skip
OTHER = np.array(
    [3.0, 2.0, -0.5, 0.5, 1.0, -0.0, 4.0, -2.0, 0.999, 1.0, -1.5, 2.0, 0.25, 2.0, 1.0,
     np.nan, -np.inf],
    dtype=F16,
)  # fmt: skip

_FLOAT_CATEGORIES = (
    _elementwise.NUMERIC,
    _elementwise.REAL,
    _elementwise.FLOATING,
    _elementwise.REAL_FLOATING,
    _elementwise.ANY,
)
UNARY = sorted(
    n for n, (a, c, _, _) in _elementwise.TABLE.items() if a == 1 and c in _FLOAT_CATEGORIES
)
BINARY = sorted(
    n for n, (a, c, _, _) in _elementwise.TABLE.items() if a == 2 and c in _FLOAT_CATEGORIES
)


def numpy_of(name: str, *args: np.ndarray) -> np.ndarray:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        out = np.asarray(getattr(np, name)(*args))
        if name == "floor_divide":
            # The standard's special cases, which arraykit follows for every floating
            # dtype: floor(x1 / x2) where an operand is infinite (NumPy gives NaN).
            x1, x2 = args
            out = np.where(np.isinf(x1) | np.isinf(x2), np.floor(x1 / x2), out)
        return out


def assert_matches(got: ak.Array, want: np.ndarray) -> None:
    """``got`` has ``want``'s dtype, and its values within float16 rounding (one unit in
    the last place, relative) or, near zero, the smallest normal (subnormals may flush)."""
    host = np.asarray(got)
    assert host.dtype == want.dtype, (host.dtype, want.dtype)
    if want.dtype == np.bool_:
        np.testing.assert_array_equal(host, want)
        return
    np.testing.assert_allclose(
        host.astype(np.float64),
        want.astype(np.float64),
        rtol=float(FINFO.eps),
        atol=float(FINFO.smallest_normal),
        equal_nan=True,
    )


def test_float16_is_an_extra_exported_dtype() -> None:
    assert ak.float16 == np.dtype("float16")
    assert ak.float16 not in ak.__array_namespace_info__().dtypes().values()
    assert "float16" not in ak.__array_namespace_info__().dtypes(kind="real floating")
    assert ak.isdtype(ak.float16, "real floating") and ak.isdtype(ak.float16, "numeric")
    assert not ak.isdtype(ak.float16, "integral") and not ak.isdtype(ak.float16, "complex floating")


def test_finfo_float16_is_numpys() -> None:
    fi = ak.finfo(ak.float16)
    assert (fi.bits, fi.dtype) == (16, np.dtype("float16"))
    assert fi.eps == float(FINFO.eps) == 2.0**-10
    assert fi.max == float(FINFO.max) == 65504.0
    assert fi.min == float(FINFO.min) == -65504.0
    assert fi.smallest_normal == float(FINFO.smallest_normal) == 2.0**-14


def test_creation_and_casts(driver: ak.drivers.Driver) -> None:
    x = ak.asarray([1.5, 65504.0, -0.1], dtype=ak.float16)
    assert x.dtype == ak.float16
    np.testing.assert_array_equal(np.asarray(x), np.array([1.5, 65504.0, -0.1], F16))
    y = ak.asarray(VALUES)  # a NumPy float16 array keeps its dtype
    assert y.dtype == ak.float16
    np.testing.assert_array_equal(np.asarray(y), VALUES)
    # float64 -> float16 rounds once, also next to a float16 midpoint (2049.0001)
    src = np.array([0.1, 1e5, -3.0, 2049.0001, -(1 + 2**-11 + 2**-30)])
    z = ak.astype(ak.asarray(src), ak.float16)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(np.asarray(z), src.astype(F16))
    back = ak.astype(z, ak.float32)
    np.testing.assert_array_equal(np.asarray(back), np.asarray(z).astype(np.float32))
    assert ak.zeros((2,), dtype=ak.float16).dtype == ak.float16
    assert ak.full((2,), 0.1, dtype=ak.float16).dtype == ak.float16


@pytest.mark.parametrize("name", UNARY)
def test_unary_elementwise_matches_numpy(driver: ak.drivers.Driver, name: str) -> None:
    assert_matches(getattr(ak, name)(ak.asarray(VALUES)), numpy_of(name, VALUES))


@pytest.mark.parametrize("name", BINARY)
def test_binary_elementwise_matches_numpy(driver: ak.drivers.Driver, name: str) -> None:
    x1, x2 = ak.asarray(VALUES), ak.asarray(OTHER)
    assert_matches(getattr(ak, name)(x1, x2), numpy_of(name, VALUES, OTHER))


def _random_normals(n: int, seed: int) -> np.ndarray:
    """float16 values of every normal magnitude (uniform bit patterns) and, for half of
    them, of the range where most functions are interesting, both signs."""
    rng = np.random.default_rng(seed)
    every = rng.integers(0x0400, 0x7C00, n).astype(np.uint16).view(F16)
    every = np.where(rng.random(n) < 0.5, -every, every)
    near = rng.uniform(-4, 4, n).astype(F16)
    near = np.where(np.abs(near) < FINFO.smallest_normal, F16(0), near)
    return np.where(rng.random(n) < 0.5, every, near).astype(F16)


def ulps(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """How many float16 units in the last place ``got`` is from ``want`` (0 where both are
    NaN or both below the smallest normal, which drivers may flush to zero)."""
    g, w = got.astype(np.float64), want.astype(np.float64)
    same = (g == w) | (np.isnan(g) & np.isnan(w))
    tiny = (np.abs(g) < FINFO.smallest_normal) & (np.abs(w) < FINFO.smallest_normal)
    spacing = np.spacing(np.abs(want).astype(F16)).astype(np.float64)
    with np.errstate(all="ignore"):
        return np.where(same | tiny, 0.0, np.abs(g - w) / spacing)


@pytest.mark.parametrize("name", UNARY + BINARY)
def test_elementwise_within_one_ulp_of_numpy(driver: ak.drivers.Driver, name: str) -> None:
    # NumPy computes float16 in float32 and rounds once: a driver chaining float16
    # operations (hypot, logaddexp, divmod) would be many units off on some values.
    args = (_random_normals(4000, 1),) if name in UNARY else (
        _random_normals(4000, 1), _random_normals(4000, 2))  # fmt: skip
    got = np.asarray(getattr(ak, name)(*map(ak.asarray, args)))
    want = numpy_of(name, *args)
    assert got.dtype == want.dtype
    if want.dtype == np.bool_:
        np.testing.assert_array_equal(got, want)
    else:
        assert ulps(got, want).max() <= 1


def test_nextafter_steps_one_float16(driver: ak.drivers.Driver) -> None:
    x = np.array([1.0, 1.0, -1.0, 65504.0, np.inf, 0.0, 2.0], F16)
    y = np.array([2.0, 0.0, 0.0, np.inf, 0.0, 1.0, 2.0], F16)
    got = np.asarray(ak.nextafter(ak.asarray(x), ak.asarray(y)))
    want = np.nextafter(x, y)
    normal = np.abs(want) >= FINFO.smallest_normal  # 0 -> the smallest subnormal may flush
    np.testing.assert_array_equal(got[normal], want[normal])
    assert got[5] == want[5] or (not driver.capabilities.subnormals and got[5] == 0)


@pytest.mark.parametrize(
    ("other", "values"),
    [("int8", [1, -2, 3]), ("uint8", [1, 2, 250]), ("int16", [1, -2, 300]),
     ("float32", [0.1, 2.0, -3.0]), ("bool", [True, False, True])],
)  # fmt: skip
def test_mixed_arithmetic_promotes_as_numpy(
    driver: ak.drivers.Driver, other: str, values: list
) -> None:
    a = np.array([0.5, -1.5, 2.0], F16)
    b = np.array(values, other)
    assert_matches(ak.add(ak.asarray(a), ak.asarray(b)), a + b)
    assert_matches(ak.multiply(ak.asarray(b), ak.asarray(a)), b * a)


def test_python_scalars_are_weak(driver: ak.drivers.Driver) -> None:
    a = np.array([0.5, -1.5, 2.0], F16)
    x = ak.asarray(a)
    assert_matches(x + 1.0, a + 1.0)
    assert_matches(x * 3, a * 3)
    assert_matches(2.5 - x, 2.5 - a)
    assert (x + 1.0).dtype == ak.float16


@pytest.mark.parametrize("name", ["sum", "prod", "min", "max", "mean", "std", "var"])
def test_reductions_match_numpy(driver: ak.drivers.Driver, name: str) -> None:
    a = np.array([[0.5, -1.5, 2.0, 3.25], [10.0, 0.125, -7.0, 1.0]], F16)
    for axis in (None, 0, 1):
        assert_matches(getattr(ak, name)(ak.asarray(a), axis=axis), numpy_of(name, a, axis))


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "std", "var"])
def test_long_reductions_accumulate_as_numpy(driver: ak.drivers.Driver, name: str) -> None:
    # NumPy accumulates float16 in float32: 5000 values near 1 sum to about 5000, where
    # a float16 accumulator would have stopped at 2048 or 4096.
    rng = np.random.default_rng(3)
    a = rng.uniform(0.999, 1.001, 5000) if name == "prod" else rng.uniform(0, 2, 5000)
    a = a.astype(F16)
    got = np.asarray(getattr(ak, name)(ak.asarray(a)))
    want = numpy_of(name, a)
    assert got.dtype == want.dtype == F16
    assert ulps(got, want).max() <= 1


def _sixteenths(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """float16 multiples of 1/16 in [0, 8): any float32 sum of 5000 of them is exact, so
    the float32 accumulation has one answer whatever a driver's order of additions."""
    return (np.random.default_rng(seed).integers(0, 128, shape) / 16).astype(F16)


def test_cumulative_sum_accumulates_in_float32(driver: ak.drivers.Driver) -> None:
    # arraykit's rule (docs/guides/departures.md, "Accumulation in float16"): each running
    # sum in float32, rounded once.  NumPy rounds each running sum to float16, so its
    # sums of 5000 such values stall and drift (thousands of them differ).
    a = _sixteenths((5000,), 4)
    want = np.cumsum(a.astype(np.float32)).astype(F16)
    assert (np.cumulative_sum(a) != want).sum() > 1000  # NumPy's own differs
    got = ak.cumulative_sum(ak.asarray(a))
    assert got.dtype == ak.float16
    np.testing.assert_array_equal(np.asarray(got), want)
    ones = ak.cumulative_sum(ak.ones(5000, dtype=ak.float16), include_initial=True)
    np.testing.assert_array_equal(np.asarray(ones), np.arange(5001).astype(F16))
    m = _sixteenths((3, 2000), 5)
    got = ak.cumulative_sum(ak.asarray(m), axis=1)
    np.testing.assert_array_equal(np.asarray(got), np.cumsum(m.astype(np.float32), 1).astype(F16))


def test_cumulative_prod_accumulates_in_float32(driver: ak.drivers.Driver) -> None:
    # 3000 factors near 1: the float32 running product rounded once is within a float16
    # unit of the exact one; NumPy's float16 running product is 28 units off at the end.
    rng = np.random.default_rng(6)
    a = rng.uniform(0.999, 1.002, 3000).astype(F16)
    exact = np.cumprod(a.astype(np.float64)).astype(F16)
    got = np.asarray(ak.cumulative_prod(ak.asarray(a)))
    assert got.dtype == F16
    assert ulps(got, exact).max() <= 1
    assert ulps(np.cumulative_prod(a), exact).max() > 10  # NumPy's own drifts


def test_sum_along_a_strided_axis_accumulates_in_float32(driver: ak.drivers.Driver) -> None:
    # NumPy sums float16 in float32 along a contiguous axis (pairwise) but in float16
    # along others (2048 here); arraykit's rule does not depend on the layout.
    ones = ak.ones((5000, 2), dtype=ak.float16)
    np.testing.assert_array_equal(np.asarray(ak.sum(ones, axis=0)), [5000.0, 5000.0])
    assert np.sum(np.ones((5000, 2), F16), axis=0)[0] == 2048  # NumPy's
    m = _sixteenths((3000, 3), 7)
    want = np.sum(m.astype(np.float32), axis=0).astype(F16)
    np.testing.assert_array_equal(np.asarray(ak.sum(ak.asarray(m), axis=0)), want)
    mean = np.asarray(ak.mean(ak.asarray(m), axis=0))
    np.testing.assert_array_equal(mean, (np.sum(m.astype(np.float32), 0) / 3000).astype(F16))


def test_sorting_and_searching_match_numpy(driver: ak.drivers.Driver) -> None:
    a = np.array([3.5, -1.0, np.nan, 0.25, -np.inf, 2.0], F16)
    x = ak.asarray(a)
    assert_matches(ak.sort(x), np.sort(a))
    np.testing.assert_array_equal(np.asarray(ak.argsort(x)), np.argsort(a, kind="stable"))
    finite = ak.asarray(a[np.isfinite(a)])
    assert int(ak.argmax(finite)) == int(np.argmax(a[np.isfinite(a)]))
    assert int(ak.argmin(finite)) == int(np.argmin(a[np.isfinite(a)]))
    assert_matches(ak.where(x > 0, x, ak.asarray(np.zeros(6, F16))), np.where(a > 0, a, F16(0)))


@pytest.mark.parametrize("fn", ["inv", "det", "cholesky", "svd", "eigh", "solve", "pinv"])
def test_linalg_refuses_float16(driver: ak.drivers.Driver, fn: str) -> None:
    a = np.eye(2, dtype=F16)
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        np.linalg.inv(a)  # NumPy's own refusal
    x = ak.asarray(a)
    args = (x, x) if fn == "solve" else (x,)
    with pytest.raises(TypeError, match=rf"{fn}: float16 .* is unsupported in linalg"):
        getattr(ak.linalg, fn)(*args)


def _mantissas(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """float16 values ±[1, 2) with 8-bit fractions: their products are exact in float32
    and so is any sum of up to 16 of them, whatever the order.  Rounding each product to
    float16 first (a float16 multiply) loses up to 8 bits."""
    rng = np.random.default_rng(seed)
    return ((1 + rng.integers(0, 256, shape) / 256) * rng.choice([-1, 1], shape)).astype(F16)


def test_products_and_trace_accumulate_in_float32(driver: ak.drivers.Driver) -> None:
    # NumPy's matmul, vecdot, dot and trace of float16 multiply and add in float32 and
    # round once; so does arraykit on every driver.  Exact float32 sums here: the result
    # is one float16 value per element, on any driver.
    a, b = _mantissas((64, 16), 8), _mantissas((16, 48), 9)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    x, y = ak.asarray(a), ak.asarray(b)
    want = (a32 @ b32).astype(F16)
    np.testing.assert_array_equal(np.asarray(ak.matmul(x, y)), want)
    np.testing.assert_array_equal(np.asarray(ak.matmul(x, y)), a @ b)  # NumPy's own
    np.testing.assert_array_equal(np.asarray(ak.tensordot(x, y, axes=1)), want)
    v1, v2 = _mantissas((500, 16), 10), _mantissas((500, 16), 11)
    got = ak.vecdot(ak.asarray(v1), ak.asarray(v2))
    np.testing.assert_array_equal(np.asarray(got), np.vecdot(v1, v2))
    vd = np.sum(v1.astype(np.float32) * v2.astype(np.float32), axis=-1).astype(F16)
    np.testing.assert_array_equal(np.asarray(got), vd)
    t = _mantissas((40, 16, 16), 12)
    want = np.trace(t.astype(np.float32), axis1=-2, axis2=-1).astype(F16)
    np.testing.assert_array_equal(np.asarray(ak.linalg.trace(ak.asarray(t))), want)
    np.testing.assert_array_equal(np.asarray(ak.linalg.trace(ak.asarray(t[0]))), np.trace(t[0]))
    # long sums, where a float16 accumulator would stall at 2048
    o = ak.ones(5000, dtype=ak.float16)
    assert float(ak.vecdot(o, o)) == float(ak.matmul(o, o)) == 5000.0


@pytest.mark.parametrize("ord", [2, 1, math.inf, 3, 0.5])
@pytest.mark.parametrize(("axis", "keepdims"), [(None, False), (1, True)])
def test_vector_norm_as_numpy(driver: ak.drivers.Driver, ord: float, axis, keepdims) -> None:
    # NumPy's norms take float16 (no LAPACK) and give float16, chaining float16 steps;
    # arraykit rounds the float32 norm once: the reference, within two float16 ulps of
    # NumPy's own answer (the 0.5-"norm" of the middle row is one ulp apart).
    a = np.array([[0.5, -1.5, 2.0], [3.25, 10.0, 0.125], [-7.0, 1.0, 0.75]], F16)
    got = ak.linalg.vector_norm(ak.asarray(a), ord=ord, axis=axis, keepdims=keepdims)
    exact = np.linalg.vector_norm(a.astype(np.float32), ord=ord, axis=axis, keepdims=keepdims)
    assert_matches(got, exact.astype(F16))
    numpy_own = np.linalg.vector_norm(a, ord=ord, axis=axis, keepdims=keepdims)
    assert numpy_own.dtype == F16
    np.testing.assert_allclose(np.asarray(got), numpy_own, rtol=2 * float(FINFO.eps))


# Not hfft: NumPy gives float16 there (its output follows the input's dtype), where
# arraykit gives float32 as for every other transform of float16.
@pytest.mark.parametrize("name", ["fft", "rfft", "ifft"])
def test_fft_computes_in_single_precision_as_numpy(driver: ak.drivers.Driver, name: str) -> None:
    a = np.array([0.5, -1.5, 2.0, 3.25, 10.0, 0.125], F16)
    got = np.asarray(getattr(ak.fft, name)(ak.asarray(a)))
    want = getattr(np.fft, name)(a)
    assert got.dtype == want.dtype == np.complex64
    # NumPy rounds the 1/n of ifft to float16 (its input's dtype): within float16
    # rounding of its answer, and as close as float32 allows to the float32 transform.
    np.testing.assert_allclose(got, want, rtol=float(FINFO.eps))
    np.testing.assert_allclose(got, getattr(np.fft, name)(a.astype(np.float32)), rtol=1e-6)
