"""Transforms: grad, value_and_grad, jacobian, jit, vmap, stop_gradient.

Gradients are checked against central finite differences of the same function written
in NumPy (float64); jit and vmap against NumPy computations.  Driver differences are
capability flags (``autodiff``, ``jit``, ``vmap``), never names.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
RNG = np.random.default_rng(0)
H = 1e-5


def needs(driver, flag):
    if not getattr(driver.capabilities, flag):
        pytest.skip(f"driver has no capabilities.{flag}")


def finite_diff(np_loss, inputs):
    """Central differences of the scalar ``np_loss(*inputs)`` w.r.t. every input."""
    """For a complex input ``z = x + iy``: ``d/dx + i d/dy``, arraykit's convention."""

    def central(k, idx, step):
        plus = [a.copy() for a in inputs]
        minus = [a.copy() for a in inputs]
        plus[k][idx] += step
        minus[k][idx] -= step
        return (np_loss(*plus) - np_loss(*minus)) / (2 * H)

    grads = []
    for k, x in enumerate(inputs):
        g = np.zeros_like(x)
        for idx in np.ndindex(x.shape):
            g[idx] = central(k, idx, H)
            if np.iscomplexobj(x):
                g[idx] += 1j * central(k, idx, 1j * H)
        grads.append(g)
    return grads


def check_grad(ak_loss, np_loss, inputs):
    args = [ak.asarray(x) for x in inputs]
    got = ak.grad(ak_loss, argnums=tuple(range(len(inputs))))(*args)
    assert isinstance(got, tuple) and len(got) == len(inputs)
    for g, expected, x in zip(got, finite_diff(np_loss, inputs), inputs, strict=True):
        assert g.dtype == ak.float64 and g.shape == x.shape
        np.testing.assert_allclose(np.asarray(g), expected, rtol=1e-6, atol=1e-8)


W3 = np.array([0.7, -1.3, 0.4])

# name, NumPy function, input domain (lo, hi)
UNARY = [
    ("abs", np.abs, 0.5, 2), ("acos", np.arccos, -0.9, 0.9), ("acosh", np.arccosh, 1.2, 3),
    ("asin", np.arcsin, -0.9, 0.9), ("asinh", np.arcsinh, -2, 2), ("atan", np.arctan, -2, 2),
    ("atanh", np.arctanh, -0.9, 0.9), ("cos", np.cos, -2, 2), ("cosh", np.cosh, -2, 2),
    ("exp", np.exp, -2, 2), ("expm1", np.expm1, -2, 2), ("log", np.log, 0.5, 3),
    ("log1p", np.log1p, 0.5, 3), ("log2", np.log2, 0.5, 3), ("log10", np.log10, 0.5, 3),
    ("negative", np.negative, -2, 2), ("positive", np.positive, -2, 2),
    ("reciprocal", np.reciprocal, 0.5, 2), ("sin", np.sin, -2, 2), ("sinh", np.sinh, -2, 2),
    ("square", np.square, -2, 2), ("sqrt", np.sqrt, 0.5, 3), ("tan", np.tan, -1, 1),
    ("tanh", np.tanh, -2, 2),
]  # fmt: skip

BINARY = [
    ("add", np.add, (-2, 2), (-2, 2)), ("subtract", np.subtract, (-2, 2), (-2, 2)),
    ("multiply", np.multiply, (-2, 2), (-2, 2)), ("divide", np.divide, (-2, 2), (0.5, 2)),
    ("pow", np.power, (0.5, 2), (-2, 2)), ("atan2", np.arctan2, (0.5, 2), (0.5, 2)),
    ("hypot", np.hypot, (0.5, 2), (0.5, 2)), ("logaddexp", np.logaddexp, (-2, 2), (-2, 2)),
    ("maximum", np.maximum, (-2, -1), (1, 2)), ("minimum", np.minimum, (-2, -1), (1, 2)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "np_fn", "lo", "hi"), UNARY, ids=[u[0] for u in UNARY])
def test_grad_of_unary_elementwise_matches_finite_differences(driver, name, np_fn, lo, hi):
    needs(driver, "autodiff")
    fn = getattr(ak, name)
    w = ak.asarray(W3)
    x = RNG.uniform(lo, hi, 3)
    check_grad(lambda a: ak.sum(fn(a) * w), lambda a: np.sum(np_fn(a) * W3), [x])


@pytest.mark.parametrize(("name", "np_fn", "d1", "d2"), BINARY, ids=[b[0] for b in BINARY])
def test_grad_of_binary_elementwise_matches_finite_differences(driver, name, np_fn, d1, d2):
    needs(driver, "autodiff")
    fn = getattr(ak, name)
    w = ak.asarray(W3)
    x1, x2 = RNG.uniform(*d1, 3), RNG.uniform(*d2, 3)
    check_grad(lambda a, b: ak.sum(fn(a, b) * w), lambda a, b: np.sum(np_fn(a, b) * W3), [x1, x2])


REDUCTIONS = [
    ("sum", np.sum), ("mean", np.mean), ("prod", np.prod), ("max", np.max),
    ("min", np.min), ("var", np.var), ("std", np.std),
]  # fmt: skip


@pytest.mark.parametrize(("name", "np_fn"), REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
def test_grad_of_reductions_matches_finite_differences(driver, name, np_fn):
    needs(driver, "autodiff")
    fn = getattr(ak, name)
    x = np.array([[0.5, -1.2, 2.0], [1.1, 0.3, -0.7]])  # distinct: max/min are smooth
    w = ak.asarray([1.5, -0.5])
    check_grad(
        lambda a: ak.sum(fn(a, axis=1) * w), lambda a: np.sum(np_fn(a, axis=1) * [1.5, -0.5]), [x]
    )


def _spd(a):
    return a @ a.T + 3 * np.eye(3)


W33 = RNG.uniform(-1, 1, (3, 3))

LINALG = [
    ("matmul", lambda a, b: ak.matmul(a, b), lambda a, b: a @ b, 2),
    ("inv", lambda a: ak.linalg.inv(a), np.linalg.inv, 1),
    ("det", lambda a: ak.linalg.det(a), np.linalg.det, 1),
    ("solve", lambda a, b: ak.linalg.solve(a, b), np.linalg.solve, 2),
    (
        "cholesky",
        lambda a: ak.linalg.cholesky(a @ ak.matrix_transpose(a) + 3 * ak.eye(3)),
        lambda a: np.linalg.cholesky(_spd(a)),
        1,
    ),
    ("vector_norm", lambda a: ak.linalg.vector_norm(a), np.linalg.norm, 1),
    ("matrix_norm", lambda a: ak.linalg.matrix_norm(a), lambda a: np.linalg.norm(a, "fro"), 1),
]


@pytest.mark.parametrize(("name", "ak_fn", "np_fn", "n"), LINALG, ids=[c[0] for c in LINALG])
def test_grad_of_linalg_matches_finite_differences(driver, name, ak_fn, np_fn, n):
    needs(driver, "autodiff")
    w = ak.asarray(W33)
    inputs = [RNG.uniform(-1, 1, (3, 3)) + 2 * np.eye(3) for _ in range(n)]
    check_grad(lambda *a: ak.sum(ak_fn(*a) * w), lambda *a: np.sum(np_fn(*a) * W33), inputs)


# ---------------------------------------------------------------------- grad API
def test_value_and_grad_with_nested_arguments_argnums_and_aux(driver):
    needs(driver, "autodiff")
    a = np.array([1.0, 2.0, 3.0])
    params = {"w": ak.asarray(a), "b": [ak.asarray(0.5)]}
    y = ak.asarray([2.0, -1.0, 0.5])

    def loss(p, target):
        pred = p["w"] * p["b"][0]
        return ak.sum((pred - target) ** 2), {"pred": pred}

    (value, aux), (gp, gy) = ak.value_and_grad(loss, argnums=(0, 1), has_aux=True)(params, y)
    r = a * 0.5 - np.array([2.0, -1.0, 0.5])
    np.testing.assert_allclose(float(value), np.sum(r**2))
    np.testing.assert_allclose(np.asarray(aux["pred"]), a * 0.5)
    np.testing.assert_allclose(np.asarray(gp["w"]), 2 * r * 0.5)
    np.testing.assert_allclose(np.asarray(gp["b"][0]), np.sum(2 * r * a))
    np.testing.assert_allclose(np.asarray(gy), -2 * r)
    g, aux2 = ak.grad(loss, has_aux=True)(params, y)
    assert set(g) == {"w", "b"} and isinstance(g["b"], list)
    np.testing.assert_allclose(np.asarray(aux2["pred"]), a * 0.5)


def test_grad_of_shared_leaf_is_per_leaf(driver):
    needs(driver, "autodiff")
    x = ak.asarray([1.0, 2.0])
    g = ak.grad(lambda p: ak.sum(p[0] * p[1] ** 2))((x, x))
    np.testing.assert_allclose(np.asarray(g[0]), [1.0, 4.0])
    np.testing.assert_allclose(np.asarray(g[1]), [2.0, 8.0])


def test_stop_gradient_and_setitem_under_grad(driver):
    needs(driver, "autodiff")

    def f(x):
        y = x * 1.0
        y[0] = 10.0 * x[1]
        return ak.sum(y * ak.stop_gradient(x))

    x = np.array([1.0, 2.0, 3.0])
    g = ak.grad(f)(ak.asarray(x))
    # d/dx of sum([10 x1, x1, x2] * const x) = [0, 10*x0 + x1, x2]
    np.testing.assert_allclose(np.asarray(g), [0.0, 10 * 1.0 + 2.0, 3.0])


def test_jacobian_matches_analytic(driver):
    needs(driver, "autodiff")
    x = np.array([0.3, -0.8, 1.5])
    jac = ak.jacobian(lambda a: ak.sin(a) * a[0])(ak.asarray(x))
    expected = np.diag(np.cos(x) * x[0])
    expected[:, 0] += np.sin(x)
    assert jac.shape == (3, 3)
    np.testing.assert_allclose(np.asarray(jac), expected, rtol=1e-12)
    j1, j2 = ak.jacobian(lambda a, b: a * b, argnums=(0, 1))(ak.asarray(x), ak.asarray(2 * x))
    np.testing.assert_allclose(np.asarray(j1), np.diag(2 * x))
    np.testing.assert_allclose(np.asarray(j2), np.diag(x))


COMPLEX_LOSSES = [
    # name, arraykit loss, NumPy loss: real-valued functions of complex inputs
    (
        "abs2_plus_real",
        lambda z, w: ak.sum(ak.abs(z) ** 2 + ak.real(z * w)),
        lambda z, w: np.sum(np.abs(z) ** 2 + np.real(z * w)),
    ),
    (
        "exp_sin_imag",
        lambda z, w: ak.sum(ak.imag(ak.exp(z) * ak.sin(w))),
        lambda z, w: np.sum(np.imag(np.exp(z) * np.sin(w))),
    ),
    (
        "matmul_conj",
        lambda z, w: ak.real(ak.sum(ak.conj(z) @ w)),
        lambda z, w: np.real(np.sum(np.conj(z) @ w)),
    ),
]


@pytest.mark.parametrize(
    ("name", "ak_loss", "np_loss"), COMPLEX_LOSSES, ids=[c[0] for c in COMPLEX_LOSSES]
)
def test_grad_of_complex_inputs_matches_finite_differences(driver, name, ak_loss, np_loss):
    # One convention on every driver: d/dx + i d/dy (JAX's own is the conjugate), so
    # that ``z - lr * g`` descends.
    needs(driver, "autodiff")
    z = RNG.normal(size=3) + 1j * RNG.normal(size=3)
    w = RNG.normal(size=3) + 1j * RNG.normal(size=3)
    got = ak.grad(ak_loss, argnums=(0, 1))(ak.asarray(z), ak.asarray(w))
    for g, expected in zip(got, finite_diff(np_loss, [z, w]), strict=True):
        assert g.dtype == ak.complex128
        np.testing.assert_allclose(np.asarray(g), expected, rtol=1e-6, atol=1e-8)
    # a step along -g lowers the loss
    z_new = ak.asarray(z) - 1e-3 * got[0]
    assert float(ak_loss(z_new, ak.asarray(w))) < float(ak_loss(ak.asarray(z), ak.asarray(w)))


def test_grad_through_complex_intermediates_is_real(driver):
    needs(driver, "autodiff")
    x = RNG.normal(size=8)

    def ak_loss(a):
        return ak.sum(ak.abs(ak.fft.fft(ak.astype(a, ak.complex128))) ** 2)

    check_grad(ak_loss, lambda a: np.sum(np.abs(np.fft.fft(a)) ** 2), [x])


def test_jacobian_of_complex_inputs_and_outputs(driver):
    needs(driver, "autodiff")
    z = np.array([3 + 4j, 1 - 2j])
    jac = ak.jacobian(lambda a: ak.abs(a) ** 2)(ak.asarray(z))
    np.testing.assert_allclose(np.asarray(jac), np.diag(2 * z), rtol=1e-12)  # 2x + 2iy
    with pytest.raises(TypeError, match="real floating-point"):
        ak.jacobian(lambda a: a * 2)(ak.asarray(z))


@pytest.mark.parametrize("n", [2, 3, -1, -2])
def test_grad_of_integer_power(driver, n):
    needs(driver, "autodiff")
    x = np.array([0.5, -1.5, 2.0])
    check_grad(lambda a: ak.sum(a**n), lambda a: np.sum(a**n), [x])


def test_grad_errors(driver):
    f = ak.grad(lambda a: ak.sum(a))
    if not driver.capabilities.autodiff:
        with pytest.raises(TypeError, match="no automatic differentiation; drivers that support"):
            f(ak.asarray([1.0]))
        with pytest.raises(TypeError, match="no automatic differentiation"):
            ak.jacobian(lambda a: a)(ak.asarray([1.0]))
        return
    with pytest.raises(TypeError, match="argument 0 must be floating-point"):
        f(ak.asarray([1, 2]))
    with pytest.raises(TypeError, match=r"shape \(2,\)"):
        ak.grad(lambda a: a * 2)(ak.asarray([1.0, 2.0]))
    with pytest.raises(TypeError, match="non-array leaf"):
        ak.grad(lambda a: a)(1.0)
    with pytest.raises(IndexError, match="argnums=3 is out of range"):
        ak.grad(lambda a: ak.sum(a), argnums=3)(ak.asarray([1.0]))
    with pytest.raises(TypeError, match="'f' must be callable"):
        ak.grad(3)


# ---------------------------------------------------------------------- jit
def test_jit_equals_eager_with_trees_and_static_args(driver):
    calls = []

    def f(x, cfg, scale):
        calls.append(1)
        y = ak.tanh(x["a"]) @ x["b"] * scale
        if cfg == "neg":
            y = -y
        return {"y": y, "parts": (ak.sum(x["a"]), x["b"][0])}

    jf = ak.jit(f, static_argnums=1)
    a, b = RNG.normal(size=(2, 3)), RNG.normal(size=(3, 2))
    args = {"a": ak.asarray(a), "b": ak.asarray(b)}
    for cfg, sign in (("pos", 1), ("neg", -1), ("pos", 1)):
        out = jf(args, cfg, 2.0)
        np.testing.assert_allclose(np.asarray(out["y"]), sign * np.tanh(a) @ b * 2.0, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(out["parts"][0]), a.sum(), rtol=1e-12)
        np.testing.assert_allclose(np.asarray(out["parts"][1]), b[0])
        assert out["y"].dtype == ak.float64
    if driver.capabilities.jit:
        assert len(calls) == 2  # traced once per static value


def test_jit_static_argnames_and_keyword_arguments(driver):
    calls = []

    def f(x, mode, *, scale, bias=None):
        calls.append(mode)
        y = x * scale if mode == "mul" else x + scale
        return y if bias is None else y + bias

    a = RNG.normal(size=3)
    x, s = ak.asarray(a), ak.asarray(2.0)
    by_name = ak.jit(f, static_argnames="mode")
    by_num = ak.jit(f, static_argnums=1)  # completed to the name "mode" by the signature
    for jf in (by_name, by_num):
        calls.clear()
        np.testing.assert_allclose(np.asarray(jf(x, "mul", scale=s)), a * 2.0)
        np.testing.assert_allclose(np.asarray(jf(x, mode="add", scale=s)), a + 2.0)
        np.testing.assert_allclose(np.asarray(jf(x, "mul", scale=s, bias=x)), a * 3.0)
        np.testing.assert_allclose(np.asarray(jf(x, "mul", scale=s)), a * 2.0)
        if driver.capabilities.jit:
            assert calls == ["mul", "add", "mul"]  # the repeated call is not traced
    with pytest.raises(ValueError, match="not parameters"):
        ak.jit(f, static_argnames="nope")
    with pytest.raises(TypeError, match="must not hold arrays"):
        ak.jit(f, static_argnames="mode")(x, mode=x, scale=s)


def test_jit_semantics_hold_on_every_call(driver):
    # Later calls may take a driver's fast path (JAX flattens arraykit arrays itself):
    # constants in arguments and results, other drivers' arrays and bad static values
    # must behave as on the first call.
    a = RNG.normal(size=3)
    x = ak.asarray(a)
    tagged = ak.jit(lambda v, k: (v * k, "tag", None))
    for k in (2.0, 2.0, 3.0):
        y, tag, nothing = tagged(x, k)
        np.testing.assert_allclose(np.asarray(y), a * k)
        assert (tag, nothing) == ("tag", None) and y.dtype == ak.float64

    twice = ak.jit(lambda v, mode: v * 2 if mode == "double" else v, static_argnums=1)
    for _ in range(3):
        np.testing.assert_allclose(np.asarray(twice(x, "double")), a * 2)
    with pytest.raises(TypeError, match="must not hold arrays"):
        twice(x, (x,))
    with pytest.raises(TypeError, match="hashable"):
        twice(x, ["unhashable"])
    on_numpy = ak.asarray(a, driver="numpy")
    out = twice(on_numpy, "double")  # the same wrapper, another driver
    assert out.device == on_numpy.device
    np.testing.assert_allclose(np.asarray(out), a * 2)
    np.testing.assert_allclose(np.asarray(twice(x, "double")), a * 2)


def test_jit_results_in_containers_keep_types_dtypes_and_trace_once(driver):
    # Positional array arguments are the drivers' fastest path (JAX: compiled over the
    # natives, results rebuilt); results must come back as on the general path.
    traces = []

    def f(a, b):
        traces.append(a.shape)
        return {"sum": a + b, "parts": [a > b, (ak.astype(a, ak.int32), b[0])]}

    jf = ak.jit(f)
    for keywords in (False, True):
        traces.clear()
        for shape in ((3,), (3,), (4,), (3,)):
            a, b = RNG.normal(size=shape) * 10, RNG.normal(size=shape)
            xa, xb = ak.asarray(a), ak.asarray(b)
            out = jf(xa, b=xb) if keywords else jf(xa, xb)
            assert set(out) == {"sum", "parts"}
            gt, (as_int, first) = out["parts"]
            assert type(out["parts"]) is list and type(out["parts"][1]) is tuple
            assert (out["sum"].dtype, gt.dtype, as_int.dtype) == (ak.float64, ak.bool, ak.int32)
            np.testing.assert_allclose(np.asarray(out["sum"]), a + b)
            np.testing.assert_array_equal(np.asarray(gt), a > b)
            np.testing.assert_array_equal(np.asarray(as_int), a.astype(np.int32))
            assert first.shape == () and float(first) == b[0]
        if driver.capabilities.jit:
            assert sorted(traces) == [(3,), (4,)]  # once per shape
    single = ak.jit(lambda a: a * 2)
    for dtype in (np.float32, np.complex64, np.int16, np.uint8):
        x = ak.asarray(np.arange(3).astype(dtype))
        out, eager = single(x), x * 2
        assert out.dtype == eager.dtype and out.device == x.device
        np.testing.assert_array_equal(np.asarray(out), np.asarray(eager))


def test_jit_results_whose_dtype_or_structure_varies_between_traces(driver):
    # The flat form (JAX) rebuilds results from what its traces returned: a result
    # whose dtype, structure or constants depend on the arguments must still come back
    # as the eager call's, whichever call traced first.
    def f(x):
        if x.ndim == 1:
            return x * 2
        return (x * 2, [ak.sum(x)])

    def g(x):
        return {"y": x + 1, "n": x.shape[0]}  # a constant among the results

    other = ak.asarray([1.0, 2.0], driver="numpy")

    def h(x):
        return (x - 1, other)  # another driver's array among the results

    jf, jg, jh = ak.jit(f), ak.jit(g), ak.jit(h)
    for dtype, shape in [
        (np.float32, (3,)), (np.float64, (3,)), (np.int16, (2,)), (np.float32, (2, 3)),
        (np.float32, (3,)), (np.float64, (4,)), (np.float64, (2, 2)),
    ]:  # fmt: skip
        data = np.arange(np.prod(shape)).reshape(shape).astype(dtype)
        x = ak.asarray(data)
        for jitted, plain in ((jf, f), (jg, g), (jh, h)):
            got, want = jitted(x), plain(x)
            got_leaves, want_leaves = _leaves(got), _leaves(want)
            assert len(got_leaves) == len(want_leaves)
            for a, b in zip(got_leaves, want_leaves, strict=True):
                if isinstance(b, ak.Array):  # results belong to the compiling driver
                    assert (a.dtype, a.shape, a.driver) == (b.dtype, b.shape, x.driver)
                    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
                else:
                    assert a == b
            assert type(got) is type(want)


def _leaves(tree):
    if isinstance(tree, (tuple, list)):
        return [leaf for t in tree for leaf in _leaves(t)]
    if isinstance(tree, dict):
        return [leaf for k in sorted(tree) for leaf in _leaves(tree[k])]
    return [tree]


def test_transforms_of_a_jitted_function_equal_eager(driver):
    # A compiled function called on traced arrays (inside grad, vmap, another jit).
    x = RNG.normal(size=3)
    xs = RNG.normal(size=(4, 3))
    jf = ak.jit(lambda v: (ak.sum(ak.sin(v) ** 2), {"c": ak.cos(v) * 2}))
    total, parts = jf(ak.asarray(x))  # compiled once before the transforms trace it
    np.testing.assert_allclose(float(total), np.sum(np.sin(x) ** 2), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(parts["c"]), np.cos(x) * 2, rtol=1e-12)
    mapped = ak.vmap(jf)(ak.asarray(xs))
    np.testing.assert_allclose(np.asarray(mapped[0]), np.sum(np.sin(xs) ** 2, axis=1))
    np.testing.assert_allclose(np.asarray(mapped[1]["c"]), np.cos(xs) * 2, rtol=1e-12)
    outer = ak.jit(lambda v: jf(v)[1]["c"] + 1)
    np.testing.assert_allclose(np.asarray(outer(ak.asarray(x))), np.cos(x) * 2 + 1)
    if driver.capabilities.autodiff:
        g = ak.grad(lambda v: jf(v)[0])(ak.asarray(x))
        np.testing.assert_allclose(np.asarray(g), np.sin(2 * x), rtol=1e-12)


def test_jitted_function_first_called_under_a_transform(driver):
    # Its first trace (which fixes the results' structure and dtypes) sees traced arrays.
    xs = RNG.normal(size=(4, 3))
    jf = ak.jit(lambda v: (ak.sum(ak.sin(v) ** 2), {"c": ak.cos(v) * 2}))
    total, parts = ak.vmap(jf)(ak.asarray(xs))
    np.testing.assert_allclose(np.asarray(total), np.sum(np.sin(xs) ** 2, axis=1), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(parts["c"]), np.cos(xs) * 2, rtol=1e-12)
    total, parts = jf(ak.asarray(xs[0]))
    assert total.dtype == parts["c"].dtype == ak.float64
    np.testing.assert_allclose(np.asarray(parts["c"]), np.cos(xs[0]) * 2, rtol=1e-12)
    if driver.capabilities.autodiff:
        jg = ak.jit(lambda v: ak.sum(ak.sin(v) ** 2))
        g = ak.grad(jg)(ak.asarray(xs[0]))
        np.testing.assert_allclose(np.asarray(g), np.sin(2 * xs[0]), rtol=1e-12)
        np.testing.assert_allclose(float(jg(ak.asarray(xs[1]))), np.sum(np.sin(xs[1]) ** 2))


def test_jit_of_grad_and_setitem(driver):
    def f(x):
        y = x * 1.0
        y[1] = 0.0
        return ak.sum(y**2)

    x = np.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose(float(ak.jit(f)(ak.asarray(x))), 10.0)
    if driver.capabilities.autodiff:
        g = ak.jit(ak.grad(f))(ak.asarray(x))
        np.testing.assert_allclose(np.asarray(g), [2.0, 0.0, 6.0])


def test_jit_errors(driver):
    with pytest.raises(TypeError, match="unknown option"):
        ak.jit(lambda a: a, bogus=1)(ak.asarray([1.0]))
    with pytest.raises(TypeError, match="must not hold arrays"):
        ak.jit(lambda a, b: a, static_argnums=1)(ak.asarray([1.0]), ak.asarray([1.0]))
    ok = ak.jit(lambda a: a + 1, jit_compile=False)(ak.asarray([1.0]))
    np.testing.assert_array_equal(np.asarray(ok), [2.0])
    if driver.capabilities.jit:

        def branchy(a):
            return a if ak.sum(a) > 0 else -a

        with pytest.raises(TypeError, match=r"trace|symbolic"):
            ak.jit(branchy)(ak.asarray([1.0]))


# ---------------------------------------------------------------------- vmap
def test_vmap_equals_loop_with_axes(driver):
    m = RNG.normal(size=(4, 3))
    v = RNG.normal(size=3)
    out = ak.vmap(lambda r, w: (ak.sum(r * w), r * 2), in_axes=(0, None))(
        ak.asarray(m), ak.asarray(v)
    )
    np.testing.assert_allclose(np.asarray(out[0]), m @ v, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(out[1]), m * 2)
    cols = ak.vmap(lambda c: c * ak.sum(c), in_axes=1, out_axes=1)(ak.asarray(m))
    np.testing.assert_allclose(np.asarray(cols), m * m.sum(axis=0), rtol=1e-12)
    tree = ak.vmap(lambda d: d["x"] + d["y"], in_axes=({"x": 0, "y": 1},))(
        {"x": ak.asarray(m), "y": ak.asarray(m.T)}
    )
    np.testing.assert_allclose(np.asarray(tree), 2 * m)
    const = ak.vmap(lambda r, w: w * 1.0, in_axes=(0, None), out_axes=None)(
        ak.asarray(m), ak.asarray(v)
    )
    np.testing.assert_allclose(np.asarray(const), v)


def test_vmap_of_grad_gives_per_example_gradients(driver):
    needs(driver, "autodiff")
    xs, ys = RNG.normal(size=(5, 3)), RNG.normal(size=5)
    w = np.array([0.1, -0.2, 0.3])

    def loss(w, x, y):
        return (ak.sum(ak.tanh(w * x)) - y) ** 2

    per = ak.vmap(ak.grad(loss), in_axes=(None, 0, 0))(
        ak.asarray(w), ak.asarray(xs), ak.asarray(ys)
    )
    loop = np.stack(
        [
            np.asarray(ak.grad(loss)(ak.asarray(w), ak.asarray(x), ak.asarray(y)))
            for x, y in zip(xs, ys, strict=True)
        ]
    )
    r = np.tanh(w * xs).sum(axis=1) - ys
    expected = 2 * r[:, None] * (1 - np.tanh(w * xs) ** 2) * xs
    np.testing.assert_allclose(np.asarray(per), expected, rtol=1e-10)
    np.testing.assert_allclose(loop, expected, rtol=1e-10)


def test_vmap_errors(driver):
    a, b = ak.ones((2, 3)), ak.ones((3, 3))
    with pytest.raises(ValueError, match=r"different sizes \[2, 3\]"):
        ak.vmap(lambda x, y: x + y)(a, b)
    with pytest.raises(ValueError, match="maps no array"):
        ak.vmap(lambda x: x, in_axes=None)(a)
    with pytest.raises(IndexError, match="in_axes=2 is out of range"):
        ak.vmap(lambda x: x, in_axes=2)(a)
    with pytest.raises(ValueError, match="in_axes has 1 entries for 2 arguments"):
        ak.vmap(lambda x, y: x, in_axes=(0,))(a, a)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    x=xps.arrays(
        dtype=np.float64,
        shape=st.sampled_from([(2, 3), (4, 3)]),
        elements=st.floats(-10, 10, allow_nan=False),
    )
)
def test_vmap_and_jit_equal_numpy_rowwise_property(driver, x):
    def f(r):
        return ak.sum(r * r) - ak.max(r)

    out = ak.vmap(f)(ak.asarray(x))
    expected = (x * x).sum(axis=1) - x.max(axis=1)
    np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(
        np.asarray(ak.jit(ak.vmap(f))(ak.asarray(x))), expected, rtol=1e-12, atol=1e-12
    )


def test_negative_indices_wrap_inside_jit_and_vmap(driver):
    """Core cannot read a traced index, so it wraps negative ones in the program: the
    same result as eagerly (TF's gathers refused them: an error where NumPy answers)."""
    needs(driver, "jit")
    x = ak.asarray([1.0, 2.0, 3.0])
    idx = ak.asarray([-1, 0, -3])
    eager = (np.asarray(x[idx]), np.asarray(ak.take(x, idx)), float(x[ak.asarray(-1)]))
    jitted = ak.jit(lambda a, i, j: (a[i], ak.take(a, i), a[j]))(x, idx, ak.asarray(-1))
    np.testing.assert_array_equal(np.asarray(jitted[0]), eager[0])
    np.testing.assert_array_equal(np.asarray(jitted[1]), eager[1])
    assert float(jitted[2]) == eager[2] == 3.0
    mapped = ak.vmap(lambda i: x[i])(idx)
    np.testing.assert_array_equal(np.asarray(mapped), [3.0, 1.0, 1.0])


def test_out_of_range_indices_inside_jit_and_vmap(driver):
    """Eagerly every driver raises IndexError; inside a transform, drivers that can check
    do (TF when the graph runs), and the others are documented to clamp or fill."""
    needs(driver, "jit")
    x = ak.asarray([1.0, 2.0, 3.0])

    def put(a, i):
        a[i] = 0.0
        return a

    calls = [
        lambda: ak.jit(lambda a, i: a[i])(x, ak.asarray(5)),
        lambda: ak.jit(lambda a, i: ak.take(a, i))(x, ak.asarray([0, 7])),
        lambda: ak.jit(put)(x, ak.asarray(9)),
        lambda: ak.vmap(lambda i: x[i])(ak.asarray([1, 4])),
    ]
    for call in calls:
        if driver.capabilities.traced_index_checks:
            with pytest.raises(IndexError, match="out of bounds"):
                call()
        else:
            call()  # runs: XLA clamps the gather / drops the scatter (README, "Errors")
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0, 3.0])


def test_checked_jit_and_vmap_raise_out_of_range_indices(driver):
    """``checked=True``: an index out of range inside ``ak.jit``/``ak.vmap`` raises the
    eager call's IndexError on every driver (JAX through checkify), in-range indices give
    the eager results, and the argument is left as it was."""
    x = ak.asarray([1.0, 2.0, 3.0])

    def put(a, i):
        a = ak.asarray(a, copy=True)
        a[i] = 0.0
        return a

    cases = [
        (ak.jit(lambda a, i: a[i], checked=True), (x, ak.asarray(-2)), (x, ak.asarray(3))),
        (ak.jit(lambda a, i: ak.take(a, i), checked=True), (x, ak.asarray([2, -3])),
         (x, ak.asarray([0, -4]))),
        (ak.jit(lambda a, i: ak.take_along_axis(a, i, axis=0), checked=True),
         (x, ak.asarray([1])), (x, ak.asarray([7]))),
        (ak.jit(put, checked=True), (x, ak.asarray([1])), (x, ak.asarray([9]))),
        (ak.vmap(lambda i: x[i], checked=True), (ak.asarray([0, -1]),),
         (ak.asarray([1, 4]),)),
        (ak.jit(ak.vmap(lambda i: x[i]), checked=True), (ak.asarray([2]),),
         (ak.asarray([1, -5]),)),
        (ak.jit(lambda a, i, n: a[i] * n, static_argnums=2, checked=True),
         (x, ak.asarray(0), 2), (x, ak.asarray(3), 2)),
    ]  # fmt: skip
    eager = [
        x[-2], ak.take(x, ak.asarray([2, -3])), ak.take_along_axis(x, ak.asarray([1]), axis=0),
        put(x, ak.asarray([1])), ak.stack([x[0], x[-1]]), ak.stack([x[2]]), x[0] * 2,
    ]  # fmt: skip
    for (f, good, bad), want in zip(cases, eager, strict=True):
        np.testing.assert_array_equal(np.asarray(f(*good)), np.asarray(want))
        with pytest.raises(IndexError, match="out of bounds"):
            f(*bad)
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0, 3.0])


def test_checked_jit_names_the_index_as_eagerly(driver):
    """The in-program check reports the index an eager call reports (the first below
    the range if any, else the largest above it)."""
    needs(driver, "jit")
    if not (driver.transforms.checks or driver.capabilities.traced_index_checks):
        pytest.skip("the driver checks no index inside a compiled function")
    x = ak.arange(4.0)
    f = ak.jit(lambda a, i: ak.take(a, i), checked=True)
    for idx in ([0, 9, 5], [-7, 2], [3, -4, 4]):
        i = ak.asarray(idx)
        with pytest.raises(IndexError) as eager:
            ak.take(x, i)
        with pytest.raises(IndexError) as traced:
            f(x, i)
        if driver.transforms.checks:
            assert str(traced.value) == str(eager.value)


def test_checked_jit_refuses_xla_on_tensorflow(driver):
    """XLA drops TF's graph assertions and clamps indices: ``checked=True`` with
    ``jit_compile=True`` would be silently unchecked, so it raises instead."""
    if driver.name != "tensorflow":
        pytest.skip("TensorFlow's jit_compile option")
    x = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="checked=True cannot be combined with jit_compile"):
        ak.jit(lambda a, i: a[i], checked=True, jit_compile=True)(x, ak.asarray(1))
