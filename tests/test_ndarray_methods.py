"""NumPy's ndarray methods and Python protocols on arraykit arrays, against NumPy's own
``ndarray`` on the same data, on every driver; and their refusal under
``promotion="strict"``, which names the standard's spelling.
"""

from __future__ import annotations

import copy
import operator
import pathlib
import re

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arraykit as ak
from arraykit._ndarray import STANDARD_SPELLING

F = np.array([[1.5, -0.0, np.inf], [np.nan, 2.25, -3.5]])
N = np.array([[3, -1, 7, 0], [2, 9, -4, 5], [8, 1, 1, -6]], dtype=np.int32)
B = np.array([True, False, True])
C = np.array([1 + 2j, -3.5j, 0j], dtype=np.complex128)


# Floating sums may differ in the last bits from NumPy's pairwise summation (the order of
# additions is the backend's); everything else is exact.
SUMMING = {"sum", "prod", "mean", "std", "var", "cumsum", "cumprod", "dot"}
# round(x, decimals) scales by 10**decimals as NumPy does; XLA's CPU compiler turns a
# division by a broadcast scalar into a product with its reciprocal (1 ulp).
ROUNDING = 3e-16


def _check(got: object, want: object, rtol: float = 0.0) -> None:
    """``got`` (arraykit) equals NumPy's ``want``: dtype, shape and values (NaN == NaN,
    signed zeros); inexact values within ``rtol``."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            _check(g, w, rtol)
        return
    assert isinstance(got, ak.Array), type(got)
    w = np.asarray(want)
    g = np.asarray(got)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    assert g.shape == w.shape
    if rtol and w.dtype.kind in "fc":
        np.testing.assert_allclose(g, w, rtol=rtol, equal_nan=True)
        return
    np.testing.assert_array_equal(g, w, strict=True)
    if w.dtype.kind == "f":
        assert (np.signbit(g) == np.signbit(w)).all()


CASES = [
    # (data, method, args, kwargs)
    (F, "reshape", (3, 2), {}),
    (F, "reshape", ((-1,),), {}),
    (N, "reshape", (2, -1), {}),
    (F, "ravel", (), {}),
    (N, "flatten", (), {}),
    (N, "transpose", (), {}),
    (N, "transpose", (1, 0), {}),
    (N.reshape(3, 2, 2), "transpose", ((2, 0, 1),), {}),
    (N.reshape(3, 2, 2), "swapaxes", (0, -1), {}),
    (N.reshape(1, 12, 1), "squeeze", (), {}),
    (N.reshape(1, 12, 1), "squeeze", (), {"axis": 2}),
    (F, "astype", (np.float32,), {}),
    (N, "astype", ("float64",), {}),
    (N, "copy", (), {}),
    (N, "sum", (), {}),
    (N, "sum", (), {"axis": 0, "keepdims": True}),
    (N, "sum", (), {"axis": (0, 1), "dtype": np.int64}),
    (N.astype(np.int8), "sum", (), {"axis": 1}),
    (N, "prod", (), {"axis": 1}),
    (F, "mean", (), {"axis": 1}),
    (N, "mean", (), {}),
    (N, "std", (), {"axis": 0, "ddof": 1}),
    (F, "var", (), {"axis": 1, "keepdims": True}),
    (N, "min", (), {"axis": 1}),
    (F, "max", (), {}),
    (N, "argmin", (), {}),
    (N, "argmax", (), {"axis": 0}),
    (N, "argmax", (), {"axis": 1, "keepdims": True}),
    (B, "any", (), {}),
    (N, "all", (), {"axis": 0}),
    (N, "cumsum", (), {}),
    (N, "cumsum", (), {"axis": 1}),
    (N, "cumprod", (), {"axis": 0}),
    (N, "clip", (-2, 4), {}),
    (F, "clip", (), {"max": 1.0}),
    (np.array([0.5, 1.5, 2.5, -0.5, 1.234567]), "round", (), {}),
    (np.array([0.125, 1.25, -2.675, 12345.678]), "round", (2,), {}),
    (np.array([1234.5, -15.0, 25.0]), "round", (-1,), {}),
    (np.array([15, 25, 35, -15, -25, 149, 150], dtype=np.int64), "round", (-1,), {}),
    (np.array([1250, 1350, -1250], dtype=np.int64), "round", (-2,), {}),
    (C, "conj", (), {}),
    (N, "nonzero", (), {}),
    (N, "argsort", (), {"kind": "stable"}),
    (N, "argsort", (), {"axis": 0, "kind": "stable"}),
    (np.array([3.0, 1.0, 2.0]), "argsort", (), {"axis": None, "kind": "stable"}),
    (N, "dot", (np.array([1, 2, 3, 4], dtype=np.int32),), {}),
    (np.array([1.0, 2.0]), "dot", (np.array([3.0, -1.0]),), {}),
    (N, "dot", (np.arange(8, dtype=np.int32).reshape(4, 2),), {}),
    (np.arange(24.0).reshape(2, 3, 4), "dot", (np.arange(20.0).reshape(5, 4, 1),), {}),
    # issue 25, part B
    (N, "take", ([0, 5, 11, -1],), {}),
    (N, "take", ([[2], [0]],), {"axis": 1}),
    (N, "take", ([13, -20],), {"mode": "wrap"}),
    (N, "take", ([13, -20, 2],), {"axis": 0, "mode": "clip"}),
    (N, "repeat", (2,), {"axis": 0}),
    (N, "repeat", ([1, 0, 2],), {"axis": 0}),
    (F, "repeat", (2,), {}),
    (N, "diagonal", (), {}),
    (N.reshape(3, 2, 2), "diagonal", (1,), {"axis1": 2, "axis2": 0}),
    (N, "trace", (), {"offset": 1}),
    (N, "trace", (), {"dtype": np.float32}),
    (np.array([0.5, 1.0, 1.0, 3.0]), "searchsorted", ([1.0, -2.0, 9.0],), {"side": "right"}),
    (np.array([0.5, 1.0, 1.0, 3.0]), "searchsorted", (1.0,), {}),
    (N, "compress", ([True, False, True],), {"axis": 0}),
    (N, "compress", ([False, True],), {}),
    (np.array([2, 0, 1]), "choose", ([[1, 2, 3], [10, 20, 30], [100, 200, 300]],), {}),
    (np.array([4, -1]), "choose", ([N[0, :2], N[1, :2]],), {"mode": "wrap"}),
    (C, "conjugate", (), {}),
    (F, "conjugate", (), {}),
    (F, "view", (np.int64,), {}),
    (F, "view", (np.float32,), {}),
    (N, "view", (np.uint8,), {}),
    (C, "view", (np.float64,), {}),
    (F, "view", (), {}),
]


def _arg(a: object) -> object:
    return ak.asarray(a) if isinstance(a, np.ndarray) else a


@pytest.mark.parametrize(
    "data, method, args, kwargs", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)]
)
def test_methods_give_numpys_results(driver, data, method, args, kwargs):
    if data.dtype.kind == "c" and not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    x = ak.asarray(data)
    want = getattr(data, method)(*args, **kwargs)
    got = getattr(x, method)(*(_arg(a) for a in args), **kwargs)
    rtol = 1e-13 if method in SUMMING else ROUNDING if method == "round" and args else 0.0
    _check(got, want, rtol=rtol)


@pytest.mark.parametrize("data", [F, N, B, C], ids=["float", "int", "bool", "complex"])
def test_attributes_and_conversions(driver, data):
    if data.dtype.kind == "c" and not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    x = ak.asarray(data)
    _check(x.real, data.real)
    _check(x.imag, data.imag)
    assert x.nbytes == data.nbytes and x.itemsize == data.itemsize
    assert x.tolist() == data.tolist() or np.array_equal(np.array(x.tolist()), data, equal_nan=True)
    assert x.tobytes() == data.tobytes()
    assert [np.asarray(e).item() for e in x.flat] == pytest.approx(list(data.flat), nan_ok=True)
    assert len(x.flat) == data.size
    assert x.item(0) == data.item(0) or np.isnan(data.item(0))
    last = (data.ndim and data.shape[0] - 1,) * data.ndim
    assert x.item(last) == data.item(last) or np.isnan(data.item(last))
    assert type(x.item(last)) is type(data.item(last))
    host = x.numpy()
    assert isinstance(host, np.ndarray) and host.flags.writeable
    np.testing.assert_array_equal(host, data)
    host.flat[0] = 0  # a copy: the array is unchanged
    np.testing.assert_array_equal(np.asarray(x), data)


def test_item_of_more_than_one_element_is_refused(driver):
    with pytest.raises(ValueError, match="size 1"):
        ak.asarray([1, 2]).item()
    assert ak.asarray([[7.5]]).item() == 7.5


def test_in_place_sort_and_fill_reach_views(driver):
    data = np.array([[5, 3, 9, 1], [8, 2, 7, 4]])
    x = ak.asarray(data)
    row = x[1]  # a view: the in-place methods write through it, as NumPy's do
    row.sort()
    ref = data.copy()
    ref[1].sort()
    np.testing.assert_array_equal(np.asarray(x), ref)
    x.sort(axis=0)
    ref.sort(axis=0)
    np.testing.assert_array_equal(np.asarray(x), ref)
    x[:, 1:3].fill(-1)
    ref[:, 1:3].fill(-1)
    np.testing.assert_array_equal(np.asarray(x), ref)
    np.testing.assert_array_equal(np.asarray(row), ref[1])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=25)
@given(
    hnp.arrays(
        st.sampled_from([np.float64, np.float32, np.int16, np.int64]),
        hnp.array_shapes(min_dims=1, max_dims=3, max_side=4),
        elements={"allow_nan": False, "allow_subnormal": False},
    ),
    st.sampled_from(["sum", "min", "max", "argmin", "argmax", "cumsum"]),
)
def test_reductions_match_numpy_on_drawn_arrays(driver, data, method):
    x = ak.asarray(data)
    for axis in [None, *range(-data.ndim, data.ndim)]:
        if method == "cumsum" and axis is not None and axis < 0:
            continue
        with np.errstate(over="ignore"):
            want = getattr(data, method)(axis=axis)
        got = getattr(x, method)(axis=axis)
        if data.dtype.kind == "f" and method in ("sum", "cumsum"):
            np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5)
            assert np.asarray(got).dtype == want.dtype
        else:
            _check(got, want)


def test_python_protocols(driver):
    data = np.array([[1.25, -2.0], [3.0, 4.5]])
    x = ak.asarray(data)
    assert f"{x[0, 0]:.3f}" == f"{data[0, 0]:.3f}" == "1.250"
    assert f"{ak.asarray(7):>4d}" == "   7"
    assert format(x, "") == str(x)
    with pytest.raises(TypeError, match="format"):
        f"{x:.2f}"
    assert (3.0 in x) is True and (2.0 in x) is False and (-2.0 in x) is True
    assert len(x) == 2 and [np.asarray(r).tolist() for r in x] == data.tolist()
    _check(round(x), np.round(data))
    _check(round(x, 1), np.round(data, 1), rtol=ROUNDING)
    _check(abs(x), abs(data))
    _check(divmod(x, 2.0), divmod(data, 2.0))
    _check(divmod(7.0, x), divmod(7.0, data))
    c = copy.copy(x)
    c[0, 0] = 100.0
    assert float(x[0, 0]) == 1.25


@pytest.mark.parametrize("fn", [bool, int, float, operator.index])
def test_conversions_of_arrays_say_what_to_do(driver, fn):
    with pytest.raises(TypeError, match=r"0-D array, got shape \(2,\): .*(ak\.|x\[0\])"):
        fn(ak.asarray([1, 2]))


def test_numpy_defers_to_arraykit_in_mixed_operators(driver):
    x = ak.asarray([1.0, 2.0])
    assert x.__array_priority__ > np.zeros(1).__array_priority__  # type: ignore[attr-defined]
    assert isinstance(np.ones(2) + x, ak.Array)
    assert isinstance(np.ones(2) < x, ak.Array)


def _call(x: ak.Array, name: str) -> object:
    args = {
        "reshape": (-1,), "swapaxes": (0, 0), "astype": (ak.float32,), "clip": (0, 1),
        "dot": (x,), "fill": (0,), "__format__": (".1f",), "__contains__": (1,),
        "__divmod__": (2,), "__rdivmod__": (2,),
        # issue 25, part B
        "take": ([0],), "repeat": (2,), "searchsorted": (0.5,), "compress": ([True],),
        "choose": ([x, x],), "put": ([0], 2.0), "partition": (0,), "argpartition": (0,),
        "resize": (2,), "view": (ak.int64,),
    }.get(name, ())  # fmt: skip
    if name in ("diagonal", "trace"):
        x = ak.reshape(x, (1, 1))
    if name == "choose":
        x = ak.asarray([0, 1])
    attr = getattr(type(x), name)
    if isinstance(attr, property):
        return getattr(x, name)
    return getattr(x, name)(*args)


@pytest.mark.parametrize("name", sorted(STANDARD_SPELLING))
def test_strict_mode_refuses_each_extension_naming_the_standard_spelling(driver, name):
    x = ak.asarray([1.0]) if name != "__format__" else ak.asarray(1.0)
    if name == "resize":
        x = ak.asarray([1.0, 2.0])  # resized in place, so each call starts from a new one
    _call(x, name)  # allowed by default
    refusal = f"standard's.*use {re.escape(STANDARD_SPELLING[name])}"
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=refusal):
        _call(x, name)


def test_every_extension_is_covered_by_the_strict_refusal():
    extensions = {
        n
        for n, v in vars(ak.Array).items()
        if getattr(v.fget if isinstance(v, property) else v, "__module__", None)
        in ("arraykit._ndarray", "arraykit._ndarray_more")
    }
    assert extensions == set(STANDARD_SPELLING)


# ---------------------------------------------------------------------- issue 25, part B
def _left_out() -> dict[str, str]:
    """The ``ndarray`` names docs/reference/numpy.rst lists as left out, with reasons."""
    text = (pathlib.Path(__file__).parents[1] / "docs" / "reference" / "numpy.rst").read_text()
    section = text.split("Left out of ``Array``", 1)[1]
    return dict(re.findall(r"^\* ``(\w+)``: (.+)$", section, re.MULTILINE))


def test_every_ndarray_name_is_present_or_left_out_with_a_reason():
    left_out = _left_out()
    missing = sorted(n for n in dir(np.ndarray) if not hasattr(ak.Array, n) and n not in left_out)
    assert not missing, f"add these to Array or to numpy.rst's left-out list: {missing}"
    present = sorted(n for n in left_out if hasattr(ak.Array, n))
    assert not present, f"listed as left out, yet on Array: {present}"
    assert all(len(why) > 20 for why in left_out.values())
    names = [n for n in dir(np.ndarray) if not n.startswith("_")]
    found = [n for n in names if hasattr(ak.Array, n)]
    print(f"NumPy ndarray's public names on ak.Array: {len(found)} / {len(names)}")


def test_flat_iterates_and_reads_as_numpy(driver):
    data = np.arange(12.0).reshape(3, 4).T  # flat order is the logical order
    x = ak.asarray(np.arange(12.0).reshape(3, 4)).T
    assert [float(v) for v in x.flat] == list(data.flat)
    assert len(x.flat) == 12 and x.flat.base is x
    _check(x.flat[5], np.asarray(data.flat[5]))
    _check(x.flat[2:10:3], data.flat[2:10:3])
