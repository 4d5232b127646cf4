"""Writes to a transform's arguments keep NumPy's meaning: after ``ak.jit(f)(x)``, ``x`` (and
its views) hold what ``f`` wrote into it, as after ``f(x)`` in NumPy, on every driver; a
write that cannot be kept (aliased arguments, an unmapped ``vmap`` argument, inside a
gradient transform) raises instead of being dropped.

The reference is the same Python function run eagerly on NumPy arrays: every function
here is written with operators, indexing and NumPy's ufunc methods only.
"""

from __future__ import annotations

import numpy as np
import pytest

import arraykit as ak

RNG = np.random.default_rng(24)


def same(got, want, rtol=0.0):
    host = np.asarray(got)
    assert host.dtype == np.asarray(want).dtype
    np.testing.assert_allclose(host, want, rtol=rtol, atol=0)


# XLA rounds some expressions differently from eager calls (fused multiply-adds, constants
# folded across operations: docs/guides/departures.md), so compiled values are compared
# to a few ulps; what is written where is compared exactly.
ULPS = 8 * np.finfo(np.float64).eps


def set_first(x):
    x[0] = 99.0
    return x * 1.0


def in_place_ops(x, y):
    x += 1.0
    y *= x[: y.shape[0]]
    return x[0] + y[-1]


def through_views(x):
    v = x[1:, ::2]  # a view of the argument: the write reaches x
    v[0] = -7.0
    t = x.T  # a layout view
    t[0, -1] = 5.0
    return v * 2.0


def ufunc_at(x, i):
    np.add.at(x, [0, 0, 2], i * 1.0)
    np.multiply.at(x, ([1, 1],), 3.0)
    return x


def nested(params, *, scale):
    params["w"][0] *= scale
    params["b"] -= 1.0
    return params["w"].sum() if hasattr(params["w"], "sum") else None


CASES = [
    ("setitem", set_first, lambda: (RNG.normal(size=4),), {}),
    ("in-place operators", in_place_ops, lambda: (RNG.normal(size=5), RNG.normal(size=3)), {}),
    ("through views", through_views, lambda: (RNG.normal(size=(4, 3)),), {}),
    ("ufunc.at", ufunc_at, lambda: (RNG.normal(size=3), np.float64(2.0)), {}),
    (
        "trees and keywords",
        lambda p, scale: nested(p, scale=scale),
        lambda: ({"w": RNG.normal(size=(2, 3)), "b": RNG.normal(size=3)},),
        {"scale": 3.0},
    ),
]


def _to_ak(tree):
    if isinstance(tree, dict):
        return {k: _to_ak(v) for k, v in tree.items()}
    return ak.asarray(tree)


def _host(tree):
    if isinstance(tree, dict):
        return {k: _host(v) for k, v in tree.items()}
    return tree.copy()


def _compare(got, want):
    if isinstance(want, dict):
        for k in want:
            _compare(got[k], want[k])
    elif want is not None:
        same(got, want, ULPS)


@pytest.mark.parametrize(("name", "f", "make", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_jit_keeps_writes_to_its_arguments(driver, name, f, make, kwargs):
    jf = ak.jit(f, static_argnames=tuple(kwargs))
    for _ in range(3):  # the first call traces; the later ones run the compiled code
        host_args = make()
        want_args = [_host(a) for a in host_args]
        want = f(*want_args, **kwargs)  # NumPy, eagerly
        args = [_to_ak(a) for a in host_args]
        views = [a[1:] if isinstance(a, ak.Array) and a.ndim else None for a in args]
        got = jf(*args, **kwargs)
        for a, w in zip(args, want_args, strict=True):
            _compare(a, w)
        for v, w in zip(views, want_args, strict=True):
            if v is not None:  # a view the caller made before the call sees the write
                same(v, w[1:], ULPS)
        if want is not None:
            same(got, want, 1e-12)


def test_jit_keeps_writes_to_a_view_argument_and_integer_dtypes(driver):
    base = ak.asarray(np.arange(12).reshape(3, 4))
    row = base[1]
    col = base[:, 2]
    jf = ak.jit(lambda r: r.__iadd__(10))
    jf(row)
    jf(row)
    want = np.arange(12).reshape(3, 4)
    want[1] += 20
    same(base, want)
    same(col, want[:, 2])


def test_jit_without_writes_leaves_arguments_alone(driver):
    x = ak.asarray([1.0, 2.0])
    out = ak.jit(lambda a: a * 2.0)(x)
    same(out, np.array([2.0, 4.0]))
    same(x, np.array([1.0, 2.0]))


def test_jit_refuses_writes_to_aliased_arguments(driver):
    # Inside a compiled function two arguments are two values: a write to one does not
    # reach the other as it does in NumPy.  The NumPy driver runs f as it is (NumPy).
    def f(a, b):
        a[0] = 5.0
        return a + b

    x = ak.asarray([1.0, 2.0])
    if driver.capabilities.mutable:
        same(ak.jit(f)(x, x), np.array([10.0, 4.0]))
        return
    with pytest.raises(ValueError, match="shares memory"):
        ak.jit(f)(x, x)
    same(x, np.array([1.0, 2.0]))  # nothing written when refused
    y = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="shares memory"):
        ak.jit(f)(y[1:], y[:2])
    same(y, np.array([1.0, 2.0, 3.0]))


def test_nested_jit_keeps_writes(driver):
    inner = ak.jit(set_first)
    outer = ak.jit(lambda a: inner(a) + 1.0)
    x = ak.asarray([1.0, 2.0])
    same(outer(x), np.array([100.0, 3.0]))
    same(x, np.array([99.0, 2.0]))


def test_vmap_writes_to_mapped_arguments_land_in_their_slices(driver):
    def f(row, scale):
        row[0] = row[-1] * scale
        return row.sum() if hasattr(row, "sum") else ak.sum(row)

    data = RNG.normal(size=(4, 3))
    x = ak.asarray(data.copy())
    view = x[:, 0]
    got = ak.vmap(f, in_axes=(0, None))(x, ak.asarray(2.0))
    want = data.copy()
    sums = [f(want[i], 2.0) for i in range(4)]  # NumPy's loop over row views
    same(x, want)
    same(view, want[:, 0])
    np.testing.assert_allclose(np.asarray(got), sums, rtol=1e-12)
    xt = ak.asarray(data.copy())  # mapped along axis 1
    ak.vmap(lambda c: c.__imul__(0.0), in_axes=1)(xt[:, :2])
    want = data.copy()
    want[:, :2] = 0.0
    same(xt, want)


def test_vmap_refuses_writes_to_unmapped_arguments(driver):
    def f(row, acc):
        acc += row
        return row

    x = ak.asarray(np.ones((3, 2)))
    acc = ak.asarray(np.zeros(2))
    with pytest.raises(ValueError, match="not mapped"):
        ak.vmap(f, in_axes=(0, None))(x, acc)
    same(acc, np.zeros(2))


def test_gradient_transforms_refuse_writes_to_their_arguments(driver):
    if not driver.capabilities.autodiff:
        pytest.skip("no automatic differentiation")

    def loss(w):
        w[0] = 0.0
        return ak.sum(w**2)

    w = ak.asarray([1.0, 2.0])
    for transform in (ak.grad, ak.value_and_grad, ak.jacobian):
        with pytest.raises(ValueError, match="writes to one of its array arguments"):
            transform(loss)(w)
    same(w, np.array([1.0, 2.0]))


def test_ufunc_at_inside_jit_needs_host_indices(driver):
    # Host indices (lists, NumPy arrays) are constants of the compiled function; an index
    # array traced by a compiler cannot be read to count its repeats: a clear TypeError.
    def f(x, i):
        np.add.at(x, i, 1.0)
        return x

    x = ak.asarray([0.0, 0.0, 0.0])
    ak.jit(lambda a: f(a, [2, 2, 0]))(x)
    same(x, np.array([1.0, 0.0, 2.0]))
    i = ak.asarray([1, 1])
    if driver.capabilities.jit:
        with pytest.raises(TypeError, match="known on the host"):
            ak.jit(f)(x, i)
        same(x, np.array([1.0, 0.0, 2.0]))
    else:  # runs eagerly: the indices have values
        ak.jit(f)(x, i)
        same(x, np.array([1.0, 2.0, 2.0]))


# ---------------------------------------------------------------------- closures
@pytest.mark.parametrize("value", ["traced", "constant"])
@pytest.mark.parametrize("transform", ["jit", "vmap"])
def test_writes_to_arrays_from_outside_are_refused_or_kept(driver, transform, value):
    """A write to an array f closes over: NumPy's (and an eager driver's) lands on every
    call; a driver that traces f once would do it once, at the trace (or leave a tracer in
    the array): it raises ValueError and the array keeps its data."""
    outside = ak.asarray(np.zeros(3))
    view = outside[1:]

    def f(y):
        if value == "traced":
            outside[0] = y[0]
        else:
            view[0] = 5.0
        inside = ak.zeros(2)  # made inside f: written and returned freely
        inside[0] = 1.0
        return y * 2, inside

    traces = getattr(driver.capabilities, transform)
    mapped = ak.jit(f) if transform == "jit" else ak.vmap(f)
    arg = ak.asarray(np.ones(3) if transform == "jit" else np.ones((2, 3)))
    if traces:
        with pytest.raises(ValueError, match="not one of its arguments"):
            mapped(arg)
        same(outside, np.zeros(3))
        same(view, np.zeros(2))
        return
    out, inside = mapped(arg)
    want = np.array([1.0, 0.0, 0.0]) if value == "traced" else np.array([0.0, 5.0, 0.0])
    same(outside, want)
    same(out, np.asarray(arg) * 2)
    same(inside, np.broadcast_to([1.0, 0.0], np.shape(inside)))
