"""The gradient table: ``ak.grad`` of every differentiable public function, on every
driver with ``capabilities.autodiff``, against central differences in float64 computed
on the NumPy driver (an independent reference: no autodiff), and the drivers with each
other.

Complex inputs follow arraykit's convention: the gradient of a real loss at
``z = x + iy`` is ``dL/dx + i dL/dy``; the central differences take both.  The rows are
``gradient_cases.CASES``; a public function neither there nor in
``gradient_cases.NOT_DIFFERENTIABLE`` fails ``test_every_public_function_is_in_the_table``.
The choices at non-differentiable points are ``test_gradient_choices.py``'s.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import DRIVERS
from gradient_cases import CASES, NOT_DIFFERENTIABLE, Case, public_functions
from gradient_cases_numpy import NOT_DIFFERENTIABLE_CALLS as NUMPY_NOT_DIFFERENTIABLE_CALLS

import arraykit as ak

ROWS = [(case, kind) for case in CASES for kind in case.kinds]
IDS = [f"{case.id}-{kind}" for case, kind in ROWS]
assert len(set(IDS)) == len(IDS), "two rows of the gradient table have one id"


def needs_autodiff(driver: ak.drivers.Driver) -> None:
    if not driver.capabilities.autodiff:
        pytest.skip("driver has no capabilities.autodiff")


# ------------------------------------------------------------------ the reference
class Reference:
    """The loss of a row and its central differences, on the NumPy driver."""

    def __init__(self, case: Case, kind: str) -> None:
        self.case = case
        self.inputs = case.inputs(case.rng(kind), kind)
        with ak.use("numpy"):
            out = case.f(*[ak.asarray(a) for a in self.inputs])
            leaves = _leaves(out)
        rng = np.random.default_rng(len(self.inputs))
        self.weights = [
            (rng.normal(size=leaf.shape), rng.normal(size=leaf.shape))
            if leaf.dtype.kind in "fc"
            else None
            for leaf in leaves
        ]
        self.value = float(np.sum(self.terms(self.inputs)))
        self.grads = [self._central(k) for k in case.diff]

    def loss(self, *arrays: Any) -> Any:
        """The real loss of the row, in arraykit, on the active driver."""
        total = None
        for leaf, w in zip(_leaves(self.case.f(*arrays)), self.weights, strict=True):
            if w is None:
                continue
            wr, wi = (ak.asarray(v) for v in w)
            term = ak.sum(ak.real(leaf) * wr)
            if leaf.dtype.kind == "c":
                term = term + ak.sum(ak.imag(leaf) * wi)
            total = term if total is None else total + term
        return total

    def terms(self, inputs: list[np.ndarray]) -> np.ndarray:
        """The weighted outputs (summed: the loss), computed on the NumPy driver."""
        with ak.use("numpy"), np.errstate(all="ignore"):  # NaN where f is undefined
            out = self.case.f(*[ak.asarray(a) for a in inputs])
            parts = []
            for leaf, w in zip(_leaves(out), self.weights, strict=True):
                if w is None:
                    continue
                v = np.asarray(leaf)
                parts.append(w[0] * v.real + w[1] * v.imag)
        return parts[0] if self.case.elementwise else sum(np.sum(p) for p in parts)

    def _central(self, k: int) -> np.ndarray:
        x = self.inputs[k]
        steps = (1, 1j) if x.dtype.kind == "c" else (1,)
        h = self.case.h * np.maximum(1.0, np.abs(x))
        g = np.zeros_like(x)
        if self.case.elementwise:  # every element at once: output i depends on input i
            for s in steps:
                g = g + s * self._diff(k, h * s) / (2 * h)
            return g
        for idx in np.ndindex(x.shape):
            for s in steps:
                e = np.zeros_like(x)
                e[idx] = h[idx] * s
                g[idx] += s * self._diff(k, e) / (2 * h[idx])
        return g

    def _diff(self, k: int, e: np.ndarray) -> Any:
        plus, minus = list(self.inputs), list(self.inputs)
        plus[k], minus[k] = self.inputs[k] + e, self.inputs[k] - e
        return self.terms(plus) - self.terms(minus)


def _leaves(out: Any) -> list[Any]:
    return list(out) if isinstance(out, (tuple, list)) else [out]


_REFERENCES: dict[str, Reference] = {}
_RESULTS: dict[tuple[str, str], tuple[float, list[np.ndarray]]] = {}


def reference(case: Case, kind: str) -> Reference:
    key = f"{case.id}-{kind}"
    if key not in _REFERENCES:
        _REFERENCES[key] = Reference(case, kind)
    return _REFERENCES[key]


def gradient(drv: ak.drivers.Driver, case: Case, kind: str) -> tuple[float, list[np.ndarray]]:
    """(loss, gradients) of a row by ``ak.value_and_grad`` on ``drv`` (kept for the
    comparison of drivers)."""
    key = (drv.name, f"{case.id}-{kind}")
    if key not in _RESULTS:
        ref = reference(case, kind)
        with ak.use(drv, promotion="numpy", default_float="float64", default_int="int64"):
            args = [ak.asarray(a) for a in ref.inputs]
            value, grads = ak.value_and_grad(ref.loss, argnums=case.diff)(*args)
            for g, k in zip(grads, case.diff, strict=True):
                assert g.dtype == args[k].dtype and g.shape == args[k].shape
            _RESULTS[key] = (float(value), [np.asarray(g) for g in grads])
    return _RESULTS[key]


def assert_gradients(got: list[np.ndarray], want: list[np.ndarray], case: Case, rtol: float):
    for k, g, w in zip(case.diff, got, want, strict=True):
        scale = max(1.0, float(np.max(np.abs(w[np.isfinite(w)]), initial=0)))
        np.testing.assert_allclose(
            g, w, rtol=rtol, atol=rtol * scale, err_msg=f"{case.id}: argument {k}"
        )


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize(("case", "kind"), ROWS, ids=IDS)
def test_gradient_matches_central_differences(driver, case, kind):
    needs_autodiff(driver)
    ref = reference(case, kind)
    value, grads = gradient(driver, case, kind)
    np.testing.assert_allclose(value, ref.value, rtol=1e-9, atol=1e-12, err_msg="the loss")
    assert_gradients(grads, ref.grads, case, case.rtol)


AUTODIFF = [name for name in DRIVERS if ak.drivers.supports_autodiff(name)]


@pytest.mark.skipif(len(AUTODIFF) < 2, reason="fewer than two autodiff drivers under test")
@pytest.mark.parametrize(("case", "kind"), ROWS, ids=IDS)
def test_drivers_give_the_same_gradient(case, kind):
    results = [gradient(ak.drivers.get(name), case, kind)[1] for name in AUTODIFF]
    for a, b in itertools.combinations(results, 2):
        assert_gradients(a, b, case, 1e-8)


def test_every_public_function_is_in_the_table():
    rows = {case.name for case in CASES}
    missing = public_functions() - rows - set(NOT_DIFFERENTIABLE)
    assert not missing, f"add a row to tests/gradient_cases.py for: {sorted(missing)}"
    both = rows & set(NOT_DIFFERENTIABLE)
    assert not both, f"both a row and not differentiable: {sorted(both)}"
    stale = (
        (rows | set(NOT_DIFFERENTIABLE))
        - public_functions()
        - {"Array.__getitem__", "Array.__setitem__"}
    )
    assert not stale, f"no such public function: {sorted(stale)}"


def test_table_size():
    # (function, argument, dtype) triples: the report's count, and a floor against rows
    # silently disappearing.
    triples = {(c.name, k, kind) for c in CASES for k in c.diff for kind in c.kinds}
    assert len(triples) >= 250, len(triples)


# ---------------------------------------------------------- not differentiable
X = np.array([[0.5, -1.5, 2.5], [1.5, 0.5, -0.5]])

# name -> a function of a float array with an integer, boolean or input-independent output
NOT_DIFFERENTIABLE_CALLS: dict[str, Callable[[Any], Any]] = {
    "argmax": lambda x: ak.argmax(x, axis=1),
    "argmin": lambda x: ak.argmin(x),
    "argsort": lambda x: ak.argsort(x, axis=0),
    "count_nonzero": lambda x: ak.count_nonzero(x > 0),
    "searchsorted": lambda x: ak.searchsorted(ak.sort(x[0]), x[1]),
    "isin": lambda x: ak.isin(x, x[0]),
    "equal": lambda x: x == 0.5,
    "not_equal": lambda x: x != 0.5,
    "greater": lambda x: x > 0.5,
    "greater_equal": lambda x: x >= 0.5,
    "less": lambda x: x < 0.5,
    "less_equal": lambda x: x <= 0.5,
    "isfinite": ak.isfinite,
    "isinf": ak.isinf,
    "isnan": ak.isnan,
    "signbit": ak.signbit,
    "logical_and": lambda x: ak.logical_and(x > 0, x < 1),
    "logical_or": lambda x: ak.logical_or(x > 0, x < -1),
    "logical_xor": lambda x: ak.logical_xor(x > 0, x < 1),
    "logical_not": lambda x: ak.logical_not(x > 0),
    "all": lambda x: ak.all(x > 0, axis=0),
    "any": lambda x: ak.any(x > 2),
    "linalg.matrix_rank": lambda x: ak.linalg.matrix_rank(x),
    "nonzero": lambda x: ak.nonzero(x > 0)[1],
    "zeros_like": ak.zeros_like,
    "ones_like": ak.ones_like,
    "full_like": lambda x: ak.full_like(x, 3.0),
    "bitwise_and": lambda x: ak.bitwise_and(ak.astype(x, ak.int64), 3),
    "bitwise_or": lambda x: ak.bitwise_or(ak.astype(x, ak.int64), 3),
    "bitwise_xor": lambda x: ak.bitwise_xor(ak.astype(x, ak.int64), 3),
    "bitwise_invert": lambda x: ak.bitwise_invert(ak.astype(x, ak.int64)),
    "bitwise_left_shift": lambda x: ak.bitwise_left_shift(ak.astype(x, ak.int64), 1),
    "bitwise_right_shift": lambda x: ak.bitwise_right_shift(ak.astype(x, ak.int64), 1),
}


NOT_DIFFERENTIABLE_CALLS.update(NUMPY_NOT_DIFFERENTIABLE_CALLS)  # the NumPy extensions'


@pytest.mark.parametrize("name", sorted(NOT_DIFFERENTIABLE_CALLS))
def test_not_differentiable_gives_zeros(driver, name):
    # The same result on every driver: the output does not move with x, the gradient is 0
    # (JAX's convention; TensorFlow's None gradient is core's zeros).
    needs_autodiff(driver)
    fn = NOT_DIFFERENTIABLE_CALLS[name]

    def loss(x):
        out = fn(x)
        return ak.sum(ak.astype(out, ak.float64)) + 0.0 * ak.sum(x)

    g = ak.grad(loss)(ak.asarray(X))
    np.testing.assert_array_equal(np.asarray(g), np.zeros_like(X))


def test_not_differentiable_calls_cover_the_list():
    takes_arrays = {n for n, why in NOT_DIFFERENTIABLE.items() if "takes no array" not in why}
    takes_arrays -= {"grad", "value_and_grad", "jacobian", "jit", "vmap", "stop_gradient"}
    assert takes_arrays <= set(NOT_DIFFERENTIABLE_CALLS) | {"empty_like"}


def test_grad_on_a_driver_without_autodiff_names_the_drivers_that_have_it(driver):
    if driver.capabilities.autodiff:
        pytest.skip("the driver differentiates")
    with pytest.raises(TypeError, match="no automatic differentiation; drivers that support"):
        ak.grad(lambda x: ak.sum(ak.sin(x)))(ak.asarray([1.0]))


# ------------------------------------------------------------------ under vmap
# Rows again inside ``ak.vmap`` over two copies of their inputs: TF's vectorized_map
# rewrote the TF driver's own gradient rules away (issue 30).  The whole table under vmap
# takes ~10 min on TF here: CI runs the functions with a rule of a driver's own (TF's
# gradients.py, JAX's where JAX's differ) and a few of each kind, every row with
# ARRAYKIT_GRADIENT_VMAP_FULL=1 (599 s on TF: 200 passed, 5 data-dependent skipped).
_UNDER_VMAP = {
    "copysign", "maximum", "minimum", "clip", "hypot", "logaddexp", "remainder", "sign",
    "sqrt", "pow", "nextafter", "abs", "acosh", "linalg.det", "linalg.slogdet",
    "linalg.eigh", "linalg.cholesky", "cumulative_prod", "matmul", "linalg.solve",
    "take", "sort", "fft.fft", "Array.__getitem__", "mean", "max",
}  # fmt: skip
_FULL = os.environ.get("ARRAYKIT_GRADIENT_VMAP_FULL") == "1"
VMAP_ROWS = [(case, kind) for case, kind in ROWS if _FULL or case.name in _UNDER_VMAP]
_MISSING = _UNDER_VMAP - {case.name for case, _ in ROWS}
assert not _MISSING, f"not rows of the gradient table: {sorted(_MISSING)}"


@pytest.mark.parametrize(("case", "kind"), VMAP_ROWS, ids=[f"{c.id}-{k}" for c, k in VMAP_ROWS])
def test_gradient_under_vmap(driver, case, kind):
    needs_autodiff(driver)
    ref = reference(case, kind)
    with ak.use(driver, promotion="numpy", default_float="float64", default_int="int64"):
        args = [ak.asarray(np.stack([a, a])) for a in ref.inputs]
        mapped = ak.vmap(ref.loss)
        try:
            grads = ak.grad(lambda *a: ak.sum(mapped(*a)), argnums=case.diff)(*args)
        except ValueError as e:
            if "data-dependent output shape" not in str(e):
                raise
            pytest.skip(f"{case.id}: a data-dependent shape, which vmap refuses")
        got = [np.asarray(g) for g in grads]
    assert_gradients(got, [np.stack([w, w]) for w in ref.grads], case, case.rtol)
