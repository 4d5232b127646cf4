"""Transforms composed in every order (issue 30): ``grad``, ``value_and_grad``,
``jacobian``, ``jit`` and ``vmap`` nested two and three deep, with ``in_axes``/
``out_axes`` and tree arguments; data-dependent shapes under ``vmap``; ``vmap`` over an
axis of size 0.

Every result is checked against a NumPy reference that is not arraykit: central finite
differences of the same function written in NumPy for derivatives, a Python loop for
``vmap``; and against the other drivers' results.  Drivers without automatic
differentiation run the ``jit``/``vmap`` compositions and raise their clear error for
the others (capability flags, never names).
"""

from __future__ import annotations

import contextlib
import re

import numpy as np
import pytest
from conftest import DRIVERS

import arraykit as ak

g, vg, jac, jit, vmap = ak.grad, ak.value_and_grad, ak.jacobian, ak.jit, ak.vmap

X = np.array([[0.3, -1.2, 0.8, 1.5], [1.1, 0.4, -0.7, 2.0], [-0.5, 0.9, 1.3, -1.1]])
M = np.array([[0.5, -1.0, 2.0, 0.3], [1.5, 0.2, -0.4, 1.0], [0.1, 0.7, 0.9, -1.2]])
RAMP = np.arange(1.0, 5.0)

# name -> (f of a row of 4 in arraykit, the same in NumPy): a real scalar each.
FUNCS = {
    "elementwise": (
        lambda x: ak.sum(ak.sin(x) * ak.exp(x / 2)),
        lambda x: np.sum(np.sin(x) * np.exp(x / 2)),
    ),
    "reduction": (
        lambda x: ak.var(x) + ak.max(x) + ak.prod(x) + ak.mean(x**2),
        lambda x: np.var(x) + np.max(x) + np.prod(x) + np.mean(x**2),
    ),
    "matmul": (
        lambda x: (
            ak.sum((ak.asarray(M) @ x) ** 2) + ak.sum(ak.reshape(x, (2, 2)) @ ak.reshape(x, (2, 2)))
        ),
        lambda x: np.sum((M @ x) ** 2) + np.sum(x.reshape(2, 2) @ x.reshape(2, 2)),
    ),
    "indexing": (
        lambda x: ak.sum(x[1:] * x[ak.asarray([3, 0, 2])]) + x[-1] * x[0] + ak.sum(x[::-2] ** 3),
        lambda x: np.sum(x[1:] * x[[3, 0, 2]]) + x[-1] * x[0] + np.sum(x[::-2] ** 3),
    ),
    "linalg.solve": (
        lambda x: ak.sum(ak.linalg.solve(ak.reshape(x, (2, 2)) + 3 * ak.eye(2), x[:2]) ** 2),
        lambda x: np.sum(np.linalg.solve(x.reshape(2, 2) + 3 * np.eye(2), x[:2]) ** 2),
    ),
    "cumulative_sum": (
        lambda x: ak.sum(ak.cumulative_sum(x, include_initial=True) ** 2),
        lambda x: np.sum(np.cumsum(x) ** 2),
    ),
    "where": (
        lambda x: ak.sum(ak.where(x > 0, x**2, -x / 2)),
        lambda x: np.sum(np.where(x > 0, x**2, -x / 2)),
    ),
    # gradients the TF driver defines itself (its gradients.py), which tf.vectorized_map
    # rewrote away: copysign's was 0 under vmap (issue 30)
    "driver's own gradients": (
        lambda x: ak.sum(
            ak.copysign(x, x + 0.35) * ak.remainder(x, 0.77)
            + ak.hypot(x, 0.5)
            + ak.maximum(x, -x / 3)
            + ak.logaddexp(x, 0.2)
        ),
        lambda x: np.sum(
            np.copysign(x, x + 0.35) * np.remainder(x, 0.77)
            + np.hypot(x, 0.5)
            + np.maximum(x, -x / 3)
            + np.logaddexp(x, 0.2)
        ),
    ),
    "sort": (
        lambda x: ak.sum(ak.sort(x) * ak.asarray(RAMP)) + ak.max(ak.cumulative_sum(ak.sort(x))),
        lambda x: np.sum(np.sort(x) * RAMP) + np.max(np.cumsum(np.sort(x))),
    ),
}


# ---------------------------------------------------------------------- references
def value(nf, x):
    return np.asarray(nf(x))


def grad_fd(nf, x, h=1e-6):
    out = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        step = np.zeros_like(x)
        step[i] = h
        out[i] = (nf(x + step) - nf(x - step)) / (2 * h)
    return out


def hess_fd(nf, x, h=1e-4):
    n = x.size
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            ei, ej = np.eye(n)[i] * h, np.eye(n)[j] * h
            out[i, j] = (nf(x + ei + ej) - nf(x + ei - ej) - nf(x - ei + ej) + nf(x - ei - ej)) / (
                4 * h * h
            )
    return out


def rows(ref):
    """``ref`` mapped over the first axis by a Python loop (what ``vmap`` promises)."""
    return lambda nf, xs: np.stack([ref(nf, x) for x in xs])


def block(nf, xs):
    """The Jacobian of the stacked values of the rows: row grads on the block diagonal."""
    out = np.zeros((len(xs), *xs.shape))
    for i, x in enumerate(xs):
        out[i, i] = grad_fd(nf, x)
    return out


def total(h):
    """A real scalar of a batched function, to differentiate a ``vmap``."""
    return lambda xs: ak.sum(h(xs))


def value_and_rows(nf, xs):
    return (rows(value)(nf, xs).sum(), rows(grad_fd)(nf, xs))


EXACT, FD, FD2 = 1e-10, 2e-6, 2e-5  # tolerances: loops, first and second differences

# (name, builder, input, reference, tolerance); "row" is X[0], "batch" X, "batchT" X.T,
# "batch2" a stack of two batches.
COMPOSITIONS = [
    ("jit", lambda f: jit(f), "row", value, EXACT),
    ("vmap", lambda f: vmap(f), "batch", rows(value), EXACT),
    ("grad", lambda f: g(f), "row", grad_fd, FD),
    ("grad(vmap)", lambda f: g(total(vmap(f))), "batch", rows(grad_fd), FD),
    ("vmap(grad)", lambda f: vmap(g(f)), "batch", rows(grad_fd), FD),
    ("jit(grad)", lambda f: jit(g(f)), "row", grad_fd, FD),
    ("grad(jit)", lambda f: g(jit(f)), "row", grad_fd, FD),
    ("jit(vmap)", lambda f: jit(vmap(f)), "batch", rows(value), EXACT),
    ("vmap(jit)", lambda f: vmap(jit(f)), "batch", rows(value), EXACT),
    ("jacobian(vmap)", lambda f: jac(vmap(f)), "batch", block, FD),
    ("vmap(jacobian)", lambda f: vmap(jac(f)), "batch", rows(grad_fd), FD),
    ("value_and_grad(vmap)", lambda f: vg(total(vmap(f))), "batch", value_and_rows, FD),
    ("vmap(value_and_grad)", lambda f: vmap(vg(f)), "batch",
     lambda nf, xs: (rows(value)(nf, xs), rows(grad_fd)(nf, xs)), FD),
    ("jacobian(grad)", lambda f: jac(g(f)), "row", hess_fd, FD2),
    ("grad(grad)", lambda f: g(lambda x: ak.sum(g(f)(x))), "row",
     lambda nf, x: hess_fd(nf, x).sum(axis=0), FD2),
    ("jit(vmap(grad))", lambda f: jit(vmap(g(f))), "batch", rows(grad_fd), FD),
    ("value_and_grad(jit(vmap))", lambda f: vg(total(jit(vmap(f)))), "batch", value_and_rows, FD),
    ("vmap(jit(grad))", lambda f: vmap(jit(g(f))), "batch", rows(grad_fd), FD),
    ("vmap(grad(jit))", lambda f: vmap(g(jit(f))), "batch", rows(grad_fd), FD),
    ("grad(jit(vmap))", lambda f: g(total(jit(vmap(f)))), "batch", rows(grad_fd), FD),
    ("jit(grad(vmap))", lambda f: jit(g(total(vmap(f)))), "batch", rows(grad_fd), FD),
    ("grad(vmap(jit))", lambda f: g(total(vmap(jit(f)))), "batch", rows(grad_fd), FD),
    ("jacobian(jit(vmap))", lambda f: jac(jit(vmap(f))), "batch", block, FD),
    ("jit(jacobian(vmap))", lambda f: jit(jac(vmap(f))), "batch", block, FD),
    ("jit(vmap(jacobian))", lambda f: jit(vmap(jac(f))), "batch", rows(grad_fd), FD),
    ("vmap(jacobian(grad))", lambda f: vmap(jac(g(f))), "batch", rows(hess_fd), FD2),
    ("vmap(vmap(grad))", lambda f: vmap(vmap(g(f))), "batch2", rows(rows(grad_fd)), FD),
    ("grad(vmap(vmap))", lambda f: g(total(vmap(vmap(f)))), "batch2", rows(rows(grad_fd)), FD),
    ("vmap(jit(vmap))", lambda f: vmap(jit(vmap(f))), "batch2", rows(rows(value)), EXACT),
    # in_axes / out_axes: the batch along axis 1 of the input, of the output
    ("vmap(grad), in_axes=1, out_axes=1", lambda f: vmap(g(f), in_axes=1, out_axes=1), "batchT",
     lambda nf, xs: rows(grad_fd)(nf, xs.T).T, FD),
    ("grad(vmap, in_axes=1)", lambda f: g(total(vmap(f, in_axes=1))), "batchT",
     lambda nf, xs: rows(grad_fd)(nf, xs.T).T, FD),
    ("jit(vmap(jacobian), out_axes=1)", lambda f: jit(vmap(jac(f), out_axes=1)), "batch",
     lambda nf, xs: rows(grad_fd)(nf, xs).T, FD),
    ("jit(vmap, in_axes=-1)", lambda f: jit(vmap(f, in_axes=-1)), "batchT",
     lambda nf, xs: rows(value)(nf, xs.T), EXACT),
]  # fmt: skip

INPUTS = {"row": X[0], "batch": X, "batchT": X.T.copy(), "batch2": np.stack([X, 0.9 * X[::-1]])}


def differentiates(name: str) -> bool:
    return "grad" in name or "jacobian" in name


def to_numpy(tree):
    if isinstance(tree, (tuple, list)):
        return tuple(to_numpy(t) for t in tree)
    if isinstance(tree, dict):
        return {k: to_numpy(v) for k, v in tree.items()}
    assert isinstance(tree, ak.Array), type(tree)
    assert tree.dtype == ak.float64, tree.dtype
    return np.asarray(tree)


def assert_close(got, expected, tol, what=""):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected), what
        for a, b in zip(got, expected, strict=True):
            assert_close(a, b, tol, what)
        return
    if isinstance(expected, dict):
        assert isinstance(got, dict) and set(got) == set(expected), what
        for k in expected:
            assert_close(got[k], expected[k], tol, f"{what}[{k!r}]")
        return
    expected = np.asarray(expected)
    assert got.shape == expected.shape, (what, got.shape, expected.shape)
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol, err_msg=what)


RESULTS: dict[tuple[str, str, str], object] = {}  # (driver, composition, function) -> result


def run(driver_name: str, comp: tuple, case: str):
    key = (driver_name, comp[0], case)
    if key not in RESULTS:
        with ak.use(driver_name, promotion="numpy", default_float="float64"):
            RESULTS[key] = to_numpy(comp[1](FUNCS[case][0])(ak.asarray(INPUTS[comp[2]])))
    return RESULTS[key]


def comp_id(comp: tuple) -> str:
    return comp[0].replace(" ", "")


@pytest.mark.parametrize("case", list(FUNCS))
@pytest.mark.parametrize("comp", COMPOSITIONS, ids=comp_id)
def test_composition_matches_numpy(driver, comp, case):
    name, build, kind, reference, tol = comp
    if differentiates(name) and not driver.capabilities.autodiff:
        with pytest.raises(TypeError, match="no automatic differentiation; drivers that"):
            build(FUNCS[case][0])(ak.asarray(INPUTS[kind]))
        return
    got = run(driver.name, comp, case)
    assert_close(got, reference(FUNCS[case][1], INPUTS[kind]), tol, f"{name} of {case}")


@pytest.mark.parametrize("case", list(FUNCS))
@pytest.mark.parametrize("comp", COMPOSITIONS, ids=comp_id)
def test_drivers_agree(comp, case):
    """The drivers that run a composition give the same numbers (closer than the finite
    differences can tell): JAX's are the reference the issue names."""
    names = [n for n in DRIVERS if not differentiates(comp[0]) or ak.drivers.supports_autodiff(n)]
    if len(names) < 2:
        pytest.skip("fewer than two drivers under test run this composition")
    first = run(names[0], comp, case)
    for other in names[1:]:
        assert_close(run(other, comp, case), first, 1e-9, f"{comp[0]} of {case}: {other}")


# ---------------------------------------------------------------------- tree arguments
W = np.array([0.9, -0.4, 1.3, 0.6])
B = 0.7


def loss(params, x):
    return ak.sum(ak.sin(params["w"] * x) + params["b"] * x**2)


def np_loss(w, b, x):
    return np.sum(np.sin(w * x) + b * x**2)


def per_row(w, b):
    """Finite-difference gradients of ``np_loss`` per row of X: w's, b's and x's."""
    gw = np.stack([grad_fd(lambda v, x=x: np_loss(v, b, x), w) for x in X])
    gb = np.array([grad_fd(lambda v, x=x: np_loss(w, v[0], x), np.array([b]))[0] for x in X])
    gx = np.stack([grad_fd(lambda v: np_loss(w, b, v), x) for x in X])
    return gw, gb, gx


def params():
    return {"w": ak.asarray(W), "b": ak.asarray(B)}


def needs_autodiff(driver):
    if not driver.capabilities.autodiff:
        pytest.skip("the driver does not differentiate")


def test_per_example_gradients_of_a_dict(driver):
    needs_autodiff(driver)
    gw, gb, gx = per_row(W, B)
    xs = ak.asarray(X)
    # vmap(grad) with the parameters unmapped: one gradient per example
    got = vmap(g(loss), in_axes=(None, 0))(params(), xs)
    assert_close(to_numpy(got), {"w": gw, "b": gb}, FD, "vmap(grad)")
    # the same through jit, with in_axes a tree and out_axes a tree of the output
    both = jit(
        vmap(
            g(loss, argnums=(0, 1)),
            in_axes=({"w": None, "b": None}, 0),
            out_axes=({"w": 1, "b": 0}, 0),
        )
    )(params(), xs)
    assert_close(to_numpy(both), ({"w": gw.T, "b": gb}, gx), FD, "jit(vmap(grad)) trees")
    # grad of the batch's total: the gradients summed over the examples
    summed = g(lambda p, xs: ak.sum(vmap(loss, in_axes=(None, 0))(p, xs)))(params(), xs)
    assert_close(to_numpy(summed), {"w": gw.sum(0), "b": gb.sum()}, FD, "grad(vmap)")
    # jacobian of the vmap: the per-example gradients again, as d(values)/d(params)
    jacobian = jac(vmap(loss, in_axes=(None, 0)))(params(), xs)
    assert_close(to_numpy(jacobian), {"w": gw, "b": gb}, FD, "jacobian(vmap)")


def test_gradients_through_vmap_reach_closures_and_unmapped_arguments(driver):
    """Rules of the driver's own (copysign's, maximum's) inside the mapped
    function, differentiated with respect to an unmapped argument and an array the
    function closes over, eagerly and under jit: central differences of NumPy's."""
    needs_autodiff(driver)
    xs, w0, c0 = X, W, 0.7

    def np_total(w, c):
        return np.sum(np.copysign(w * xs, xs - 0.05) + np.maximum(c * xs, 0.4 * xs) + c * w)

    want_w = grad_fd(lambda v: np_total(v, c0), w0)
    want_c = grad_fd(lambda v: np_total(w0, v[0]), np.array([c0]))[0]

    def total(w, c):
        def row(x, w):
            return ak.copysign(w * x, x - 0.05) + ak.maximum(c * x, 0.4 * x) + c * w

        return ak.sum(vmap(row, in_axes=(0, None))(ak.asarray(xs), w))

    for how, fn in (("eager", total), ("jit", jit(total))):
        gw, gc = g(fn, argnums=(0, 1))(ak.asarray(w0), ak.asarray(c0))
        assert_close(np.asarray(gw), want_w, FD, f"{how}: the unmapped argument")
        assert_close(np.asarray(gc), np.asarray(want_c), FD, f"{how}: the closed-over array")


def test_tuple_arguments_and_value_and_grad_with_aux(driver):
    needs_autodiff(driver)
    gw, gb, gx = per_row(W, B)

    def tuple_loss(wb, x):
        w, b = wb
        value = loss({"w": w, "b": b}, x)
        return value, {"twice": 2 * value}

    wb = (ak.asarray(W), ak.asarray(B))
    (values, aux), grads = jit(
        vmap(vg(tuple_loss, argnums=(0, 1), has_aux=True), in_axes=((None, None), 0))
    )(wb, ak.asarray(X))
    expected_values = np.array([np_loss(W, B, x) for x in X])
    assert_close(to_numpy(values), expected_values, EXACT, "values")
    assert_close(to_numpy(aux), {"twice": 2 * expected_values}, EXACT, "aux")
    assert_close(to_numpy(grads), ((gw, gb), gx), FD, "grads")
    # value_and_grad of a jit of a vmap, over the tuple
    total_value, grad_wb = vg(
        lambda wb, xs: ak.sum(
            jit(vmap(lambda wb, x: tuple_loss(wb, x)[0], in_axes=(None, 0)))(wb, xs)
        )
    )(wb, ak.asarray(X))
    assert_close(to_numpy(total_value), expected_values.sum(), EXACT, "value")
    assert_close(to_numpy(grad_wb), (gw.sum(0), gb.sum()), FD, "grad of the tuple")


def test_vmap_and_jit_of_trees_without_gradients(driver):
    """What every driver runs: jit of a vmap, and vmap of a jit, over dict and tuple
    arguments with in_axes trees, against a Python loop."""
    expected = np.array([np_loss(W, B, x) for x in X])
    for f in (
        jit(vmap(loss, in_axes=({"w": None, "b": None}, 0))),
        vmap(jit(loss), in_axes=(None, 0)),
    ):
        assert_close(to_numpy(f(params(), ak.asarray(X))), expected, EXACT)
    pairs = vmap(lambda wx: (wx[0] * wx[1], ak.sum(wx[1])), in_axes=((None, 1),), out_axes=(1, 0))
    prod, sums = pairs((ak.asarray(W), ak.asarray(X.T.copy())))
    assert_close(to_numpy((prod, sums)), ((W * X).T, X.sum(1)), EXACT)


# ---------------------------------------------------------------------- data-dependent shapes
DATA_DEPENDENT = [
    ("unique_values", lambda r: ak.unique_values(r)),
    ("unique_counts", lambda r: ak.unique_counts(r).counts),
    ("unique_inverse", lambda r: ak.unique_inverse(r).values),
    ("unique_all", lambda r: ak.unique_all(r).indices),
    ("nonzero", lambda r: ak.nonzero(r)[0]),
    ("boolean indexing x[mask]", lambda r: r[r > 0]),
    ("boolean indexing x[mask]", lambda r: ak.sum(r[ak.asarray([True, False, True])])),
    ("repeat", lambda r: ak.repeat(r, ak.astype(r > 0, ak.int64))),
]
# Rows whose results have one size (a loop could stack them) and rows whose results differ.
SAME_SIZES = np.array([[1.0, -2.0, 3.0], [4.0, -5.0, 6.0]])
OTHER_SIZES = np.array([[1.0, 1.0, 0.0], [4.0, -5.0, 6.0]])


@pytest.mark.parametrize("data", [SAME_SIZES, OTHER_SIZES], ids=["same-sizes", "other-sizes"])
@pytest.mark.parametrize(("fn", "f"), DATA_DEPENDENT, ids=lambda v: v if isinstance(v, str) else "")
def test_data_dependent_shapes_under_vmap_raise_one_error(driver, fn, f, data):
    message = "^" + re.escape(f"vmap: {fn} has a data-dependent output shape (")
    x = ak.asarray(data)
    for mapped in (vmap(f), jit(vmap(f)), vmap(jit(f))):
        with pytest.raises(ValueError, match=message) as info:
            mapped(x)
        assert "which vmap cannot batch" in str(info.value)
    f(x[0])  # eagerly it runs: the refusal is vmap's only
    if driver.capabilities.autodiff:
        with pytest.raises(ValueError, match=message):
            g(lambda xs: ak.sum(ak.astype(vmap(f)(xs), ak.float64)))(x)


def test_a_jit_traced_outside_vmap_refuses_inside(driver):
    """A trace of ak.jit made eagerly is not reused inside vmap (TensorFlow's would
    have vectorised or looped over its Unique op, and stacked when the sizes agreed)."""
    jitted = jit(lambda r: ak.unique_values(r))
    x = ak.asarray(SAME_SIZES)
    with contextlib.suppress(TypeError):  # a driver that cannot trace it refuses eagerly
        np.testing.assert_array_equal(np.asarray(jitted(x[0])), np.unique(SAME_SIZES[0]))
    with pytest.raises(ValueError, match=r"^vmap: unique_values has a data-dependent"):
        vmap(jitted)(x)
    with contextlib.suppress(TypeError):  # and the eager trace still serves eager calls
        np.testing.assert_array_equal(np.asarray(jitted(x[1])), np.unique(SAME_SIZES[1]))


def test_shape_keeping_alternatives_run_under_vmap(driver):
    """The remedies the error names: ak.where and a masked assignment keep the shape."""
    x = ak.asarray(OTHER_SIZES)
    kept = vmap(lambda r: ak.where(r > 0, r, 0.0))(x)
    np.testing.assert_array_equal(np.asarray(kept), np.where(OTHER_SIZES > 0, OTHER_SIZES, 0.0))
    counted = vmap(ak.count_nonzero)(x)
    np.testing.assert_array_equal(np.asarray(counted), np.count_nonzero(OTHER_SIZES, axis=1))


# ---------------------------------------------------------------------- size-0 axes
# f of a row of 3 and its NumPy twin: over zero rows, vmap gives empty stacks of what f
# gives for one row (JAX's rule: the shapes and dtypes of f's results, zero of them).
ZERO = [
    ("sum", lambda r: ak.sum(r), lambda r: np.sum(r)),
    ("identity", lambda r: r, lambda r: r),
    ("outer", lambda r: r[:, None] * r[None, :], lambda r: r[:, None] * r[None, :]),
    ("tuple", lambda r: (ak.argmax(r), ak.sum(r)), lambda r: (np.argmax(r), np.sum(r))),
    ("astype", lambda r: ak.astype(r, ak.int32), lambda r: r.astype(np.int32)),
    ("solve", lambda r: ak.linalg.solve(ak.eye(3) + r[:, None], r),
     lambda r: np.linalg.solve(np.eye(3) + r[:, None], r)),
    ("dict", lambda r: {"m": ak.max(r), "c": ak.cumulative_sum(r)},
     lambda r: {"m": np.max(r), "c": np.cumsum(r)}),
]  # fmt: skip


def empty_like_results(tree, axis):
    """What vmap must return over zero elements, from one element's results ``tree``."""
    if isinstance(tree, tuple):
        return tuple(empty_like_results(t, axis) for t in tree)
    if isinstance(tree, dict):
        return {k: empty_like_results(v, axis) for k, v in tree.items()}
    shape = np.shape(tree)
    return np.empty((*shape[:axis], 0, *shape[axis:]), np.asarray(tree).dtype)


def assert_same_empty(got, expected):
    if isinstance(expected, (tuple, dict)):
        assert type(got) is type(expected)
        for a, b in zip(
            got.values() if isinstance(got, dict) else got,
            expected.values() if isinstance(expected, dict) else expected,
            strict=True,
        ):
            assert_same_empty(a, b)
        return
    assert isinstance(got, ak.Array)
    assert (got.shape, got.dtype) == (expected.shape, expected.dtype)


@pytest.mark.parametrize(("name", "f", "nf"), ZERO, ids=[z[0] for z in ZERO])
def test_vmap_over_a_size_zero_axis_gives_empty_stacks(driver, name, f, nf):
    one = nf(np.zeros(3))
    zeros = ak.asarray(np.zeros((0, 3)))
    for mapped in (vmap(f), jit(vmap(f)), vmap(jit(f))):
        assert_same_empty(mapped(zeros), empty_like_results(one, 0))
    if not isinstance(one, (tuple, dict)):  # the batch along the last axis, in and out
        along_1 = vmap(f, in_axes=1, out_axes=-1)(ak.asarray(np.zeros((3, 0))))
        assert_same_empty(along_1, empty_like_results(one, np.ndim(one)))


def test_vmap_over_a_size_zero_axis_with_unmapped_arguments(driver):
    w = ak.asarray(np.ones((3, 2)))
    out = vmap(lambda r, w: r @ w, in_axes=(0, None))(ak.asarray(np.zeros((0, 3))), w)
    assert (out.shape, out.dtype) == ((0, 2), ak.float64)
    nested = vmap(vmap(ak.sum))(ak.asarray(np.zeros((2, 0, 3))))
    assert (nested.shape, nested.dtype) == ((2, 0), ak.float64)
    with pytest.raises(ValueError, match="out_axes=None takes an output of the first mapped"):
        vmap(ak.sum, out_axes=None)(ak.asarray(np.zeros((0, 3))))


def test_gradients_over_a_size_zero_axis(driver):
    needs_autodiff(driver)
    zeros = ak.asarray(np.zeros((0, 3)))
    f = FUNCS["elementwise"][0]
    for got in (
        vmap(g(f))(zeros),
        g(total(vmap(f)))(zeros),
        jit(vmap(g(f)))(zeros),
        vmap(jac(f))(zeros),
    ):
        assert (got.shape, got.dtype) == ((0, 3), ak.float64)
    assert jac(vmap(f))(zeros).shape == (0, 0, 3)


def test_a_generator_draws_nothing_over_a_size_zero_axis(driver):
    rng, twin = ak.random.default_rng(5), ak.random.default_rng(5)
    out = vmap(lambda row, rng: row * rng.random(3))(ak.asarray(np.zeros((0, 3))), rng)
    assert out.shape == (0, 3)
    np.testing.assert_array_equal(np.asarray(rng.random(3)), np.asarray(twin.random(3)))


def test_vmap_over_rows_selected_by_a_mask(driver):
    """Rows picked by a boolean mask (a size the Dask driver knows only once computed)."""
    data = np.array([[1.0, 2.0], [-3.0, 4.0], [5.0, -6.0], [-7.0, 8.0]])
    for keep in (data[:, 0] > 0, data[:, 0] > 9):
        x = ak.asarray(data)
        rows = x[ak.asarray(keep)]
        got = vmap(lambda r, w: ak.sum(r * w), in_axes=(0, None))(rows, ak.asarray([1.0, 2.0]))
        np.testing.assert_array_equal(np.asarray(got), data[keep] @ np.array([1.0, 2.0]))
