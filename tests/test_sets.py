"""isin and unique_*: against NumPy and Python sets, with the spec's NaN and zero rules."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

RNG = np.random.default_rng(2)


def first_indices(flat: np.ndarray) -> dict:
    out: dict = {}
    for i, v in enumerate(flat.tolist()):
        out.setdefault(v, i)
    return out


def reference_unique(data: np.ndarray) -> tuple[list, list[int], np.ndarray, list[int]]:
    """``unique_all`` in plain Python, independent of any array library: values ascending
    (complex by real, then imaginary part), NaNs last (each distinct, in input order),
    each value represented by its first occurrence (``-0.0`` or ``0.0``, whichever comes
    first) and ``indices`` pointing there."""
    flat = data.reshape(-1).tolist()
    first: dict = {}  # value -> index of its first occurrence (0.0 == -0.0 share a key)
    nans: list[int] = []
    for i, v in enumerate(flat):
        if v != v:
            nans.append(i)
        else:
            first.setdefault(v, i)
    key = (lambda v: (v.real, v.imag)) if data.dtype.kind == "c" else (lambda v: v)
    order = sorted(first, key=key) + [None] * len(nans)
    indices = [first[v] for v in order[: len(first)]] + nans
    slot = {v: k for k, v in enumerate(order[: len(first)])}
    inverse = [slot[v] if v == v else len(first) + nans.index(i) for i, v in enumerate(flat)]
    counts = [sum(1 for w in flat if w == v) for v in order[: len(first)]] + [1] * len(nans)
    values = [flat[i] for i in indices]
    return values, indices, np.array(inverse).reshape(data.shape), counts


def check_unique(x: ak.Array, data: np.ndarray) -> None:
    """All four ``unique_*`` functions equal the reference, order and signs of zero too."""
    values, indices, inverse, counts = reference_unique(data)
    r = ak.unique_all(x)
    got = np.asarray(r.values)
    np.testing.assert_array_equal(got, np.array(values, dtype=data.dtype))
    assert np.signbit(got.real).tolist() == np.signbit(np.array(values).real).tolist()
    assert np.asarray(r.indices).tolist() == indices
    np.testing.assert_array_equal(np.asarray(r.inverse_indices), inverse)
    assert np.asarray(r.counts).tolist() == counts
    np.testing.assert_array_equal(np.asarray(ak.unique_values(x)), got)
    rc = ak.unique_counts(x)
    np.testing.assert_array_equal(np.asarray(rc.values), got)
    assert np.asarray(rc.counts).tolist() == counts
    ri = ak.unique_inverse(x)
    np.testing.assert_array_equal(np.asarray(ri.values), got)
    np.testing.assert_array_equal(np.asarray(ri.inverse_indices), inverse)


def as_dict(keys: ak.Array, values: ak.Array) -> dict:
    return dict(zip(np.asarray(keys).tolist(), np.asarray(values).tolist(), strict=True))


# ---------------------------------------------------------------------- unique_*
def test_unique_all_fields_and_values(driver):
    data = RNG.integers(-3, 4, size=(4, 6)).astype(np.int16)
    r = ak.unique_all(ak.asarray(data))
    assert isinstance(r, tuple)
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    values, indices, inverse, counts = (np.asarray(a) for a in r)
    assert r.values.dtype == ak.int16
    assert r.indices.dtype == r.inverse_indices.dtype == r.counts.dtype == ak.int64
    flat = data.reshape(-1)
    np.testing.assert_array_equal(values, np.unique(data))  # ascending, as every library
    assert inverse.shape == data.shape
    np.testing.assert_array_equal(values[inverse], data)
    firsts = first_indices(flat)
    assert indices.tolist() == [firsts[v] for v in values.tolist()]
    tally = Counter(flat.tolist())
    assert counts.tolist() == [tally[v] for v in values.tolist()]


def test_unique_counts_inverse_values(driver):
    data = np.array([[5, 1, 5], [2, 1, 5]], dtype=np.uint8)
    x = ak.asarray(data)
    r = ak.unique_counts(x)
    assert r._fields == ("values", "counts")
    assert as_dict(r.values, r.counts) == {1: 2, 2: 1, 5: 3}
    r = ak.unique_inverse(x)
    assert r._fields == ("values", "inverse_indices")
    assert r.inverse_indices.shape == (2, 3) and r.inverse_indices.dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(r.values)[np.asarray(r.inverse_indices)], data)
    v = ak.unique_values(x)
    assert v.dtype == ak.uint8 and v.ndim == 1
    assert np.asarray(v).tolist() == [1, 2, 5]


@pytest.mark.parametrize("dtype", [np.int64, np.uint8, np.int16])
def test_unique_values_are_sorted(driver, dtype):
    """Integers NumPy hashes (it returns them unsorted since 2.3) come out ascending, with
    first-occurrence indices: scikit-learn's label encoding relies on it."""
    data = RNG.permutation(np.arange(200) * 7 % 251).astype(dtype)[:150]
    data = np.concatenate([data, data[::3]])
    check_unique(ak.asarray(data), data)


def test_unique_order_with_nan_signed_zeros_and_complex(driver):
    data = np.array([3.0, math.nan, -0.0, 1.0, 0.0, math.nan, -2.5, 1.0, -0.0])
    check_unique(ak.asarray(data), data)
    check_unique(ak.asarray(data[::-1].copy()), data[::-1].copy())
    if driver.capabilities.complex:
        z = np.array([1 + 2j, 1 - 1j, -3 + 0j, 1 + 2j, 0j, -1j, 1 - 1j])
        check_unique(ak.asarray(z), z)


def test_unique_nan_and_signed_zero_rules(driver):
    data = np.array([math.nan, 0.0, 1.0, -0.0, math.nan, 1.0, math.nan])
    x = ak.asarray(data)
    values = np.asarray(ak.unique_values(x))
    assert np.isnan(values).sum() == 3  # NaNs are distinct
    assert sorted(values[~np.isnan(values)].tolist()) == [0.0, 1.0]  # one zero
    r = ak.unique_all(x)
    vals, idx, counts = np.asarray(r.values), np.asarray(r.indices), np.asarray(r.counts)
    for v, i, c in zip(vals.tolist(), idx.tolist(), counts.tolist(), strict=True):
        if math.isnan(v):
            assert c == 1 and math.isnan(data[i])
        elif v == 0.0:
            assert (c, i) == (2, 1)  # signed zeros aggregate; first occurrence is index 1
        else:
            assert (v, c, i) == (1.0, 2, 2)
    inverse = np.asarray(r.inverse_indices)
    rebuilt = vals[inverse]
    np.testing.assert_array_equal(np.isnan(rebuilt), np.isnan(data))
    np.testing.assert_array_equal(rebuilt[~np.isnan(data)], data[~np.isnan(data)])
    uc = ak.unique_counts(x)
    assert np.asarray(uc.counts)[np.isnan(np.asarray(uc.values))].tolist() == [1, 1, 1]


def test_unique_of_complex_and_bool(driver):
    data = np.array([1 + 1j, complex(math.nan, 0.0), 1 + 1j, complex(math.nan, 0.0)])
    values = np.asarray(ak.unique_values(ak.asarray(data)))
    assert values.dtype == np.complex128 and len(values) == 3
    r = ak.unique_counts(ak.asarray([True, False, True, True]))
    assert as_dict(r.values, r.counts) == {False: 1, True: 3}


def test_unique_of_0d_and_default_int32(driver):
    r = ak.unique_all(ak.asarray(7.0))
    assert r.values.shape in ((1,), (None,)) and r.inverse_indices.shape == ()
    values = ak.compute(r.values)  # a size found when computed, on lazy drivers
    assert values.shape == (1,)
    assert float(values[0]) == 7.0 and int(r.inverse_indices) == 0
    x = ak.asarray([3, 3, 1])
    with ak.use(default_int="int32"):
        r = ak.unique_all(x)
        inv = ak.unique_inverse(x)
        cnt = ak.unique_counts(x)
    for a in (r.indices, r.inverse_indices, r.counts, inv.inverse_indices, cnt.counts):
        assert a.dtype == ak.int32


def test_unique_errors(driver):
    for fn in (ak.unique_all, ak.unique_counts, ak.unique_inverse, ak.unique_values):
        with pytest.raises(TypeError, match=rf"{fn.__name__}: 'x' must be an arraykit array"):
            fn([1, 2])
    caps = dataclasses.replace(driver.capabilities, data_dependent_shapes=False)
    lazy = type("Lazy", (type(driver),), {"name": "lazy", "capabilities": caps})()
    x = ak.asarray(np.array([1, 1, 2]), driver=lazy)
    with pytest.raises(NotImplementedError, match=r"unique_values: the 'lazy' driver cannot"):
        ak.unique_values(x)
    with pytest.raises(NotImplementedError, match=r"unique_all: the 'lazy' driver"):
        ak.unique_all(x)


# ---------------------------------------------------------------------- isin
@pytest.mark.parametrize("invert", [False, True])
def test_isin_matches_numpy(driver, invert):
    a = RNG.integers(0, 20, size=(3, 5))
    b = RNG.integers(0, 20, size=(2, 4))  # x2 of any shape
    out = ak.isin(ak.asarray(a), ak.asarray(b), invert=invert)
    assert out.dtype == ak.bool and out.shape == a.shape
    np.testing.assert_array_equal(np.asarray(out), np.isin(a, b, invert=invert))


def test_isin_promotes(driver):
    a = np.array([1, 2, 300], dtype=np.int16)
    b = np.array([2, 44], dtype=np.int8)
    out = ak.isin(ak.asarray(a), ak.asarray(b))
    np.testing.assert_array_equal(np.asarray(out), [False, True, False])
    out = ak.isin(ak.asarray(b), ak.asarray(a))
    np.testing.assert_array_equal(np.asarray(out), [True, False])


def test_isin_python_ints(driver):
    x = ak.asarray(np.array([[1, 2], [3, 2]], dtype=np.int8))
    np.testing.assert_array_equal(np.asarray(ak.isin(x, 2)), [[False, True], [False, True]])
    np.testing.assert_array_equal(
        np.asarray(ak.isin(x, 2, invert=True)), [[True, False], [True, False]]
    )
    hit = ak.isin(3, x)
    assert hit.shape == () and hit.dtype == ak.bool and bool(hit)
    assert not bool(ak.isin(4, x)) and bool(ak.isin(4, x, invert=True))
    # A Python int that int8 cannot hold equals no element (rather than overflowing).
    np.testing.assert_array_equal(np.asarray(ak.isin(x, 1000)), np.zeros((2, 2), bool))
    np.testing.assert_array_equal(np.asarray(ak.isin(x, -1000, invert=True)), np.ones((2, 2)))
    assert not bool(ak.isin(1000, x)) and bool(ak.isin(1000, x, invert=True))


def test_isin_floats_use_value_equality(driver):
    x1 = ak.asarray([math.nan, 0.0, -0.0, 1.5])
    x2 = ak.asarray([math.nan, -0.0])
    np.testing.assert_array_equal(np.asarray(ak.isin(x1, x2)), [False, True, True, False])


def test_isin_errors(driver):
    x = ak.asarray([1, 2])
    with pytest.raises(TypeError, match=r"isin: at least one of 'x1' and 'x2' must be an arr"):
        ak.isin(1, 2)
    with pytest.raises(TypeError, match=r"isin: 'x2' must be an arraykit array or a Python int"):
        ak.isin(x, [1, 2])
    with pytest.raises(TypeError, match=r"isin: 'x1' must be an arraykit array or a Python int"):
        ak.isin(np.array([1]), x)
    with ak.use(promotion="strict"):
        assert bool(ak.isin(2, x))
        with pytest.raises(TypeError, match=r"isin: the standard defines isin for integer"):
            ak.isin(ak.asarray([1.0]), ak.asarray([1.0]))


# ---------------------------------------------------------------------- properties
@fixture_ok
@given(
    data=xps.arrays(
        dtype=st.sampled_from([np.int8, np.uint16, np.int64]),
        shape=xps.array_shapes(min_dims=0, max_dims=3, max_side=5),
        elements={"min_value": 0, "max_value": 9},
    ),
    other=xps.arrays(
        dtype=st.sampled_from([np.int16, np.int32]),
        shape=xps.array_shapes(min_dims=0, max_dims=2, max_side=5),
        elements={"min_value": 0, "max_value": 9},
    ),
    invert=st.booleans(),
)
def test_set_properties(driver, data, other, invert):
    x = ak.asarray(data)
    out = np.asarray(ak.isin(x, ak.asarray(other), invert=invert))
    members = set(other.reshape(-1).tolist())
    expected = np.array([(v in members) != invert for v in data.reshape(-1).tolist()], bool)
    np.testing.assert_array_equal(out, expected.reshape(data.shape))
    check_unique(x, data)
