"""64-bit integers stay exact on every driver: values beyond 2**53 (where float64 loses
them) and near 2**63 / 2**64 survive creation, arithmetic, comparisons, indexing,
sorting, sets, searching, reductions, item assignment and DLPack.  NumPy, on Python ints,
is the reference; information is lost only through an explicit ``astype``.
"""

from __future__ import annotations

import numpy as np
import pytest

import arraykit as ak

BIG_I64 = [2**53 + 1, -(2**53) - 1, 2**62 + 3, 2**63 - 1, -(2**63), -(2**63) + 1, 2**63 - 2, 7]
BIG_U64 = [2**53 + 1, 2**63 + 1, 2**64 - 1, 2**64 - 2, 2**63, 0, 2**62 + 5, 3]
CASES = [("int64", BIG_I64), ("uint64", BIG_U64)]


def exact(a: ak.Array) -> list[int]:
    return [int(v) for v in np.asarray(a).tolist()]


@pytest.mark.parametrize("dtype, values", CASES)
def test_creation_from_python_ints_and_numpy(driver, dtype, values):
    from_list = ak.asarray(values, dtype=getattr(ak, dtype))
    from_numpy = ak.asarray(np.array(values, dtype=dtype))
    assert from_list.dtype == from_numpy.dtype == getattr(ak, dtype)
    assert exact(from_list) == exact(from_numpy) == values
    assert [int(from_list[i]) for i in range(len(values))] == values
    assert exact(ak.full((2,), values[2], dtype=getattr(ak, dtype))) == [values[2]] * 2
    if dtype == "int64":
        assert exact(ak.asarray(values)) == values  # the default integer dtype


@pytest.mark.parametrize("dtype, values", CASES)
def test_arithmetic_and_comparisons(driver, dtype, values):
    a = np.array(values, dtype=dtype)
    b = np.roll(a, 1)
    x, y = ak.asarray(a), ak.asarray(b)
    with np.errstate(over="ignore"):
        for fn in ("add", "subtract", "multiply", "bitwise_xor", "maximum", "minimum"):
            want = getattr(np, fn)(a, b)
            assert exact(getattr(ak, fn)(x, y)) == want.tolist(), fn
        assert exact(x + 1) == (a + np.array(1, dtype)).tolist()
    nonzero = np.where(b == 0, 1, b).astype(dtype)
    yz = ak.asarray(nonzero)
    assert exact(ak.floor_divide(x, yz)) == np.floor_divide(a, nonzero).tolist()
    assert exact(ak.remainder(x, yz)) == np.remainder(a, nonzero).tolist()
    for fn in ("equal", "less", "greater_equal", "not_equal"):
        assert np.asarray(getattr(ak, fn)(x, y)).tolist() == getattr(np, fn)(a, b).tolist(), fn
    # neighbours differing by 1 beyond 2**53: a float64 round trip would make them equal
    near = ak.asarray(np.array([2**53 + 1, 2**53], dtype=dtype))
    assert not bool(ak.equal(near[0], near[1]))
    assert bool(ak.greater(near[0], near[1]))


@pytest.mark.parametrize("dtype, values", CASES)
def test_sorting_sets_searching(driver, dtype, values):
    a = np.array(values * 2, dtype=dtype)
    x = ak.asarray(a)
    assert exact(ak.sort(x)) == sorted(a.tolist())
    assert exact(ak.sort(x, descending=True)) == sorted(a.tolist(), reverse=True)
    assert exact(ak.argsort(x, stable=True)) == np.argsort(a, kind="stable").tolist()
    assert exact(ak.unique_values(x)) == sorted(set(values))
    counts = ak.unique_counts(x)
    assert exact(counts.values) == sorted(set(values)) and exact(counts.counts) == [2] * 8
    s = np.sort(a)
    probe = np.array([values[0], values[3], 5], dtype=dtype)
    got = ak.searchsorted(ak.asarray(s), ak.asarray(probe))
    assert exact(got) == np.searchsorted(s, probe).tolist()
    assert int(ak.argmax(x)) == int(np.argmax(a)) and int(ak.argmin(x)) == int(np.argmin(a))
    assert exact(ak.max(x, keepdims=True)) == [max(values)]
    assert exact(ak.min(x, keepdims=True)) == [min(values)]


@pytest.mark.parametrize("dtype, values", CASES)
def test_reductions_wrap_as_numpy(driver, dtype, values):
    a = np.array(values, dtype=dtype)
    x = ak.asarray(a)
    with np.errstate(over="ignore"):
        assert int(ak.sum(x)) == int(np.sum(a))
        assert exact(ak.cumulative_sum(x)) == np.cumsum(a).tolist()
        small = np.array([3, 2**20, 2**21 + 1], dtype=dtype)
        assert int(ak.prod(ak.asarray(small))) == int(np.prod(small))  # 2**62-ish, exact


@pytest.mark.parametrize("dtype, values", CASES)
def test_indexing_and_item_assignment(driver, dtype, values):
    a = np.array(values, dtype=dtype)
    x = ak.asarray(a)
    idx = ak.asarray([7, 0, 3])
    assert exact(x[idx]) == a[[7, 0, 3]].tolist()
    assert exact(ak.take(x, idx)) == a[[7, 0, 3]].tolist()
    assert exact(x[x > ak.asarray(values[1], dtype=getattr(ak, dtype))]) == a[a > a[1]].tolist()
    x[1] = values[3]
    x[2:4] = ak.asarray(np.array(values[:2], dtype=dtype))
    a[1] = values[3]
    a[2:4] = values[:2]
    assert exact(x) == a.tolist()
    with pytest.raises(OverflowError):
        x[0] = 2**64 if dtype == "uint64" else 2**63


@pytest.mark.parametrize("dtype, values", CASES)
def test_dlpack_and_explicit_casts(driver, dtype, values):
    x = ak.asarray(np.array(values, dtype=dtype))
    assert np.from_dlpack(x).tolist() == values
    assert exact(ak.from_dlpack(x)) == values
    with np.errstate(invalid="ignore"):  # 2**63 and up do not fit: NumPy warns
        lossy = ak.astype(ak.astype(x, ak.float64), getattr(ak, dtype))
    assert exact(lossy) != values  # only an explicit astype loses information
    assert exact(ak.astype(x, getattr(ak, dtype), copy=True)) == values


def test_float64_stays_float64_and_float32_default_changes_only_defaults(driver):
    big = float(2**53 + 2)
    x = ak.asarray(np.array([big, 0.1]))
    assert x.dtype == ak.float64 and float(x[0]) == big and float(x[1]) == 0.1
    with ak.use(driver, default_float="float32"):
        assert ak.asarray(0.1).dtype == ak.float32  # what the user asked for
        assert ak.asarray(np.array([0.1])).dtype == ak.float64  # data keeps its dtype
        y = ak.asarray(np.array([2**53 + 1]))
        assert y.dtype == ak.int64 and int(y[0]) == 2**53 + 1
        assert (x + 1.0).dtype == ak.float64


COMPARISONS = ["less", "less_equal", "greater", "greater_equal", "equal", "not_equal"]


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint32", "int64", "uint64"])
@pytest.mark.parametrize("name", COMPARISONS)
def test_comparison_with_a_python_int_beyond_the_dtype_answers_as_numpy(driver, dtype, name):
    info = np.iinfo(dtype)
    a = np.array([info.min, 0, 1, info.max], dtype=dtype)
    x = ak.asarray(a)
    for value in (info.max + 1, info.max + 10**30, info.min - 1, -(10**30)):
        want = getattr(np, name)(a, value)  # NumPy 2 (NEP 50) compares exactly
        got = getattr(ak, name)(x, value)
        assert got.dtype == ak.bool and np.asarray(got).tolist() == want.tolist(), value
        reflected = getattr(ak, name)(value, x)
        assert np.asarray(reflected).tolist() == getattr(np, name)(value, a).tolist(), value
    # The operators are the same functions.
    assert np.asarray(x < info.max + 1).all() and not np.asarray(x == info.min - 1).any()
    # Arithmetic with an out-of-range Python int still refuses, as NumPy does.
    with pytest.raises(OverflowError, match="out of bounds"):
        ak.add(x, info.max + 1)
