"""The linalg extension: values against numpy.linalg, decompositions by reconstruction,
dtypes and errors against the spec."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
# Few examples: every new shape costs a compilation on tracing drivers (JAX).
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=15)

RNG = np.random.default_rng(0)
A = RNG.standard_normal((4, 4))  # generic square, invertible
STACK = RNG.standard_normal((2, 3, 3, 3))  # a stack of square matrices
TALL = RNG.standard_normal((5, 3))
SPD = A @ A.T + 4 * np.eye(4)  # symmetric positive definite
CA = A + 1j * RNG.standard_normal((4, 4))
HPD = CA @ CA.conj().T + 4 * np.eye(4)  # Hermitian positive definite

TOL = {"rtol": 1e-10, "atol": 1e-10}


def close(result: ak.Array, expected: np.ndarray, **tol: float) -> None:
    expected = np.asarray(expected)
    assert result.shape == expected.shape
    np.testing.assert_allclose(np.asarray(result), expected, **(tol or TOL))


def arr(x: np.ndarray) -> ak.Array:
    return ak.asarray(np.asarray(x))


# ---------------------------------------------------------------------- namespace
def test_namespace_has_the_25_spec_names():
    names = {
        "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
        "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
        "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
        "vector_norm",
    }  # fmt: skip
    assert names <= set(ak.linalg.__all__)
    assert all(callable(getattr(ak.linalg, n)) for n in names)
    for n in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(ak.linalg, n) is getattr(ak, n)


# ---------------------------------------------------------------------- decompositions
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize(
    "x", [SPD, HPD, np.stack([SPD, 2 * SPD])], ids=["real", "complex", "stack"]
)
def test_cholesky_reconstructs(driver, x, upper):
    f = np.asarray(ak.linalg.cholesky(arr(x), upper=upper))
    fh = np.conj(np.swapaxes(f, -1, -2))
    np.testing.assert_allclose(fh @ f if upper else f @ fh, x, **TOL)
    tri = np.triu(f) if upper else np.tril(f)
    np.testing.assert_array_equal(f, tri)
    np.testing.assert_allclose(f, np.linalg.cholesky(x, upper=upper), **TOL)


@pytest.mark.parametrize("x", [A, CA, STACK], ids=["real", "complex", "stack"])
def test_eig_reconstructs_and_is_complex(driver, x):
    res = ak.linalg.eig(arr(x))
    assert type(res).__name__ == "EigResult" and res._fields == ("eigenvalues", "eigenvectors")
    assert res.eigenvalues.dtype == ak.complex128 and res.eigenvectors.dtype == ak.complex128
    w, v = np.asarray(res.eigenvalues), np.asarray(res.eigenvectors)
    np.testing.assert_allclose(x @ v, v * w[..., None, :], rtol=1e-9, atol=1e-9)
    expected = np.sort_complex(np.linalg.eigvals(x))
    np.testing.assert_allclose(np.sort_complex(w), expected, **TOL)
    np.testing.assert_allclose(
        np.sort_complex(np.asarray(ak.linalg.eigvals(arr(x)))), expected, **TOL
    )


@pytest.mark.parametrize(
    ("dtype", "out"),
    [("float32", "complex64"), ("complex64", "complex64"), ("float64", "complex128")],
)
def test_eig_dtypes(driver, dtype, out):
    x = arr(np.array([[0.0, -1.0], [1.0, 0.0]], dtype=dtype))  # eigenvalues ±i
    w, v = ak.linalg.eig(x)
    assert w.dtype == out and v.dtype == out and ak.linalg.eigvals(x).dtype == out
    w = np.asarray(w)
    np.testing.assert_allclose(np.sort(w.imag), [-1, 1], atol=1e-6)
    np.testing.assert_allclose(w.real, [0, 0], atol=1e-6)


@pytest.mark.parametrize("x", [SPD, HPD], ids=["real", "complex"])
def test_eigh_reconstructs(driver, x):
    res = ak.linalg.eigh(arr(x))
    assert res._fields == ("eigenvalues", "eigenvectors")
    assert res.eigenvalues.dtype == ak.float64 and res.eigenvectors.dtype == arr(x).dtype
    w, q = np.asarray(res.eigenvalues), np.asarray(res.eigenvectors)
    np.testing.assert_allclose(q @ np.diag(w) @ q.conj().T, x, **TOL)
    np.testing.assert_allclose(np.sort(w), np.linalg.eigvalsh(x), **TOL)
    vals = ak.linalg.eigvalsh(arr(x))
    assert vals.dtype == ak.float64
    np.testing.assert_allclose(np.sort(np.asarray(vals)), np.linalg.eigvalsh(x), **TOL)


@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("x", [TALL, TALL.T, STACK, CA], ids=["tall", "wide", "stack", "complex"])
def test_qr_reconstructs(driver, x, mode):
    res = ak.linalg.qr(arr(x), mode=mode)
    assert res._fields == ("Q", "R")
    q, r = np.asarray(res.Q), np.asarray(res.R)
    m, n = x.shape[-2:]
    k = m if mode == "complete" else min(m, n)
    assert q.shape == (*x.shape[:-2], m, k) and r.shape == (*x.shape[:-2], k, n)
    np.testing.assert_allclose(q @ r, x, **TOL)
    np.testing.assert_array_equal(r, np.triu(r))
    np.testing.assert_allclose(
        np.conj(np.swapaxes(q, -1, -2)) @ q,
        np.broadcast_to(np.eye(k), (*x.shape[:-2], k, k)),
        **TOL,
    )


@pytest.mark.parametrize("full", [True, False])
@pytest.mark.parametrize("x", [TALL, TALL.T, STACK, CA], ids=["tall", "wide", "stack", "complex"])
def test_svd_reconstructs(driver, x, full):
    res = ak.linalg.svd(arr(x), full_matrices=full)
    assert res._fields == ("U", "S", "Vh")
    u, s, vh = (np.asarray(a) for a in res)
    assert res.S.dtype == ak.float64 and res.U.dtype == arr(x).dtype
    k = min(x.shape[-2:])
    np.testing.assert_allclose(u[..., :k] * s[..., None, :] @ vh[..., :k, :], x, **TOL)
    assert np.all(s[..., :-1] >= s[..., 1:])  # descending
    np.testing.assert_allclose(
        np.asarray(ak.linalg.svdvals(arr(x))), np.linalg.svd(x, compute_uv=False), **TOL
    )


# ---------------------------------------------------------------------- against numpy.linalg
@pytest.mark.parametrize(
    "x", [A, CA, STACK, np.zeros((2, 0, 0))], ids=["real", "complex", "stack", "empty"]
)
def test_det_inv_slogdet(driver, x):
    close(ak.linalg.det(arr(x)), np.linalg.det(x))
    close(ak.linalg.inv(arr(x)), np.linalg.inv(x))
    res = ak.linalg.slogdet(arr(x))
    assert res._fields == ("sign", "logabsdet")
    sign, logabs = np.linalg.slogdet(x)
    close(res.sign, sign)
    close(res.logabsdet, logabs)
    assert res.sign.dtype == arr(x).dtype and res.logabsdet.dtype == ak.float64


@pytest.mark.parametrize("x", [np.ones((3, 3)), np.array([[1.0, 2.0], [2.0, 4.0]])])
def test_slogdet_singular_is_zero_and_minus_inf(driver, x):
    sign, logabs = ak.linalg.slogdet(arr(x))
    assert float(sign) == 0.0 and float(logabs) == -math.inf
    assert not np.signbit(float(sign)), "NumPy's sign of a singular matrix is +0"


# Determinants beyond their dtype's range: NumPy sums the pivots' logs (JAX's 1x1 and 2x2
# formula gave logabsdet inf and a complex sign NaN; TF's complex sign was 0).
OVERFLOWING = [
    np.array([[0, 2j], [3.4e38j, 0]], np.complex64),
    np.array([[0, 2], [3.4e38, 0]], np.float32),
    np.array([[3e38, 1], [1, 3e38]], np.float32),
    np.array([[1e200, 1], [2, 1e200]]),
    np.array([[1e200j, 1], [2, 1e200]]),
    np.array([[[1e300, 0, 0], [0, 1e300, 1], [0, 0, -1e300j]]]),
    np.array([[1e-300, 0], [0, 1e-300]]),
]


@pytest.mark.parametrize("x", OVERFLOWING, ids=lambda x: f"{x.dtype}{x.shape}")
def test_slogdet_where_the_determinant_overflows(driver, x):
    sign, logabs = ak.linalg.slogdet(ak.asarray(x))
    want = np.linalg.slogdet(x)
    assert np.isfinite(want.logabsdet).all()  # the point: NumPy's are finite
    np.testing.assert_allclose(np.asarray(sign), want.sign, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(logabs), want.logabsdet, rtol=1e-6)


# Complex matrices where TF's own LU refuses or its complex division loses the phase (the
# fuzzer's finds): a singular one (its LU raised "Input is not invertible"), a pivot whose
# squared modulus underflows (div_no_nan read it as 0: sign 0 where NumPy's is 1j), a
# batch with singular and regular members.
COMPLEX_EDGES = [
    np.array([[0j]]),
    np.zeros((2, 2), np.complex64),
    np.array([[1, 2], [2, 4]], np.complex128),
    np.array([[2.0563717027993402e-255j]]),
    np.array([[1e-200 + 1e-200j, 0], [0, 1]]),
    np.array([[3e-25 + 4e-25j]], np.complex64),
    np.array([[[0j, 0], [0, 0]], [[1e-160j, 0], [0, 1e-160]], [[1, 1j], [1j, 1]]]),
]


@pytest.mark.parametrize("x", COMPLEX_EDGES, ids=lambda x: f"{x.dtype}{x.shape}")
def test_slogdet_of_singular_and_tiny_complex_matrices(driver, x):
    sign, logabs = ak.linalg.slogdet(ak.asarray(x))
    want = np.linalg.slogdet(x)
    np.testing.assert_allclose(np.asarray(sign), want.sign, rtol=1e-6, atol=0)
    np.testing.assert_allclose(np.asarray(logabs), want.logabsdet, rtol=1e-6)


_BIG = np.finfo(np.float64).max


@pytest.mark.parametrize(
    "x",
    [
        np.array([[1e308 + 1e308j]]),
        np.array([[_BIG * 1j]]),
        np.array([[_BIG + 0j]]),
        np.array([[3e200j, 1], [2, 4e107 + 1e107j]]),
        np.array([[[1e-300 + 2e-300j]], [[1e-200j]]]),  # normal, |det|**2 underflows
        np.array([[3.4028235e38j]], np.complex64),  # exp(log(FLT_MAX)) is inf in float32
        np.array([[1e38 + 1e38j, 0], [0, 1]], np.complex64),
        np.array([[3.4028235e38]], np.float32),
        np.diag(np.array([3e37, 7, 1.5, 0.5], np.float32)),
    ],
    ids=[
        "1e308(1+j)",
        "DBL_MAX j",
        "DBL_MAX",
        "2x2 near overflow",
        "tiny",
        "FLT_MAX j",
        "1e38(1+j) c64",
        "FLT_MAX",
        "4x4 f32 near overflow",
    ],
)
def test_det_of_matrices_near_the_range_ends(driver, x):
    # representable determinants whose |det|**2 overflows or underflows: TF's complex
    # determinant came out 0 (its sign is 0 where |det|**2 overflows); TF's and JAX's
    # float32 ones inf at FLT_MAX, JAX's sign * exp(logabsdet) 5e-6 off near 1e38
    want = np.linalg.det(x)
    assert np.all(np.isfinite(want))
    # NumPy's complex128 det is sign * exp(logabsdet), off by ~|logabsdet| eps; arraykit's
    # (a product of n <= 2 pivots, or NumPy's formula) within that
    rtol = 4 * np.finfo(x.dtype).eps * (1 + np.max(np.abs(np.log(np.abs(want)))))
    np.testing.assert_allclose(np.asarray(ak.linalg.det(ak.asarray(x))), want, rtol=rtol)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_det_of_a_singular_matrix_whose_other_pivots_overflow(driver, dtype):
    """0, as NumPy's (sign 0 times exp(-inf)): JAX's LU flushes the subnormal multiplier
    2/MAX to zero, so its pivots are MAX, 2, 0, and their product (MAX * 2) * 0 was NaN
    (the JAX fuzz run)."""
    big = np.finfo(dtype).max
    x = np.array([[0, 0, 0], [2, 2, 2], [big, big, big]], dtype)
    stack = np.stack([x, x[[2, 0, 1]]])
    assert np.all(np.linalg.det(stack) == 0)
    got = np.asarray(ak.linalg.det(ak.asarray(stack)))
    np.testing.assert_array_equal(got, np.zeros(2, dtype))


@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5])
def test_matrix_power(driver, n):
    close(
        ak.linalg.matrix_power(arr(STACK), n),
        np.linalg.matrix_power(STACK, n),
        rtol=1e-8,
        atol=1e-8,
    )


def test_pinv(driver):
    close(ak.linalg.pinv(arr(TALL)), np.linalg.pinv(TALL))
    close(ak.linalg.pinv(arr(STACK), rtol=0.5), np.linalg.pinv(STACK, rtol=0.5))
    rtol = np.array([0.0, 0.9])[:, None]  # broadcasts against the stack shape (2, 3)
    close(ak.linalg.pinv(arr(STACK), rtol=arr(rtol)), np.linalg.pinv(STACK, rtol=rtol))


def test_matrix_rank(driver):
    x = np.stack([np.eye(4), np.diag([1.0, 1.0, 0.0, 0.0]), np.diag([1.0, 1e-3, 1e-9, 0.0])])
    out = ak.linalg.matrix_rank(arr(x))
    assert out.dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(out), [4, 2, 3])
    np.testing.assert_array_equal(np.asarray(ak.linalg.matrix_rank(arr(x), rtol=1e-2)), [4, 2, 1])
    rtol = arr(np.array([0.5, 0.5, 1e-6]))
    np.testing.assert_array_equal(np.asarray(ak.linalg.matrix_rank(arr(x), rtol=rtol)), [4, 2, 2])
    assert ak.linalg.matrix_rank(arr(np.zeros((2, 3, 0)))).shape == (2,)
    with ak.use(default_int="int32"):
        assert ak.linalg.matrix_rank(arr(np.eye(3))).dtype == ak.int32


@pytest.mark.parametrize("x2_shape", [(3,), (3, 2), (2, 1, 3, 4), (1, 3, 1)])
def test_solve_shapes_and_values(driver, x2_shape):
    x1 = STACK[0] + 3 * np.eye(3)  # (3, 3, 3)
    x2 = RNG.standard_normal(x2_shape)
    out = ak.linalg.solve(arr(x1), arr(x2))
    if len(x2_shape) == 1:  # the spec: one right-hand side for every matrix in x1
        expected = np.linalg.solve(x1, x2[:, None])[..., 0]
        assert out.shape == (3, 3)
    else:
        expected = np.linalg.solve(x1, x2)
    close(out, expected)


def test_solve_promotes(driver):
    out = ak.linalg.solve(arr(A.astype(np.float32)), arr(np.ones(4)))
    assert out.dtype == ak.float64
    close(out, np.linalg.solve(A, np.ones(4)), rtol=1e-5, atol=1e-5)


def test_cross(driver):
    a = RNG.standard_normal((4, 3))
    b = RNG.standard_normal((3,))
    close(ak.linalg.cross(arr(a), arr(b)), np.cross(a, b))
    a2 = RNG.standard_normal((3, 5))
    close(ak.linalg.cross(arr(a2), arr(a2[::-1]), axis=-2), np.cross(a2, a2[::-1], axis=0))
    close(ak.linalg.cross(arr(a2), arr(a2[::-1]), axis=0), np.cross(a2, a2[::-1], axis=0))
    out = ak.linalg.cross(arr(np.array([1, 0, 0])), arr(np.array([0, 1, 0], dtype=np.int8)))
    assert out.dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(out), [0, 0, 1])


def test_outer(driver):
    a, b = np.arange(3.0), np.arange(4, dtype=np.int32)
    out = ak.linalg.outer(arr(a), arr(b))
    assert out.dtype == ak.float64
    np.testing.assert_array_equal(np.asarray(out), np.outer(a, b))
    assert ak.linalg.outer(arr(np.zeros(0)), arr(b)).shape == (0, 4)


@pytest.mark.parametrize("offset", [-5, -1, 0, 1, 2, 7])
def test_diagonal_and_trace(driver, offset):
    x = np.arange(2 * 3 * 4).reshape(2, 3, 4)
    np.testing.assert_array_equal(
        np.asarray(ak.linalg.diagonal(arr(x), offset=offset)), np.diagonal(x, offset, -2, -1)
    )
    out = ak.linalg.trace(arr(x), offset=offset)
    assert out.dtype == ak.int64
    np.testing.assert_array_equal(np.asarray(out), np.trace(x, offset, -2, -1))


@pytest.mark.parametrize("dtype", ["bool", "uint8", "complex64"])
def test_diagonal_of_any_dtype(driver, dtype):
    x = (np.arange(12).reshape(3, 4) % 3).astype(dtype)
    out = ak.linalg.diagonal(arr(x), offset=1)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(out), np.diagonal(x, 1))


@pytest.mark.parametrize(
    ("dtype", "expected"),
    [
        ("int8", "int64"),
        ("uint16", "uint64"),
        ("int64", "int64"),
        ("uint64", "uint64"),
        ("float32", "float32"),
        ("complex64", "complex64"),
        ("bool", "int64"),
    ],
)
def test_trace_dtype(driver, dtype, expected):
    x = np.ones((3, 3), dtype=dtype)
    out = ak.linalg.trace(arr(x))
    assert out.dtype == np.dtype(expected)
    assert complex(out) == 3


def test_trace_dtype_argument(driver):
    x = arr(np.full((3, 3), 100, dtype=np.int8))
    assert int(ak.linalg.trace(x, dtype=ak.int16)) == 300  # cast before summing: no overflow
    assert ak.linalg.trace(x, dtype=ak.float32).dtype == ak.float32
    with ak.use(default_int="int32"):
        assert ak.linalg.trace(arr(np.ones((2, 2), np.uint8))).dtype == ak.uint32


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, 2, -1, -2, math.inf, -math.inf])
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm(driver, ord, keepdims):
    for x in (STACK, CA):
        out = ak.linalg.matrix_norm(arr(x), ord=ord, keepdims=keepdims)
        assert out.dtype == ak.float64
        close(out, np.linalg.matrix_norm(x, ord=ord, keepdims=keepdims))


@pytest.mark.parametrize("ord", [2, 1, 0, -1, -2, 3, 0.5, -2.5, math.inf, -math.inf])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), ()])
def test_vector_norm(driver, ord, axis):
    x = RNG.standard_normal((3, 4, 2))
    for keepdims in (False, True):
        out = ak.linalg.vector_norm(arr(x), axis=axis, keepdims=keepdims, ord=ord)
        close(out, np.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord))


def test_vector_norm_dtypes(driver):
    assert ak.linalg.vector_norm(arr(np.ones(3, np.complex64))).dtype == ak.float32
    assert ak.linalg.vector_norm(arr(np.ones(3, np.float32))).dtype == ak.float32
    out = ak.linalg.vector_norm(arr(np.array([3, 4])))  # integers: the default float
    assert out.dtype == ak.float64 and float(out) == 5.0
    assert float(ak.linalg.vector_norm(arr(np.array([3 + 4j])))) == 5.0


# ---------------------------------------------------------------------- dtypes
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_single_precision_is_kept(driver, dtype):
    x = arr(SPD.astype(dtype))
    real = ak.float32
    assert ak.linalg.inv(x).dtype == dtype and ak.linalg.det(x).dtype == dtype
    assert ak.linalg.cholesky(x).dtype == dtype and ak.linalg.pinv(x).dtype == dtype
    assert ak.linalg.eigvalsh(x).dtype == real and ak.linalg.svdvals(x).dtype == real
    assert ak.linalg.slogdet(x).logabsdet.dtype == real
    assert ak.linalg.matrix_norm(x).dtype == real


def test_integer_input_computes_in_default_float(driver):
    x = arr(np.array([[2, 0], [0, 4]]))
    out = ak.linalg.inv(x)
    assert out.dtype == ak.float64
    np.testing.assert_array_equal(np.asarray(out), [[0.5, 0], [0, 0.25]])
    with ak.use(default_float="float32"):
        assert ak.linalg.det(x).dtype == ak.float32
        assert ak.linalg.eigvals(x).dtype == ak.complex64


@pytest.mark.parametrize("fn", ["inv", "det", "svdvals", "eigvalsh", "matrix_norm", "eig"])
def test_integer_input_refused_under_strict(driver, fn):
    x = arr(np.array([[2, 0], [0, 4]]))
    with (
        ak.use(promotion="strict"),
        pytest.raises(TypeError, match=f"{fn}: 'x' must have a floating"),
    ):
        getattr(ak.linalg, fn)(x)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match="solve"):
        ak.linalg.solve(x, arr(np.array([1, 2])))


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "fn", ["inv", "det", "cholesky", "eig", "eigvals", "eigh", "eigvalsh", "slogdet"]
)
def test_non_square_is_a_value_error(driver, fn):
    with pytest.raises(
        ValueError, match=rf"{fn}: 'x' must hold square matrices, got shape \(5, 3\)"
    ):
        getattr(ak.linalg, fn)(arr(TALL))


@pytest.mark.parametrize(
    "fn", ["inv", "svd", "qr", "svdvals", "pinv", "matrix_rank", "matrix_norm", "diagonal", "trace"]
)
def test_vector_input_is_a_value_error(driver, fn):
    with pytest.raises(ValueError, match=rf"{fn}: 'x' must .*\(3,\)"):
        getattr(ak.linalg, fn)(arr(np.ones(3)))


def test_argument_errors(driver):
    x = arr(SPD)
    with pytest.raises(TypeError, match="inv: 'x' must be an arraykit array"):
        ak.linalg.inv(SPD)
    with pytest.raises(ValueError, match="qr: 'mode' must be 'reduced' or 'complete'"):
        ak.linalg.qr(x, mode="r")
    with pytest.raises(ValueError, match="matrix_norm: ord=3"):
        ak.linalg.matrix_norm(x, ord=3)
    with pytest.raises(ValueError, match="matrix_norm: unknown ord='f'"):
        ak.linalg.matrix_norm(x, ord="f")
    with pytest.raises(ValueError, match="vector_norm: ord='fro' is a matrix norm"):
        ak.linalg.vector_norm(x, ord="fro")
    with pytest.raises(ValueError, match="vector_norm: 'ord' must not be NaN"):
        ak.linalg.vector_norm(x, ord=math.nan)
    with pytest.raises(IndexError, match="vector_norm: axis=2 is out of range"):
        ak.linalg.vector_norm(x, axis=2)
    with pytest.raises(ValueError, match="vector_norm: repeated axis"):
        ak.linalg.vector_norm(x, axis=(0, -2))
    with pytest.raises(TypeError, match="matrix_power: 'n' must be an int"):
        ak.linalg.matrix_power(x, 2.0)
    with pytest.raises(TypeError, match="diagonal: 'offset' must be an int"):
        ak.linalg.diagonal(x, offset=0.5)
    with pytest.raises(TypeError, match="svd: 'full_matrices' must be a bool"):
        ak.linalg.svd(x, full_matrices=None)


def test_rtol_errors(driver):
    x = arr(STACK)
    with pytest.raises(TypeError, match="pinv: 'rtol' must have a real floating-point dtype"):
        ak.linalg.pinv(x, rtol=arr(np.array([1, 2])))
    with pytest.raises(ValueError, match=r"matrix_rank: 'rtol' of shape \(4,\) does not broadcast"):
        ak.linalg.matrix_rank(x, rtol=arr(np.ones(4)))
    with pytest.raises(ValueError, match="pinv: 'rtol' must be non-negative"):
        ak.linalg.pinv(x, rtol=-1.0)
    with pytest.raises(TypeError, match="matrix_rank: 'rtol' must be a float"):
        ak.linalg.matrix_rank(x, rtol="big")


def test_product_shape_errors(driver):
    with pytest.raises(ValueError, match=r"solve: shapes \(4, 4\) \(x1\) and \(3,\) \(x2\)"):
        ak.linalg.solve(arr(A), arr(np.ones(3)))
    with pytest.raises(
        ValueError,
        match=r"solve: the stack shapes of x1 \(2, 3, 3, 3\) and x2 "
        r"\(4, 3, 1\)",
    ):
        ak.linalg.solve(arr(STACK), arr(np.ones((4, 3, 1))))
    with pytest.raises(
        ValueError,
        match=r"solve: 'x1' must hold square matrices; got shapes "
        r"\(5, 3\)",
    ):
        ak.linalg.solve(arr(TALL), arr(np.ones(5)))
    with pytest.raises(ValueError, match=r"cross: shapes \(4,\) and \(3,\) must both have size 3"):
        ak.linalg.cross(arr(np.ones(4)), arr(np.ones(3)))
    with pytest.raises(ValueError, match=r"cross: shapes \(2, 3\), \(4, 3\) cannot be broadcast"):
        ak.linalg.cross(arr(np.ones((2, 3))), arr(np.ones((4, 3))))
    with pytest.raises(IndexError, match="cross: axis=-3 is out of range"):
        ak.linalg.cross(arr(np.ones((3, 3))), arr(np.ones((3, 3))), axis=-3)
    with pytest.raises(IndexError, match="cross: axis=1 is out of range"):
        ak.linalg.cross(arr(np.ones((2, 3))), arr(np.ones(3)), axis=1)
    with pytest.raises(ValueError, match=r"outer: 'x1' and 'x2' must be 1-D, got shapes \(2, 2\)"):
        ak.linalg.outer(arr(np.ones((2, 2))), arr(np.ones(2)))
    with pytest.raises(TypeError, match="outer"):
        ak.linalg.outer(arr(np.ones(2, bool)), arr(np.ones(2, bool)))


def test_trace_errors(driver):
    with pytest.raises(TypeError, match="trace: cannot sum a complex128 array as float64"):
        ak.linalg.trace(arr(CA), dtype=ak.float64)
    with pytest.raises(TypeError, match="trace: 'dtype' must be a numeric dtype, got bool"):
        ak.linalg.trace(arr(A), dtype=ak.bool)
    with (
        ak.use(promotion="strict"),
        pytest.raises(TypeError, match="trace: 'x' must have a numeric"),
    ):
        ak.linalg.trace(arr(np.ones((2, 2), bool)))


# ---------------------------------------------------------------------- properties
@fixture_ok
@given(
    x=xps.arrays(
        dtype=np.float64,
        shape=xps.array_shapes(min_dims=2, max_dims=3, min_side=1, max_side=4),
        elements={"min_value": -10, "max_value": 10, "allow_nan": False},
    ),
    complex_=st.booleans(),
)
def test_svd_and_qr_reconstruct_random_matrices(driver, x, complex_):
    if complex_:
        x = x + 1j * x[..., ::-1]
    u, s, vh = (np.asarray(a) for a in ak.linalg.svd(ak.asarray(x), full_matrices=False))
    np.testing.assert_allclose((u * s[..., None, :]) @ vh, x, rtol=1e-9, atol=1e-8)
    q, r = (np.asarray(a) for a in ak.linalg.qr(ak.asarray(x)))
    np.testing.assert_allclose(q @ r, x, rtol=1e-9, atol=1e-8)


@fixture_ok
@given(
    x=xps.arrays(
        dtype=np.float64,
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
        # No magnitudes in (0, 1e-60): their powers underflow, where NumPy's own answer loses
        # its digits (the tiny-values test below covers TF's and XLA's flushing there).
        elements=st.one_of(st.just(0.0), st.floats(1e-60, 100), st.floats(-100, -1e-60)),
    ),
    ord=st.sampled_from([1, 2, 3, math.inf, -math.inf, 0.5]),
)
def test_vector_norm_matches_numpy(driver, x, ord):
    np.testing.assert_allclose(
        np.asarray(ak.linalg.vector_norm(ak.asarray(x), ord=ord)),
        np.linalg.vector_norm(x, ord=ord),
        rtol=1e-12,
    )


@pytest.mark.parametrize("values", [[1.07e-154], [1e-155, -2e-155], [3e-156, 4e-156, 0.0]])
def test_vector_norm_of_tiny_values_as_numpy(driver, values):
    """Normal but tiny values whose squares are subnormal: NumPy keeps the subnormals, TF
    and XLA flushed them to zero and gave a norm of 0."""
    x = ak.asarray(values)
    want = np.linalg.vector_norm(np.asarray(values))
    assert want > 0
    # NumPy's subnormal squares (down to 1e-312 here) keep 11 digits of the answer.
    np.testing.assert_allclose(np.asarray(ak.linalg.vector_norm(x)), want, rtol=1e-8)
    rows = ak.linalg.vector_norm(ak.stack([x, 2 * x]), axis=1, keepdims=True)
    np.testing.assert_allclose(np.asarray(rows), [[want], [2 * want]], rtol=1e-8)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_vector_norm_in_the_normal_range_is_the_plain_sum(driver, dtype):
    """The rescue from flushed subnormals (above) must not touch other inputs: SciPy's
    directional_stats normalizes rows and expects components that cancel exactly."""
    a = np.array([[0.8660254, 0.5, 0.0], [1.7320508, -1.0, 0.0], [0.6, 0.8, 0.0]], dtype)
    got = np.asarray(ak.linalg.vector_norm(ak.asarray(a), axis=-1, keepdims=True))
    np.testing.assert_array_equal(got, np.linalg.vector_norm(a, axis=-1, keepdims=True))


@fixture_ok
@given(
    d=xps.arrays(
        dtype=np.float64, shape=st.integers(1, 5), elements={"min_value": 1, "max_value": 10}
    ),
    b=st.integers(0, 3),
)
def test_solve_diagonally_dominant(driver, d, b):
    n = d.shape[0]
    a = np.diag(d * n) + np.ones((n, n))
    rhs = np.arange(n * b, dtype=np.float64).reshape(n, b)
    close(
        ak.linalg.solve(ak.asarray(a), ak.asarray(rhs)),
        np.linalg.solve(a, rhs),
        rtol=1e-9,
        atol=1e-9,
    )


NAN_MATRICES = [
    np.array([[np.nan, 1.0], [1.0, 1.0]]),  # NumPy: det 0.0, slogdet (0, -inf)
    np.array([[np.nan, 0.0], [0.0, 0.0]]),  # NumPy: det 0.0
    np.array([[1.0, np.nan], [1.0, 1.0]]),  # NumPy: det nan, slogdet (1, nan)
    np.array([[[1.0, 2.0], [3.0, 4.0]], [[np.nan, 0.0], [0.0, 1.0]]]),  # one of a stack
    np.array([[complex(np.nan, 0), 1], [1, 1]], np.complex64),
]


@pytest.mark.parametrize("x", NAN_MATRICES, ids=lambda x: f"{x.dtype}{x.shape}")
def test_det_and_slogdet_of_a_matrix_with_nan_are_nan(driver, x):
    # departures.md: NumPy's answers there are its LAPACK's pivoting noise (a NaN compared
    # while choosing a pivot: [[nan, 1], [1, 1]] has det 0.0, [[1, nan], [1, 1]] NaN and
    # sign 1); arraykit's are NaN on every driver, the other matrices of a stack NumPy's
    bad = np.isnan(x).any(axis=(-2, -1))
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        det = np.asarray(ak.linalg.det(ak.asarray(x)))
        sign, logabs = (np.asarray(v) for v in ak.linalg.slogdet(ak.asarray(x)))
        want_det, (want_sign, want_log) = np.linalg.det(x), np.linalg.slogdet(x)
    for got, want in ((det, want_det), (sign, want_sign), (logabs, want_log)):
        assert np.isnan(got[bad]).all()
        np.testing.assert_allclose(got[~bad], np.asarray(want)[~bad], rtol=1e-6)


def test_matrix_rank_of_entries_near_the_largest_float(driver):
    # departures.md: LAPACK's complex SVD of this matrix returns an inf singular value
    # (DBL_MAX rounded up), so NumPy's rank is 0; TF's SVD gave the 3 it has.  The rank
    # is scale-free: arraykit scales such matrices by a power of two first, on every driver
    big = np.finfo(np.float64).max
    x = np.zeros((5, 5), np.complex128)
    x[0, 4] = x[1, 1] = x[3, 0] = big * 1j
    x[3, 1] = x[3, 4] = 1j
    with np.errstate(all="ignore"):
        assert np.linalg.matrix_rank(x) == 0  # NumPy's (the point of the rule)
        want = np.linalg.matrix_rank(x * 2.0**-600)
    assert want == 3
    assert int(ak.linalg.matrix_rank(ak.asarray(x))) == 3
    f32 = np.diag([3e38, 3e38, 1.0]).astype(np.float32)
    assert int(ak.linalg.matrix_rank(ak.asarray(f32))) == np.linalg.matrix_rank(f32) == 2
    # finite entries whose modulus is above the largest float (|M + Mj| = sqrt(2) M) are
    # not infinities: rank 1, not the 0 of an inf matrix (Dask's isfinite said so; the
    # host check's modulus overflowed on the other drivers); a true inf still gives 0
    full = np.full((3, 4), complex(big, big))
    with np.errstate(all="ignore"):
        assert np.linalg.matrix_rank(full * 2.0**-600) == 1
    assert int(ak.linalg.matrix_rank(ak.asarray(full))) == 1
    # an inf entry: rank 0, the rule of svd's inputs (NumPy 2.4 answers 0 too; NumPy 2.5's
    # SVD refuses the matrix: "SVD did not converge")
    full[1, 2] = complex(-np.inf, np.inf)
    assert int(ak.linalg.matrix_rank(ak.asarray(full))) == 0
