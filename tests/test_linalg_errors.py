"""Linear-algebra failures: ``ak.linalg.LinAlgError`` on every driver, for the inputs on
which NumPy raises ``numpy.linalg.LinAlgError`` and for no other.

The reference is NumPy itself on the same values: every case first checks what NumPy
does, then that arraykit does the same.  Two kinds of inputs: ones whose LU and Cholesky
arithmetic is exact (small integers, powers of two), so that a pivot is zero on every
backend; and ``ROUNDING``, rank-deficient integer matrices whose pivot is zero or tiny
depending on how a backend rounds, on which TF's Eigen, SciPy's LAPACK (JAX's) and
NumPy's disagree.  ``test_linalg_hard.py`` tries ten thousand of the latter."""

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

# Rank-deficient: exactly singular, but whether an LU's pivot comes out exactly zero is
# rounding.  On NumPy 2.4 with OpenBLAS 0.3.31 (SkylakeX kernels), against SciPy's
# OpenBLAS 0.3.30 (JAX's LAPACK) and TF's Eigen, these gave (NumPy, SciPy, Eigen): which
# raise.  The tests compare with the NumPy they run with, whatever it does.
ROUNDING = {
    "1-to-9": ([[1.0, 2, 3], [4, 5, 6], [7, 8, 9]], "float64"),  # NumPy raises, Eigen not
    "numpy-only": ([[12.0, 9, -15], [-2, -9, 4], [-30, -35, 40]], "float64"),
    "eigen-only": ([[4.0, 2, -8], [-18, 9, -8], [14, -2, -6]], "float64"),
    "f32-numpy-only": ([[-25.0, -15, 0], [6, 6, 4], [4, 3, 1]], "float32"),
    "f32-not-numpy": ([[8.0, -12, 4], [18, -16, -24], [4, 0, -16]], "float32"),  # SciPy does
    "f32-not-scipy": ([[-1.0, 6, -4], [16, -6, 10], [4, -9, 7]], "float32"),
    "f32-not-numpy-2": ([[18.0, 15, 1], [20, -9, -27], [-3, -6, -4]], "float32"),
}
# Positive semidefinite and singular (Gram matrices of rank 2): the last Cholesky pivot is
# zero, or tiny of either sign, by rounding.
ROUNDING_PSD = {
    "numpy-and-scipy": ([[45.0, 12, -3], [12, 4, -6], [-3, -6, 34]], "float64"),
    "eigen-only": ([[37.0, 31, -33], [31, 26, -27], [-33, -27, 45]], "float64"),
    "f32-numpy-only": ([[5.0, 12, -5], [12, 29, -11], [-5, -11, 10]], "float32"),
    "f32-scipy-only": ([[18.0, -6, 0], [-6, 52, 20], [0, 20, 8]], "float32"),
    "f32-not-numpy": ([[5.0, -11, 1], [-11, 37, 1], [1, 1, 1]], "float32"),
    "f32-not-scipy": ([[61.0, 37, -37], [37, 29, -29], [-37, -29, 29]], "float32"),
}


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


def _raises(call) -> bool:
    try:
        with np.errstate(all="ignore"):
            call()
    except ak.linalg.LinAlgError:
        return True
    return False


@pytest.mark.parametrize("name", ROUNDING)
def test_rounding_decides_as_in_numpy(driver, name):
    """Where the zero pivot is rounding's: NumPy's verdict, for a matrix alone and in a
    stack (naming it), and NumPy's values where NumPy does not raise."""
    values, dtype = ROUNDING[name]
    if dtype == "float64" and not driver.capabilities.float64:
        pytest.skip("no float64")
    a = np.asarray(values, dtype)
    b = np.arange(1.0, 4.0, dtype=dtype)
    refuses = numpy_raises(np.linalg.inv, a)
    assert numpy_raises(np.linalg.solve, a, b) == refuses
    x = ak.asarray(a)
    assert _raises(lambda: ak.linalg.inv(x)) == refuses
    assert _raises(lambda: ak.linalg.solve(x, ak.asarray(b))) == refuses
    assert _raises(lambda: ak.linalg.matrix_power(x, -3)) == refuses
    stack = ak.asarray(np.stack([np.eye(3, dtype=dtype), a, a]))
    if refuses:
        with pytest.raises(ak.linalg.LinAlgError, match=r"^inv: matrix 1 of the stack"):
            ak.linalg.inv(stack)
        return
    expected = np.linalg.inv(a)  # huge: rounding noise, but finite in both
    got = np.asarray(ak.linalg.inv(x))
    assert np.isfinite(got).all() and np.abs(got).max() > 1e5
    assert np.isfinite(np.asarray(ak.linalg.inv(stack))).all()
    assert np.abs(expected).max() > 1e5


@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("name", ROUNDING_PSD)
def test_cholesky_rounding_decides_as_in_numpy(driver, name, upper):
    values, dtype = ROUNDING_PSD[name]
    if dtype == "float64" and not driver.capabilities.float64:
        pytest.skip("no float64")
    a = np.asarray(values, dtype)
    refuses = numpy_raises(np.linalg.cholesky, a)
    assert _raises(lambda: ak.linalg.cholesky(ak.asarray(a), upper=upper)) == refuses
    if not refuses:
        np.testing.assert_allclose(
            np.asarray(ak.linalg.cholesky(ak.asarray(a), upper=upper)),
            np.linalg.cholesky(a, upper=upper),
            rtol=1e-3,
            atol=1e-3 * np.sqrt(np.abs(a).max()),  # the last pivot is rounding noise
        )


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


def test_nan_entries_as_numpy(driver):
    """NumPy decides a matrix with NaN entries: its error (``[[nan, 1], [1, 1]]`` is
    singular to NumPy's LAPACK, whose pivot search skips the NaN) or its values, NaN
    where NumPy has NaN (TF's LU kernels refused such a matrix, JAX spread the NaN)."""
    a = np.random.default_rng(1).standard_normal((4, 4))
    for i, j in [(0, 0), (0, 1), (1, 2), (2, 2), (3, 3)]:  # NumPy: 4 to 16 NaN
        b = a.copy()
        b[i, j] = nan
        assert not numpy_raises(np.linalg.inv, b)
        with np.errstate(all="ignore"):
            same_as_numpy(ak.linalg.inv(ak.asarray(b)), np.linalg.inv(b))
            c = np.arange(4.0)
            same_as_numpy(ak.linalg.solve(ak.asarray(b), ak.asarray(c)), np.linalg.solve(b, c))
    for c in ([[nan, 1.0], [1.0, 1.0]], [[1.0, nan], [nan, 1.0]], [[1.0, 2.0], [nan, 4.0]]):
        a = np.asarray(c)
        x = ak.asarray(a)
        assert _raises(lambda: ak.linalg.inv(x)) == numpy_raises(np.linalg.inv, a)  # noqa: B023


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
_SVD = {
    "svd": np.linalg.svd,
    "svdvals": np.linalg.svdvals,
    "pinv": np.linalg.pinv,
    "matrix_rank": np.linalg.matrix_rank,
    "matrix_norm": lambda a: np.linalg.matrix_norm(a, ord=2),
}
_EIG = {
    "eig": np.linalg.eig,
    "eigvals": np.linalg.eigvals,
    "eigh": np.linalg.eigh,
    "eigvalsh": np.linalg.eigvalsh,
}


def _non_finite(seed: int, count: int) -> list[np.ndarray]:
    """Matrices of 1 to 5 rows and columns with NaN, inf or both in some entries."""
    rng = np.random.default_rng(seed)
    out = []
    for kind in range(count):
        m, n = rng.integers(1, 6, 2)
        a = rng.standard_normal((m, n))
        mask = rng.random((m, n)) < 0.3
        mask[rng.integers(m), rng.integers(n)] = True
        a[mask] = rng.choice([[nan], [inf, -inf], [nan, inf]][kind % 3], int(mask.sum()))
        out.append(a)
    return out


@pytest.mark.parametrize("fn", [*_SVD, *_EIG])
def test_nan_and_inf_fail_where_numpy_fails(driver, fn):
    """The SVD refuses NaN (LAPACK's gesdd checks), ``eig`` NaN and inf (NumPy checks);
    ``eigh`` refuses some matrices with NaN or inf entries and not others, by its
    arithmetic (NumPy decides those, and gives their values).  NumPy's SVD of a matrix
    with inf entries and no NaN can loop forever (``svd``, ``pinv``): arraykit's results
    are NaN there and NumPy is not asked."""
    square = fn in _EIG
    for a in _non_finite(7, 90):
        if square:
            a = a[: min(a.shape), : min(a.shape)]
        x = ak.asarray(a)
        f = getattr(ak.linalg, fn)
        if fn == "matrix_norm":
            f = lambda x: ak.linalg.matrix_norm(x, ord=2)  # noqa: E731
        if fn in ("svd", "pinv") and not np.isnan(a).any():
            values = f(x)
            values = values if isinstance(values, ak.Array) else values[1]
            assert np.isnan(np.asarray(values)).all()
            continue
        np_fn = {**_SVD, **_EIG}[fn]
        refuses = numpy_raises(np_fn, a)
        try:
            out = f(x)
        except ak.linalg.LinAlgError as e:
            assert refuses, (fn, a)
            assert str(e).startswith(f"{fn}: ")
            continue
        assert not refuses, (fn, a)
        if fn in ("svdvals", "matrix_rank", "matrix_norm"):  # inf: NaN (rank 0), as NumPy's
            with np.errstate(all="ignore"):
                np.testing.assert_array_equal(np.asarray(out), np_fn(a))
        if fn in ("eigh", "eigvalsh") and not np.isfinite(a).all():  # NumPy decided it
            with np.errstate(all="ignore"):
                expected = np_fn(a)
            expected = expected if fn == "eigvalsh" else expected[0]
            got = out if fn == "eigvalsh" else out[0]
            np.testing.assert_array_equal(np.asarray(got), expected)


def test_a_stack_names_the_first_matrix_numpy_refuses(driver):
    a = np.stack(
        [np.eye(3), [[1.0, inf, 0], [0, 1, 0], [0, 0, 1]], [[nan, 0, 0], [0, 1, 0], [0, 0, 1]]]
    )
    with pytest.raises(
        ak.linalg.LinAlgError, match=r"^svdvals: the SVD did not converge on matrix 2"
    ):
        ak.linalg.svdvals(ak.asarray(a))
    with pytest.raises(ak.linalg.LinAlgError, match=r"^eigvals: .* on matrix 1 of the stack"):
        ak.linalg.eigvals(ak.asarray(a))
    s = np.asarray(ak.linalg.svdvals(ak.asarray(a[:2])))  # inf: NaN, the others computed
    np.testing.assert_array_equal(s[0], [1.0, 1.0, 1.0])
    assert np.isnan(s[1]).all()


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


@pytest.mark.parametrize("fn", ["svdvals", "matrix_rank"])
def test_a_complex_entry_with_an_infinite_part_is_infinite(driver, fn):
    """A complex entry with a NaN part and an infinite part has an infinite modulus (C99),
    and NumPy's SVD treats it as inf, not NaN (LAPACK's max-abs norm is inf): no
    LinAlgError, NaN singular values, rank 0.  arraykit raised LinAlgError (its NaN test
    looked at the parts); found by the differential fuzzer's matrix_rank."""
    for entry in (complex(np.nan, -np.inf), complex(np.inf, np.nan)):
        a = np.array([[entry, 1.0], [2.0, 3.0]])
        want = getattr(np.linalg, fn)(a)
        got = getattr(ak.linalg, fn)(ak.asarray(a))
        np.testing.assert_array_equal(np.asarray(got), want)
    a = np.array([[complex(np.nan, 1.0), 1.0], [2.0, 3.0]])  # a NaN modulus: refused
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.svd(a, compute_uv=False)
    with pytest.raises(ak.linalg.LinAlgError):
        getattr(ak.linalg, fn)(ak.asarray(a))
