"""Linear-algebra failures: ``ak.linalg.LinAlgError`` on every driver, for the inputs on
which NumPy raises ``numpy.linalg.LinAlgError`` and for no other.

The reference is NumPy itself on the same values: every case first checks what NumPy
does, then that arraykit does the same.  The inputs are chosen so that LU and Cholesky
arithmetic on them is exact (small integers, powers of two), so that whether a pivot is
exactly zero does not depend on the backend's rounding."""

from __future__ import annotations

import math

import numpy as np
import pytest

import arraykit as ak

nan, inf = math.nan, math.inf

SINGULAR = {
    "2x2": [[1.0, 2.0], [2.0, 4.0]],
    "3x3-rank-2": [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 1.0, 1.0]],
    "zero": [[0.0, 0.0], [0.0, 0.0]],
    "zero-column": [[1.0, 0.0, 2.0], [3.0, 0.0, 1.0], [4.0, 0.0, 5.0]],
}
# Nearly singular but not singular: no exact zero pivot, so NumPy inverts them (huge or
# tiny values, computed exactly here); a heuristic on the determinant would refuse them.
NEARLY_SINGULAR = {
    "2x2-2^-40": [[1.0, 1.0], [1.0, 1.0 + 2.0**-40]],
    "3x3-2^-30": [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0 + 2.0**-30], [1.0, 1.0, 1.0]],
    "tiny-det": [[1e-200, 0.0], [0.0, 1e-200]],  # det underflows to 0; not singular
}
NOT_POSITIVE_DEFINITE = {
    "indefinite": [[1.0, 2.0], [2.0, 1.0]],
    "psd-singular": [[1.0, 1.0], [1.0, 1.0]],
    "negative": [[-1.0, 0.0], [0.0, -1.0]],
    "zero": [[0.0, 0.0], [0.0, 0.0]],
    "fails-late": [[4.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]],
}
SPD = [[4.0, 2.0], [2.0, 3.0]]


def dtypes(driver: ak.drivers.Driver, *, real_only: bool = False) -> list[str]:
    caps = driver.capabilities
    out = ["float32"]
    if caps.float64:
        out.append("float64")
    if caps.complex and not real_only:
        out.append("complex64")
        if caps.float64:
            out.append("complex128")
    return out


def numpy_raises(fn, *args) -> bool:
    try:
        with np.errstate(all="ignore"):
            fn(*args)
    except np.linalg.LinAlgError:
        return True
    return False


def same_as_numpy(got: ak.Array, expected: np.ndarray, rtol: float = 1e-12) -> None:
    """Equal to NumPy's result, NaN where NumPy has NaN."""
    got = np.asarray(got)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=0, equal_nan=True)


# ---------------------------------------------------------------------- the class
def test_linalg_error_is_numpys():
    assert issubclass(ak.linalg.LinAlgError, np.linalg.LinAlgError)
    assert issubclass(ak.linalg.LinAlgError, ValueError)
    assert "LinAlgError" in ak.linalg.__all__
    assert ak.linalg.LinAlgError.__module__ == "arraykit.linalg"


def test_except_numpy_linalg_error_catches_it(driver):
    x = ak.asarray(SINGULAR["2x2"])
    try:
        ak.linalg.inv(x)
    except np.linalg.LinAlgError as e:  # what scikit-learn and SciPy catch
        caught = e
    else:
        pytest.fail("inv of a singular matrix did not raise")
    assert isinstance(caught, ak.linalg.LinAlgError)
    assert str(caught) == "inv: the matrix is singular"


# ---------------------------------------------------------------------- singular
@pytest.mark.parametrize("name", SINGULAR)
def test_singular_raises_where_numpy_does(driver, name):
    for dtype in dtypes(driver):
        a = np.asarray(SINGULAR[name], dtype)
        n = a.shape[-1]
        assert numpy_raises(np.linalg.inv, a) and numpy_raises(np.linalg.solve, a, np.ones(n))
        x = ak.asarray(a)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^inv: the matrix is singular$"):
            ak.linalg.inv(x)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^solve: x1 is singular$"):
            ak.linalg.solve(x, ak.ones(n, dtype=getattr(ak, dtype)))
        with pytest.raises(ak.linalg.LinAlgError, match=r"^solve: x1 is singular$"):
            ak.linalg.solve(x, ak.ones((n, 3), dtype=getattr(ak, dtype)))
        for p in (-1, -3):
            assert numpy_raises(np.linalg.matrix_power, a, p)
            with pytest.raises(ak.linalg.LinAlgError, match=r"^matrix_power: the matrix is"):
                ak.linalg.matrix_power(x, p)


def test_a_stack_with_one_singular_matrix_raises_naming_it(driver):
    for dtype in dtypes(driver):
        a = np.stack([np.eye(2), 2 * np.eye(2), SINGULAR["2x2"], np.eye(2)]).astype(dtype)
        assert numpy_raises(np.linalg.inv, a)
        x = ak.asarray(a)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^inv: matrix 2 of the stack is singular"):
            ak.linalg.inv(x)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^solve: matrix 2 of the stack of x1"):
            ak.linalg.solve(x, ak.ones(2, dtype=getattr(ak, dtype)))
        with pytest.raises(ak.linalg.LinAlgError, match=r"^matrix_power: matrix 2 of the stack"):
            ak.linalg.matrix_power(x, -2)


def test_stack_index_is_the_inputs_own(driver):
    a = np.broadcast_to(np.eye(3), (2, 3, 3, 3)).copy()
    a[1, 0] = SINGULAR["3x3-rank-2"]
    with pytest.raises(ak.linalg.LinAlgError, match=r"^inv: matrix \(1, 0\) of the stack is"):
        ak.linalg.inv(ak.asarray(a))
    # solve broadcasts x1 (2, 1, 3, 3) against x2 (2, 4, 3, 1): the index is x1's
    x1 = a[:, :1]
    assert numpy_raises(np.linalg.solve, x1, np.ones((2, 4, 3, 1)))
    with pytest.raises(ak.linalg.LinAlgError, match=r"matrix \(1, 0\) of the stack of x1"):
        ak.linalg.solve(ak.asarray(x1), ak.ones((2, 4, 3, 1)))


@pytest.mark.parametrize("name", NEARLY_SINGULAR)
def test_nearly_singular_does_not_raise_and_matches_numpy(driver, name):
    a = np.asarray(NEARLY_SINGULAR[name])
    if not driver.capabilities.float64:
        pytest.skip("the cases need float64's range")
    expected = np.linalg.inv(a)
    assert np.abs(expected).max() > 1e8  # huge, as NumPy computes it
    same_as_numpy(ak.linalg.inv(ak.asarray(a)), expected)
    b = np.arange(1.0, a.shape[0] + 1)
    same_as_numpy(ak.linalg.solve(ak.asarray(a), ak.asarray(b)), np.linalg.solve(a, b))
    with np.errstate(over="ignore"):  # 1e400: inf in both
        expected = np.linalg.matrix_power(a, -2)
        same_as_numpy(ak.linalg.matrix_power(ak.asarray(a), -2), expected)


def test_nearly_singular_float32(driver):
    a = np.array([[1.0, 1.0], [1.0, 1.0 + 2.0**-20]], np.float32)
    same_as_numpy(ak.linalg.inv(ak.asarray(a)), np.linalg.inv(a), rtol=1e-6)


def test_regular_results_are_unchanged(driver):
    rng = np.random.default_rng(5)
    for dtype in dtypes(driver):
        a = rng.standard_normal((3, 4, 4)) + 4 * np.eye(4)
        if dtype.startswith("complex"):
            a = a + 1j * rng.standard_normal((3, 4, 4))
        a = a.astype(dtype)
        b = rng.standard_normal((3, 4, 2)).astype(dtype)
        rtol = 1e-4 if dtype in ("float32", "complex64") else 1e-10
        np.testing.assert_allclose(
            np.asarray(ak.linalg.inv(ak.asarray(a))), np.linalg.inv(a), rtol=rtol
        )
        np.testing.assert_allclose(
            np.asarray(ak.linalg.solve(ak.asarray(a), ak.asarray(b))),
            np.linalg.solve(a, b),
            rtol=rtol,
        )


# ---------------------------------------------------------------------- NaN and inf
def test_nan_pivot_gives_nan_as_numpy(driver):
    """A NaN last pivot: NaN everywhere in that matrix, the others inverted."""
    a = np.stack([np.diag([1.0, 2.0, nan]), 2 * np.eye(3), [[2.0, 1, 0], [1, 2, 1], [0, 1, nan]]])
    assert not numpy_raises(np.linalg.inv, a)
    with np.errstate(all="ignore"):
        same_as_numpy(ak.linalg.inv(ak.asarray(a)), np.linalg.inv(a))
        b = np.ones((3, 3))
        same_as_numpy(ak.linalg.solve(ak.asarray(a), ak.asarray(b)), np.linalg.solve(a, b))


def test_nan_entries_do_not_raise_where_numpy_does_not(driver):
    """NaN wherever NumPy has NaN, NumPy's values elsewhere.  A backend may spread the NaN
    further (TF's LU kernels refuse a NaN pivot: that matrix is all NaN)."""
    a = np.random.default_rng(1).standard_normal((4, 4))
    for i, j in [(0, 0), (0, 1), (1, 2), (2, 2), (3, 3)]:  # NumPy: 4 to 16 NaN
        b = a.copy()
        b[i, j] = nan
        assert not numpy_raises(np.linalg.inv, b)
        with np.errstate(all="ignore"):
            expected = np.linalg.inv(b)
        got = np.asarray(ak.linalg.inv(ak.asarray(b)))
        assert np.isnan(got[np.isnan(expected)]).all()
        both = ~np.isnan(got) & ~np.isnan(expected)
        np.testing.assert_allclose(got[both], expected[both], rtol=1e-10)


def test_nan_in_x2_does_not_raise(driver):
    a = np.array([[2.0, 1.0], [1.0, 2.0]])
    b = np.array([1.0, nan])
    with np.errstate(all="ignore"):
        same_as_numpy(ak.linalg.solve(ak.asarray(a), ak.asarray(b)), np.linalg.solve(a, b))


def test_inf_entries_as_numpy(driver):
    a = np.array([[inf, 1.0], [1.0, 1.0]])
    with np.errstate(all="ignore"):
        expected = np.linalg.inv(a)
    same_as_numpy(ak.linalg.inv(ak.asarray(a)), expected)


# ---------------------------------------------------------------------- cholesky
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("name", NOT_POSITIVE_DEFINITE)
def test_cholesky_not_positive_definite_raises(driver, name, upper):
    for dtype in dtypes(driver):
        a = np.asarray(NOT_POSITIVE_DEFINITE[name], dtype)
        assert numpy_raises(np.linalg.cholesky, a)
        with pytest.raises(
            ak.linalg.LinAlgError, match=r"^cholesky: the matrix is not positive definite$"
        ):
            ak.linalg.cholesky(ak.asarray(a), upper=upper)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_stack_names_the_matrix(driver, upper):
    a = np.stack([SPD, SPD, NOT_POSITIVE_DEFINITE["psd-singular"]])
    with pytest.raises(ak.linalg.LinAlgError, match=r"^cholesky: matrix 2 of the stack is not"):
        ak.linalg.cholesky(ak.asarray(a), upper=upper)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_nan_as_numpy(driver, upper):
    cases = [
        [[nan, 0.0], [0.0, 1.0]],  # a NaN first pivot is not <= 0: NaN, no error
        [[4.0, 0.0], [0.0, nan]],
        [[4.0, nan], [nan, 4.0]],
    ]
    for c in cases:
        a = np.asarray(c)
        assert not numpy_raises(np.linalg.cholesky, a)
        with np.errstate(all="ignore"):
            expected = np.linalg.cholesky(a, upper=upper)
        got = np.asarray(ak.linalg.cholesky(ak.asarray(a), upper=upper))
        tri = np.triu if upper else np.tril  # the other triangle: zeros, or NaN from symmetrising
        np.testing.assert_allclose(tri(got), tri(expected), equal_nan=True)
    # a failing pivot before the NaN is reached raises, as in NumPy
    a = np.array([[-1.0, nan], [nan, 1.0]])
    assert numpy_raises(np.linalg.cholesky, a)
    with pytest.raises(ak.linalg.LinAlgError):
        ak.linalg.cholesky(ak.asarray(a), upper=upper)


def test_cholesky_regular_and_empty(driver):
    np.testing.assert_allclose(
        np.asarray(ak.linalg.cholesky(ak.asarray(SPD))), np.linalg.cholesky(SPD)
    )
    assert ak.linalg.cholesky(ak.zeros((3, 0, 0))).shape == (3, 0, 0)
    assert ak.linalg.inv(ak.zeros((0, 0))).shape == (0, 0)


# ---------------------------------------------------------------------- convergence
@pytest.mark.parametrize("fn", ["eig", "eigvals", "eigh", "eigvalsh", "svd", "svdvals", "pinv"])
def test_no_convergence_is_a_linalg_error_or_nan(driver, fn):
    """Where the backend reports that its solver failed, ``LinAlgError``; where it
    reports nothing (JAX; TF's SVD), NaN.  Never the backend's own error type."""
    x = ak.asarray([[nan, 1.0], [1.0, 1.0]])
    try:
        out = getattr(ak.linalg, fn)(x)
    except ak.linalg.LinAlgError as e:
        assert str(e).startswith(f"{fn}: ")
    else:
        values = out if isinstance(out, ak.Array) else out[0]
        assert np.isnan(np.asarray(values)).any() or fn in ("eigh", "eigvalsh")


def test_numpy_reference_raises_no_convergence():
    """The NumPy driver is NumPy: its LinAlgError comes through as arraykit's."""
    with ak.use("numpy"):
        with pytest.raises(ak.linalg.LinAlgError, match=r"^svd: the SVD did not converge"):
            ak.linalg.svd(ak.asarray([[nan, 1.0], [1.0, 1.0]]))
        with pytest.raises(ak.linalg.LinAlgError, match=r"^eig: "):
            ak.linalg.eig(ak.asarray([[inf, 1.0], [1.0, 1.0]]))


# ---------------------------------------------------------------------- traced
def test_jit_of_inv_traces(driver):
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    f = ak.jit(ak.linalg.inv)
    for _ in range(2):
        np.testing.assert_allclose(np.asarray(f(ak.asarray(a))), np.linalg.inv(a))
    g = ak.jit(lambda x, b: ak.linalg.solve(x, b) + ak.linalg.matrix_power(x, -1)[:, 0])
    np.testing.assert_allclose(
        np.asarray(g(ak.asarray(a), ak.ones(2))),
        np.linalg.solve(a, np.ones(2)) + np.linalg.inv(a)[:, 0],
    )
    h = ak.jit(ak.linalg.cholesky, static_argnames=("upper",))
    np.testing.assert_allclose(
        np.asarray(h(ak.asarray(SPD), upper=True)), np.linalg.cholesky(SPD, upper=True)
    )


def test_jit_of_singular_inv_raises_or_gives_non_finite(driver):
    """Compiled, a check needs the values: an eager stand-in raises as eagerly; a
    compiler gives inf/NaN (JAX) or, where its kernel checks when the program runs (TF),
    the same LinAlgError as eagerly, for jit and vmap alike."""
    x = ak.asarray(SINGULAR["2x2"])
    calls = {
        "jit inv": lambda: ak.jit(ak.linalg.inv)(x),
        "jit solve": lambda: ak.jit(ak.linalg.solve)(x, ak.ones(2)),
        "vmap inv": lambda: ak.vmap(ak.linalg.inv)(ak.stack([x, x])),
    }
    for what, call in calls.items():
        if not driver.capabilities.jit:
            with pytest.raises(ak.linalg.LinAlgError):
                call()
            continue
        try:
            out = call()
        except ak.linalg.LinAlgError as e:
            assert "singular" in str(e) and str(e).startswith(what.split()[0]), e
            continue
        assert not np.isfinite(np.asarray(out)).all(), what


def test_jit_of_failing_cholesky_is_nan(driver):
    f = ak.jit(ak.linalg.cholesky)
    x = ak.asarray(NOT_POSITIVE_DEFINITE["indefinite"])
    if not driver.capabilities.jit:
        with pytest.raises(ak.linalg.LinAlgError):
            f(x)
        return
    assert np.isnan(np.tril(np.asarray(f(x)))[np.tril_indices(2)]).all()


# ---------------------------------------------------------------------- the contract
def test_a_driver_that_signals_gets_cores_errors():
    """Core words the error from the contract's signal alone: a new driver raising
    ``SingularMatrix`` (even without an index) gets the same ``LinAlgError``."""
    from arraykit.drivers import _base
    from arraykit.drivers.numpy import NumPyDriver

    class Signalling(NumPyDriver):
        name = "signalling"

        def inv(self, x):
            raise _base.SingularMatrix(None)

        def solve(self, x1, x2):
            raise _base.SingularMatrix((1, 2))

        def cholesky(self, x, upper):
            raise _base.NotPositiveDefinite(())

        def svdvals(self, x):
            raise _base.NoConvergence((0,))

    assert issubclass(_base.LinAlgSignal, np.linalg.LinAlgError)  # benign if one escaped
    with ak.use(Signalling()):
        x = ak.ones((3, 2, 2))
        with pytest.raises(
            ak.linalg.LinAlgError, match=r"^inv: a matrix of the stack is singular$"
        ):
            ak.linalg.inv(x)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^matrix_power: a matrix of the stack"):
            ak.linalg.matrix_power(x, -1)
        # the broadcast stack (2, 3) maps back to x1's own (3,)
        with pytest.raises(ak.linalg.LinAlgError, match=r"^solve: matrix 2 of the stack of x1 is"):
            ak.linalg.solve(x, ak.ones((2, 3, 2, 2)))
        with pytest.raises(ak.linalg.LinAlgError, match=r"^cholesky: the matrix is not positive"):
            ak.linalg.cholesky(ak.ones((2, 2)))
        with pytest.raises(ak.linalg.LinAlgError, match=r"^matrix_rank: the SVD did not converge"):
            ak.linalg.matrix_rank(ak.ones((2, 2, 2)))
