"""Corners of the linalg extension where the backends differed from NumPy, on every driver:
the triangle ``eigh``, ``eigvalsh`` and ``cholesky`` read (and differentiate), the norms
and the trace of empty inputs, and what a compiled function gives where an eager call
raises.  NumPy is the reference throughout."""

from __future__ import annotations

import math

import numpy as np
import pytest

import arraykit as ak

inf, nan = math.inf, math.nan

# Not symmetric: the triangle read decides the result (``eigvalsh`` of the first was
# JAX's [-48, 53], which symmetrizes; NumPy's [1.382, 3.618])
SKEWED = [
    [[2.0, 100.0], [1.0, 3.0]],
    [[4.0, 0.7, -50.0], [1.0, 5.0, 9.0], [0.5, 0.9, 6.0]],
]
SKEWED_SPD = [
    [[4.0, 100.0], [2.0, 9.0]],
    [[4.0, -70.0, 3.0], [1.0, 5.0, 80.0], [0.5, 0.9, 6.0]],
]


def _complex(a: np.ndarray) -> np.ndarray:
    """``a`` with imaginary parts off the diagonal and on it (LAPACK ignores the latter)."""
    imag = np.arange(a.size, dtype=float).reshape(a.shape) / 7 - 0.3
    return a + 1j * imag


def _inputs(cases: list, driver) -> list[np.ndarray]:
    out = [np.asarray(c) for c in cases]
    if driver.capabilities.complex:
        out += [_complex(a) for a in out]
    return out


# ---------------------------------------------------------------------- triangles
@pytest.mark.parametrize("i", range(4))
def test_eigh_and_eigvalsh_read_the_lower_triangle(driver, i):
    cases = _inputs(SKEWED, driver)
    if i >= len(cases):
        pytest.skip("no complex dtype on this driver")
    a = cases[i]
    w_np = np.linalg.eigvalsh(a)
    np.testing.assert_allclose(np.asarray(ak.linalg.eigvalsh(ak.asarray(a))), w_np, rtol=1e-12)
    w, v = ak.linalg.eigh(ak.asarray(a))
    np.testing.assert_allclose(np.asarray(w), w_np, rtol=1e-12)
    # the eigenvectors (signs and phases are free) are those of the lower triangle's matrix
    low = np.tril(a, -1)
    h = low + low.conj().T + np.diag(np.diagonal(a).real)
    v = np.asarray(v)
    np.testing.assert_allclose(h @ v, v * w_np, atol=1e-10 * np.abs(h).max())


@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("i", range(4))
def test_cholesky_reads_the_triangle_numpy_reads(driver, i, upper):
    """The lower triangle; with ``upper=True`` the upper one, as NumPy's ``cholesky``."""
    cases = _inputs(SKEWED_SPD, driver)
    if i >= len(cases):
        pytest.skip("no complex dtype on this driver")
    a = cases[i] if not upper else np.swapaxes(cases[i], -1, -2).conj()
    expected = np.linalg.cholesky(a, upper=upper)
    got = np.asarray(ak.linalg.cholesky(ak.asarray(a), upper=upper))
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14)
    # the other triangle's values do not matter (NumPy refuses the symmetrised matrix)
    other = np.triu(np.full(a.shape, 1e6), 1)
    b = a + (other.T if upper else other)
    np.testing.assert_allclose(np.asarray(ak.linalg.cholesky(ak.asarray(b), upper=upper)), expected)


def _central_difference(f, a: np.ndarray, h: float = 1e-6) -> np.ndarray:
    g = np.zeros_like(a)
    for idx in np.ndindex(a.shape):
        e = np.zeros_like(a)
        e[idx] = h
        g[idx] = (f(a + e) - f(a - e)) / (2 * h)
    return g


A = np.array(
    [[4.0, 0.7, 0.2, -0.4], [1.0, 5.0, 0.3, 0.8], [0.5, 0.9, 6.0, -0.1], [0.3, 0.2, 1.1, 7.0]]
)
W = np.arange(16.0).reshape(4, 4) / 5 - 1.5
w4 = np.array([1.0, -2.0, 0.5, 3.0])

# name: (NumPy's function of the matrix, arraykit's, the triangle it reads)
GRADIENTS = {
    "eigvalsh": (
        lambda a: w4 @ np.linalg.eigvalsh(a),
        lambda x: ak.vecdot(ak.asarray(w4), ak.linalg.eigvalsh(x)),
        np.tril,
    ),
    "eigh-values": (
        lambda a: w4 @ np.linalg.eigh(a)[0],
        lambda x: ak.vecdot(ak.asarray(w4), ak.linalg.eigh(x).eigenvalues),
        np.tril,
    ),
    "eigh-vectors": (  # squares: free of the eigenvectors' signs
        lambda a: np.sum(W * np.linalg.eigh(a)[1] ** 2),
        lambda x: ak.sum(ak.asarray(W) * ak.linalg.eigh(x).eigenvectors ** 2),
        np.tril,
    ),
    "cholesky": (
        lambda a: np.sum(W * np.linalg.cholesky(a)),
        lambda x: ak.sum(ak.asarray(W) * ak.linalg.cholesky(x)),
        np.tril,
    ),
    "cholesky-upper": (
        lambda a: np.sum(W * np.linalg.cholesky(a, upper=True)),
        lambda x: ak.sum(ak.asarray(W) * ak.linalg.cholesky(x, upper=True)),
        np.triu,
    ),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradients_are_those_of_the_triangle_read(driver, name):
    """``ak.grad`` against central differences in float64, each entry perturbed alone:
    the entries of the triangle not read have gradient 0 (JAX's symmetrizing kernels and
    TF's Cholesky gradient gave each half the symmetric gradient)."""
    if not driver.capabilities.autodiff:
        pytest.skip("the driver does not differentiate")
    np_f, ak_f, read = GRADIENTS[name]
    expected = _central_difference(np_f, A)
    assert np.array_equal(read(expected) != 0, expected != 0)  # the reference agrees
    for f in (ak_f, ak.jit(ak_f)):
        got = np.asarray(ak.grad(f)(ak.asarray(A)))
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)
        unread = got[read(np.ones_like(A)) == 0]
        assert np.all(unread == 0), unread


# ---------------------------------------------------------------------- empty inputs
VECTOR_ORDS = [0, 1, 2, 3, 0.5, -0.5, -1, -2, inf, -inf]
EMPTY_VECTORS = [
    ((0,), None), ((0,), 0), ((2, 0), 1), ((2, 0), 0), ((0, 3), None), ((0, 3), 0),
    ((0, 0), 0), ((0, 0, 0), (1, 2)), ((2, 0, 3), (0, 1)), ((0, 2, 0), (0, 2)),
]  # fmt: skip


def _numpy_or_error(fn, *args, **kwargs):
    try:
        with np.errstate(all="ignore"):
            return np.asarray(fn(*args, **kwargs))
    except ValueError as e:
        return e


def _same(fn, x: np.ndarray, expected, **kwargs) -> None:
    """``fn(x, **kwargs)`` (arraykit's) raises ValueError or equals ``expected`` (NumPy's)."""
    if isinstance(expected, Exception):
        with pytest.raises(ValueError):
            fn(ak.asarray(x), **kwargs)
        return
    got = np.asarray(fn(ak.asarray(x), **kwargs))
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("shape,axis", EMPTY_VECTORS)
def test_vector_norm_of_no_elements_as_numpy(driver, shape, axis):
    """0 over no elements, inf for a negative order, ValueError for ``-inf`` (the minimum
    of nothing), as NumPy; TF gave -inf for ``inf`` and inf for ``-inf``."""
    x = np.zeros(shape)
    for ord in VECTOR_ORDS:
        for keepdims in (False, True):
            expected = _numpy_or_error(
                np.linalg.vector_norm, x, axis=axis, ord=ord, keepdims=keepdims
            )
            _same(ak.linalg.vector_norm, x, expected, axis=axis, ord=ord, keepdims=keepdims)


MATRIX_ORDS = ["fro", "nuc", 1, -1, 2, -2, inf, -inf]
EMPTY_MATRICES = [(0, 0), (2, 0), (0, 3), (4, 0, 0), (0, 2, 2), (0, 0, 3), (0, 3, 0), (2, 3, 0)]


@pytest.mark.parametrize("shape", EMPTY_MATRICES)
def test_matrix_norm_of_empty_matrices_as_numpy(driver, shape):
    """0, or ValueError where the norm is a minimum over nothing (``-1``: no columns;
    ``-inf``: no rows; ``-2``: either), as NumPy; TF gave -inf and inf."""
    x = np.zeros(shape)
    for ord in MATRIX_ORDS:
        for keepdims in (False, True):
            expected = _numpy_or_error(np.linalg.matrix_norm, x, ord=ord, keepdims=keepdims)
            _same(ak.linalg.matrix_norm, x, expected, ord=ord, keepdims=keepdims)


def test_invalid_orders_raise_where_numpy_raises(driver):
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    for ord in [3, 0, 2.5, -3, "foo", "inf"]:
        with pytest.raises(ValueError):
            np.linalg.matrix_norm(x, ord=ord)
        with pytest.raises(ValueError):
            ak.linalg.matrix_norm(ak.asarray(x), ord=ord)
    for ord in ["fro", "nuc", "foo"]:
        with pytest.raises(ValueError):
            np.linalg.vector_norm(x, ord=ord)
        with pytest.raises(ValueError):
            ak.linalg.vector_norm(ak.asarray(x), ord=ord)
    # negative orders are NumPy's values where it has one (a zero gives 0)
    for ord in [-0.5, -1, -2, -inf]:
        for v in ([0.0, 1.0, 2.0], [3.0, -4.0]):
            with np.errstate(divide="ignore"):
                expected = np.linalg.vector_norm(np.asarray(v), ord=ord)
                got = float(ak.linalg.vector_norm(ak.asarray(v), ord=ord))
            assert got == pytest.approx(float(expected), rel=1e-12)


@pytest.mark.parametrize("shape", [(2, 0, 0), (0, 0), (2, 3, 0), (0, 2, 2), (3, 0, 4), (0, 0, 3)])
def test_trace_of_empty_diagonals_as_numpy(driver, shape):
    """Zeros of the stack's shape (TF raised a raw StridedSlice error for (2, 0, 0))."""
    for dtype in ("float64", "int64"):
        x = np.zeros(shape, dtype)
        for offset in (0, 1, -1, 5):
            expected = np.asarray(np.linalg.trace(x, offset=offset))
            got = np.asarray(ak.linalg.trace(ak.asarray(x), offset=offset))
            assert got.shape == expected.shape and got.dtype == expected.dtype
            np.testing.assert_array_equal(got, expected)
            diag = np.asarray(ak.linalg.diagonal(ak.asarray(x), offset=offset))
            assert diag.shape == np.linalg.diagonal(x, offset=offset).shape


# ---------------------------------------------------------------------- traced
@pytest.mark.parametrize("fn", ["svdvals", "eigvalsh", "eigvals", "pinv"])
def test_compiled_calls_give_nan_where_eager_calls_raise(driver, fn):
    """A compiled function cannot raise on values: a matrix with NaN entries gives NaN
    (TF's eigensolvers raised their own error as the graph ran).  Eagerly, NumPy's
    verdict."""
    a = np.array([[nan, 1.0], [1.0, 1.0]])
    f = getattr(ak.linalg, fn)
    try:
        with np.errstate(all="ignore"):
            getattr(np.linalg, fn)(a)
        numpy_raises = False
    except np.linalg.LinAlgError:
        numpy_raises = True
    # eagerly (and in an eager stand-in for a compiler): NumPy's verdict
    for call in (f, ak.jit(f)) if not driver.capabilities.jit else (f,):
        try:
            call(ak.asarray(a))
            raised = False
        except ak.linalg.LinAlgError:
            raised = True
        assert raised == numpy_raises
    if driver.capabilities.jit:
        assert np.isnan(np.asarray(ak.jit(f)(ak.asarray(a)))).any()
