"""Linear-algebra primitives of the NumPy driver (core: ``arraykit/linalg.py`` and,
for ``matmul`` and ``tensordot``, ``arraykit/_linalg_core.py``).

``np.linalg`` implements the array API's linalg extension.  Where NumPy returns a NumPy
scalar for a 0-d result, or a real dtype from ``eig``/``eigvals`` when every eigenvalue
is real (the contract: complex always), the result is converted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import _dtypes
from ._common import as_ndarray


class Linalg:
    """The linalg extension's primitives plus ``matmul`` and ``tensordot``."""

    def matmul(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return np.matmul(x1, x2, out=...)

    def tensordot(self, x1: np.ndarray, x2: np.ndarray, axes: Any) -> np.ndarray:
        return as_ndarray(np.tensordot(x1, x2, axes=axes))

    def cholesky(self, x: np.ndarray, upper: bool) -> np.ndarray:
        return np.linalg.cholesky(x, upper=upper)

    def det(self, x: np.ndarray) -> np.ndarray:
        return as_ndarray(np.linalg.det(x))

    def eig(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w, v = np.linalg.eig(x)
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        return w.astype(ct, copy=False), v.astype(ct, copy=False)

    def eigvals(self, x: np.ndarray) -> np.ndarray:
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        return np.linalg.eigvals(x).astype(ct, copy=False)

    def eigh(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return tuple(np.linalg.eigh(x))  # type: ignore[return-value]

    def eigvalsh(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.eigvalsh(x)

    def inv(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.inv(x)

    def qr(self, x: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
        return tuple(np.linalg.qr(x, mode=mode))  # type: ignore[return-value]

    def slogdet(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        s, ld = np.linalg.slogdet(x)
        return as_ndarray(s), as_ndarray(ld)

    def solve(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return np.linalg.solve(x1, x2)

    def svd(self, x: np.ndarray, full_matrices: bool) -> tuple[np.ndarray, ...]:
        return tuple(np.linalg.svd(x, full_matrices=full_matrices))

    def svdvals(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.svd(x, compute_uv=False)

    def pinv(self, x: np.ndarray, rtol: Any) -> np.ndarray:
        return np.linalg.pinv(x, rtol=rtol)

    def cross(self, x1: np.ndarray, x2: np.ndarray, axis: int) -> np.ndarray:
        return np.linalg.cross(x1, x2, axis=axis)

    def diagonal(self, x: np.ndarray, offset: int) -> np.ndarray:
        return np.linalg.diagonal(x, offset=offset).copy()

    def matrix_power(self, x: np.ndarray, n: int) -> np.ndarray:
        return np.linalg.matrix_power(x, n)

    def vector_norm(self, x: np.ndarray, axes: Any, keepdims: bool, ord: Any) -> np.ndarray:
        return as_ndarray(np.linalg.vector_norm(x, axis=axes, keepdims=keepdims, ord=ord))

    def matrix_norm(self, x: np.ndarray, keepdims: bool, ord: Any) -> np.ndarray:
        return as_ndarray(np.linalg.matrix_norm(x, keepdims=keepdims, ord=ord))
