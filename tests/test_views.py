"""Views: basic indexing behaves as NumPy's views on every driver.

A write through a view reaches its base and a write to the base reaches its views, on
TensorFlow and JAX (immutable values, written back by core) as on NumPy (shared memory).
Each test runs the same program on NumPy arrays and on arraykit arrays and compares.
"""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arraykit as ak


def test_write_through_a_slice_reaches_the_base(driver):
    x = ak.zeros(6)
    v = x[1:4]
    v += 1
    v[0] = 7
    np.testing.assert_array_equal(np.asarray(x), [0, 7, 1, 1, 0, 0])
    np.testing.assert_array_equal(np.asarray(v), [7, 1, 1])


def test_write_to_the_base_reaches_its_views(driver):
    x = ak.reshape(ak.arange(12.0), (3, 4))
    row, col, block = x[1], x[:, 2], x[1:, ::-2]
    x[1, 2] = -1.0
    x += 100
    ref = np.arange(12.0).reshape(3, 4)
    ref[1, 2] = -1.0
    ref += 100
    np.testing.assert_array_equal(np.asarray(row), ref[1])
    np.testing.assert_array_equal(np.asarray(col), ref[:, 2])
    np.testing.assert_array_equal(np.asarray(block), ref[1:, ::-2])


def test_views_of_views_and_siblings(driver):
    ref = np.arange(24.0).reshape(2, 3, 4)
    x = ak.asarray(ref)
    a, ra = x[1], ref[1]
    b, rb = a[:, 1:3], ra[:, 1:3]
    c, rc = x[..., 2], ref[..., 2]  # a sibling of a, overlapping b
    d, rd = b[None, 0], rb[None, 0]
    d *= -1
    rd *= -1
    b[2] = 0.5
    rb[2] = 0.5
    for got, want in ((x, ref), (a, ra), (b, rb), (c, rc), (d, rd)):
        np.testing.assert_array_equal(np.asarray(got), want)


def test_augmented_assignment_on_a_slice(driver):
    x = ak.asarray([1, 2, 3, 4, 5])
    x[1:4] += 10  # getitem, __iadd__ on the view, then setitem of that view
    x[::2] *= 2
    np.testing.assert_array_equal(np.asarray(x), [2, 12, 26, 14, 10])


@pytest.mark.parametrize(
    "key",
    [0, (1, 2), (-1, 0)],
    ids=["int-of-1d", "ints-of-2d", "negative-ints"],
)
def test_integers_addressing_every_axis_copy(driver, key):
    """NumPy returns a scalar (a copy) for those: writing the 0-D result changes nothing."""
    data = np.arange(12).reshape(3, 4) if isinstance(key, tuple) else np.arange(4)
    x = ak.asarray(data)
    v = x[key]
    v[...] = 99
    np.testing.assert_array_equal(np.asarray(x), data)


def test_ellipsis_of_0d_and_int_with_ellipsis_are_views(driver):
    x = ak.asarray(3.0)
    v = x[...]
    v[...] = 4.0
    assert float(x) == 4.0
    y = ak.asarray([1.0, 2.0])
    w = y[0, ...]  # a 0-D view in NumPy
    w[...] = 5.0
    np.testing.assert_array_equal(np.asarray(y), [5.0, 2.0])


def test_advanced_indexing_copies(driver):
    x = ak.asarray([1.0, 2.0, 3.0])
    for v in (x[ak.asarray([0, 2])], x[ak.asarray([True, False, True])]):
        v[...] = 0.0
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0, 3.0])


def test_failed_write_leaves_base_and_views_unchanged(driver):
    x = ak.asarray([[1, 2, 3], [4, 5, 6]])
    v = x[1]
    w = x[:, 1:]
    with pytest.raises(ValueError):
        v[:] = ak.asarray([1, 2])  # shape (2,) into (3,)
    with pytest.raises(TypeError):
        v[0] = 1.5  # a float into an int array
    np.testing.assert_array_equal(np.asarray(x), [[1, 2, 3], [4, 5, 6]])
    np.testing.assert_array_equal(np.asarray(v), [4, 5, 6])
    np.testing.assert_array_equal(np.asarray(w), [[2, 3], [5, 6]])


def test_threads_writing_disjoint_columns_lose_no_update(driver):
    # scikit-learn's threaded pairwise_distances fills column blocks of one output array;
    # on immutable drivers each write is a read-update-store that must not interleave.
    n = 6
    want = np.broadcast_to(np.arange(1.0, 4 * n + 1), (3, 4 * n))
    for _ in range(3):
        out = ak.zeros((3, 4 * n))
        barrier = threading.Barrier(n)

        def fill(i: int, out: ak.Array = out, barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            for j in range(4 * i, 4 * i + 4):
                out[:, j] = float(j)
            out[:, 4 * i : 4 * i + 4] += 1.0  # through a view of out

        threads = [threading.Thread(target=fill, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        np.testing.assert_array_equal(np.asarray(out), want)


def test_views_form_no_reference_cycles(driver):
    x = ak.zeros((4, 4))
    v = x[1:3]
    base, view = weakref.ref(x), weakref.ref(v)
    v[0, 0] = 1.0
    assert float(ak.sum(x)) == 1.0
    del x
    v[1, 1] = 2.0  # the base may be gone from the user's hands: writes still work
    np.testing.assert_array_equal(np.asarray(v)[:, :2], [[1.0, 0.0], [0.0, 2.0]])
    gc.disable()
    try:
        del v
        assert view() is None and base() is None  # freed by reference counting alone
    finally:
        gc.enable()


def test_many_short_lived_views_do_not_accumulate(driver):
    x = ak.zeros(8)
    for i in range(300):
        x[i % 7 : i % 7 + 2] += 1
    x[0] = 0.0  # a write walks the base's views: they must be few
    ref = np.zeros(8)
    for i in range(300):
        ref[i % 7 : i % 7 + 2] += 1
    ref[0] = 0.0
    np.testing.assert_array_equal(np.asarray(x), ref)
    refs = getattr(x, "_views", None) or []
    assert sum(r() is not None for r in refs) == 0
    assert len(refs) <= 32


# ---------------------------------------------------------------------- differential
_SHAPE = (4, 5)


@st.composite
def basic_keys(draw: st.DrawFn, ndim: int) -> tuple:
    """A basic index (ints, slices, None, at most one Ellipsis) for an array of ``ndim``."""
    items: list = []
    axes = draw(st.integers(0, ndim))
    for _ in range(axes):
        if draw(st.booleans()):
            items.append(draw(st.integers(-1, 2)))
        else:
            start = draw(st.none() | st.integers(-4, 4))
            stop = draw(st.none() | st.integers(-4, 4))
            step = draw(st.sampled_from([None, 1, 2, -1, -2]))
            items.append(slice(start, stop, step))
    if draw(st.booleans()):
        items.insert(draw(st.integers(0, len(items))), None)
    if axes < ndim and draw(st.booleans()):
        items.insert(draw(st.integers(0, len(items))), Ellipsis)
    return tuple(items)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_view_programs_match_numpy(driver, data):
    """Random programs of slicing, item assignment and in-place arithmetic on a base and
    its views give NumPy's values for every handle, on every driver."""
    ref = np.arange(20, dtype=np.int64).reshape(_SHAPE)
    handles = [(ak.asarray(ref), ref)]
    for step in range(data.draw(st.integers(1, 8), label="steps")):
        got, want = handles[data.draw(st.integers(0, len(handles) - 1), label="handle")]
        key = data.draw(basic_keys(want.ndim), label=f"key{step}")
        try:
            want_view = want[key]
        except IndexError:
            with pytest.raises(IndexError):
                got[key]
            continue
        action = data.draw(st.sampled_from(["view", "set", "iadd"]), label=f"action{step}")
        if action == "view":
            if np.shares_memory(want_view, ref):  # a view in NumPy, not a scalar copy
                handles.append((got[key], want_view))
        elif action == "set":
            value = data.draw(st.integers(-50, 50), label=f"value{step}")
            want[key] = value
            got[key] = value
        else:
            want += 3
            got += 3
    for got, want in handles:
        np.testing.assert_array_equal(np.asarray(got), want)


_LAYOUTS = {
    "reshape": (lambda xp, a: xp.reshape(a, (a.size,)), lambda a: a.reshape(a.size)),
    "reshape2": (lambda xp, a: xp.reshape(a, (-1, 2)), lambda a: a.reshape(-1, 2)),
    "permute": (
        lambda xp, a: xp.permute_dims(a, tuple(reversed(range(a.ndim)))),
        lambda a: a.transpose(),
    ),
    "expand": (lambda xp, a: xp.expand_dims(a, axis=0), lambda a: a[None]),
    "moveaxis": (lambda xp, a: xp.moveaxis(a, 0, -1), lambda a: np.moveaxis(a, 0, -1)),
    "mT": (lambda xp, a: a.mT, lambda a: np.swapaxes(a, -1, -2)),
}


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_layout_views_match_numpy(driver, data):
    """reshape, permute_dims, expand_dims, moveaxis and mT give views exactly where NumPy's
    do (a reshape of a transposed array copies): writes through them reach the base and
    every other view, and writes through copies reach nothing, on every driver.  SciPy's
    oaconvolve adds its overlapping blocks through a swapaxes of a reshape."""
    ref = np.arange(12, dtype=np.int64).reshape(3, 4)
    handles = [(ak.asarray(ref.copy()), ref)]
    for step in range(data.draw(st.integers(1, 6), label="steps")):
        got, want = handles[data.draw(st.integers(0, len(handles) - 1), label="handle")]
        names = [n for n in _LAYOUTS if want.ndim >= 2 or n in ("reshape", "expand")]
        if want.size % 2 and "reshape2" in names:
            names.remove("reshape2")
        action = data.draw(st.sampled_from([*names, "set", "iadd"]), label=f"action{step}")
        if action in _LAYOUTS:
            ours, numpys = _LAYOUTS[action]
            # Views and copies alike: a reshape of a transposed handle is a copy in NumPy
            # (its strides do not allow a view), and must be one here too.
            handles.append((ours(ak, got), numpys(want)))
        elif action == "set":
            index = tuple(data.draw(st.integers(0, n - 1)) for n in want.shape)
            value = data.draw(st.integers(-50, 50), label=f"value{step}")
            want[index] = value
            got[index] = value
        else:
            want += 3
            got += 3
    for got, want in handles:
        np.testing.assert_array_equal(np.asarray(got), want)
    assert np.asarray(handles[0][0]).tolist() == ref.tolist()


# ---------------------------------------------------------------------- issue 24's reproducers
def test_reshape_of_a_transpose_copies_as_in_numpy(driver):
    x = ak.reshape(ak.arange(6.0), (2, 3))
    r = x.T.reshape(6)  # NumPy copies: the strides of x.T do not allow a view
    r[0] = 100.0
    assert float(x[0, 0]) == 0.0
    flat = x.T.ravel()
    x[0, 0] = 42.0
    assert float(flat[0]) == 0.0
    with pytest.raises(ValueError, match="copy=False"):
        ak.reshape(x.T, (6,), copy=False)
    v = x[:, :1].reshape(-1)  # a column of a C array: NumPy's reshape views...
    v[1] = -1.0
    assert float(x[1, 0]) == -1.0
    w = x[:, :1].ravel()  # ...but its ravel copies (not C-contiguous)
    w[0] = -2.0
    assert float(x[0, 0]) == 42.0


def test_flip_and_unstack_are_views(driver):
    x = ak.arange(4.0)
    f = ak.flip(x)
    f[0] = 9.0
    assert float(x[3]) == 9.0
    x[0] = -1.0
    assert float(f[3]) == -1.0
    m = ak.reshape(ak.arange(4.0), (2, 2))
    rows = ak.unstack(m)
    rows[0][0] = 9.0
    assert float(m[0, 0]) == 9.0
    m[1, 1] = 7.0
    assert float(rows[1][1]) == 7.0


def test_writes_through_real_and_imag_reach_the_array(driver):
    z = ak.asarray([1 + 2j, 3 + 4j])
    z.imag[:] = 0
    assert ak.asarray(z).tolist() == [1 + 0j, 3 + 0j]
    re = ak.real(z)
    re[1] = -np.inf  # written exactly: no inf * 0 on the way back
    assert np.asarray(z).tolist() == [1 + 0j, complex(-np.inf, 0.0)]
    z[0] = 5 + 6j
    assert float(re[0]) == 5.0
    x = ak.asarray([1.0, 2.0])
    with pytest.raises(ValueError, match="read-only"):
        x.imag[0] = 1.0  # NumPy's imag of a real array is read-only zeros


def test_broadcast_and_diagonal_views_are_read_only_and_live(driver):
    x = ak.reshape(ak.arange(9.0), (3, 3))
    d = ak.linalg.diagonal(x)
    b = ak.broadcast_to(x[0], (2, 3))
    for view in (d, b, b.T):
        with pytest.raises(ValueError, match="read-only"):
            view[0] = 1.0
        with pytest.raises(ValueError, match="read-only"):
            view += 1.0
    x[0, 0] = -5.0
    assert float(d[0]) == -5.0 and float(b[1, 0]) == -5.0
    np.testing.assert_array_equal(
        np.asarray(x),
        np.where(
            np.eye(3, dtype=bool) & (np.arange(9).reshape(3, 3) == 0),
            -5.0,
            np.arange(9.0).reshape(3, 3),
        ),
    )
