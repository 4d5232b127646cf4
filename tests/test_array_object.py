"""The Array object: operators (plain, reflected, in-place), conversions, interchange,
attributes and display, checked against NumPy and the spec on every installed driver."""

from __future__ import annotations

import copy
import math
import operator
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
# The ``driver`` fixture only activates a driver; it holds no per-example state.  Half
# the profile's examples: every new shape costs a compilation on JIT-backed drivers.
fixture_ok = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    max_examples=max(10, settings.default.max_examples // 2),
)


def check(result: ak.Array, expected: np.ndarray, atol: float = 0.0) -> None:
    assert isinstance(result, ak.Array)
    expected = np.asarray(expected)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape
    np.testing.assert_allclose(np.asarray(result), expected, rtol=1e-12, atol=atol)


F1 = np.array([[1.5, -2.0, 3.0], [0.25, 8.0, -0.5]])
F2 = np.array([0.5, 4.0, -3.0])
I1 = np.array([[7, -3, 12], [5, 1, -9]], dtype=np.int32)
I2 = np.array([2, 3, 5], dtype=np.int32)
U1 = np.array([[1, 6, 255], [0, 3, 128]], dtype=np.uint8)
U2 = np.array([1, 2, 7], dtype=np.uint8)
B1 = np.array([[True, False, True], [False, False, True]])
B2 = np.array([True, False, False])

# (operator, operands (x1, x2) as NumPy arrays, a Python scalar for x2)
BINARY = [
    (operator.add, F1, F2, 2.5), (operator.add, I1, I2, 3), (operator.sub, F1, F2, 1),
    (operator.sub, I1, I2, -4), (operator.mul, F1, F2, -1.5), (operator.mul, U1, U2, 2),
    (operator.truediv, F1, F2, 4.0), (operator.floordiv, F1, F2, 2.0),
    (operator.floordiv, I1, I2, 4), (operator.mod, F1, F2, 1.5), (operator.mod, I1, I2, 5),
    (operator.pow, np.abs(F1), np.abs(F2), 2.0), (operator.pow, np.abs(I1), I2, 2),
    (operator.and_, I1, I2, 6), (operator.and_, B1, B2, True), (operator.or_, U1, U2, 9),
    (operator.or_, B1, B2, False), (operator.xor, I1, I2, -1), (operator.xor, B1, B2, True),
    (operator.lshift, np.abs(I1), I2, 1), (operator.rshift, I1, I2, 2),
    (operator.rshift, U1, U2, 1),
]  # fmt: skip
COMPARISONS = [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]
INPLACE = {
    operator.add: operator.iadd, operator.sub: operator.isub, operator.mul: operator.imul,
    operator.truediv: operator.itruediv, operator.floordiv: operator.ifloordiv,
    operator.mod: operator.imod, operator.pow: operator.ipow, operator.and_: operator.iand,
    operator.or_: operator.ior, operator.xor: operator.ixor, operator.lshift: operator.ilshift,
    operator.rshift: operator.irshift,
}  # fmt: skip


def _id(v: object) -> str:
    if callable(v):
        return v.__name__
    if isinstance(v, np.ndarray):
        return str(v.dtype)
    return repr(v)


@pytest.mark.parametrize(("op", "a", "b", "scalar"), BINARY, ids=_id)
def test_binary_operator(driver, op, a, b, scalar):
    x1, x2 = ak.asarray(a), ak.asarray(b)
    check(op(x1, x2), op(a, b))
    check(op(x1, scalar), op(a, scalar))  # array op scalar
    check(op(scalar, x1), op(scalar, a))  # scalar op array: the reflected form
    check(op(x2, x1), op(b, a))  # broadcasting either way


@pytest.mark.parametrize(("op", "a", "b", "scalar"), BINARY, ids=_id)
def test_inplace_operator(driver, op, a, b, scalar):
    iop = INPLACE[op]
    expected = op(a, b)
    if expected.dtype != a.dtype:  # int / int: the result dtype differs; covered below
        return
    x = ak.asarray(a.copy())
    same = x
    x = iop(x, ak.asarray(b))
    assert x is same
    check(x, expected)
    y = ak.asarray(a.copy())
    y = iop(y, scalar)
    check(y, op(a, scalar))


@pytest.mark.parametrize("op", COMPARISONS, ids=_id)
def test_comparison_operators(driver, op):
    for a, b, s in [(F1, F2, 0.25), (I1, I2, 5), (U1, U2, 3)]:
        x1, x2 = ak.asarray(a), ak.asarray(b)
        check(op(x1, x2), op(a, b))
        check(op(x1, s), op(a, s))
        check(op(s, x1), op(s, a))
    check(ak.asarray(B1) == ak.asarray(B2), B1 == B2)
    check(ak.asarray(B1) != True, B1 != True)  # noqa: E712 - the operator under test


def test_unary_operators(driver):
    check(-ak.asarray(F1), -F1)
    check(-ak.asarray(I1), -I1)
    check(+ak.asarray(I1), +I1)
    check(abs(ak.asarray(F1)), abs(F1))
    check(~ak.asarray(I1), ~I1)
    check(~ak.asarray(U1), ~U1)
    check(~ak.asarray(B1), ~B1)
    c = np.array([3 + 4j, -1j], dtype=np.complex64)
    check(abs(ak.asarray(c)), np.abs(c))  # complex -> real of the same precision
    x = ak.asarray(F2)
    assert +x is not x


def test_matmul_operator(driver):
    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    check(ak.asarray(a) @ ak.asarray(b), a @ b)
    check(ak.asarray(a) @ ak.asarray(F2), a @ F2)
    sq = np.arange(4.0).reshape(2, 2)
    x = ak.asarray(sq.copy())
    x @= ak.asarray(sq)
    check(x, sq @ sq)
    with pytest.raises(TypeError, match="matmul"):
        ak.asarray(a) @ 2
    with pytest.raises(ValueError, match=r"matmul: shapes \(2, 3\) and \(2, 3\)"):
        ak.asarray(a) @ ak.asarray(a)


def test_mixed_dtype_operators_promote(driver):
    a, b = np.array([1, 2], dtype=np.int8), np.array([3.5, 4.5], dtype=np.float32)
    check(ak.asarray(a) + ak.asarray(b), a + b)
    check(ak.asarray(a) * ak.asarray(np.array([2, 3], np.uint8)), a * np.array([2, 3], np.uint8))
    check(ak.asarray(a) / 2, a / 2)
    check(2 ** ak.asarray(a), 2**a)


def test_inplace_dtype_and_shape_rules(driver):
    x = ak.asarray(np.array([1, 2, 3], dtype=np.int32))
    with pytest.raises(TypeError, match="in-place add: the result dtype float64 differs"):
        x += 1.5
    with pytest.raises(TypeError, match="in-place divide: the result dtype float64"):
        x /= ak.asarray(np.array([1, 2, 3], dtype=np.int32))
    with (
        ak.use(promotion="strict"),  # outside strict, NumPy's same_kind cast back to int32
        pytest.raises(TypeError, match="in-place add: the result dtype int64 differs"),
    ):
        x += ak.asarray(np.array([1, 1, 1], dtype=np.int64))
    check(x, np.array([1, 2, 3], dtype=np.int32))  # unchanged by the failures
    x += ak.asarray(np.array([1, 1, 1], dtype=np.int8))  # int8 promotes into int32
    check(x, np.array([2, 3, 4], dtype=np.int32))
    y = ak.asarray(np.ones(3))
    with pytest.raises(ValueError, match=r"in-place multiply: the result shape \(2, 3\)"):
        y *= ak.asarray(np.ones((2, 3)))
    check(y, np.ones(3))
    z = ak.asarray(np.ones((2, 3)))
    z -= ak.asarray(np.array([1.0, 2.0, 3.0]))  # the right side broadcasts
    check(z, np.ones((2, 3)) - np.array([1.0, 2.0, 3.0]))


def test_inplace_on_broadcast_result_and_views(driver):
    y = ak.broadcast_to(ak.asarray(np.array([1.0, 2.0])), (2, 2))
    with pytest.raises(ValueError, match="read-only"):  # NumPy's broadcast_to is read-only
        y += 1.0
    check(y, np.array([[1.0, 2.0], [1.0, 2.0]]))
    if driver.capabilities.mutable:
        x = ak.asarray(np.zeros((2, 2)))
        row = x[0]
        row += 5.0  # a basic-index view: the parent sees the write (NumPy semantics)
        check(x, np.array([[5.0, 5.0], [0.0, 0.0]]))


def test_operator_errors(driver):
    x = ak.asarray(F2)
    with pytest.raises(TypeError):
        x + "a"
    with pytest.raises(TypeError):
        x + None
    with pytest.raises(TypeError):
        operator.add(x, [1, 2, 3])
    with pytest.raises(TypeError, match="bitwise_and"):
        x & 1
    with pytest.raises(TypeError, match="negative"):
        -ak.asarray(B1)
    with pytest.raises(ValueError, match=r"add: shapes \(3,\) and \(2,\)"):
        x + ak.asarray(np.ones(2))
    assert (x == None) is False  # noqa: E711 - falls back to identity, like object()


@fixture_ok
@given(
    data=st.data(),
    dtype=st.sampled_from([np.int16, np.int64, np.uint32, np.float32, np.float64]),
    op=st.sampled_from([operator.add, operator.sub, operator.mul, operator.lt, operator.eq]),
)
def test_operator_property(driver, data, dtype, op):
    """Operators on arrays of one dtype and mutually broadcastable shapes match NumPy."""
    s1, s2 = data.draw(xps.mutually_broadcastable_shapes(2, max_dims=2, max_side=3)).input_shapes
    elems, atol = {}, 0.0
    if np.dtype(dtype).kind == "f":
        elems = {"min_value": -100, "max_value": 100}
        if not driver.capabilities.subnormals:  # XLA flushes subnormals to zero
            elems["allow_subnormal"] = False
            atol = float(np.finfo(dtype).tiny)  # results below it may be flushed
    a = data.draw(xps.arrays(np.dtype(dtype), s1, elements=elems))
    b = data.draw(xps.arrays(np.dtype(dtype), s2, elements=elems))
    with np.errstate(over="ignore"):
        expected = op(a, b)
    check(op(ak.asarray(a), ak.asarray(b)), expected, atol)


# ---------------------------------------------------------------------- conversions
def test_bool(driver):
    assert bool(ak.asarray(True)) is True
    assert bool(ak.asarray(np.float64(0.0))) is False
    assert bool(ak.asarray(np.float64(-0.0))) is False
    assert bool(ak.asarray(np.float64(math.nan))) is True
    assert bool(ak.asarray(np.float32(-math.inf))) is True
    assert bool(ak.asarray(np.int8(-1))) is True
    assert bool(ak.asarray(np.complex64(0j))) is False
    assert bool(ak.asarray(np.complex128(1j))) is True  # real or imaginary part non-zero
    with pytest.raises(TypeError, match=r"bool\(\) needs a 0-D array, got shape \(2,\)"):
        bool(ak.asarray(np.array([True, False])))


def test_int(driver):
    out = int(ak.asarray(np.float64(-2.7)))
    assert out == -2 and type(out) is int
    assert int(ak.asarray(np.float32(-0.0))) == 0
    assert int(ak.asarray(True)) == 1
    assert int(ak.asarray(np.uint64(2**64 - 1))) == 2**64 - 1
    with pytest.raises(OverflowError):
        int(ak.asarray(np.float64(math.inf)))
    with pytest.raises(ValueError):
        int(ak.asarray(np.float64(math.nan)))
    with pytest.raises(TypeError, match="int\\(\\) of a complex array"):
        int(ak.asarray(np.complex64(1)))
    with pytest.raises(TypeError, match="0-D"):
        int(ak.asarray(np.array([1])))


def test_float(driver):
    out = float(ak.asarray(np.int16(-3)))
    assert out == -3.0 and type(out) is float
    assert float(ak.asarray(False)) == 0.0
    assert math.isnan(float(ak.asarray(np.float32(math.nan))))
    with pytest.raises(TypeError, match="float\\(\\) of a complex array"):
        float(ak.asarray(np.complex128(1)))
    with pytest.raises(TypeError, match="0-D"):
        float(ak.asarray(np.ones((1, 1))))


def test_complex(driver):
    out = complex(ak.asarray(np.complex64(1 - 2j)))
    assert out == 1 - 2j and type(out) is complex
    assert complex(ak.asarray(True)) == 1 + 0j
    assert complex(ak.asarray(np.float64(-math.inf))) == complex(-math.inf, 0)
    nan = complex(ak.asarray(np.float64(math.nan)))
    assert math.isnan(nan.real) and math.isnan(nan.imag)  # the spec: NaN + NaN j
    with pytest.raises(TypeError, match="0-D"):
        complex(ak.asarray(np.ones(2)))


def test_index(driver):
    i = ak.asarray(np.int8(2))
    assert operator.index(i) == 2 and type(operator.index(i)) is int
    assert [10, 20, 30][i] == 30
    assert list(range(ak.asarray(np.uint16(3)))) == [0, 1, 2]
    with pytest.raises(TypeError, match="only integer arrays"):
        operator.index(ak.asarray(np.float64(1.0)))
    with pytest.raises(TypeError, match="only integer arrays"):
        operator.index(ak.asarray(True))
    with pytest.raises(TypeError, match="0-D"):
        operator.index(ak.asarray(np.array([1])))


# ---------------------------------------------------------------------- interchange
def test_array_protocol(driver):
    x = ak.asarray(F1)
    np.testing.assert_array_equal(np.asarray(x), F1)
    as32 = np.asarray(x, dtype=np.float32)
    assert as32.dtype == np.float32
    np.testing.assert_array_equal(as32, F1.astype(np.float32))
    copied = np.array(x, copy=True)
    assert not np.shares_memory(copied, np.asarray(x))
    with pytest.raises(ValueError, match="copy=False"):
        np.asarray(x, dtype=np.float32, copy=False)
    np.testing.assert_array_equal(np.asarray(ak.asarray(np.int8(3))), np.int8(3))


def test_dlpack_round_trip(driver):
    x = ak.asarray(np.array([[1, 2], [3, 4]], dtype=np.int16))
    dev = x.__dlpack_device__()
    assert isinstance(dev, tuple) and len(dev) == 2
    if str(x.device) != "cpu":
        pytest.skip("NumPy imports DLPack data from the CPU only")
    assert int(dev[0]) == 1  # kDLCPU
    back = np.from_dlpack(x)
    np.testing.assert_array_equal(back, np.array([[1, 2], [3, 4]], dtype=np.int16))
    y = ak.from_dlpack(x)
    check(y, np.array([[1, 2], [3, 4]], dtype=np.int16))
    z = ak.from_dlpack(np.arange(3.0))
    check(z, np.arange(3.0))
    copy = ak.from_dlpack(np.arange(3.0), copy=True)
    check(copy, np.arange(3.0))


@pytest.mark.parametrize(
    "host",
    [
        np.arange(8, dtype=np.int8).reshape(4, 2)[:, 1:],  # strides (2, 1): not compact
        np.arange(12.0).reshape(3, 4)[:, ::2],
        np.arange(6.0)[::-1],
    ],
    ids=["column", "every-other-column", "reversed"],
)
def test_from_dlpack_of_strided_host_data(driver, host):
    # scikit-learn's move_to hands a NumPy column slice to xp.from_dlpack (copy=None).
    if str(ak.asarray(1).device) != "cpu":
        pytest.skip("NumPy exports DLPack data on the CPU only")
    check(ak.from_dlpack(host), host)


def test_array_namespace(driver):
    x = ak.asarray(F2)
    assert x.__array_namespace__() is ak
    assert x.__array_namespace__(api_version="2025.12") is ak
    assert x.__array_namespace__(api_version="2023.12") is ak
    with pytest.raises(ValueError, match=r"unsupported array API version '2019\.01'"):
        x.__array_namespace__(api_version="2019.01")


def test_to_device(driver):
    x = ak.asarray(F2)
    y = x.to_device(x.device)
    check(y, F2)
    assert y.device == x.device
    z = x.to_device(str(x.device))
    check(z, F2)
    with pytest.raises(ValueError, match="unknown device 'nowhere:9'"):
        x.to_device("nowhere:9")
    with pytest.raises(ValueError, match="to_device: stream is not supported"):
        x.to_device(x.device, stream=1)


# ---------------------------------------------------------------------- attributes
def test_attributes(driver):
    a = np.zeros((2, 3, 4), dtype=np.uint16)
    x = ak.asarray(a)
    assert x.dtype == ak.uint16 == np.dtype("uint16")
    assert x.shape == (2, 3, 4) and isinstance(x.shape, tuple)
    assert x.ndim == 3
    assert x.size == 24
    assert x.device in driver.devices()
    assert x.driver is driver
    np.testing.assert_array_equal(np.asarray(x.native), a)
    s = ak.asarray(np.float64(1.0))
    assert (s.shape, s.ndim, s.size) == ((), 0, 1)
    with pytest.raises(TypeError, match=r"ak\.asarray"):
        ak.Array(np.zeros(2))
    with pytest.raises(TypeError):
        hash(x)


def test_transposes(driver):
    a = np.arange(6).reshape(2, 3)
    check(ak.asarray(a).T, a.T)
    check(ak.asarray(a).mT, a.T)
    b = np.arange(24.0).reshape(2, 3, 4)
    check(ak.asarray(b).mT, np.swapaxes(b, -1, -2))
    # other ranks: NumPy's (all axes reversed); the standard's 2-D rule under "strict"
    check(ak.asarray(b).T, b.T)
    check(ak.asarray(F2).T, np.asarray(F2).T)
    check(ak.asarray(np.float64(2.5)).T, np.float64(2.5))
    with ak.use(promotion="strict"):
        with pytest.raises(ValueError, match=r"x\.T requires a 2-D array in the standard, got 3-D"):
            _ = ak.asarray(b).T
        with pytest.raises(ValueError, match=r"x\.T requires a 2-D array in the standard, got 1-D"):
            _ = ak.asarray(F2).T
    with pytest.raises(ValueError, match="matrix_transpose"):
        _ = ak.asarray(F2).mT


def test_repr(driver):
    x = ak.asarray(np.array([1.0, 2.0], dtype=np.float32))
    r = repr(x)
    assert r.startswith("Array([1., 2.]")
    assert f"dtype=float32, device={x.device}, driver={driver.name}" in r
    assert r.endswith(")")
    assert str(x) == r
    r0 = repr(ak.asarray(np.int64(5)))
    assert r0.startswith("Array(5, dtype=int64")
    assert "dtype=bool" in repr(ak.asarray(np.zeros((0, 2), bool)))


@pytest.mark.parametrize("mode", ["numpy", "strict", "jax", "safe"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_pow_with_python_int_exponent(driver, mode, dtype):
    # x ** n with a Python int may take a driver's repeated-multiplication fast path
    # (JAX): the dtype, the spec's special cases and the values must not change.
    if dtype == "float64" and not driver.capabilities.float64:
        pytest.skip("no float64 on this driver")
    values = [-2.5, -1.0, -0.0, 0.0, 0.5, 1.5, 3.0, np.inf, -np.inf, np.nan]
    a = np.array(values, dtype=dtype)
    with ak.use(driver, promotion=mode):
        x = ak.asarray(a)
        for n in (0, 1, 2, 3, 7, -1, -2, -3):
            with np.errstate(all="ignore"):
                expected = np.power(a, a.dtype.type(n))
            out = x**n
            assert out.dtype == getattr(ak, dtype)
            got = np.asarray(out)
            np.testing.assert_allclose(got, expected, rtol=1e-6, equal_nan=True)
            assert np.array_equal(np.signbit(got), np.signbit(expected)), n


# ---------------------------------------------------------------------- pickling, copies
@pytest.mark.parametrize("dtype", ["float32", "int64", "uint64", "bool", "complex128"])
def test_pickle_round_trip_keeps_driver_device_dtype_and_values(driver, dtype):
    if dtype == "complex128" and not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    data = np.array([[0, 1, 2**53 + 1], [3, 4, 5]]).astype(dtype)
    if dtype == "uint64":
        data[0, 0] = 2**64 - 1
    x = ak.asarray(data)
    y = pickle.loads(pickle.dumps(x))
    assert y.__class__ is ak.Array and y is not x
    assert (y.driver, y.device, y.dtype, y.shape) == (x.driver, x.device, x.dtype, x.shape)
    np.testing.assert_array_equal(np.asarray(y), data)
    y[...] = ak.zeros_like(y)  # independent of x
    np.testing.assert_array_equal(np.asarray(x), data)


def test_pickle_of_a_view_is_an_independent_array(driver):
    x = ak.zeros(5)
    y = pickle.loads(pickle.dumps(x[1:3]))
    y[0] = 1.0
    assert float(ak.sum(x)) == 0.0


def test_devices_and_dtypes_pickle(driver):
    dev = ak.asarray([1]).device
    assert pickle.loads(pickle.dumps(dev)) == dev
    x = ak.asarray([1, 2])
    for dtype in (ak.float32, ak.int8, ak.complex64, ak.bool):
        back = pickle.loads(pickle.dumps(dtype))
        assert back == dtype
        assert ak.astype(x, back).dtype is dtype  # core's canonical object again


def test_unpickling_on_a_missing_driver_is_a_clear_error(driver):
    rebuild, (name, device, data, dtype) = ak.asarray([1.0]).__reduce_ex__(2)
    assert name == driver.name
    with pytest.raises(ValueError, match="unknown driver 'nodriver'"):
        rebuild("nodriver", device, data, dtype)
    with pytest.raises(ValueError, match="unknown device 'gpu:7'"):
        rebuild(name, "gpu:7", data, dtype)


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy])
def test_copies_are_independent(driver, how):
    x = ak.asarray([[1.0, 2.0], [3.0, 4.0]])
    y = how(x)
    assert y is not x and (y.driver, y.device, y.dtype) == (x.driver, x.device, x.dtype)
    y[0, 0] = -1.0
    x[1, 1] = -2.0
    np.testing.assert_array_equal(np.asarray(x), [[1.0, 2.0], [3.0, -2.0]])
    np.testing.assert_array_equal(np.asarray(y), [[-1.0, 2.0], [3.0, 4.0]])
    nested = how({"w": [x, (x,)]})
    if how is copy.deepcopy:
        assert nested["w"][0] is nested["w"][1][0] is not x  # the memo keeps sharing
