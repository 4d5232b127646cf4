"""Data type functions: astype, can_cast, result_type, finfo, iinfo, isdtype.

Oracles: NumPy (casting values, ``np.can_cast``, ``np.result_type``, ``np.finfo``,
``np.iinfo``) for the default "numpy" promotion mode, and ``array_api_strict`` (the
standard's reference) for the "strict" mode and for ``isdtype``.
"""

from __future__ import annotations

import dataclasses
import itertools

import array_api_strict as xs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak
from arraykit import _dtypes

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")

NAMES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
]  # fmt: skip
DTYPES = [getattr(ak, n) for n in NAMES]
SCALARS = [True, 1, 1.0, 1j]


def _values(dtype: np.dtype) -> list:
    """Values every dtype can hold exactly (so any cast between them is exact)."""
    if dtype.kind == "b":
        return [True, False, True]
    return [0, 1, 2, 100, 7]


# ---------------------------------------------------------------------- astype
@pytest.mark.parametrize("to", NAMES)
def test_astype_values_match_numpy(driver, to):
    target = getattr(ak, to)
    for src in DTYPES:
        if src.kind == "c" and target.kind != "c" and target.kind != "b":
            continue
        data = np.asarray(_values(src), dtype=src)
        out = ak.astype(ak.asarray(data), target)
        assert out.dtype == target
        assert out.shape == data.shape
        np.testing.assert_array_equal(np.asarray(out), data.astype(target))


def test_astype_bool_and_complex_rules(driver):
    # Spec: True -> 1, False -> 0; 0+0j -> False, anything else -> True.
    b = ak.asarray([True, False])
    np.testing.assert_array_equal(np.asarray(ak.astype(b, ak.float32)), [1.0, 0.0])
    np.testing.assert_array_equal(np.asarray(ak.astype(b, ak.complex64)), [1 + 0j, 0j])
    c = ak.asarray([0j, 1j, 2 + 0j, complex("nan")])
    np.testing.assert_array_equal(np.asarray(ak.astype(c, ak.bool)), [False, True, True, True])
    f = ak.asarray([0.0, -0.0, 0.5, float("nan"), float("inf")])
    np.testing.assert_array_equal(np.asarray(ak.astype(f, ak.bool)), [0, 0, 1, 1, 1])


@pytest.mark.parametrize("to", ["float32", "float64", "int64", "uint8"])
def test_astype_complex_to_real_raises(driver, to):
    x = ak.asarray([1 + 2j])
    with pytest.raises(TypeError, match=r"astype: .*imaginary.*ak\.real"):
        ak.astype(x, getattr(ak, to))


def test_astype_copy_semantics(driver):
    x = ak.asarray([1.0, 2.0, 3.0])
    assert ak.astype(x, ak.float64, copy=False) is x
    y = ak.astype(x, ak.float64)  # copy=True by default: a new array
    assert y is not x
    y[0] = 99.0
    assert float(x[0]) == 1.0
    z = ak.astype(x, ak.float32, copy=False)  # a cast always makes a new array
    assert z.dtype == ak.float32
    np.testing.assert_array_equal(np.asarray(z), np.float32([1, 2, 3]))


def test_astype_device(driver):
    x = ak.asarray([1, 2])
    dev = ak.__array_namespace_info__().default_device()
    out = ak.astype(x, ak.float32, device=dev)
    assert out.device == dev
    out = ak.astype(x, ak.int64, device=str(dev), copy=False)
    assert out.device == dev
    with pytest.raises(ValueError, match="unknown device"):
        ak.astype(x, ak.float32, device="no-such-device:7")


@pytest.mark.parametrize("bad", [None, "float128", np.str_, object])  # float16 is an extra
def test_astype_bad_dtype(driver, bad):
    with pytest.raises(TypeError, match="astype: 'dtype'"):
        ak.astype(ak.asarray([1]), bad)


def test_astype_accepts_what_asarray_accepts(driver):
    for spelling in (np.float32, "float32", "f4", np.dtype(">f4")):
        assert ak.astype(ak.asarray([1]), spelling).dtype is ak.float32


@pytest.mark.parametrize(
    ("spelling", "numpy_dtype"),
    [(bool, np.bool_), (int, np.int64), (float, np.float64), (complex, np.complex128)],
)
def test_python_types_are_dtypes_as_in_numpy(driver, spelling, numpy_dtype):
    # NumPy maps Python's types to bool, int64, float64, complex128 (issue 25): so does
    # arraykit, under the default settings, everywhere a dtype is taken.
    if spelling is complex and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    want = np.dtype(spelling)
    assert want == numpy_dtype
    x = ak.asarray([0, 2])
    assert ak.zeros(3, dtype=spelling).dtype is ak.zeros(3, dtype=want).dtype
    assert ak.astype(x, spelling).dtype == want
    assert x.astype(spelling).dtype == want
    assert ak.asarray([1, 2], dtype=spelling).dtype == want
    assert ak.ones_like(x, dtype=spelling).dtype == want
    if spelling is not bool:
        assert x.sum(dtype=spelling).dtype == np.asarray([0, 2]).sum(dtype=spelling).dtype


def test_python_float_and_int_follow_the_active_defaults(driver):
    # Where the user asked for float32 and int32 defaults, Python's float and int name them.
    with ak.use(default_float="float32", default_int="int32"):
        assert ak.zeros(2, dtype=float).dtype is ak.float32
        assert ak.zeros(2, dtype=int).dtype is ak.int32
        if driver.capabilities.complex:
            assert ak.zeros(2, dtype=complex).dtype is ak.complex64
        assert ak.finfo(float).bits == 32


@pytest.mark.parametrize("spelling", [int, float, complex, "float32", "<i8", np.float32])
def test_numpy_dtype_spellings_are_refused_under_strict(driver, spelling):
    # The standard takes dtype objects only; ak.float32 is np.dtype("float32") itself.
    refused = r"zeros: .*strict.* use .*ak\."
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=refused):
        ak.zeros(3, dtype=spelling)
    with ak.use(promotion="strict"):
        assert ak.zeros(3, dtype=ak.float32).dtype is ak.float32
        assert ak.zeros(3, dtype=bool).dtype is ak.bool  # one boolean dtype (SciPy's)


def test_astype_needs_an_array(driver):
    with pytest.raises(TypeError, match="astype: 'x' must be an arraykit array"):
        ak.astype(np.asarray([1]), ak.float32)


def test_astype_unsupported_dtype_on_restricted_driver(driver):
    caps = dataclasses.replace(driver.capabilities, float64=False, complex=False)
    restricted = type("NoF64", (type(driver),), {"capabilities": caps})()
    with ak.use(restricted, default_float="float32"):
        x = ak.asarray([1, 2], dtype=ak.int32)
        with pytest.raises(TypeError, match="cannot hold float64"):
            ak.astype(x, ak.float64)
        with pytest.raises(TypeError, match="cannot hold complex64"):
            ak.astype(x, ak.complex64)
        assert not ak.can_cast(x, ak.float64)
        assert ak.can_cast(ak.int32, ak.float64)  # dtypes: the full graph, whatever the device


@given(
    x=xps.arrays(
        dtype=st.sampled_from([np.int8, np.int16, np.int32, np.uint8, np.uint16]),
        shape=xps.array_shapes(min_dims=0, max_dims=3, max_side=4),
    ),
    to=st.sampled_from(["int64", "float64", "bool", "complex128", "int8", "uint8"]),
)
def test_astype_property_matches_numpy(x, to):
    # Integer sources fit int64/float64/complex128 exactly; int8/uint8 wrap C-style.
    out = ak.astype(ak.asarray(x), getattr(ak, to))
    np.testing.assert_array_equal(np.asarray(out), x.astype(to))


# ---------------------------------------------------------------------- can_cast
@pytest.mark.parametrize("src", NAMES)
def test_can_cast_numpy_mode_matches_numpy(driver, src):
    for to in NAMES:
        expected = np.can_cast(np.dtype(src), np.dtype(to), casting="safe")
        assert ak.can_cast(getattr(ak, src), getattr(ak, to)) is expected, (src, to)


@pytest.mark.parametrize("src", NAMES)
def test_can_cast_strict_mode_matches_the_standard(driver, src):
    with ak.use(promotion="strict"):
        for to in NAMES:
            expected = xs.can_cast(getattr(xs, src), getattr(xs, to))
            assert ak.can_cast(getattr(ak, src), getattr(ak, to)) is expected, (src, to)


def test_can_cast_accepts_arrays(driver):
    x = ak.asarray([1, 2], dtype=ak.int8)
    assert ak.can_cast(x, ak.int16)
    assert not ak.can_cast(x, ak.uint8)


@pytest.mark.parametrize(
    ("from_", "to", "arg"),
    [(1, ak.float32, "from_"), (ak.int8, None, "to"), (ak.int8, object, "to")],
)
def test_can_cast_bad_arguments(driver, from_, to, arg):
    with pytest.raises(TypeError, match=f"can_cast: '{arg}'"):
        ak.can_cast(from_, to)


# ---------------------------------------------------------------------- result_type
@pytest.mark.parametrize("first", NAMES)
def test_result_type_numpy_mode_matches_numpy(driver, first):
    for second in NAMES:
        expected = np.result_type(np.dtype(first), np.dtype(second))
        assert ak.result_type(getattr(ak, first), getattr(ak, second)) == expected
        x = ak.empty(2, dtype=getattr(ak, second))
        assert ak.result_type(getattr(ak, first), x) == expected
        assert ak.result_type(x, getattr(ak, first)) == expected
    for scalar in SCALARS:  # NEP 50: Python scalars are weak
        expected = np.result_type(np.dtype(first), scalar)
        assert ak.result_type(getattr(ak, first), scalar) == expected, (first, scalar)
        assert ak.result_type(scalar, getattr(ak, first)) == expected, (first, scalar)


@pytest.mark.parametrize("first", NAMES)
def test_result_type_strict_mode_matches_the_standard(driver, first):
    with ak.use(promotion="strict"):
        for other in [*NAMES, *SCALARS]:
            xs_other = getattr(xs, other) if isinstance(other, str) else other
            ak_other = getattr(ak, other) if isinstance(other, str) else other
            try:
                expected = xs.result_type(getattr(xs, first), xs_other)
            except TypeError:
                with pytest.raises(TypeError, match=r"result_type: .*do(es)? not promote"):
                    ak.result_type(getattr(ak, first), ak_other)
            else:
                got = ak.result_type(getattr(ak, first), ak_other)
                assert got.name == str(expected).removeprefix("array_api_strict.")


def test_result_type_follows_default_dtypes(driver):
    with ak.use(default_float="float32", default_int="int32"):
        assert ak.result_type(ak.int8, 1.0) == ak.float32
        assert ak.result_type(ak.bool, 1) == ak.int32
        assert ak.result_type(ak.bool, 1j) == ak.complex64


def test_result_type_many_arguments_order_insensitive(driver):
    args = [ak.int8, ak.asarray([1], dtype=ak.uint8), ak.int16, 3, ak.empty(1, dtype=ak.int32)]
    for perm in itertools.permutations(args):
        assert ak.result_type(*perm) == ak.int32


def test_result_type_errors(driver):
    with pytest.raises(ValueError, match="result_type: at least one"):
        ak.result_type()
    with pytest.raises(ValueError, match="result_type: at least one array or dtype"):
        ak.result_type(1, 2.0)
    with pytest.raises(
        TypeError,
        match="result_type: expected arrays, dtypes or Python scalars as arrays_and_dtypes",
    ):
        ak.result_type(ak.int8, [1, 2])
    with pytest.raises(TypeError, match="result_type: 'arrays_and_dtypes': 'nope' is not a"):
        ak.result_type(ak.int8, "nope")
    # NumPy's spellings name dtypes, as in np.result_type; strict takes only dtype objects
    assert ak.result_type(ak.int8, "float32") == np.result_type(np.int8, "float32")
    assert ak.result_type(float, ak.int8) == np.result_type(float, np.int8)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"use ak\.float32"):
        ak.result_type(ak.int8, "float32")
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="int8 and float32"):
        ak.result_type(ak.int8, ak.float32)


# ---------------------------------------------------------------------- finfo, iinfo
@pytest.mark.parametrize("name", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_matches_numpy(driver, name):  # float16: an extra, not in the standard
    dtype = getattr(ak, name)
    ref = np.finfo(np.dtype(name))
    for arg in (dtype, ak.asarray([1], dtype=dtype)):
        fi = ak.finfo(arg)
        assert (fi.bits, fi.eps, fi.max, fi.min, fi.smallest_normal) == (
            ref.bits, float(ref.eps), float(ref.max), float(ref.min),
            float(ref.smallest_normal),
        )  # fmt: skip
        assert all(type(v) is float for v in (fi.eps, fi.max, fi.min, fi.smallest_normal))
        assert fi.dtype == {"complex64": ak.float32, "complex128": ak.float64}.get(name, dtype)


@pytest.mark.parametrize("name", NAMES[1:9])
def test_iinfo_matches_numpy(driver, name):
    ref = np.iinfo(np.dtype(name))
    for arg in (getattr(ak, name), ak.asarray([1], dtype=getattr(ak, name))):
        ii = ak.iinfo(arg)
        assert (ii.bits, ii.min, ii.max) == (ref.bits, int(ref.min), int(ref.max))
        assert type(ii.max) is int and type(ii.min) is int
        assert ii.dtype == getattr(ak, name)


@pytest.mark.parametrize(
    ("fn", "arg", "match"),
    [
        (ak.finfo, ak.int32, "finfo: expected a floating-point dtype, got int32"),
        (ak.finfo, ak.bool, "finfo: expected a floating-point dtype"),
        (ak.finfo, object(), "finfo: expected a dtype or an array"),
        (ak.iinfo, ak.float32, "iinfo: expected an integer dtype, got float32"),
        (ak.iinfo, 1.5, "iinfo: expected a dtype or an array"),
        (ak.iinfo, "U4", "iinfo: 'type': <U4 is not a supported dtype"),
    ],
)
def test_finfo_iinfo_errors(driver, fn, arg, match):
    with pytest.raises(TypeError, match=match):
        fn(arg)


# ---------------------------------------------------------------------- isdtype
KIND_NAMES = [
    "bool", "signed integer", "unsigned integer", "integral", "real floating",
    "complex floating", "numeric",
]  # fmt: skip

_atoms = st.sampled_from(NAMES) | st.sampled_from(KIND_NAMES)


@given(dtype=st.sampled_from(NAMES), kind=_atoms | st.lists(_atoms, max_size=4).map(tuple))
def test_isdtype_matches_the_standard(dtype, kind):
    def conv(mod, k):
        if isinstance(k, tuple):
            return tuple(conv(mod, i) for i in k)
        return getattr(mod, k) if k in NAMES else k

    out = ak.isdtype(getattr(ak, dtype), conv(ak, kind))
    assert type(out) is bool
    assert out == xs.isdtype(getattr(xs, dtype), conv(xs, kind))


@pytest.mark.skipif(_dtypes.bfloat16 is None, reason="needs ml_dtypes")
def test_isdtype_bfloat16_extension():
    bf = _dtypes.bfloat16
    assert ak.isdtype(bf, "real floating") and ak.isdtype(bf, "numeric")
    assert not ak.isdtype(bf, "integral") and not ak.isdtype(bf, "complex floating")
    assert not ak.isdtype(bf, ak.float32)


def test_isdtype_float16_extension():
    # float16 is an extra (not in the standard): a real floating, numeric dtype, as in NumPy.
    f2 = ak.float16
    assert f2 == np.dtype("float16") and f2 not in _dtypes.ALL
    assert ak.isdtype(f2, "real floating") and ak.isdtype(f2, "numeric")
    assert ak.isdtype(f2, ("integral", "real floating")) and ak.isdtype(f2, f2)
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "complex floating"):
        assert not ak.isdtype(f2, kind)
    assert not ak.isdtype(f2, ak.float32)


def test_astype_float16_rounds_as_numpy(driver):
    # 65519 rounds down to the largest float16, 65520 and 1e5 overflow to inf; the others
    # lie next to float16 midpoints, where rounding through float32 (TF's and XLA's own
    # conversion) rounds twice and lands on the wrong side.
    hard = [2049.0001, 1 + 2**-11 + 2**-30, -(1 + 2**-11 + 2**-40), 3.0 * 2**-11 + 2**-36]
    src = np.array([0.1, -3.0, 65519.0, 1e5, 65520.0, 2.0**-30, np.nan, *hard], np.float64)
    with np.errstate(over="ignore"):
        want = src.astype(np.float16)
    got = ak.astype(ak.asarray(src), ak.float16)
    assert got.dtype == ak.float16
    normal = ~(np.abs(want) < np.finfo(np.float16).smallest_normal)  # drivers may flush
    np.testing.assert_array_equal(np.asarray(got)[normal], want[normal])
    back = ak.astype(got, ak.int16)
    # inf saturates, NaN gives 0 (the rule; NumPy's answer there is the platform's)
    np.testing.assert_array_equal(np.asarray(back)[:7], [0, -3, 32767, 32767, 32767, 0, 0])
    assert ak.can_cast(ak.int8, ak.float16) and not ak.can_cast(ak.int16, ak.float16)
    assert ak.can_cast(ak.float16, ak.float32) and not ak.can_cast(ak.float32, ak.float16)


def test_isdtype_errors():
    with pytest.raises(ValueError, match="isdtype: unknown kind 'floating'"):
        ak.isdtype(ak.float32, "floating")
    with pytest.raises(TypeError, match="isdtype: 'dtype' must be a dtype"):
        ak.isdtype(float, "real floating")
    with pytest.raises(TypeError, match="isdtype: 'kind' must be"):
        ak.isdtype(ak.float32, float)
