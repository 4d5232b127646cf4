"""Issue 25, part B: what ``tests/test_numpy_api.py``'s generated comparison cannot show.

Writes (``put``, ``put_along_axis``, ``x.flat[i] = v``): the last of repeated positions
wins on every driver, as NumPy's sequential writes (a backend's scatter leaves repeats
open), and writes reach views and bases.  Partitions: what NumPy determines, on large
draws with ties and NaNs.  ``x.view``: NumPy's byte reinterpretation and shape rule over
layouts, its refusals, writes both ways.  ``frexp``/``ldexp`` in the subnormal range
(rounded once), ``resize``, the errors NumPy raises.
"""

from __future__ import annotations

import gc
import re
import warnings

import numpy as np
import pytest

import arraykit as ak
from arraykit._numpy_api import convolution

RNG = np.random.default_rng(2525)


def _eq(got: object, want: np.ndarray) -> None:
    g = np.asarray(got)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    np.testing.assert_array_equal(g, want)


# ---------------------------------------------------------------------- writes
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put_last_of_repeated_positions_wins(driver, mode):
    # 4000 writes into 37 places: every place is written many times, in an order NumPy
    # makes sequential (the last wins); backends' scatters order repeats as they like
    lo, hi = (-37, 37) if mode == "raise" else (-100, 100)
    ind = RNG.integers(lo, hi, 4000)
    vals = RNG.normal(size=1500)  # cycled to the 4000 indices
    want = np.zeros(37)
    np.put(want, ind, vals, mode=mode)
    x = ak.zeros(37)
    ak.put(x, ak.asarray(ind), ak.asarray(vals), mode=mode)
    _eq(x, want)


def test_put_along_axis_last_of_repeats_wins(driver):
    idx = RNG.integers(-6, 6, (5, 300))
    vals = RNG.normal(size=(5, 300))
    want = np.zeros((5, 6))
    np.put_along_axis(want, idx, vals, axis=1)
    x = ak.zeros((5, 6))
    ak.put_along_axis(x, ak.asarray(idx), ak.asarray(vals), axis=1)
    _eq(x, want)


def test_flat_writes_like_numpy(driver):
    base = np.arange(24.0).reshape(4, 6)
    cases = [(5, -7.5), (-1, [1.5, 2.5]), (slice(2, 17, 3), [1.5, 2.5]),
             ([0, 3, 3, 22], np.array([[9.0, 8.0, 7.0]])), (np.array([[1, 2], [2, 1]]), -7.5),
             (Ellipsis, [1.5, 2.5])]  # fmt: skip
    for key, value in cases:
        if True:
            want = base.T.copy().T  # a transposed layout: flat order is the logical one
            x = ak.asarray(base.T).T
            k = ak.asarray(key) if isinstance(key, np.ndarray) else key
            v = ak.asarray(value) if isinstance(value, np.ndarray) else value
            try:
                want.flat[key] = value
            except ValueError:  # a sequence into one element
                with pytest.raises(ValueError, match=r"x\.flat: one element"):
                    x.flat[k] = v
                continue
            x.flat[k] = v
            _eq(x, want)
    mask = base % 5 == 0
    want = base.copy()
    want.flat[mask.ravel()] = [-1.0, -2.0]
    x = ak.asarray(base)
    x.flat[ak.asarray(mask.ravel())] = [-1.0, -2.0]
    _eq(x, want)
    x = ak.asarray(base)
    _eq(x.flat[[[1, 2], [-1, 0]]], base.flat[[[1, 2], [-1, 0]]])
    _eq(x.flat[3:9:2], base.flat[3:9:2])
    with pytest.raises(IndexError, match=r"x\.flat: index 24 is out of bounds"):
        x.flat[[1, 24]] = 0.0
    _eq(x, base)  # unchanged


def test_writes_reach_views_and_bases(driver):
    data = np.arange(12.0).reshape(3, 4)
    x = ak.asarray(data)
    row, cols = x[1], x[:, ::2]  # a view, a strided view
    want = data.copy()
    ak.put(row, [0, 3, 0], [10.0, 20.0, 30.0])
    np.put(want[1], [0, 3, 0], [10.0, 20.0, 30.0])
    cols.flat[[1, 4]] = -1.0
    want[:, ::2].flat[[1, 4]] = -1.0
    ak.put_along_axis(x, ak.asarray([[2], [0], [1]]), 99.0, axis=1)
    np.put_along_axis(want, np.array([[2], [0], [1]]), 99.0, axis=1)
    x.put([11], [5.5])
    want.put([11], [5.5])
    _eq(x, want)
    _eq(row, want[1])
    _eq(cols, want[:, ::2])
    ro = ak.broadcast_to(x[0], (2, 4))  # read-only, as NumPy's
    with pytest.raises(ValueError, match="read-only"):
        ak.put(ro, [0], [1.0])
    with pytest.raises(ValueError, match="read-only"):
        ak.diagonal(x).flat[0] = 1.0
    _eq(x, want)


def test_put_refusals(driver):
    x = ak.zeros(4)
    with pytest.raises(IndexError, match="put: index 5 is out of bounds for axis 0 with size 4"):
        ak.put(x, [0, 5], [1.0])
    with pytest.raises(IndexError, match="put: index -5 is out of bounds"):
        ak.put(x, [-5], [1.0])
    with pytest.raises(TypeError, match="put: 'ind' must have an integer dtype"):
        ak.put(x, ak.asarray([1.5]), [1.0])
    with pytest.raises(IndexError, match="cannot replace elements of an empty array"):
        ak.put(ak.zeros(0), [0], [1.0], mode="wrap")
    with pytest.raises(ValueError, match="'mode' must be one of"):
        ak.put(x, [0], [1.0], mode="nearest")
    with pytest.raises(TypeError, match="cannot cast complex"):
        ak.put(x, [0], ak.asarray([1j]) if driver.capabilities.complex else 1j)
    with pytest.raises(TypeError, match="put: 'a' must be an arraykit array"):
        ak.put(np.zeros(3), [0], [1.0])
    _eq(x, np.zeros(4))


# ---------------------------------------------------------------------- partitions
@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_partition_gives_what_numpy_determines(driver, dtype):
    a = RNG.integers(-20, 20, (6, 400)).astype(dtype)  # many ties
    if dtype == "float64":
        a[RNG.random(a.shape) < 0.05] = np.nan
    kth = [0, 57, 200, 399]
    got = np.asarray(ak.partition(ak.asarray(a), kth, axis=1))
    idx = np.asarray(ak.argpartition(ak.asarray(a), kth, axis=1))
    want = np.partition(a, kth, axis=1)
    assert (np.sort(idx, axis=1) == np.arange(400)).all()  # a permutation
    for part in (got, np.take_along_axis(a, idx, axis=1)):
        for k in kth:
            np.testing.assert_array_equal(part[:, k], want[:, k])
            np.testing.assert_array_equal(np.sort(part[:, :k], axis=1), np.sort(want[:, :k], 1))
            np.testing.assert_array_equal(np.sort(part[:, k + 1 :], axis=1),
                                          np.sort(want[:, k + 1 :], axis=1))  # fmt: skip
    x = ak.asarray(a)
    x.partition(3)  # in place, as NumPy's method
    np.testing.assert_array_equal(np.asarray(x)[:, 3], want_k3 := np.partition(a, 3)[:, 3])
    assert want_k3.shape == (6,)


def test_partition_refusals(driver):
    x = ak.asarray([3.0, 1.0, 2.0])
    with pytest.raises(ValueError, match=r"partition: kth\(=3\) out of bounds \(3\)"):
        ak.partition(x, 3)
    with pytest.raises(ValueError, match=r"argpartition: kth\(=-4\) out of bounds"):
        ak.argpartition(x, [0, -4])
    with pytest.raises(TypeError, match="partition: 'kth' must be an int"):
        ak.partition(x, True)
    with pytest.raises(ValueError, match="'kind' must be 'introselect'"):
        ak.partition(x, 0, kind="quick")


# ---------------------------------------------------------------------- view
LAYOUTS = {
    "contiguous": lambda a: a,
    "rows strided": lambda a: a[::-2],  # the last axis contiguous: allowed
    "columns strided": lambda a: a[:, ::2],  # the last axis not contiguous: refused
    "one column": lambda a: a[:, 1:2],  # of length 1: NumPy lets it change itemsize
    "0-d": lambda a: a[1, 1, ...],
    "empty": lambda a: a[:0],
}
PAIRS = [("float64", "int64"), ("float64", "float32"), ("float32", "float64"),
         ("uint8", "int16"), ("complex128", "float64"), ("float64", "complex128"),
         ("int64", "complex64"), ("bool", "uint8"), ("int16", "float16")]  # fmt: skip


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_view_reinterprets_bytes_as_numpy(driver, src, dst, layout):
    if "complex" in src + dst and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    if "float16" in src + dst and not driver.capabilities.float16:
        pytest.skip("no float16")
    root = RNG.integers(0, 2, (4, 8)) if src == "bool" else RNG.normal(size=(4, 8)) * 100
    root = root.astype(src)
    np_x = LAYOUTS[layout](root)
    x = LAYOUTS[layout](ak.asarray(root))
    try:
        want = np_x.view(dst)
    except ValueError as e:
        with pytest.raises(ValueError, match="(?i)x.view: " + re.escape(str(e)[:20])):
            x.view(dst)
        return
    got = x.view(dst)
    assert got.shape == want.shape and np.asarray(got).dtype == want.dtype
    assert np.asarray(got).tobytes() == want.tobytes()
    if want.size == 0 or dst == "bool":
        return
    # a view: a write to it reaches the base, a write to the base reaches it
    got_flat = np.asarray(got).reshape(-1)
    new = got_flat[::-1].copy().reshape(want.shape)
    got[...] = ak.asarray(new)
    want[...] = new
    assert np.asarray(x).tobytes() == np_x.tobytes()


def test_view_of_the_same_dtype_is_a_view(driver):
    x = ak.asarray([[1.0, 2.0], [3.0, 4.0]])
    v = x.view(float)  # what SciPy's RBFInterpolator calls
    assert v is not x and v.dtype == x.dtype
    v[0, 0] = 10.0
    x[1, 1] = -4.0
    _eq(x, np.array([[10.0, 2.0], [3.0, -4.0]]))
    _eq(v, np.array([[10.0, 2.0], [3.0, -4.0]]))
    assert x.view(np.ndarray).shape == (2, 2)
    with pytest.raises(TypeError, match="'type' must be an array class"):
        x.view(type=list)
    with pytest.raises(TypeError, match=r"dtype"):
        x.view(object)


# ---------------------------------------------------------------------- resize
def test_resize_in_place_as_numpy(driver):
    for shape in ((7,), (2, 2), (3, 3), (0,), (2, 0, 3)):
        data = np.arange(6).reshape(2, 3)
        want = data.copy()
        want.resize(shape)
        x = ak.asarray(data, copy=True)  # not sharing data's memory (NumPy would refuse)
        x.resize(shape)
        _eq(x, want)
    x = ak.asarray([1, 2, 3])
    x.resize(2, 3)
    _eq(x, np.array([[1, 2, 3], [0, 0, 0]]))


def test_resize_refuses_where_numpy_does(driver):
    x = ak.arange(6)
    v = x[1:]
    with pytest.raises(ValueError, match="referenced by another array"):
        x.resize(3)
    with pytest.raises(ValueError, match=r"does not own its data|referenced"):
        v.resize(3)
    del v
    gc.collect()
    x.resize(3)  # nothing views it any more
    _eq(x, np.arange(3))
    with pytest.raises(ValueError, match="negative dimensions"):
        x.resize(-1)
    y = ak.reshape(ak.arange(6), (2, 3))  # a view of a temporary nothing else holds
    y.resize(4)
    _eq(y, np.arange(4))
    base = ak.arange(6)
    z = ak.reshape(base, (2, 3))  # a view of an array held here: refused, as NumPy
    with pytest.raises(ValueError, match=r"does not own its data|referenced"):
        z.resize(4)


# ---------------------------------------------------------------------- floating point
def test_ldexp_rounds_once_as_numpy(driver):
    for dtype in ("float64", "float32"):
        x = RNG.normal(size=3000).astype(dtype) * 10.0 ** RNG.integers(-3, 4, 3000)
        n = RNG.integers(-120, 120, 3000).astype(np.int32)
        _eq(ak.ldexp(ak.asarray(x), ak.asarray(n)), np.ldexp(x, n))
        m, e = ak.frexp(ak.asarray(x))
        wm, we = np.frexp(x)
        _eq(m, wm)
        _eq(e, we)


def test_frexp_and_ldexp_of_subnormals(driver):
    if not driver.capabilities.subnormals:
        pytest.skip("the driver flushes subnormals (XLA): docs/guides/departures.md")
    for dtype, lo in (("float64", -1074), ("float32", -149)):
        tiny = np.finfo(dtype).tiny
        x = (RNG.uniform(-1, 1, 2000) * tiny).astype(dtype)  # subnormal
        m, e = ak.frexp(ak.asarray(x))
        wm, we = np.frexp(x)
        _eq(m, wm)
        _eq(e, we)
        # into the subnormal range and below it: one rounding (halfway cases included)
        y = (RNG.integers(1, 1 << 20, 2000) * 2.0**-20 + 1).astype(dtype)
        n = RNG.integers(lo - 25, lo + 30, 2000).astype(np.int32)
        _eq(ak.ldexp(ak.asarray(y), ak.asarray(n)), np.ldexp(y, n))


def test_ldexp_and_frexp_refusals(driver):
    with pytest.raises(TypeError, match="ldexp: 'x2' must have an integer dtype"):
        ak.ldexp(ak.asarray([1.0]), ak.asarray([2.0]))
    with pytest.raises(TypeError, match="not uint64"):
        ak.ldexp(ak.asarray([1.0]), ak.asarray([2], dtype=ak.uint64))
    with pytest.raises(TypeError, match="ldexp: 'x2' must be an integer"):
        ak.ldexp(ak.asarray([1.0]), 2.5)
    if driver.capabilities.complex:
        with pytest.raises(TypeError, match="frexp: 'x' must have a real-valued dtype"):
            ak.frexp(ak.asarray([1j]))


# ---------------------------------------------------------------------- the rest
def test_convolve_in_blocks_is_numpys(driver, monkeypatch):
    monkeypatch.setattr(convolution, "_BLOCK", 80)  # blocks of 2 of the kernel
    a, v = RNG.integers(-50, 50, 30), RNG.integers(-50, 50, 9)
    for mode in ("full", "same", "valid"):
        _eq(ak.convolve(ak.asarray(a), ak.asarray(v), mode), np.convolve(a, v, mode))
        _eq(ak.correlate(ak.asarray(v), ak.asarray(a), mode), np.correlate(v, a, mode))


def test_gradient_takes_numpys_uniform_formula_for_even_coordinates(driver):
    f = RNG.normal(size=9)
    even, uneven = np.arange(9) * 0.375, np.cumsum(RNG.uniform(0.5, 1.5, 9))
    for coords in (even, uneven):
        for order in (1, 2):
            want = np.gradient(f, coords, edge_order=order)
            _eq(ak.gradient(ak.asarray(f), ak.asarray(coords), edge_order=order), want)
    # the two formulas differ in the last bits: the choice shows
    assert not np.array_equal(np.gradient(f, even), np.gradient(f, even + np.r_[[0.0] * 8, 1e-12]))


def test_polyfit_warns_where_numpy_does(driver):
    x = ak.asarray([1.0, 1.0, 1.0, 2.0])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ak.polyfit(x, ak.asarray([1.0, 2.0, 3.0, 4.0]), 2)
    lazy = driver.capabilities.lazy
    assert lazy or any(issubclass(w.category, np.exceptions.RankWarning) for w in caught)


def test_index_errors_are_numpys(driver):
    with pytest.raises(ValueError, match="index 6 is out of bounds for array with size 6"):
        ak.unravel_index(ak.asarray([1, 6]), (2, 3))
    with pytest.raises(TypeError, match="only int indices permitted"):
        ak.unravel_index(ak.asarray([1.5]), (2, 3))
    with pytest.raises(ValueError, match="invalid entry in coordinates array"):
        ak.ravel_multi_index((ak.asarray([1]), ak.asarray([3])), (2, 3))
    with pytest.raises(ValueError, match="must be a sequence of length 2"):
        ak.ravel_multi_index((ak.asarray([1]),), (2, 3))
    with pytest.raises(ValueError, match="invalid entry in choice array"):
        ak.choose(ak.asarray([0, 2]), [ak.ones(2), ak.zeros(2)])
    with pytest.raises(TypeError, match="same_kind"):
        ak.ediff1d(ak.asarray([1, 2]), to_begin=0.5)
    with pytest.raises(ValueError, match="at least \\(edge_order \\+ 1\\)"):
        ak.gradient(ak.asarray([1.0, 2.0]), edge_order=2)
    with pytest.raises(ValueError, match="object too deep"):
        ak.convolve(ak.ones((2, 2)), ak.ones(2))
    with pytest.raises(ValueError, match="'v' cannot be empty"):
        ak.correlate(ak.ones(2), ak.ones(0))


def test_piecewise_on_a_lazy_driver_says_what_to_do(driver):
    x = ak.asarray([-1.0, 2.0, 3.0])
    pieces = [lambda v: v * 2, lambda v: -v]
    if not driver.capabilities.lazy:
        _eq(ak.piecewise(x, [x < 0, x > 2.5], pieces), np.array([-2.0, 0.0, -3.0]))
        return
    with pytest.raises(TypeError, match=r"ak\.where"):
        ak.piecewise(x, [x < 0, x > 2.5], pieces)


def test_transpose_of_any_rank(driver):
    a = np.arange(24).reshape(2, 3, 4)
    x = ak.asarray(a)
    _eq(x.T, a.T)
    t = x.T
    t[3, 2, 1] = -1  # a view, as NumPy's
    a.T[3, 2, 1] = -1
    _eq(x, a)
    _eq(ak.asarray([1, 2]).T, np.array([1, 2]))
    with ak.use(promotion="strict"), pytest.raises(ValueError, match=r"x\.mT"):
        _ = x.T


def test_numpy_functions_on_arraykit_arrays_run_on_arraykit(driver):
    # NEP 18/13: NumPy's own spellings reach these functions, no host copy (an error if so)
    x, w = np.array([1.5, -3.0, 0.25, 2.0]), np.array([0, 2, 1, 1])
    a, i = ak.asarray(x), ak.asarray(w)
    with ak.use(host_fallback="error"):
        got = [np.convolve(a, a), np.trapezoid(a), np.gradient(a), np.ediff1d(a),
               np.frexp(a)[0], np.modf(a)[1], np.ldexp(a, i), np.lexsort((a,)),
               np.unravel_index(i, (2, 2))[0], np.choose(i % 2, [a, -a]),
               np.apply_along_axis(lambda v: v[::-1], 0, a)]  # fmt: skip
        b = ak.asarray(x, copy=True)
        np.put(b, i, a)
    want = [np.convolve(x, x), np.trapezoid(x), np.gradient(x), np.ediff1d(x), np.frexp(x)[0],
            np.modf(x)[1], np.ldexp(x, w), np.lexsort((x,)), np.unravel_index(w, (2, 2))[0],
            np.choose(w % 2, [x, -x]), x[::-1]]  # fmt: skip
    for g, v in zip(got, want, strict=True):
        assert isinstance(g, ak.Array)
        np.testing.assert_allclose(np.asarray(g), v, rtol=1e-15)
    c = x.copy()
    np.put(c, w, x)
    _eq(b, c)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8, np.int16, np.uint16])
def test_small_integers_compute_in_the_default_float(driver, dtype):
    """NumPy's floating functions of bool, int8 and uint8 are float16 and of int16 and
    uint16 float32 (its smallest float that holds every value); arraykit's are the
    default float on every driver, whatever the integer's width (departures: "Floating
    functions of integers")."""
    x = np.array([True, False, True]) if dtype is np.bool_ else np.array([0, 1, 3, 100], dtype)
    default = ak.asarray(1.0).dtype
    exact = x.astype(np.float64)
    rtol = 1e-6 if default == ak.float32 else 1e-15
    for name in ("sin", "sqrt", "exp", "log1p"):
        got = getattr(ak, name)(ak.asarray(x))
        assert got.dtype == default and getattr(np, name)(x[:2]).dtype != np.float64
        np.testing.assert_allclose(np.asarray(got), getattr(np, name)(exact), rtol=rtol)
    (m, e), (wm, we) = ak.frexp(ak.asarray(x)), np.frexp(exact)
    assert m.dtype == default and np.frexp(x)[0].dtype != np.float64
    np.testing.assert_array_equal(np.asarray(m), wm)
    np.testing.assert_array_equal(np.asarray(e), we)
    frac, whole = ak.modf(ak.asarray(x))
    assert frac.dtype == whole.dtype == default
    np.testing.assert_array_equal(np.asarray(whole), exact)
