"""Linear-algebra primitives of the NumPy driver (core: ``arraykit/linalg.py`` and,
for ``matmul`` and ``tensordot``, ``arraykit/_linalg_core.py``).

``np.linalg`` implements the array API's linalg extension.  Where NumPy returns a NumPy
scalar for a 0-d result, or a real dtype from ``eig``/``eigvals`` when every eigenvalue
is real (the contract: complex always), the result is converted.

NumPy's ``LinAlgError`` is the contract's failure criterion itself (LAPACK's ``info``):
it becomes the contract's signal, and only then, on the error path, is each matrix of
the stack factorised again alone to find the first that fails.  The successful path
costs nothing more, and ``inv``, ``solve`` and ``cholesky`` return no evidence for core
to weigh (``rcond`` None): their failures are NumPy's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, cast

import numpy as np

from ... import _dtypes
from .._base import LinAlgSignal, NoConvergence, NotPositiveDefinite, Part, SingularMatrix
from ._common import as_ndarray

_LinAlgError = np.linalg.LinAlgError
_QRMode = Literal["reduced", "complete"]  # core checked ``mode``


def _signal(
    kind: type[LinAlgSignal], fn: Callable[[np.ndarray], Any], x: np.ndarray
) -> LinAlgSignal:
    """``kind(index)``: the index of the first matrix of ``x`` (a stack) on which
    ``fn`` raises NumPy's ``LinAlgError``, or ``None`` if alone none does."""
    for index in np.ndindex(x.shape[:-2]):
        try:
            fn(x[index])
        except _LinAlgError:
            return kind(index)
    return kind(None)


class Linalg(Part):
    """The linalg extension's primitives plus ``matmul`` and ``tensordot``."""

    def matmul(self, x1: np.ndarray, x2: np.ndarray) -> Any:  # an array (out=...): Any to NumPy
        return np.matmul(x1, x2, out=...)

    def tensordot(self, x1: np.ndarray, x2: np.ndarray, axes: Any) -> np.ndarray:
        return as_ndarray(np.tensordot(x1, x2, axes=axes))

    def cholesky(self, x: np.ndarray, upper: bool) -> tuple[np.ndarray, None]:
        try:
            return np.linalg.cholesky(x, upper=upper), None
        except _LinAlgError:
            fn = np.linalg.cholesky
            raise _signal(NotPositiveDefinite, lambda a: fn(a, upper=upper), x) from None

    def det(self, x: np.ndarray) -> np.ndarray:
        return as_ndarray(np.linalg.det(x))

    def eig(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        try:
            w, v = np.linalg.eig(x)
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.eigvals, x) from None
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        return w.astype(ct, copy=False), v.astype(ct, copy=False)

    def eigvals(self, x: np.ndarray) -> np.ndarray:
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        try:
            return np.linalg.eigvals(x).astype(ct, copy=False)
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.eigvals, x) from None

    def eigh(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        try:
            return tuple(np.linalg.eigh(x))  # type: ignore[return-value]
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.eigvalsh, x) from None

    def eigvalsh(self, x: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.eigvalsh(x)
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.eigvalsh, x) from None

    def inv(self, x: np.ndarray) -> tuple[np.ndarray, None]:
        try:
            return np.linalg.inv(x), None
        except _LinAlgError:
            raise _signal(SingularMatrix, np.linalg.inv, x) from None

    def qr(self, x: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
        q, r = np.linalg.qr(x, mode=cast(_QRMode, mode))
        return q, r

    def slogdet(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        s, ld = np.linalg.slogdet(x)
        return as_ndarray(s), as_ndarray(ld)

    def solve(self, x1: np.ndarray, x2: np.ndarray) -> tuple[np.ndarray, None]:
        try:
            return np.linalg.solve(x1, x2), None
        except _LinAlgError:  # only x1 decides (getrf's info)
            raise _signal(SingularMatrix, np.linalg.inv, x1) from None

    def svd(self, x: np.ndarray, full_matrices: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        try:
            u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
            return u, s, vh
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.svdvals, x) from None

    def svdvals(self, x: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.svd(x, compute_uv=False)
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.svdvals, x) from None

    def pinv(self, x: np.ndarray, rtol: Any) -> np.ndarray:
        try:
            return np.linalg.pinv(x, rtol=rtol)
        except _LinAlgError:
            raise _signal(NoConvergence, np.linalg.svdvals, x) from None

    def cross(self, x1: np.ndarray, x2: np.ndarray, axis: int) -> np.ndarray:
        return np.linalg.cross(x1, x2, axis=axis)

    def diagonal(self, x: np.ndarray, offset: int) -> np.ndarray:
        return np.linalg.diagonal(x, offset=offset)  # NumPy's read-only view

    def matrix_power(self, x: np.ndarray, n: int) -> np.ndarray:
        return np.linalg.matrix_power(x, n)

    def vector_norm(self, x: np.ndarray, axes: Any, keepdims: bool, ord: Any) -> np.ndarray:
        return as_ndarray(np.linalg.vector_norm(x, axis=axes, keepdims=keepdims, ord=ord))

    def matrix_norm(self, x: np.ndarray, keepdims: bool, ord: Any) -> np.ndarray:
        try:
            return as_ndarray(np.linalg.matrix_norm(x, keepdims=keepdims, ord=ord))
        except _LinAlgError:  # the SVD of ord 2, -2, "nuc"
            raise _signal(NoConvergence, np.linalg.svdvals, x) from None
