"""Property tests: arrays drawn by hypothesis's array API strategies over arraykit itself
(on the active driver), compared with NumPy on ``np.asarray`` of the same arrays.

The strategies namespace is built from ``arraykit`` with ``api_version="2025.12"``
(hypothesis accepts it), so every generated array went through ``ak.asarray``,
``ak.full`` and ``__setitem__`` on the driver under test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api

import arraykit as ak

xps = array_api.make_strategies_namespace(ak, api_version="2025.12")

# The `driver` fixture only makes a driver active; it is the same for every example.
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
# Tests parametrized over many functions take a fifth of the profile's examples each.
per_function = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    max_examples=max(5, settings.default.max_examples // 5),
)

FLOAT_ELEMENTS = {"min_value": -50, "max_value": 50, "allow_nan": False}


def np_of(x: ak.Array) -> np.ndarray:
    return np.asarray(x)


def assert_close(got: ak.Array, want: np.ndarray) -> None:
    g = np_of(got)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    if want.dtype.kind in "fc":
        tight = want.dtype in (np.float64, np.complex128)
        np.testing.assert_allclose(
            g, want, rtol=1e-12 if tight else 2e-6, atol=1e-12 if tight else 1e-6, equal_nan=True
        )
    else:
        np.testing.assert_array_equal(g, want)


def shapes(**kw: Any) -> st.SearchStrategy[tuple[int, ...]]:
    return xps.array_shapes(**{"min_dims": 0, "max_dims": 3, "min_side": 0, "max_side": 4, **kw})


# ------------------------------------------------------------------ elementwise, unary
UNARY: dict[str, tuple[Callable[..., Any], str]] = {
    "sin": (np.sin, "float"), "cos": (np.cos, "float"), "tanh": (np.tanh, "float"),
    "exp": (np.exp, "float"), "expm1": (np.expm1, "float"), "log": (np.log, "float"),
    "log1p": (np.log1p, "float"), "sqrt": (np.sqrt, "float"), "atan": (np.arctan, "float"),
    "abs": (np.abs, "real"), "negative": (np.negative, "real"), "square": (np.square, "real"),
    "floor": (np.floor, "float"), "ceil": (np.ceil, "float"), "trunc": (np.trunc, "float"),
    "sign": (np.sign, "real"), "isnan": (np.isnan, "float"), "isfinite": (np.isfinite, "float"),
    "bitwise_invert": (np.invert, "int"), "logical_not": (np.logical_not, "bool"),
}  # fmt: skip


def int_dtypes() -> st.SearchStrategy[np.dtype]:
    return st.one_of(xps.integer_dtypes(), xps.unsigned_integer_dtypes())


KIND_DTYPES = {
    "float": xps.floating_dtypes,  # hypothesis: real floating only
    "real": xps.real_dtypes,
    "int": int_dtypes,
    "bool": xps.boolean_dtypes,
}


@pytest.mark.parametrize("name", list(UNARY))
@per_function
@given(data=st.data())
def test_unary_matches_numpy(driver: ak.drivers.Driver, name: str, data: st.DataObject) -> None:
    ref, kind = UNARY[name]
    dtype = data.draw(KIND_DTYPES[kind](), label="dtype")
    elements = FLOAT_ELEMENTS if dtype.kind == "f" else None
    x = data.draw(xps.arrays(dtype, shapes(), elements=elements), label="x")
    if name == "abs" and dtype.kind == "i":  # abs(min int) overflows: the spec leaves it
        assume(not np.any(np_of(x) == np.iinfo(dtype).min))
    with np.errstate(all="ignore"):
        want = np.asarray(ref(np_of(x)))
        got = getattr(ak, name)(x)
    assert_close(got, want)


# ------------------------------------------------------------------ elementwise, binary
BINARY: dict[str, Callable[..., Any]] = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "maximum": np.maximum,
    "less": np.less, "equal": np.equal, "greater_equal": np.greater_equal,
}  # fmt: skip


@pytest.mark.parametrize("name", list(BINARY))
@per_function
@given(data=st.data())
def test_binary_broadcast_matches_numpy(
    driver: ak.drivers.Driver, name: str, data: st.DataObject
) -> None:
    dtype = data.draw(st.one_of(int_dtypes(), xps.floating_dtypes()), label="dtype")
    (shape1, shape2), _ = data.draw(
        xps.mutually_broadcastable_shapes(2, max_side=4), label="shapes"
    )
    elements = FLOAT_ELEMENTS if dtype.kind == "f" else None
    x1 = data.draw(xps.arrays(dtype, shape1, elements=elements), label="x1")
    x2 = data.draw(xps.arrays(dtype, shape2, elements=elements), label="x2")
    with np.errstate(all="ignore"):  # integer overflow wraps in both
        want = BINARY[name](np_of(x1), np_of(x2))
        got = getattr(ak, name)(x1, x2)
    assert got.shape == np.broadcast_shapes(shape1, shape2)
    assert_close(got, np.asarray(want))


@fixture_ok
@given(data=st.data())
def test_operators_match_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    dtype = data.draw(xps.floating_dtypes(), label="dtype")
    (shape1, shape2), _ = data.draw(
        xps.mutually_broadcastable_shapes(2, max_side=3), label="shapes"
    )
    x1 = data.draw(xps.arrays(dtype, shape1, elements=FLOAT_ELEMENTS), label="x1")
    x2 = data.draw(xps.arrays(dtype, shape2, elements=FLOAT_ELEMENTS), label="x2")
    a1, a2 = np_of(x1), np_of(x2)
    assert_close(x1 + x2, a1 + a2)
    assert_close(x1 * x2 - x1, a1 * a2 - a1)
    assert_close(x1 < x2, a1 < a2)
    assert_close(-x1, -a1)
    assert_close(2 * x1 + 1.5, 2 * a1 + dtype.type(1.5))


# ------------------------------------------------------------------ promotion
@fixture_ok
@given(data=st.data())
def test_promotion_of_generated_dtypes_matches_numpy(
    driver: ak.drivers.Driver, data: st.DataObject
) -> None:
    dt1 = data.draw(xps.numeric_dtypes(), label="dt1")
    dt2 = data.draw(xps.numeric_dtypes(), label="dt2")
    want = np.result_type(dt1, dt2)
    assert ak.result_type(dt1, dt2) == want
    # Subnormals are left out: the property is promotion, and TensorFlow's CPU kernels
    # flush subnormal inputs to zero (0 + 1e-40j gives 0j there).
    elements = {"allow_nan": False, "allow_subnormal": False}
    x1 = data.draw(xps.arrays(dt1, shapes(max_dims=2), elements=elements), label="x1")
    x2 = data.draw(xps.arrays(dt2, x1.shape, elements=elements), label="x2")
    assert ak.result_type(x1, x2) == want
    with np.errstate(all="ignore"):
        expected = np.add(np_of(x1), np_of(x2))
        got = ak.add(x1, x2)
    assert got.dtype == want
    np.testing.assert_array_equal(np_of(got), expected)


@fixture_ok
@given(dtype=xps.numeric_dtypes(), scalar=st.sampled_from([True, 3, -2, 0.5, 1 - 2j]))
def test_promotion_with_python_scalars_matches_numpy(
    driver: ak.drivers.Driver, dtype: np.dtype, scalar: Any
) -> None:
    want = np.result_type(dtype, scalar)  # NEP 50: Python scalars are weak
    assert ak.result_type(dtype, scalar) == want
    x = ak.ones((2,), dtype=dtype)
    if type(scalar) is int and dtype.kind == "u" and scalar < 0:
        with pytest.raises(OverflowError, match="out of bounds"):  # NumPy raises too
            ak.multiply(x, scalar)
        return
    got = ak.multiply(x, scalar)
    assert got.dtype == want
    np.testing.assert_array_equal(np_of(got), np.multiply(np_of(x), scalar))


# ------------------------------------------------------------------ broadcasting
@given(shapes=st.lists(shapes(), min_size=1, max_size=4))
def test_broadcast_shapes_matches_numpy(shapes: list[tuple[int, ...]]) -> None:
    try:
        want = np.broadcast_shapes(*shapes)
    except ValueError:
        with pytest.raises(ValueError, match="broadcast"):
            ak.broadcast_shapes(*shapes)
        return
    assert ak.broadcast_shapes(*shapes) == want


@fixture_ok
@given(data=st.data())
def test_broadcast_arrays_match_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    shape_list, result = data.draw(xps.mutually_broadcastable_shapes(3, max_side=3))
    arrays = [data.draw(xps.arrays(xps.scalar_dtypes(), s)) for s in shape_list]
    out = ak.broadcast_arrays(*arrays)
    want = np.broadcast_arrays(*map(np_of, arrays))
    assert len(out) == 3
    for got, w in zip(out, want, strict=True):
        assert got.shape == result
        np.testing.assert_array_equal(np_of(got), w)
    np.testing.assert_array_equal(
        np_of(ak.broadcast_to(arrays[0], result)), np.broadcast_to(np_of(arrays[0]), result)
    )


@fixture_ok
@given(data=st.data())
def test_incompatible_shapes_raise_with_both_shapes(
    driver: ak.drivers.Driver, data: st.DataObject
) -> None:
    s1 = data.draw(shapes(min_dims=1, min_side=2), label="s1")
    axis = data.draw(st.integers(0, len(s1) - 1), label="axis")
    bad = s1[axis] + 1  # neither equal nor 1
    s2 = (*s1[:axis], bad, *s1[axis + 1 :])
    x1, x2 = ak.zeros(s1), ak.zeros(s2)
    with pytest.raises(ValueError) as info:
        ak.add(x1, x2)
    assert str(s1) in str(info.value) and str(s2) in str(info.value)


# ------------------------------------------------------------------ indexing
@fixture_ok
@given(data=st.data())
def test_basic_indexing_matches_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    x = data.draw(xps.arrays(xps.scalar_dtypes(), shapes(min_side=1)), label="x")
    idx = data.draw(xps.indices(x.shape, allow_newaxis=True, allow_ellipsis=True), label="idx")
    want = np_of(x)[idx]
    got = x[idx]
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(np_of(got), want)


@fixture_ok
@given(data=st.data())
def test_basic_setitem_matches_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    x = data.draw(xps.arrays(xps.real_dtypes(), shapes(min_side=1)), label="x")
    idx = data.draw(xps.indices(x.shape), label="idx")
    value = data.draw(xps.from_dtype(x.dtype, allow_nan=False), label="value")
    want = np.array(np_of(x), copy=True)
    want[idx] = value
    x[idx] = value
    np.testing.assert_array_equal(np_of(x), want)


@fixture_ok
@given(data=st.data())
def test_boolean_mask_matches_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    if not driver.capabilities.data_dependent_shapes:
        pytest.skip("the driver has no data-dependent shapes")
    x = data.draw(xps.arrays(xps.scalar_dtypes(), shapes(min_dims=1)), label="x")
    mask = data.draw(xps.arrays(xps.boolean_dtypes(), x.shape), label="mask")
    np.testing.assert_array_equal(np_of(x[mask]), np_of(x)[np_of(mask)])


# ------------------------------------------------------------------ reductions
@fixture_ok
@given(data=st.data())
def test_sum_and_max_match_numpy(driver: ak.drivers.Driver, data: st.DataObject) -> None:
    x = data.draw(xps.arrays(int_dtypes(), shapes(min_dims=1, min_side=1)), label="x")
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
    a = np_of(x)
    assert_close(ak.max(x, axis=axis), np.asarray(np.max(a, axis=axis)))
    # Spec and NumPy alike: integer sums accumulate in the default (unsigned) integer.
    assert_close(ak.sum(x, axis=axis), np.asarray(np.sum(a, axis=axis)))


@pytest.mark.parametrize("name, hi", [("cosh", 89.0), ("sinh", 89.0), ("atanh", 0.999)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hyperbolic_functions_within_a_few_ulp(driver, name, hi, dtype):
    # found by tests/test_differential.py: XLA's cosh/sinh lost |x|/2 ulp (25 near float32's
    # overflow), its float64 atanh 129 ulp near 0.41
    x = np.linspace(-hi, hi, 20001).astype(dtype)
    want = getattr(np, {"atanh": "arctanh"}.get(name, name))(x)
    got = np.asarray(getattr(ak, name)(ak.asarray(x)))
    tiny = np.finfo(dtype).smallest_normal
    ulps = np.abs(got.astype(np.float64) - want) / np.spacing(np.maximum(np.abs(want), tiny))
    assert ulps.max() <= 6, (float(ulps.max()), x[np.argmax(ulps)])


def test_hyperbolic_functions_keep_signed_zeros_and_gradients(driver):
    x = ak.asarray(np.array([-0.0, 0.0]))

    def check(fn: Callable[[ak.Array], ak.Array]) -> None:
        assert np.signbit(np.asarray(fn(x))).tolist() == [True, False], fn
        if driver.capabilities.autodiff:
            g = ak.grad(lambda v: ak.sum(fn(v)))(x)
            assert np.asarray(g).tolist() == [1.0, 1.0], fn

    check(ak.sinh)
    check(ak.atanh)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_sqrt_near_the_largest_float(driver, dtype):
    # found by tests/test_differential.py: TensorFlow's sqrt(3.4e38 + 0j) was inf + 0j
    big = np.finfo(dtype).max
    z = np.array([big + 0j, big + big * 1j, -big + 1j, big / 3 - big * 1j, 4 + 0j], dtype)
    got = np.asarray(ak.sqrt(ak.asarray(z)))
    np.testing.assert_allclose(got, np.sqrt(z), rtol=1e-6)
    # and near the smallest normal one (TensorFlow: sqrt(2.2e-308j) was inf j)
    tiny = np.finfo(dtype).smallest_normal
    z = np.array([tiny * 1j, tiny + 0j, -tiny + tiny * 1j, 4 * tiny - 1j * tiny, 0.25j], dtype)
    got = np.asarray(ak.sqrt(ak.asarray(z)))
    np.testing.assert_allclose(got, np.sqrt(z), rtol=1e-6)
