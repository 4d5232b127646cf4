"""The Dask driver's own behaviour: laziness, ``chunks=``, ``ak.compute``, unknown sizes,
lazy ``__setitem__`` and its refusals, work across chunks, moves between drivers.
Values are checked against NumPy, never against arraykit itself.

The driver-parametrised suite covers the standard on Dask too (``ARRAYKIT_TEST_DRIVERS=
dask``); this file holds what only a lazy, chunked driver has.  ``test_dask_cluster.py``
runs arraykit programs on a ``dask.distributed.LocalCluster``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from conftest import DRIVERS

import arraykit as ak

pytestmark = [
    pytest.mark.dask,
    pytest.mark.skipif("dask" not in DRIVERS, reason="the Dask driver is not under test"),
]

da = pytest.importorskip("dask.array") if "dask" in DRIVERS else None


@pytest.fixture
def dk() -> Iterator[ak.drivers.Driver]:
    """The Dask driver, active with small chunks so that every test crosses chunks."""
    drv = ak.drivers.get("dask")
    with ak.use(drv, promotion="numpy", default_float="float64", chunks=4):
        yield drv


def test_values_are_lazy_dask_arrays(dk):
    x = ak.arange(10.0)
    y = ak.exp(x) + 1
    assert isinstance(y.native, da.Array)
    assert y.native.chunks == ((4, 4, 2),)
    np.testing.assert_allclose(np.asarray(y), np.exp(np.arange(10.0)) + 1)


@pytest.mark.parametrize(
    ("chunks", "expected"),
    [(3, ((3, 3), (3, 2))), ((2, 5), ((2, 2, 2), (5,))), ({1: 1}, ((6,), (1,) * 5))],
)
def test_chunks_setting(chunks, expected):
    with ak.use("dask", chunks=chunks):
        x = ak.ones((6, 5))
        assert x.native.chunks == expected
        assert ak.asarray(np.zeros((6, 5))).native.chunks == expected


def test_chunks_setting_is_kept_per_driver_and_checked():
    with ak.use("dask", chunks=3), ak.use("numpy"), ak.use("dask"):
        assert ak.ones(7).native.chunks == ((3, 3, 1),)
    with pytest.raises(ValueError, match="chunks"):
        ak.use("dask", chunks="big")
    with pytest.raises(TypeError, match="unknown option"):
        ak.use("numpy", chunks=3)


def test_compute_runs_several_arrays_and_learns_sizes(dk):
    data = np.array([3.0, -1.0, 4.0, -1.0, 5.0, -9.0, 2.0, 6.0, -5.0, 3.0])
    x = ak.asarray(data)
    pos = x[x > 0]
    neg = ak.nonzero(x < 0)[0]
    assert pos.shape == (None,) and neg.shape == (None,)
    with pytest.raises(ValueError, match=r"ak\.compute"):
        ak.reshape(pos, (2, -1))
    with pytest.raises(ValueError, match=r"__getitem__.*ak\.compute"):  # found by the
        pos[ak.asarray([0, 1])]  # fuzzer: Dask's NotImplementedError for integer arrays
    with pytest.raises(ValueError, match=r"matmul.*ak\.compute"):  # found by the fuzzer:
        ak.matmul(pos, ak.ones(6))  # Dask's own error was "(nan,) @ (6,)" mismatch
    with pytest.raises(ValueError, match=r"tensordot.*ak\.compute"):  # core leaves unknown
        ak.tensordot(pos, ak.ones((6, 2)), axes=1)  # sizes to the driver (TF's jit runs them)
    p, n = ak.compute(pos, neg)
    assert p.shape == (6,) and n.shape == (4,)
    # empty blocks (an all-False mask over two chunks): Dask's matmul summed their
    # products into a string array and failed ('<U42' to int64, the fuzz run)
    e = ak.compute(ak.cumulative_prod(ak.asarray([3]), include_initial=True)[
        ak.asarray([False, False])])  # fmt: skip
    assert e._value.chunks == ((0, 0),)
    assert ak.matmul(e, ak.asarray(np.zeros(0, np.int64))).item() == 0
    assert ak.tensordot(e, ak.asarray(np.zeros(0, np.int64)), axes=1).item() == 0
    one = ak.compute(ak.nonzero(ak.cumulative_sum(ak.asarray([[np.nan]]), axis=0,
                                                  include_initial=True))[0])  # fmt: skip
    assert one._value.chunks == ((0, 1),)  # broadcast_to of it failed when computed
    view = ak.broadcast_to(one, (2, 1))
    np.testing.assert_array_equal(np.asarray(view), [[1], [1]])
    one[...] = ak.asarray(0)  # it wrote 2 values (the empty block filled), view failed
    assert one.shape == (1,)
    np.testing.assert_array_equal(np.asarray(one), [0])
    np.testing.assert_array_equal(np.asarray(view), [[0], [0]])
    # an empty array in two blocks: a 2-D mask ravels it, and Dask's reshape refused
    empty = ak.cumulative_prod(ak.zeros((0, 1), dtype=ak.int64), axis=-1, include_initial=True)
    assert empty._value.chunks == ((0,), (1, 1))
    mask = ak.asarray(np.zeros((0, 2), bool))
    assert empty[mask].shape in ((0,), (None,))
    empty[mask] = ak.asarray(0)
    assert np.asarray(empty).shape == (0, 2)
    # min/max over an axis with an empty block beside others: Dask reduced the empty one
    pick = np.arange(12) == 5
    rows = ak.compute(ak.asarray(np.arange(48).reshape(12, 4))[ak.asarray(pick)])
    assert 0 in rows._value.chunks[0] and len(rows._value.chunks[0]) > 1
    np.testing.assert_array_equal(np.asarray(ak.min(rows, axis=0)), [20, 21, 22, 23])
    np.testing.assert_array_equal(np.asarray(ak.max(rows, axis=0)), [20, 21, 22, 23])
    np.testing.assert_array_equal(np.asarray(p), data[data > 0])
    np.testing.assert_array_equal(np.asarray(n), np.nonzero(data < 0)[0])
    assert ak.reshape(p, (2, -1)).shape == (2, 3)
    # found by the fuzzer: Dask's argmax failed on unknown chunk sizes
    assert int(ak.argmax(pos)) == 4 and ak.argmin(pos, axis=0, keepdims=True).shape == (1,)
    assert pos.shape == (None,)  # the inputs are unchanged


def test_compute_on_an_eager_driver_returns_the_arrays():
    x = ak.asarray([1, 2], driver="numpy")
    assert ak.compute(x) is x


def test_sort_argsort_every_kind_across_chunks(dk):
    rng = np.random.default_rng(0)
    data = rng.integers(0, 5, size=(7, 9)).astype(np.float64)
    x = ak.asarray(data)
    for kind in sorted(dk.capabilities.sort_kinds):
        for axis in (0, 1):
            np.testing.assert_array_equal(
                np.asarray(ak.sort(x, axis=axis, kind=kind)), np.sort(data, axis=axis)
            )
            got = np.asarray(ak.argsort(x, axis=axis, stable=True, descending=True, kind=kind))
            ref = np.flip(
                data.shape[axis] - 1 - np.argsort(np.flip(data, axis), axis, "stable"), axis
            )
            np.testing.assert_array_equal(got, ref)


def test_unique_across_chunks_is_sorted_with_first_occurrences(dk):
    data = np.array([3.0, np.nan, 0.0, 1.0, -0.0, 3.0, np.nan, 1.0, 2.0, -0.0, 7.0])
    values, indices, inverse, counts = ak.unique_all(ak.asarray(data))
    ref = ak.unique_all(ak.asarray(data, driver="numpy"))
    for got, want in zip((values, indices, inverse, counts), ref, strict=True):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    assert np.signbit(np.asarray(values)[0]) == np.signbit(data[2])  # 0.0 came first
    matrix = np.arange(30).reshape(5, 6) % 7
    got = ak.unique_inverse(ak.asarray(matrix))
    np.testing.assert_array_equal(np.asarray(got.values), np.unique(matrix))
    np.testing.assert_array_equal(np.asarray(got.values)[np.asarray(got.inverse_indices)], matrix)


def test_like_functions_of_an_unknown_shape_stay_lazy(dk):
    # array-api-extra's nunique calls ones_like on unique_values' result (size unknown).
    x = ak.asarray([3.0, 1.0, 3.0, 7.0, 1.0, 2.0])
    u = ak.unique_values(x)
    assert u.shape == (None,)
    for fn, want in [
        (lambda: ak.ones_like(u, dtype=ak.bool), np.ones(4, bool)),
        (lambda: ak.zeros_like(u), np.zeros(4)),
        (lambda: ak.full_like(u, 2, dtype=ak.int32), np.full(4, 2, np.int32)),
    ]:
        y = fn()
        assert y.shape == (None,) and y.dtype == want.dtype
        np.testing.assert_array_equal(np.asarray(y), want)
    assert ak.empty_like(u).shape == (None,)
    assert np.asarray(ak.empty_like(u)).shape == (4,)


def test_setitem_builds_a_new_graph_and_views_follow(dk):
    data = np.arange(20.0).reshape(4, 5)
    x = ak.asarray(data)
    row = x[1]
    before = x.native
    x[1:3, ::2] = -1.0
    x[ak.asarray([0, 3])] = 7.0
    x[x > 15] = 0.0
    ref = data.copy()
    ref[1:3, ::2] = -1.0
    ref[[0, 3]] = 7.0
    ref[ref > 15] = 0.0
    np.testing.assert_array_equal(np.asarray(x), ref)
    np.testing.assert_array_equal(np.asarray(row), ref[1])
    np.testing.assert_array_equal(np.asarray(before), data)  # the old graph is intact


def test_setitem_refuses_keys_dask_cannot_assign_lazily(dk):
    x = ak.zeros((3, 4, 5))
    before = np.asarray(x).copy()
    with pytest.raises(TypeError, match="Dask driver assigns lazily"):
        x[ak.asarray([0, 1]), ak.asarray([2, 3])] = 1.0
    with pytest.raises(TypeError, match="Dask driver assigns lazily"):
        x[1, :, ak.asarray([0, 2])] = ak.ones((2, 4))  # NumPy puts the (2,) axis first
    with pytest.raises(TypeError, match="Dask driver assigns lazily"):
        x[ak.zeros((3, 4)) == 0] = ak.ones((12, 5))  # values in mask order
    np.testing.assert_array_equal(np.asarray(x), before)  # nothing half-written


def test_advanced_indexing_follows_numpy(dk):
    data = np.arange(60).reshape(3, 4, 5)
    x = ak.asarray(data)
    i = np.array([[0, 2], [1, 1]])
    j = np.array([2, 0])
    cases = [
        (ak.asarray(i), slice(None), ak.asarray(j)),
        (1, slice(None), ak.asarray(j)),
        (slice(1, 3), ak.asarray(j), ak.asarray(j)),
        (None, ak.asarray(j), 2),
    ]
    for key in cases:
        ref_key = tuple(np.asarray(k) if isinstance(k, ak.Array) else k for k in key)
        np.testing.assert_array_equal(np.asarray(x[key]), data[ref_key])
    mask = data[:, :, 0] > 20
    np.testing.assert_array_equal(np.asarray(x[ak.asarray(mask)]), data[mask])


def test_linalg_and_fft_across_chunks(dk):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 6, 6)) + 6 * np.eye(6)
    b = rng.standard_normal((6, 9))
    x = ak.asarray(a)
    np.testing.assert_allclose(np.asarray(ak.linalg.inv(x)), np.linalg.inv(a), rtol=1e-10)
    np.testing.assert_allclose(np.asarray(x @ ak.asarray(b)), a @ b, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(ak.linalg.det(x)), np.linalg.det(a), rtol=1e-10)
    np.testing.assert_allclose(
        np.asarray(ak.fft.fft(ak.asarray(b), axis=1)), np.fft.fft(b, axis=1), rtol=1e-10
    )
    singular = a.copy()
    singular[2] = 0.0
    with pytest.raises(ak.linalg.LinAlgError, match="matrix 2"):
        ak.linalg.inv(ak.asarray(singular))


@pytest.mark.parametrize("other", ["numpy", "jax", "tensorflow"])
def test_moves_between_drivers(dk, other):
    if other not in ak.drivers.available():
        pytest.skip(f"{other} is not installed")
    data = np.arange(12.0).reshape(3, 4)
    theirs = ak.asarray(data, driver=other)
    ours = ak.asarray(theirs, driver="dask")
    assert ours.driver is dk
    back = ak.asarray(ak.sqrt(ours), driver=other)
    assert back.driver.name == other
    np.testing.assert_allclose(np.asarray(back), np.sqrt(data))


def test_cumulative_with_initial_of_an_empty_unknown_size(dk):
    # found by the fuzzer: after unique_* of an empty array the size is unknown; the
    # identity block was followed by an empty one and nonzero found two elements
    u = ak.unique_values(ak.asarray(np.zeros(0, np.int64)))
    c = ak.cumulative_prod(u, include_initial=True)
    assert c.shape == (1,) and u.shape == (None,)
    assert np.asarray(ak.nonzero(c)[0]).tolist() == [0] and int(ak.argmin(c)) == 0


def test_zero_length_blocks_neither_grow_a_masked_write_nor_break_argmin(dk):
    """include_initial leaves an empty block that nonzero carries on: its result, computed,
    has chunks (1, 0).  Dask's masked assignment then wrote 2 values into a 1-element
    array, and its argmin reduced the empty block and failed (found by the fuzzer)."""
    x = ak.asarray(np.array([[0, 0], [0, 1]]))
    c = ak.cumulative_prod(x, axis=-1, include_initial=True)
    n = ak.compute(ak.nonzero(ak.any(c, axis=-2))[0])
    ref = np.nonzero(np.any(np.array([[1, 0, 0], [1, 0, 0]]), axis=-2))[0]  # c, by hand
    assert 0 in n.native.chunks[0]  # the case this test is about
    assert int(ak.argmin(n)) == int(np.argmin(ref)) and int(ak.argmax(n)) == 0
    n[ak.asarray([True])] = -5
    ref[np.array([True])] = -5
    np.testing.assert_array_equal(np.asarray(n), ref)
    assert n.shape == ref.shape


def test_negative_steps_over_empty_blocks(dk):
    """A boolean index leaves empty blocks (computed: chunks (0, 0, 1) or (0, 2, 0, 1));
    Dask's negative-step slice of such an axis came out empty ([::-1] of [5.] gave []:
    the Dask fuzz run's stop)."""
    data = np.zeros((1, 3, 1, 1))
    data[0, 2] = 5.0
    mask = np.array([False, False, True]).reshape(1, 3, 1, 1)
    line = np.arange(8.0)
    pick = np.array([False, False, True, True, False, False, False, True])
    with ak.use("dask", chunks=1):  # a block per element
        x = ak.compute(ak.asarray(data)[ak.asarray(mask)])
    with ak.use("dask", chunks=2):
        y = ak.compute(ak.asarray(line)[ak.asarray(pick)])
        m = ak.compute(ak.asarray(np.arange(24.0).reshape(8, 3))[ak.asarray(pick)])
    assert x.native.chunks == ((0, 0, 1),) and y.native.chunks == ((0, 2, 0, 1),)
    keys = [slice(None, None, -1), slice(None, None, -2), slice(1, None, -1), slice(-1, 0, -1)]
    for got, ref in ((x, data[mask]), (y, line[pick])):
        for key in keys:
            np.testing.assert_array_equal(np.asarray(got[key]), ref[key], err_msg=str(key))
    ref = np.arange(24.0).reshape(8, 3)[pick]
    np.testing.assert_array_equal(np.asarray(m[::-1, ::-2]), ref[::-1, ::-2])
    np.testing.assert_array_equal(np.asarray(ak.flip(y)), line[pick][::-1])
    np.testing.assert_array_equal(np.asarray(ak.flip(m, axis=0)), ref[::-1])
    for got, ref in ((x * 1.0, data[mask] * 1.0), (y - x[:1], line[pick] - 5.0)):
        assert got.shape == ref.shape  # Dask's x * 1.0 of chunks (0, 0, 1): 3 values
        np.testing.assert_array_equal(np.asarray(got), ref)
    idx = np.array([0, -1, 0])  # Dask's gather from chunks (0, 0, 1) missed a graph key
    np.testing.assert_array_equal(np.asarray(x[ak.asarray(idx)]), data[mask][idx])
    np.testing.assert_array_equal(np.asarray(ak.take(x, ak.asarray([0, 0]))), data[mask][[0, 0]])
    w, want = x * 1.0, data[mask].copy()  # x's blocks (0, 0, 1)
    np.multiply.at(w, [0, -1, 0], -7.5)  # (the fuzz run's other stop)
    np.multiply.at(want, [0, -1, 0], -7.5)
    np.testing.assert_array_equal(np.asarray(w), want)
    z, want = ak.zeros(5), np.zeros(5)
    z[3:0:-1] = y  # the value reversed along the target's axis
    want[3:0:-1] = line[pick]
    np.testing.assert_array_equal(np.asarray(z), want)


def test_unknown_sizes_refuse_with_the_remedy_or_work(dk):
    """After a boolean index a size is unknown: nonzero works (Dask's failed on the NaN
    size), and what needs the size refuses naming ak.compute, not with Dask's message
    (found by the fuzzer's count of refusals without the hint)."""
    xs = np.array([1.0, -2.0, 3.0, 0.0, 5.0, -1.0])
    x = ak.asarray(xs)
    a = x[x > 0]
    assert a.shape == (None,)
    np.testing.assert_array_equal(np.asarray(ak.nonzero(a)[0]), np.nonzero(xs[xs > 0])[0])
    for call in (
        lambda: ak.equal(a, ak.asarray(np.ones(3))),
        lambda: ak.logaddexp(a, ak.asarray(np.ones(2))),
        lambda: ak.fft.ifft(a),
        lambda: ak.where(a > 1, a, ak.asarray(np.ones(3))),
    ):
        with pytest.raises(ValueError, match=r"ak\.compute\(x\) first"):
            call()
    c = ak.cumulative_prod(ak.zeros((0, 1, 0, 0), dtype=ak.int64), axis=1, include_initial=True)
    assert [i.shape for i in ak.nonzero(c)] == [(0,)] * 4  # Dask's own reshape failed here
    b = ak.compute(a)
    np.testing.assert_array_equal(np.asarray(ak.equal(b, ak.asarray(np.ones(3)))), xs[xs > 0] == 1)


# ------------------------------------------------------------------ issue 24
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "complex128", "int8"])
def test_cumulative_sums_and_products_equal_numpy_bit_for_bit(dtype):
    """Each block continues from the previous block's last value: NumPy's own order, so
    the results equal the NumPy driver's exactly (Dask's cumsum added an offset to each
    block's scan and differed in the last bits), and the axis is not put in one chunk.
    Complex products are the exception README states: NumPy's complex multiply gives
    different last bits in different loops (a column of a wide array, of a narrow one)."""
    rng = np.random.default_rng(24)
    data = rng.standard_normal((3000, 5)) * 3
    if dtype == "complex128":
        data = data + 1j * rng.standard_normal((3000, 5))
    data = data.astype(dtype)
    factors = data if dtype == "int8" else (1 + data / 1000).astype(dtype)
    with ak.use("dask", chunks=(700, 2)):
        x, f = ak.asarray(data), ak.asarray(factors)
        for axis in (0, 1):
            for initial in (False, True):
                for fn, arg in ((ak.cumulative_sum, x), (ak.cumulative_prod, f)):
                    got = fn(arg, axis=axis, include_initial=initial)
                    if not initial:
                        assert got.native.chunks == arg.native.chunks  # no rechunk
                    ref = ak.asarray(np.asarray(arg), driver="numpy")
                    want = np.asarray(fn(ref, axis=axis, include_initial=initial))
                    if fn is ak.cumulative_prod and dtype == "complex128":
                        np.testing.assert_allclose(np.asarray(got), want, rtol=8 * 2.0**-52)
                    else:
                        np.testing.assert_array_equal(np.asarray(got), want)


def test_cumulative_sum_of_an_unknown_size_with_empty_blocks(dk):
    data = np.array([-1.0, -2.0, -3.0, 4.0, -5.0, 0.5, -1.0, -2.0, 7.0, 1e-17])
    x = ak.asarray(data)
    y = x[x > 0]  # blocks of 0, 1, 1 and 2 elements
    c = ak.cumulative_sum(y)
    assert c.shape == (None,)
    np.testing.assert_array_equal(np.asarray(c), np.cumulative_sum(data[data > 0]))
    z = x[x > 100]  # every block empty
    np.testing.assert_array_equal(np.asarray(ak.cumulative_sum(z, include_initial=True)), [0.0])


@pytest.mark.parametrize("chunks", [3, 5, (2, 5), {0: 1}, 7])
def test_reshape_whatever_the_chunks(chunks):
    """Dask's reshape merges or splits only chunks that line up ((4, 6) in chunks of 3 to
    (6, 4) raised its NotImplementedError); arraykit's goes through the flat array."""
    rng = np.random.default_rng(0)
    with ak.use("dask", chunks=chunks):
        for src, dst in [((4, 6), (6, 4)), ((4, 6), (3, 8)), ((2, 3, 4), (4, 3, 2)),
                         ((5, 7), (7, 5)), ((8, 9), (3, 4, 6)), ((2, 3, 4), (6, -1))]:  # fmt: skip
            data = rng.standard_normal(src)
            got = ak.reshape(ak.asarray(data), dst)
            np.testing.assert_array_equal(np.asarray(got), data.reshape(dst))


def test_flip_of_an_unknown_size_and_elementwise_with_it(dk):
    """y = x[x > 0] has unknown sizes: flip reverses the blocks and each block (Dask's
    slicing raised its own error); an elementwise operation with it works where the
    blocks line up and otherwise raises the ValueError naming ak.compute when computed
    (Dask paired blocks of different sizes, broadcasting a block of one element)."""
    data = np.array([1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0])  # chunks of 4: y's blocks 2, 2
    x = ak.asarray(data)
    y = x[x > 0]
    ref = data[data > 0]
    np.testing.assert_array_equal(np.asarray(ak.flip(y)), ref[::-1])
    np.testing.assert_array_equal(np.asarray(y * ak.flip(y)), ref * ref[::-1])
    m = ak.reshape(ak.arange(12.0), (4, 3))
    rows = m[ak.asarray(np.array([True, False, True, True]))]
    np.testing.assert_array_equal(
        np.asarray(ak.flip(rows)), np.arange(12.0).reshape(4, 3)[[0, 2, 3]][::-1, ::-1]
    )
    uneven = np.array([1.0, 2.0, 3.0, 4.0, -5.0, 6.0])  # blocks of 4 and 1
    u = ak.asarray(uneven)
    v = u[u > 0]
    product = v * ak.flip(v)
    with pytest.raises(ValueError, match=r"do not line up.*ak\.compute"):
        np.asarray(product)
    w = ak.compute(v)
    np.testing.assert_array_equal(
        np.asarray(w * ak.flip(w)), uneven[uneven > 0] * uneven[uneven > 0][::-1]
    )


def test_elementwise_of_unknown_sizes_that_differ_is_refused_not_broadcast(dk):
    data = np.array([1.0, -2.0, 3.0, 4.0, -5.0, 6.0, 7.0, 8.0])
    x = ak.asarray(data)
    a, b = x[x > 0], x[x < 0]  # 6 and 2 elements, each in two blocks
    for result in (a + b, ak.where(a > 3, a, b), ak.maximum(a, b)):
        with pytest.raises(ValueError, match=r"do not line up.*ak\.compute"):
            np.asarray(result)
    # operands that do line up (one mask, elementwise steps) and scalars keep working
    pos = data[data > 0]
    np.testing.assert_array_equal(
        np.asarray(a * ak.sin(a) - ak.mean(a)), pos * np.sin(pos) - pos.mean()
    )
    np.testing.assert_array_equal(np.asarray(a + ak.ones(1)), pos + 1)


def test_reductions_and_matmul_across_chunks_within_the_stated_bounds():
    """Over several chunks Dask adds partial results in a tree, NumPy over the whole axis:
    results may differ in the last bits.  README states the bound any order of operations
    meets and the (far smaller) differences these draws show; this test checks both."""
    rng = np.random.default_rng(24)
    for dtype in (np.float64, np.float32):
        eps = float(np.finfo(dtype).eps)
        data = rng.standard_normal(10**6).astype(dtype)
        total = float(np.sum(np.abs(data.astype(np.float64))))
        n = data.size
        for chunks in (10**4, 999):
            with ak.use("dask", chunks=chunks):
                x = ak.asarray(data)
                s, m = float(ak.sum(x)), float(ak.mean(x))
            sn = float(ak.sum(ak.asarray(data, driver="numpy")))
            mn = float(ak.mean(ak.asarray(data, driver="numpy")))
            assert abs(s - sn) <= (n - 1) * eps * total  # any order: 2 * gamma_(n-1)
            assert abs(s - sn) <= eps * total  # what these draws show (README)
            assert abs(m - mn) <= eps * total / n + eps * abs(mn)
            with ak.use("dask", chunks=chunks):  # elementwise: the same kernels, bit for bit
                e = np.asarray(ak.exp(ak.asarray(data)) / (1 + ak.asarray(data) ** 2))
            ref = ak.asarray(data, driver="numpy")
            np.testing.assert_array_equal(e, np.asarray(ak.exp(ref) / (1 + ref**2)))
        for (rows, k, cols), chunks in (((200, 5000, 100), 1000), ((300, 300, 300), 64)):
            a = rng.standard_normal((rows, k)).astype(dtype)
            b = rng.standard_normal((k, cols)).astype(dtype)
            with ak.use("dask", chunks=chunks):
                got = np.asarray(ak.asarray(a) @ ak.asarray(b)).astype(np.float64)
            want = np.asarray(ak.asarray(a, driver="numpy") @ ak.asarray(b, driver="numpy"))
            scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
            assert np.all(np.abs(got - want) <= k * eps * scale)  # any order
            assert np.all(np.abs(got - want) <= 4 * eps * scale)  # these draws (README)


def test_writes_through_views_of_unknown_sizes_raise_not_vanish(dk):
    """A view of y = x[x > 0] (sizes unknown until ak.compute) follows writes to y, and a
    write through it raises the ValueError naming ak.compute: NumPy's view would write
    through to y, which needs the sizes.  The write changed the view alone, silently
    (expand_dims, squeeze, permute_dims, flip, real); found by the differential
    fuzzer's writes through views after unique_all."""
    data = np.array([1.0, -2.0, 3.0, 4.0])
    x = ak.asarray(data)
    y = x[x > 0]
    m = ak.expand_dims(y, axis=0)
    views = [m, ak.squeeze(m, axis=0), ak.permute_dims(m, (1, 0)), ak.flip(y), ak.real(y)]
    for v in views:
        with pytest.raises(ValueError, match=r"unknown.*ak\.compute"):
            v[...] = 0.0
    np.testing.assert_array_equal(np.asarray(y), [1.0, 3.0, 4.0])
    y[...] = 5.0  # a write to y itself needs no size, and reaches its views
    for v in views:
        np.testing.assert_array_equal(np.asarray(v).ravel(), [5.0, 5.0, 5.0])
    w = ak.compute(y)  # the remedy: sizes known, views write through as NumPy's
    ak.expand_dims(w, axis=0)[0, 1] = -1.0
    np.testing.assert_array_equal(np.asarray(w), [5.0, -1.0, 5.0])


def test_a_python_bool_in_a_key_of_unknown_sizes_names_the_remedy(dk):
    """y[:, True] = v with a size of y unknown raised Dask's TypeError from inside its
    broadcast_to; now the ValueError naming ak.compute (found by the differential fuzzer's
    bools in keys after unique_all).  After ak.compute it is NumPy's write."""
    data = np.array([1.0, -2.0, 3.0])
    x = ak.asarray(data)
    y = x[x > 0]
    with pytest.raises(ValueError, match=r"None.*ak\.compute"):
        y[(slice(None), True)] = ak.asarray(np.array([-9.0]))
    w = ak.compute(y)
    w[(slice(None), True)] = ak.asarray(np.array([-9.0]))
    ref = data[data > 0]
    ref[(slice(None), True)] = np.array([-9.0])
    np.testing.assert_array_equal(np.asarray(w), ref)


def test_fft_of_an_empty_array_of_unknown_size_names_the_remedy(dk):
    """An empty y = x[mask] of unknown size transformed to a given length raised a
    TypeError from building the host's empty input of a NaN size; now the ValueError
    naming ak.compute (found by the differential fuzzer's FFTs after a boolean index).
    After ak.compute it is NumPy's answer."""
    data = np.zeros((1, 0), complex)
    y = ak.asarray(data)[ak.asarray(np.array([False]))]
    with pytest.raises(ValueError, match=r"None.*ak\.compute"):
        ak.fft.ifft(y, axis=0, n=2)
    got = ak.fft.ifft(ak.compute(y), axis=0, n=2)
    np.testing.assert_array_equal(np.asarray(got), np.fft.ifft(data[[False]], axis=0, n=2))
