"""The linear algebra extension: ``ak.linalg``.

Every function validates its arguments, computes its result dtype once and casts its
inputs here, then calls the driver primitive of the same name (``drivers/_base.py``) on
native values.  ``matrix_rank``, ``outer`` and ``trace`` are composites of primitives; a
driver may replace them with a native fast path.  Tuple results are namedtuples with the
spec's field names.

Dtypes: functions the spec defines for floating-point inputs accept integer and bool
arrays too, computing in the default float dtype as NumPy does, except under
``promotion="strict"``, where they raise ``TypeError``.  ``eig``/``eigvals`` always
return complex arrays of the input's precision.

Failures raise ``LinAlgError`` (a ``numpy.linalg.LinAlgError``) on every driver, on the
inputs on which NumPy raises: NumPy's LAPACK decides the matrices near failure, on the
host, from evidence every driver returns with its result (``_linalg_checks.py`` states
the rules; ``docs/guides/departures.md`` the few places they differ from NumPy).  The
checks run eagerly, and read one number per matrix: such a call waits for its result.
Traced (``ak.jit``; ``ak.vmap`` on JAX and TF, ``ak.grad`` on JAX; ``jax.jit``,
``tf.function``) the values are not known yet and nothing can be raised on them: each
function's docstring says what happens there.

``cholesky``, ``eigh`` and ``eigvalsh`` read one triangle of ``x``, the lower one
(``cholesky(x, upper=True)``: the upper one), as NumPy, and differentiate as functions
of that triangle alone: the other triangle's gradient is 0.

Spec: https://data-apis.org/array-api/2025.12/extensions/linear_algebra_functions.html
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple
from typing import cast as typed

import numpy as np

from . import _aliasing, _config
from . import _dtypes as dt
from ._array import Array
from ._core import (
    AxisError,
    broadcast_shapes,
    check_array,
    float16_in_float32,
    int_arg,
    integer_accumulator,
    new,
    numeric_pair,
)
from ._linalg_checks import (
    LinAlgError,
    bool_arg,
    complex_of,
    decided_by_numpy,
    failure,
    matrices,
    nan_where,
    promoted_floating,
    put,
    real_of,
    refuse_nonfinite,
    rtol_arg,
    settled,
    svd_input,
)
from ._linalg_core import matmul, matrix_transpose, tensordot, vecdot
from ._linalg_norms import matrix_norm, vector_norm
from ._types import DType
from .drivers._base import Driver, LinAlgSignal, NotPositiveDefinite, SingularMatrix

__all__ = [
    "EigResult", "EighResult", "LinAlgError", "QRResult", "SVDResult", "SlogdetResult",
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
    "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
    "vector_norm",
]  # fmt: skip

_NUMERIC = frozenset((*dt.NUMERIC, *dt.EXTRA_REAL_FLOATING))  # trace: as sum


class EighResult(NamedTuple):
    """``eigh``'s result: real eigenvalues and the eigenvectors (columns)."""

    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    """``eig``'s result: complex eigenvalues and the eigenvectors (columns)."""

    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    """``qr``'s result: ``Q`` with orthonormal columns, upper-triangular ``R``."""

    Q: Array
    R: Array


class SlogdetResult(NamedTuple):
    """``slogdet``'s result: the determinant is ``sign * exp(logabsdet)``."""

    sign: Array
    logabsdet: Array


class SVDResult(NamedTuple):
    """``svd``'s result: ``x == U @ diag(S) @ Vh``."""

    U: Array
    S: Array
    Vh: Array


# ---------------------------------------------------------------------- decompositions
def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """Cholesky factor of a (stack of) Hermitian positive-definite matrices.

    Reads the lower triangle of ``x`` (``upper=True``: the upper one, and returns the
    upper factor ``U``, ``x == U^H U``), as NumPy.  Raises ``LinAlgError`` where NumPy
    does: its factorisation of a matrix of the stack meets a pivot <= 0 (indefinite, or
    positive semidefinite and singular up to rounding: NumPy decides those matrices).
    NaN entries give NaN where NumPy's LAPACK does not refuse them (an ``x[..., 0, 0]``
    of NaN never raises).  Traced, the factor of a matrix that is not positive definite
    by the backend's own arithmetic is NaN.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.cholesky.html
    """
    upper = bool_arg("cholesky", "upper", upper)
    x = matrices("cholesky", x, square=True)
    drv, v = x._driver, x._value
    try:
        out = settled(
            drv, drv.cholesky(v, upper), (v,), x._dtype,
            lambda a: np.linalg.cholesky(a, upper=upper), NotPositiveDefinite,
        )  # fmt: skip
    except LinAlgSignal as e:
        raise failure("cholesky", e, x.shape[:-2]) from None
    return new(out, drv, x._dtype)


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and eigenvectors of a (stack of) square matrices.

    Both results are complex of ``x``'s precision, also for real input.  Raises
    ``LinAlgError`` for a matrix with NaN or inf entries, as NumPy, or where the
    backend's solver reports that it did not converge.  Traced, a matrix with NaN or inf
    entries gives NaN.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.eig.html
    """
    x = matrices("eig", x, square=True)
    drv, out = x._driver, complex_of(x._dtype)
    try:
        refuse_nonfinite(drv, x._value, x._dtype, nan_only=False)
        w, v = drv.eig(x._value)
    except LinAlgSignal as e:
        raise failure("eig", e, x.shape[:-2]) from None
    return EigResult(new(w, drv, out), new(v, drv, out))


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of a (stack of) square matrices, complex of ``x``'s precision.

    Fails as ``eig`` does.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.eigvals.html
    """
    x = matrices("eigvals", x, square=True)
    try:
        refuse_nonfinite(x._driver, x._value, x._dtype, nan_only=False)
        out = x._driver.eigvals(x._value)
    except LinAlgSignal as e:
        raise failure("eigvals", e, x.shape[:-2]) from None
    return new(out, x._driver, complex_of(x._dtype))


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues (real, ascending) and eigenvectors of a (stack of) Hermitian matrices.

    Reads the lower triangle of ``x`` only, as NumPy; symmetry is not checked.  A matrix
    with NaN or inf entries is NumPy's to decide: ``LinAlgError`` where its LAPACK does
    not converge on it, else NumPy's results for it.  Traced, such a matrix gives NaN.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.eigh.html
    """
    x = matrices("eigh", x, square=True)
    drv = x._driver
    try:
        v, index, np_out = decided_by_numpy(drv, x._value, x._dtype, np.linalg.eigh)
        w, vec = drv.eigh(v)
    except LinAlgSignal as e:
        raise failure("eigh", e, x.shape[:-2]) from None
    if np_out is not None:
        w, vec = put(drv, w, index, np_out[0]), put(drv, vec, index, np_out[1])
    return EighResult(new(w, drv, real_of(x._dtype)), new(vec, drv, x._dtype))


def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues (real, ascending) of a (stack of) Hermitian matrices.  Reads and fails
    as ``eigh``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.eigvalsh.html
    """
    x = matrices("eigvalsh", x, square=True)
    drv = x._driver
    try:
        v, index, np_out = decided_by_numpy(drv, x._value, x._dtype, np.linalg.eigvalsh)
        out = drv.eigvalsh(v)
    except LinAlgSignal as e:
        raise failure("eigvalsh", e, x.shape[:-2]) from None
    if np_out is not None:
        out = put(drv, out, index, np_out)
    return new(out, drv, real_of(x._dtype))


def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult:
    """QR decomposition of a (stack of) matrices.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.qr.html
    """
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: 'mode' must be 'reduced' or 'complete', got {mode!r}")
    x = matrices("qr", x)
    drv = x._driver
    q, r = drv.qr(x._value, mode)
    return QRResult(new(q, drv, x._dtype), new(r, drv, x._dtype))


def slogdet(x: Array, /) -> SlogdetResult:
    """Sign and log of the absolute value of the determinant of (a stack of) square matrices.

    ``sign`` has ``x``'s dtype; ``logabsdet`` is real of ``x``'s precision.  Both are NaN
    for a matrix with a NaN entry.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.slogdet.html
    """
    x = matrices("slogdet", x, square=True)
    drv = x._driver
    sign, logabsdet = drv.slogdet(x._value)
    mask = _has_nan(drv, x._value)
    sign, logabsdet = nan_where(drv, mask, sign, 0), nan_where(drv, mask, logabsdet, 0)
    return SlogdetResult(new(sign, drv, x._dtype), new(logabsdet, drv, real_of(x._dtype)))


def _has_nan(drv: Driver, v: Any) -> Any:
    """Which matrices of ``v`` hold a NaN (shaped like the stack plus two 1s): their
    ``det`` and ``slogdet`` are NaN on every driver (departures.md: NumPy's are LAPACK's
    pivoting noise, ``det([[nan, 1], [1, 1]])`` is 0.0)."""
    return drv.any(drv.isnan(v), (-2, -1), True)


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """Singular value decomposition ``x == U @ diag(S) @ Vh`` of a (stack of) matrices.

    Raises ``LinAlgError`` for a matrix with a NaN entry, as NumPy (LAPACK's SVD refuses
    it); one with inf entries gives NaN results (NumPy's SVD may never return there).
    Traced, NaN entries give NaN.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.svd.html
    """
    full_matrices = bool_arg("svd", "full_matrices", full_matrices)
    x = matrices("svd", x)
    drv = x._driver
    try:
        v, inf = svd_input(drv, x._value, x._dtype)
        u, s, vh = drv.svd(v, full_matrices)
    except LinAlgSignal as e:
        raise failure("svd", e, x.shape[:-2]) from None
    u, s, vh = nan_where(drv, inf, u), nan_where(drv, inf, s, 1), nan_where(drv, inf, vh)
    return SVDResult(new(u, drv, x._dtype), new(s, drv, real_of(x._dtype)), new(vh, drv, x._dtype))


def svdvals(x: Array, /) -> Array:
    """Singular values of a (stack of) matrices, in descending order.  Fails as ``svd``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.svdvals.html
    """
    x = matrices("svdvals", x)
    drv = x._driver
    try:
        v, inf = svd_input(drv, x._value, x._dtype)
        out = nan_where(drv, inf, drv.svdvals(v), 1)
    except LinAlgSignal as e:
        raise failure("svdvals", e, x.shape[:-2]) from None
    return new(out, drv, real_of(x._dtype))


# ---------------------------------------------------------------------- inverses, solves
def det(x: Array, /) -> Array:
    """Determinant of a (stack of) square matrices; NaN for a matrix with a NaN entry.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.det.html
    """
    x = matrices("det", x, square=True)
    drv = x._driver
    return new(nan_where(drv, _has_nan(drv, x._value), drv.det(x._value), 0), drv, x._dtype)


def inv(x: Array, /) -> Array:
    """Inverse of a (stack of) square matrices.

    Raises ``LinAlgError`` if a matrix of the stack is singular, exactly where NumPy
    does: where its LAPACK's LU factorisation (partial pivoting) meets an exact zero
    pivot.  Whether a rank-deficient matrix gives an exact zero or a tiny pivot is a
    matter of rounding, so NumPy itself decides the matrices near singular (on the host:
    they alone are copied there).  A nearly singular matrix is inverted (huge values);
    NaN entries give NaN unless NumPy finds a zero pivot.  Traced, the backend's own
    criterion holds: a matrix on which its LU meets an exact zero pivot gives inf/NaN on
    JAX (as ``jax.numpy``), and TF raises ``LinAlgError`` when the graph runs.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.inv.html
    """
    x = matrices("inv", x, square=True)
    drv, v = x._driver, x._value
    try:
        out = settled(drv, drv.inv(v), (v,), x._dtype, np.linalg.inv, SingularMatrix)
    except LinAlgSignal as e:
        raise failure("inv", e, x.shape[:-2]) from None
    return new(out, drv, x._dtype)


def matrix_power(x: Array, n: int, /) -> Array:
    """``x`` (a stack of square matrices) raised to the integer power ``n``.

    ``n < 0`` inverts first, as ``inv``: a singular matrix raises ``LinAlgError`` where
    NumPy does (traced: as ``inv``); ``n == 0`` gives identity matrices.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.matrix_power.html
    """
    n = int_arg("matrix_power", "n", n)
    x = matrices("matrix_power", x, square=True)
    drv, v = x._driver, x._value
    if n < 0:
        try:
            v = settled(drv, drv.inv(v), (v,), x._dtype, np.linalg.inv, SingularMatrix)
        except LinAlgSignal as e:
            raise failure("matrix_power", e, x.shape[:-2]) from None
        n = -n
        if n == 1:  # a new value already
            return new(v, drv, x._dtype)
    return new(drv.matrix_power(v, n), drv, x._dtype)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Moore-Penrose pseudo-inverse of a (stack of) matrices.

    ``rtol`` is cast to ``x``'s real dtype; an array ``rtol`` must broadcast to
    ``x.shape[:-2]``.  ``None`` means ``max(M, N) * eps``.  Fails as ``svd`` does.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.pinv.html
    """
    x = matrices("pinv", x)
    tol = rtol_arg("pinv", x, rtol)
    drv = x._driver
    try:
        v, inf = svd_input(drv, x._value, x._dtype)
        out = nan_where(drv, inf, drv.pinv(v, tol))
    except LinAlgSignal as e:
        raise failure("pinv", e, x.shape[:-2]) from None
    return new(out, drv, x._dtype)


def solve(x1: Array, x2: Array, /) -> Array:
    """Solution ``X`` of ``x1 @ X == x2`` for (a stack of) square, full-rank ``x1``.

    A 1-D ``x2`` of shape ``(M,)`` is one right-hand side for every matrix in ``x1``
    (the result has shape ``x1.shape[:-2] + (M,)``); otherwise ``x2`` is ``(..., M, K)``
    and the stack dimensions broadcast.  Core does both, so drivers only see stacks of
    equal shape.

    Raises ``LinAlgError`` where NumPy does: a matrix of ``x1`` is singular, decided as
    for ``inv`` (traced: as ``inv``).  ``x2`` is not checked (NaN there gives NaN).

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.solve.html
    """
    x1, x2 = promoted_floating("solve", x1, x2)
    s1, s2 = x1.shape, x2.shape
    if len(s1) < 2 or s1[-1] != s1[-2]:
        raise ValueError(
            f"solve: 'x1' must hold square matrices; got shapes {s1} (x1) and {s2} (x2)"
        )
    if not s2:
        raise ValueError(f"solve: 'x2' must have at least 1 dimension; got shapes {s1} and {s2}")
    m = s1[-1]
    if (s2[0] if len(s2) == 1 else s2[-2]) != m:
        raise ValueError(f"solve: shapes {s1} (x1) and {s2} (x2) do not align on M={m}")
    drv = x1._driver
    v1, v2 = x1._value, x2._value
    vector = len(s2) == 1
    if vector:
        v2 = drv.expand_dims(v2, (1,))
        s2 = (*s2, 1)
    try:
        stack = broadcast_shapes(s1[:-2], s2[:-2])
    except ValueError:
        raise ValueError(
            f"solve: the stack shapes of x1 {x1.shape} and x2 {x2.shape} cannot be broadcast "
            "together"
        ) from None
    if s1[:-2] != stack:
        v1 = drv.broadcast_to(v1, (*stack, *s1[-2:]))
    if s2[:-2] != stack:
        v2 = drv.broadcast_to(v2, (*stack, *s2[-2:]))
    try:
        out = settled(drv, drv.solve(v1, v2), (v1, v2), x1._dtype, np.linalg.solve, SingularMatrix)
    except LinAlgSignal as e:
        raise failure("solve", e, s1[:-2], "x1") from None
    if vector:
        out = drv.squeeze(out, (len(stack) + 1,))
    return new(out, drv, x1._dtype)


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Rank of a (stack of) matrices: the number of singular values above a tolerance.

    The tolerance is ``rtol * largest singular value`` (``rtol=None``: ``max(M, N) *
    eps``).  Built from ``svdvals`` unless the driver has a native ``matrix_rank``.
    Returns the default integer dtype.  Fails as ``svd`` does (inf entries: rank 0, as NumPy 2.4's;
    NumPy 2.5's SVD refuses them).
    Matrices with entries near the largest float are scaled by a power of two first.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.matrix_rank.html
    """
    x = matrices("matrix_rank", x)
    tol = rtol_arg("matrix_rank", x, rtol)
    drv = x._driver
    index = _config.get().default_int
    try:
        v = _scaled_down(drv, x._value, real_of(x._dtype))
        v = svd_input(drv, v, x._dtype)[0]  # inf entries: zeros, rank 0 as NumPy's
        if drv.matrix_rank is not None:
            out = drv.matrix_rank(v, tol)
        else:
            out = _matrix_rank(drv, x, v, tol, index)
    except LinAlgSignal as e:
        raise failure("matrix_rank", e, x.shape[:-2]) from None
    if drv.dtype_of(out) is not index:
        out = drv.astype(out, index)
    return new(out, drv, index)


def _scaled_down(drv: Driver, v: Any, real: np.dtype) -> Any:
    """The matrices of ``v`` with an entry above the square root of the dtype's range,
    times a power of two that keeps their SVD finite (the rank is scale-free): LAPACK's
    complex SVD of entries near the largest float returned an inf singular value, and
    NumPy's rank 0 (departures.md), where TF's SVD gave the 3 they have.  Finite matrices
    only: a complex entry of modulus above the largest float is finite (``svd_input``
    took it for an infinity), and ``complex(-inf, inf)`` times a power of two is NaN."""
    fi = np.finfo(real)
    dev = drv.device_of(v)
    limit = drv.asarray(2.0 ** (fi.maxexp // 2), real, dev, None)
    big = drv.logical_and(
        drv.any(drv.greater(drv.abs(v), limit), (-2, -1), True),
        drv.all(drv.isfinite(v), (-2, -1), True),
    )
    dtype = drv.dtype_of(v)
    down = drv.asarray(2.0 ** -(fi.maxexp // 2 + 12), dtype, dev, None)
    return drv.where(big, drv.multiply(v, down), v)  # times (1 + 0j) makes complex infs NaN


def _matrix_rank(drv: Driver, x: Array, v: Any, tol: Any, index: np.dtype) -> Any:
    *stack, m, n = x.shape
    real = real_of(x._dtype)
    if m == 0 or n == 0:
        return drv.full(typed("tuple[int, ...]", tuple(stack)), 0, index, drv.device_of(x._value))
    s = drv.svdvals(v)  # (..., K), descending
    k = len(stack)
    smax = drv.max(s, (k,), True)  # (..., 1)
    if tol is None:
        eps = float(np.finfo(real).eps)
        size = max(typed(int, m), typed(int, n))  # known: drivers refuse unknown sizes here
        tol = drv.asarray(size * eps, real, drv.device_of(x._value), None)
    else:
        tol = drv.expand_dims(tol, (len(drv.shape_of(tol)),))  # rtol broadcasts over stacks
    above = drv.greater(s, drv.multiply(smax, tol))
    return drv.count_nonzero(above, (k,), False)


# ---------------------------------------------------------------------- products
def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross product of 3-element vectors along ``axis``.

    ``axis`` counts from the end (``[-N, -1]``, ``N = min(x1.ndim, x2.ndim)``); a
    non-negative ``axis`` is accepted when both inputs have the same rank.  The other
    axes broadcast; the compute axis must have size 3 in both inputs.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.cross.html
    """
    x1, x2 = numeric_pair("cross", x1, x2)
    s1, s2 = x1.shape, x2.shape
    nd = min(len(s1), len(s2))
    if nd == 0:
        raise ValueError(f"cross: 'x1' and 'x2' must have at least 1 dimension, got {s1} and {s2}")
    ax = int_arg("cross", "axis", axis)
    if ax >= 0 and len(s1) == len(s2):
        ax -= nd
    if not -nd <= ax < 0:
        raise AxisError(
            f"cross: axis={axis} is out of range for shapes {s1} and {s2}; it must be a "
            f"negative integer in [-{nd}, -1]"
        )
    if s1[ax] != 3 or s2[ax] != 3:
        raise ValueError(f"cross: shapes {s1} and {s2} must both have size 3 along axis {axis}")
    shape = broadcast_shapes(s1, s2, fn="cross")
    drv = x1._driver
    v1, v2 = x1._value, x2._value
    if s1 != shape:
        v1 = drv.broadcast_to(v1, shape)
    if s2 != shape:
        v2 = drv.broadcast_to(v2, shape)
    return new(drv.cross(v1, v2, len(shape) + ax), drv, x1._dtype)


def outer(x1: Array, x2: Array, /) -> Array:
    """Outer product of two 1-D arrays: ``out[i, j] = x1[i] * x2[j]``.

    Built from ``multiply`` unless the driver has a native ``outer``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.outer.html
    """
    x1, x2 = numeric_pair("outer", x1, x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer: 'x1' and 'x2' must be 1-D, got shapes {x1.shape} and {x2.shape}")
    drv = x1._driver
    if drv.outer is not None:
        out = drv.outer(x1._value, x2._value)
    else:
        out = drv.multiply(drv.expand_dims(x1._value, (1,)), drv.expand_dims(x2._value, (0,)))
    return new(out, drv, x1._dtype)


# ---------------------------------------------------------------------- diagonals
def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """Diagonal (``offset > 0``: above, ``< 0``: below) of each matrix in ``x``.

    Any dtype.  Offsets beyond the matrix give an empty last axis.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.diagonal.html
    """
    check_array(x, "diagonal")
    offset = int_arg("diagonal", "offset", offset)
    if x.ndim < 2:
        raise ValueError(f"diagonal: 'x' must have at least 2 dimensions, got shape {x.shape}")
    out = new(x._driver.diagonal(x._value, offset), x._driver, x._dtype)
    return _aliasing.diagonal(x, out, offset)  # a read-only view, as NumPy's


def trace(x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array:
    """Sum along a diagonal of each matrix in ``x``.

    ``dtype=None`` keeps ``x``'s dtype, except that integer dtypes narrower than the
    default integer dtype sum in the default integer dtype (unsigned: the unsigned dtype
    of its width), as the spec says; bool sums as the default integer dtype except under
    ``promotion="strict"``.  A complex ``x`` needs a complex ``dtype``.  Built from
    ``diagonal`` and ``sum`` unless the driver has a native ``trace``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.trace.html
    """
    check_array(x, "trace")
    offset = int_arg("trace", "offset", offset)
    if x.ndim < 2:
        raise ValueError(f"trace: 'x' must have at least 2 dimensions, got shape {x.shape}")
    out = _trace_dtype(x._dtype, dtype)
    drv = x._driver
    if drv.trace is not None:  # float16: summed in float32, rounded once (as sum)
        return new(float16_in_float32(drv, "trace", x._value, out, offset, out), drv, out)
    diag = drv.diagonal(x._value, offset)
    if out is not x._dtype:
        diag = drv.astype(diag, out)
    return new(float16_in_float32(drv, "sum", diag, out, (x.ndim - 2,), out, False), drv, out)


def _trace_dtype(dtype: np.dtype, requested: Any) -> np.dtype:
    cfg = _config.get()
    if dtype not in _NUMERIC and (dtype is not dt.bool or cfg.promotion.name == "strict"):
        raise TypeError(f"trace: 'x' must have a numeric dtype, got {dtype}")
    if requested is not None:
        try:
            out = dt.canonical(requested)
        except TypeError as e:
            raise TypeError(f"trace: {e}") from None
        if out not in _NUMERIC:
            raise TypeError(f"trace: 'dtype' must be a numeric dtype, got {out}")
        if dtype.kind == "c" and out.kind != "c":
            raise TypeError(
                f"trace: cannot sum a {dtype} array as {out}: that discards the imaginary part"
            )
        return out
    if dtype is dt.bool:
        return cfg.default_int
    return integer_accumulator(dtype, cfg.default_int) if dtype.kind in "iu" else dtype
