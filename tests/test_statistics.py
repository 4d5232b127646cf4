"""Statistical functions: values against NumPy, dtypes and special cases against the spec."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

RNG = np.random.default_rng(0)
X23 = np.arange(1, 7).reshape(2, 3)


def check(result: ak.Array, expected: np.ndarray, dtype: np.dtype | None = None) -> None:
    assert result.dtype == (expected.dtype if dtype is None else dtype)
    assert result.shape == expected.shape
    np.testing.assert_allclose(np.asarray(result), expected, rtol=1e-6)


# ---------------------------------------------------------------------- sum / prod
# The spec's accumulation dtypes with the default integer int64.
ACCUMULATION_INT64 = [
    ("bool", "int64"), ("int8", "int64"), ("int16", "int64"), ("int32", "int64"),
    ("int64", "int64"), ("uint8", "uint64"), ("uint16", "uint64"), ("uint32", "uint64"),
    ("uint64", "uint64"), ("float32", "float32"), ("float64", "float64"),
    ("complex64", "complex64"), ("complex128", "complex128"),
]  # fmt: skip
# ... and with the default integer int32: wider inputs keep their dtype.
ACCUMULATION_INT32 = [
    ("int8", "int32"), ("int16", "int32"), ("int32", "int32"), ("int64", "int64"),
    ("uint8", "uint32"), ("uint16", "uint32"), ("uint32", "uint32"), ("uint64", "uint64"),
    ("float32", "float32"),
]  # fmt: skip


@pytest.mark.parametrize("fn", ["sum", "prod", "cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize(("in_dtype", "out_dtype"), ACCUMULATION_INT64)
def test_accumulation_dtype(driver, fn, in_dtype, out_dtype):
    data = np.array([1, 0, 1, 1]).astype(in_dtype)
    out = getattr(ak, fn)(ak.asarray(data))
    assert out.dtype == np.dtype(out_dtype)
    expected = getattr(np, fn)(data.astype(out_dtype))
    np.testing.assert_array_equal(np.asarray(out), expected)


@pytest.mark.parametrize("fn", ["sum", "prod", "cumulative_sum"])
@pytest.mark.parametrize(("in_dtype", "out_dtype"), ACCUMULATION_INT32)
def test_accumulation_dtype_default_int32(driver, fn, in_dtype, out_dtype):
    x = ak.asarray(np.array([1, 2, 3], dtype=in_dtype))
    with ak.use(default_int="int32"):
        out = getattr(ak, fn)(x)
    assert out.dtype == np.dtype(out_dtype)


def test_sum_accumulates_without_overflow(driver):
    data = np.full(10, 100, dtype=np.int8)
    assert int(ak.sum(ak.asarray(data))) == 1000  # int8 would wrap
    assert int(ak.prod(ak.asarray(np.full(4, 100, dtype=np.uint8)))) == 100**4


def test_sum_dtype_casts_before_computing(driver):
    data = np.array([100, 100], dtype=np.int64)
    out = ak.sum(ak.asarray(data), dtype=ak.int8)
    assert out.dtype == ak.int8
    assert int(out) == np.int64(200).astype(np.int8)  # 200 wraps to -56 in int8
    out = ak.sum(ak.asarray(data.astype(np.int8)), dtype=ak.int16)
    assert (out.dtype, int(out)) == (ak.int16, 200)  # int16 holds 200
    wide = ak.sum(ak.asarray(np.array([1.5, 2.25], dtype=np.float32)), dtype=ak.float64)
    assert wide.dtype == ak.float64 and float(wide) == 3.75


@pytest.mark.parametrize("fn", ["sum", "prod"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1), (1, 0), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_sum_prod_axes(driver, fn, axis, keepdims):
    data = RNG.standard_normal((2, 3))
    out = getattr(ak, fn)(ak.asarray(data), axis=axis, keepdims=keepdims)
    check(out, np.asarray(getattr(np, fn)(data, axis=axis, keepdims=keepdims)))


def test_empty_sum_and_prod(driver):
    empty = ak.asarray(np.zeros((0, 3)))
    check(ak.sum(empty), np.asarray(0.0))
    check(ak.prod(empty), np.asarray(1.0))
    check(ak.sum(empty, axis=0), np.zeros(3))
    check(ak.prod(empty, axis=0), np.ones(3))


def test_complex_sum_and_prod(driver):
    data = np.array([1 + 2j, 3 - 1j, -0.5j], dtype=np.complex64)
    check(ak.sum(ak.asarray(data)), np.asarray(data.sum()))
    check(ak.prod(ak.asarray(data)), np.asarray(data.prod()))


def test_sum_errors(driver):
    x = ak.asarray(X23)
    with pytest.raises(IndexError, match=r"sum: axis=2 is out of range"):
        ak.sum(x, axis=2)
    with pytest.raises(IndexError, match=r"prod: axis=-3"):
        ak.prod(x, axis=(0, -3))
    with pytest.raises(ValueError, match=r"sum: repeated axis"):
        ak.sum(x, axis=(1, -1))
    with pytest.raises(TypeError, match=r"sum: 'dtype' must be a numeric dtype, got bool"):
        ak.sum(x, dtype=ak.bool)
    with pytest.raises(TypeError, match=r"prod: 'dtype'=float64 would discard the imaginary"):
        ak.prod(ak.asarray([1j]), dtype=ak.float64)
    with pytest.raises(TypeError, match=r"sum: 'x' must be an arraykit array, got list"):
        ak.sum([1, 2])
    with pytest.raises(TypeError, match=r"sum: 'dtype'"):
        ak.sum(x, dtype="not a dtype")


def test_strict_mode_rejects_bool_sums(driver):
    x = ak.asarray([True, False, True])
    assert int(ak.sum(x)) == 2  # NumPy counts booleans
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"sum: 'x' must have a num"):
        ak.sum(x)


# ---------------------------------------------------------------------- cumulative
@pytest.mark.parametrize("fn", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative(driver, fn, axis, include_initial):
    data = RNG.standard_normal((3, 4))
    out = getattr(ak, fn)(ak.asarray(data), axis=axis, include_initial=include_initial)
    expected = getattr(np, fn)(data, axis=axis, include_initial=include_initial)
    check(out, expected)


def test_cumulative_values_by_hand(driver):
    x = ak.asarray(np.array([1, 2, 3, 4], dtype=np.int16))
    np.testing.assert_array_equal(np.asarray(ak.cumulative_sum(x)), [1, 3, 6, 10])
    np.testing.assert_array_equal(
        np.asarray(ak.cumulative_prod(x, include_initial=True)), [1, 1, 2, 6, 24]
    )
    np.testing.assert_array_equal(
        np.asarray(ak.cumulative_sum(x, axis=-1, include_initial=True)), [0, 1, 3, 6, 10]
    )
    empty = ak.cumulative_sum(ak.asarray(np.zeros(0)), include_initial=True)
    np.testing.assert_array_equal(np.asarray(empty), [0.0])


def test_cumulative_dtype_argument(driver):
    x = ak.asarray(np.array([100, 100, 100], dtype=np.int64))
    out = ak.cumulative_sum(x, dtype=ak.int8)
    assert out.dtype == ak.int8
    np.testing.assert_array_equal(np.asarray(out), np.array([100, 200, 300]).astype(np.int8))


def test_cumulative_errors(driver):
    with pytest.raises(ValueError, match=r"cumulative_sum: 'axis' is required for a 2-D"):
        ak.cumulative_sum(ak.asarray(X23))
    with pytest.raises(ValueError, match=r"cumulative_prod: 'x' must have at least one dim"):
        ak.cumulative_prod(ak.asarray(3.0))
    with pytest.raises(IndexError, match=r"cumulative_sum: axis=2 is out of range"):
        ak.cumulative_sum(ak.asarray(X23), axis=2)
    with pytest.raises(TypeError, match=r"cumulative_sum: 'axis' must be an int"):
        ak.cumulative_sum(ak.asarray(X23), axis=(0, 1))


# ---------------------------------------------------------------------- max / min
@pytest.mark.parametrize("fn", ["max", "min"])
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float32", "float64"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1)])
def test_max_min(driver, fn, dtype, axis):
    data = (RNG.standard_normal((3, 4)) * 50).astype(dtype)
    out = getattr(ak, fn)(ak.asarray(data), axis=axis, keepdims=True)
    expected = np.asarray(getattr(np, fn)(data, axis=axis, keepdims=True))
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(out), expected)


def test_max_min_propagate_nan(driver):
    x = ak.asarray([[1.0, math.nan, 3.0], [4.0, 5.0, 6.0]])
    np.testing.assert_array_equal(np.asarray(ak.max(x, axis=1)), [math.nan, 6.0])
    assert math.isnan(float(ak.min(x)))


def test_max_min_of_booleans(driver):
    x = ak.asarray([False, True, False])
    assert ak.max(x).dtype == ak.bool and bool(ak.max(x)) and not bool(ak.min(x))
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"max: 'x' must have a r"):
        ak.max(x)


def test_max_min_errors(driver):
    with pytest.raises(ValueError, match=r"max: the maximum of zero elements is undefined"):
        ak.max(ak.asarray(np.zeros((2, 0))), axis=1)
    with pytest.raises(ValueError, match=r"min: the minimum of zero elements"):
        ak.min(ak.asarray(np.zeros(0)))
    # Reducing a non-empty axis of an empty array is fine: there is nothing to reduce.
    assert ak.max(ak.asarray(np.zeros((0, 2))), axis=1).shape == (0,)
    with pytest.raises(TypeError, match=r"min: 'x' must have a real-valued dtype, got compl"):
        ak.min(ak.asarray([1j]))
    with pytest.raises(IndexError, match=r"max: axis=1 is out of range"):
        ak.max(ak.asarray([1.0]), axis=1)


# ---------------------------------------------------------------------- mean / var / std
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_mean_var_std(driver, axis, keepdims):
    data = RNG.standard_normal((4, 5))
    x = ak.asarray(data)
    check(
        ak.mean(x, axis=axis, keepdims=keepdims),
        np.asarray(np.mean(data, axis=axis, keepdims=keepdims)),
    )
    for correction in (0, 1, 0.5):
        if axis == () and correction:  # M = 1: covered by test_var_std_nan_when_no_dof
            continue
        for fn in ("var", "std"):
            out = getattr(ak, fn)(x, axis=axis, correction=correction, keepdims=keepdims)
            expected = getattr(np, fn)(data, axis=axis, ddof=correction, keepdims=keepdims)
            check(out, np.asarray(expected))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sum_mean_var_std_within_the_published_bound(driver, dtype):
    # docs/guides/departures.md, "Casts and rounding": each backend adds in its own order
    # (NumPy pairwise, XLA and Eigen in trees, Dask chunk by chunk), so the last bits may
    # differ from NumPy's; every driver is within the bound of the exact value, as
    # NumPy's pairwise sum is.  With u = eps / 2 and L = ceil(log2 n):
    #   |sum - S| <= L u sum|x|,  |mean - M| <= L u mean|x| + u |M|,
    #   |var - V| <= (L + 3) u V + n / (n - c) (L u mean|x|)**2, std from var.
    rng = np.random.default_rng(11)
    u = float(np.finfo(dtype).eps) / 2
    sizes = [1000, 100_000, 1_000_000] if dtype == "float32" else [1000, 100_000]
    for n in sizes:
        log = math.ceil(math.log2(n))
        for loc in (0.0, 3.0, 1000.0):
            x = rng.normal(loc, 1.0, n).astype(dtype)
            xd = x.astype(np.float64)
            a = ak.asarray(x)
            total, mag = math.fsum(xd), math.fsum(np.abs(xd))
            exact_mean = total / n
            assert abs(float(ak.sum(a)) - total) <= log * u * mag
            assert abs(float(ak.mean(a)) - exact_mean) <= log * u * mag / n + u * abs(exact_mean)
            for c in (0, 1):
                v = math.fsum((xd - exact_mean) ** 2) / (n - c)
                bound = (log + 3) * u * v + n / (n - c) * (log * u * mag / n) ** 2
                assert abs(float(ak.var(a, correction=c)) - v) <= bound
                assert abs(float(ak.std(a, correction=c)) - math.sqrt(v)) <= (
                    bound / (2 * math.sqrt(v)) + u * math.sqrt(v)
                )


def test_float32_stays_float32(driver):
    x = ak.asarray(np.array([1.0, 2.0, 4.0], dtype=np.float32))
    for fn in (ak.mean, ak.var, ak.std, ak.sum, ak.max):
        assert fn(x).dtype == ak.float32
    check(ak.var(x, correction=1), np.asarray(np.float32(7 / 3)))


def test_mean_of_complex(driver):
    data = np.array([1 + 1j, 3 - 3j], dtype=np.complex128)
    check(ak.mean(ak.asarray(data)), np.asarray(2 - 1j))


def test_integers_compute_in_default_float(driver):
    x = ak.asarray(np.array([1, 2, 3, 4], dtype=np.int16))
    check(ak.mean(x), np.asarray(2.5))
    check(ak.var(x, correction=1), np.asarray(5 / 3))
    with ak.use(default_float="float32"):
        assert ak.std(x).dtype == ak.float32
        assert ak.mean(ak.asarray([True, False])).dtype == ak.float32
    with ak.use(promotion="strict"):
        for fn in ("mean", "var", "std"):
            with pytest.raises(TypeError, match=rf"{fn}: 'x' must have a .*floating-point dtype"):
                getattr(ak, fn)(x)


def test_mean_of_nothing_is_nan(driver):
    out = ak.mean(ak.asarray(np.zeros((0, 3))), axis=0, keepdims=True)
    assert out.shape == (1, 3) and out.dtype == ak.float64
    assert np.isnan(np.asarray(out)).all()
    z = ak.mean(ak.asarray(np.zeros(0, dtype=np.complex64)))
    assert z.dtype == ak.complex64
    assert math.isnan(complex(z).real) and math.isnan(complex(z).imag)


@pytest.mark.parametrize("fn", ["var", "std"])
def test_var_std_nan_when_no_dof(driver, fn):
    x = ak.asarray([[1.0, 2.0], [3.0, 5.0]])
    # M - correction <= 0 is NaN by the spec (NumPy would give inf or a negative divisor).
    for axis, correction in ((None, 4), (0, 2), (1, 2.5), ((0, 1), 7)):
        out = getattr(ak, fn)(x, axis=axis, correction=correction)
        assert np.isnan(np.asarray(out)).all(), (axis, correction)
    assert math.isnan(float(getattr(ak, fn)(ak.asarray(np.zeros(0)))))
    # Just inside: M - correction = 0.5 divides.
    np.testing.assert_allclose(float(ak.var(x, correction=3.5)), np.var(np.asarray(x), ddof=3.5))


def test_nan_propagates_in_moments(driver):
    x = ak.asarray([1.0, math.nan, 2.0])
    for fn in (ak.mean, ak.var, ak.std, ak.sum, ak.prod):
        assert math.isnan(float(fn(x)))


def test_moment_errors(driver):
    x = ak.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match=r"var: 'x' must have a real floating-point dtype, got c"):
        ak.var(ak.asarray([1j, 2j]))
    with pytest.raises(TypeError, match=r"std: 'correction' must be a Python int or float"):
        ak.std(x, correction="1")
    with pytest.raises(TypeError, match=r"var: 'correction' must be a Python int or float, got b"):
        ak.var(x, correction=True)
    with pytest.raises(IndexError, match=r"mean: axis=-2 is out of range"):
        ak.mean(x, axis=-2)
    strict = ak.use(promotion="strict")
    with strict, pytest.raises(TypeError, match=r"mean: 'x' must have a floating-point dtype"):
        ak.mean(ak.asarray([1, 2]))


# ---------------------------------------------------------------------- properties
def _axes(ndim: int) -> st.SearchStrategy:
    one = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
    many = st.lists(st.integers(0, ndim - 1), unique=True).map(tuple) if ndim else st.just(())
    return st.none() | one | many


@fixture_ok
@given(
    data=xps.arrays(
        dtype=st.sampled_from([np.float64, np.float32]),
        shape=xps.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4),
        elements={"min_value": -3, "max_value": 3, "allow_nan": False},  # prod fits float32
    ),
    axis_data=st.data(),
    keepdims=st.booleans(),
)
def test_reductions_match_numpy(driver, data, axis_data, keepdims):
    axis = axis_data.draw(_axes(data.ndim))
    x = ak.asarray(data)
    for fn in ("sum", "prod", "max", "min", "mean", "var", "std"):
        out = getattr(ak, fn)(x, axis=axis, keepdims=keepdims)
        expected = np.asarray(getattr(np, fn)(data, axis=axis, keepdims=keepdims))
        assert out.dtype == data.dtype and out.shape == expected.shape
        np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-4, atol=1e-4, err_msg=fn)


@fixture_ok
@given(
    data=xps.arrays(
        dtype=st.sampled_from([np.int8, np.int32, np.uint8, np.uint32]),
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
    ),
    axis_data=st.data(),
)
def test_integer_cumulative_sum_is_exact(driver, data, axis_data):
    axis = axis_data.draw(st.integers(-data.ndim, data.ndim - 1))
    out = ak.cumulative_sum(ak.asarray(data), axis=axis)
    wide = np.int64 if data.dtype.kind == "i" else np.uint64
    assert out.dtype == np.dtype(wide)
    # Python ints as the oracle: the accumulation must not overflow.
    expected = np.cumsum(data.astype(object), axis=axis).astype(wide)
    np.testing.assert_array_equal(np.asarray(out), expected)


@pytest.mark.parametrize("name", ["max", "min"])
@pytest.mark.parametrize("shape, axis", [((0, 3), 1), ((0, 0, 1), -1), ((2, 0, 3), (0, 2))])
def test_extremum_over_nonempty_axes_of_an_empty_array(driver, name, shape, axis):
    # found by tests/test_differential.py: Dask's own reduction raised on the empty chunks
    a = np.zeros(shape, np.int16)
    for keepdims in (False, True):
        got = getattr(ak, name)(ak.asarray(a), axis=axis, keepdims=keepdims)
        want = getattr(np, name)(a, axis=axis, keepdims=keepdims)
        assert np.asarray(got).shape == want.shape and got.dtype == want.dtype


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
def test_cumulative_with_initial_of_an_empty_axis_indexes_like_numpy(driver, name):
    # found by tests/test_differential.py: Dask kept a zero-length block, x[mask] was (0, 2)
    a = np.zeros((0, 0), np.int64)
    x = getattr(ak, name)(ak.asarray(a), axis=-1, include_initial=True)
    want = getattr(np, name)(a, axis=-1, include_initial=True)
    assert np.asarray(x[ak.asarray(np.zeros(0, bool))]).shape == want[np.zeros(0, bool)].shape
    y = getattr(ak, name)(ak.asarray(a), axis=0, include_initial=True)  # shape (1, 0)
    assert np.asarray(y[ak.asarray([0, -1])]).shape == (2, 0)
