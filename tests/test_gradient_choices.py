"""Gradients where the derivative does not exist: one choice per function, the same on
every driver with ``capabilities.autodiff`` (listed in docs/reference/transforms.rst).

The rule: at a kink, the subgradient of least norm — the middle of the one-sided
derivatives for one variable (``abs`` at 0: 0), an even split among tied operands
(``maximum``, ``minimum``, ``clip``, ``max``, ``min``); a piecewise-constant function's
derivative is 0, at its jumps too.  ``where`` differentiates both branches and multiplies
the unselected one's derivative by 0, so a NaN or infinite derivative there gives NaN
(IEEE: ``0 * inf``), as in JAX and PyTorch: the remedy is the "double where" (make the
unselected branch's input safe).  Each expected value below is that rule worked out by
hand, not arraykit's output.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import arraykit as ak

NAN = math.nan

# name -> (loss of the arrays, the arrays, the expected gradient of each)
CHOICES: dict[str, tuple] = {
    "abs at 0": (lambda x: ak.sum(ak.abs(x)), [[0.0, -0.0, -2.0]], [[0.0, 0.0, -1.0]]),
    "abs of complex 0": (lambda z: ak.sum(ak.abs(z)), [[0j, 3 + 4j]], [[0j, 0.6 + 0.8j]]),
    "maximum at a tie": (
        lambda a, b: ak.sum(ak.maximum(a, b)),
        [[1.0, 2.0, -1.0], [1.0, 3.0, -2.0]],
        [[0.5, 0.0, 1.0], [0.5, 1.0, 0.0]],
    ),
    "maximum(x, 0) at 0": (
        lambda x: ak.sum(ak.maximum(x, 0.0)),
        [[0.0, -1.0, 2.0]],
        [[0.5, 0.0, 1.0]],
    ),
    "minimum at a tie": (
        lambda a, b: ak.sum(ak.minimum(a, b)),
        [[1.0, 2.0], [1.0, 3.0]],
        [[0.5, 1.0], [0.5, 0.0]],
    ),
    "minimum broadcast ties": (
        lambda a, b: ak.sum(ak.minimum(a, b)),
        [[[1.0], [2.0]], [1.0, 3.0, 0.0]],
        [[[1.5], [1.0]], [1.5, 0.0, 2.0]],
    ),
    "clip at its bounds": (
        lambda x: ak.sum(ak.clip(x, -1.0, 1.0)),
        [[-1.0, 1.0, 0.0, 2.0, -3.0]],
        [[0.5, 0.5, 1.0, 0.0, 0.0]],
    ),
    "clip at array bounds": (
        lambda x, lo, hi: ak.sum(ak.clip(x, lo, hi)),
        [[-1.0, 1.0, 0.0], [-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]],
        [[0.5, 0.5, 1.0], [0.5, 0.0, 0.0], [0.0, 0.5, 0.0]],
    ),
    "max with three ties": (
        lambda x: ak.max(x),
        [[2.0, 1.0, 2.0, 2.0]],
        [[1 / 3, 0.0, 1 / 3, 1 / 3]],
    ),
    "min with two ties": (lambda x: ak.min(x), [[0.0, 1.0, 0.0]], [[0.5, 0.0, 0.5]]),
    "copysign at x1 = 0": (
        lambda a, b: ak.sum(ak.copysign(a, b)),
        [[0.0, -0.0, 2.0, -2.0], [-1.0, 1.0, -1.0, 1.0]],
        [[0.0, 0.0, -1.0, -1.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    "sign (real)": (lambda x: ak.sum(ak.sign(x)), [[0.0, 2.0, -1.0]], [[0.0, 0.0, 0.0]]),
    "sign of complex 0": (lambda z: ak.sum(ak.real(ak.sign(z))), [[0j]], [[0j]]),
    # d/dx real(z / |z|) = y**2 / |z|**3, d/dy = -x y / |z|**3
    "sign of 1 + 2j": (
        lambda z: ak.sum(ak.real(ak.sign(z))),
        [[1 + 2j]],
        [[4 / 5**1.5 - 2j / 5**1.5]],
    ),
    "hypot at the origin": (
        lambda a, b: ak.sum(ak.hypot(a, b)),
        [[0.0, 3.0], [0.0, 4.0]],
        [[0.0, 0.6], [0.0, 0.8]],
    ),
    "floor, ceil, trunc, round at their jumps": (
        lambda x: ak.sum(ak.floor(x) + ak.ceil(x) + ak.trunc(x) + ak.round(x)),
        [[1.0, 0.5, -2.0]],
        [[0.0, 0.0, 0.0]],
    ),
    "unique values of repeated elements: to the first occurrence": (
        lambda x: ak.sum(ak.unique_values(x) * ak.asarray([1.0, 10.0])),
        [[2.0, 1.0, 2.0, 1.0]],
        [[10.0, 1.0, 0.0, 0.0]],
    ),
    "sort with ties: each output's source (stable)": (
        lambda x: ak.sum(ak.sort(x) * ak.asarray([1.0, 2.0, 3.0, 4.0])),
        [[1.0, 0.0, 1.0, 1.0]],
        [[2.0, 1.0, 3.0, 4.0]],
    ),
    "vector_norm ord=1, inf, -1 at 0 (abs at 0)": (
        lambda x: sum(ak.linalg.vector_norm(x, ord=o) for o in (1, ak.inf, -ak.inf)),
        [[0.0, 0.0, 0.0]],
        [[0.0, 0.0, 0.0]],
    ),
    "vector_norm ord=1, inf at complex 0": (
        lambda z: sum(ak.linalg.vector_norm(z, ord=o) for o in (1, ak.inf)),
        [[0j, 0j]],
        [[0j, 0j]],
    ),
    # sqrt at 0 inside (not a subgradient: see docs/reference/transforms.rst)
    "vector_norm (2) at 0": (lambda x: ak.linalg.vector_norm(x), [[0.0, 0.0]], [[NAN, NAN]]),
    "matrix_norm ('fro') at 0": (
        lambda x: ak.linalg.matrix_norm(x),
        [[[0.0, 0.0], [0.0, 0.0]]],
        [[[NAN, NAN], [NAN, NAN]]],
    ),
    "std of a constant": (lambda x: ak.std(x), [[1.0, 1.0]], [[NAN, NAN]]),
    "sqrt at 0": (lambda x: ak.sum(ak.sqrt(x)), [[0.0]], [[math.inf]]),
    "0 ** 0": (lambda a, b: ak.sum(ak.pow(a, b)), [[0.0], [0.0]], [[0.0], [0.0]]),
    "where: sqrt masked at -1 and 0": (
        lambda x: ak.sum(ak.where(x > 0, ak.sqrt(x), 0.0 * x)),
        [[-1.0, 0.0, 4.0]],
        [[NAN, NAN, 0.25]],
    ),
    "where: log masked at 0 and -1": (
        # log's derivative 1/x is finite at -1 (0 * -1 = 0), infinite at 0 (NaN)
        lambda x: ak.sum(ak.where(x > 0, ak.log(x), 0.0 * x)),
        [[-1.0, 0.0, 2.0]],
        [[0.0, NAN, 0.5]],
    ),
    "where: reciprocal masked at 0": (
        lambda x: ak.sum(ak.where(x != 0, 1 / x, 0.0 * x)),
        [[0.0, 2.0]],
        [[NAN, -0.25]],
    ),
    "where: acos masked at 2": (
        lambda x: ak.sum(ak.where(ak.abs(x) <= 1, ak.acos(x), 0.0 * x)),
        [[2.0, 0.0]],
        [[NAN, -1.0]],
    ),
    "where: pow masked at a negative base": (
        lambda x, p: ak.sum(ak.where(x > 0, x**p, 0.0 * x)),
        [[-1.0, 4.0], [0.5, 0.5]],
        [[NAN, 0.25], [NAN, 2 * math.log(4.0)]],
    ),
    "where: the double-where remedy": (
        lambda x: ak.sum(ak.where(x > 0, ak.sqrt(ak.where(x > 0, x, 1.0)), 0.0 * x)),
        [[-1.0, 0.0, 4.0]],
        [[0.0, 0.0, 0.25]],
    ),
}


@pytest.mark.parametrize("name", list(CHOICES))
def test_gradient_where_the_derivative_does_not_exist(driver, name):
    if not driver.capabilities.autodiff:
        pytest.skip("driver has no capabilities.autodiff")
    loss, inputs, expected = CHOICES[name]
    args = [ak.asarray(np.asarray(a)) for a in inputs]
    got = ak.grad(loss, argnums=tuple(range(len(args))))(*args)
    for k, (g, want) in enumerate(zip(got, expected, strict=True)):
        np.testing.assert_allclose(
            np.asarray(g), np.asarray(want), rtol=1e-12, atol=1e-15, err_msg=f"argument {k}"
        )


# Under ``vmap`` the same choices hold: TF's ``vectorized_map`` rewrote the driver's own
# gradients away (copysign's was 0, a tie went wholly to one operand).  Each lane gets the
# row's arrays (two lanes, the second scaled by 1, so both are the choice's point).
DATA_DEPENDENT = {"unique values of repeated elements: to the first occurrence"}


@pytest.mark.parametrize("name", [n for n in CHOICES if n not in DATA_DEPENDENT])
def test_the_same_choice_under_vmap(driver, name):
    if not driver.capabilities.autodiff:
        pytest.skip("driver has no capabilities.autodiff")
    loss, inputs, expected = CHOICES[name]
    args = [ak.asarray(np.stack([np.asarray(a)] * 2)) for a in inputs]
    mapped = ak.vmap(loss)
    got = ak.grad(lambda *a: ak.sum(mapped(*a)), argnums=tuple(range(len(args))))(*args)
    for k, (g, want) in enumerate(zip(got, expected, strict=True)):
        np.testing.assert_allclose(
            np.asarray(g),
            np.stack([np.asarray(want)] * 2),
            rtol=1e-12,
            atol=1e-15,
            err_msg=f"argument {k}",
        )


# Second derivatives where the first one needed a rule of the driver's (a tie inside
# hypot's and logaddexp's own computation): the analytic values, eagerly, under jit and
# under vmap (TF's were 0 in graphs: the rule's ``y`` was differentiated by TF's ops).
SECOND = {
    # d2/dx2 hypot(x, c) = c**2 / (x**2 + c**2) ** 1.5, at the tie |x| = c
    "hypot": (lambda x: ak.hypot(x, 0.5), [-0.5, 0.5, 1.5], lambda x: 0.25 / (x * x + 0.25) ** 1.5),
    # d2/dx2 logaddexp(x, a) = s (1 - s), s = 1 / (1 + exp(a - x)), at the tie x = a
    "logaddexp": (
        lambda x: ak.logaddexp(x, 0.2),
        [0.2, -1.0, 3.0],
        lambda x: (s := 1 / (1 + np.exp(0.2 - x))) * (1 - s),
    ),
}


@pytest.mark.parametrize("how", ["eager", "jit", "vmap", "jit(vmap)"])
@pytest.mark.parametrize("name", list(SECOND))
def test_second_derivatives_at_ties(driver, name, how):
    if not driver.capabilities.autodiff:
        pytest.skip("driver has no capabilities.autodiff")
    f, points, exact = SECOND[name]
    second = ak.grad(ak.grad(f))
    xs = np.asarray(points)
    if how in ("eager", "jit"):
        call = ak.jit(second) if how == "jit" else second
        got = np.array([float(call(ak.asarray(x))) for x in xs])
    else:
        call = ak.vmap(second)
        got = np.asarray((ak.jit(call) if how == "jit(vmap)" else call)(ak.asarray(xs)))
    np.testing.assert_allclose(got, exact(xs), rtol=1e-12, atol=0)


def _write_repeated(v, x0):
    x = x0 * 1.0
    x[ak.asarray([0, 0, 2, 0])] = v  # position 0 written three times: the last wins
    return ak.sum(x * ak.asarray([1.0, 2.0, 3.0]))


def test_a_write_with_repeated_positions_differentiates_its_last_value(driver):
    # x[idx] = v with a position repeated in idx keeps v's last value there (NumPy's
    # sequential assignment), so the overwritten values get no gradient: d/dv is
    # [0, 0, 3, 1] and d/dx0 [0, 2, 0] (TF gave every repeat the gradient: [1, 1, 3, 1])
    if not driver.capabilities.autodiff:
        pytest.skip("the driver does not differentiate")
    v, x0 = ak.asarray([10.0, 20.0, 30.0, 40.0]), ak.asarray([5.0, 6.0, 7.0])
    assert float(_write_repeated(v, x0)) == 40.0 + 12.0 + 90.0
    for grad in (ak.grad, lambda f, **kw: ak.jit(ak.grad(f, **kw)),
                 lambda f, **kw: ak.grad(ak.jit(f), **kw)):  # fmt: skip
        np.testing.assert_array_equal(np.asarray(grad(_write_repeated)(v, x0)), [0, 0, 3, 1])
        gx = grad(_write_repeated, argnums=1)(v, x0)
        np.testing.assert_array_equal(np.asarray(gx), [0, 2, 0])
