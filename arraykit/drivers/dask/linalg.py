"""Linear-algebra primitives of the Dask driver (core: ``arraykit/linalg.py``, and
``arraykit/_linalg_core.py`` for ``matmul`` and ``tensordot``).

``matmul``, ``tensordot`` and ``vector_norm`` are Dask's own, chunk by chunk.  The
factorisations (Dask's ``linalg`` handles single 2-D matrices of particular chunk
shapes only) run per matrix: each matrix is rechunked into one chunk, the stack axes
keep their chunks, and the NumPy driver factorises the blocks (``_blocks.per_matrix``),
so each matrix must fit one worker.  ``inv``, ``solve`` and ``cholesky`` compute (and
persist) their result when called, so that a singular or indefinite matrix raises
``LinAlgError`` at the call, naming the matrix, as on every driver: NumPy's own
criterion, so they return no evidence for core to weigh (``rcond`` None).  The
eigenvalue and SVD functions stay lazy: core computes one sum per matrix of their input
first, to find NaN and inf entries (``_linalg_checks.nonfinite``), and a matrix on which
NumPy's solver still does not converge gets NaN results.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import dask.array as da
import numpy as np

from ... import _dtypes
from .._base import Part
from ._blocks import elementwise, known, np_driver, per_matrix, without_empty_blocks


# The kernels of the functions that raise: module-level, so that Dask names their tasks by
# pickling a reference, not the NumPy driver (a bound method's instance: most of a call).
def _inv(b: np.ndarray) -> Any:
    return np_driver().inv(b)[0]


def _solve(a: np.ndarray, b: np.ndarray) -> Any:
    return np_driver().solve(a, b)[0]


def _cholesky(b: np.ndarray, upper: bool) -> Any:
    return np_driver().cholesky(b, upper)[0]


def _complex(dt: np.dtype) -> np.dtype:
    return _dtypes.COMPLEX_OF.get(_dtypes.canonical(dt), dt)


def _real(dt: np.dtype) -> np.dtype:
    return _dtypes.REAL_OF.get(_dtypes.canonical(dt), dt)


class Linalg(Part):
    """The linalg extension's primitives plus ``matmul`` and ``tensordot``."""

    def matmul(self, x1: da.Array, x2: da.Array) -> da.Array:
        a = x1.shape if x1.ndim > 1 else (1, *x1.shape)
        b = x2.shape if x2.ndim > 1 else (*x2.shape, 1)
        known(x1, "matmul")  # the core dimensions must match: sizes unknown after a
        known(x2, "matmul")  # boolean index cannot be checked (Dask: a misleading error)
        if a[-1] != b[-2]:  # Dask does not check every case (NumPy's error, as it would)
            raise ValueError(f"matmul: mismatch in core dimension: {x1.shape} @ {x2.shape}")
        np.broadcast_shapes(a[:-2], b[:-2])
        # Dask sums the products of empty blocks into a string ('<U42') and fails
        x1, x2 = without_empty_blocks(x1), without_empty_blocks(x2)
        out = da.matmul(x1, x2)  # Dask sums integer blocks in int64: wrap as NumPy does
        return out if out.dtype == x1.dtype else out.astype(x1.dtype)

    def tensordot(self, x1: da.Array, x2: da.Array, axes: Any) -> da.Array:
        known(x1, "tensordot")  # as matmul: core could not check unknown sizes (Dask's
        known(x2, "tensordot")  # error: "Chunks must be unchanging ...")
        x1, x2 = without_empty_blocks(x1), without_empty_blocks(x2)  # (matmul's reason)
        out = da.tensordot(x1, x2, axes=axes)
        return out if out.dtype == x1.dtype else out.astype(x1.dtype)

    def cholesky(self, x: da.Array, upper: bool) -> tuple[da.Array, None]:
        n = x.shape[-1]
        kernel = partial(_cholesky, upper=upper)
        return per_matrix(kernel, [x], [2], [((n, n), x.dtype)], signals=True)[0], None

    def det(self, x: da.Array) -> da.Array:
        return per_matrix(np_driver().det, [x], [2], [((), x.dtype)])[0]

    def eig(self, x: da.Array) -> tuple[da.Array, da.Array]:
        n, ct = x.shape[-1], _complex(x.dtype)
        return per_matrix(np_driver().eig, [x], [2], [((n,), ct), ((n, n), ct)])

    def eigvals(self, x: da.Array) -> da.Array:
        n, ct = x.shape[-1], _complex(x.dtype)
        return per_matrix(np_driver().eigvals, [x], [2], [((n,), ct)])[0]

    def eigh(self, x: da.Array) -> tuple[da.Array, da.Array]:
        n = x.shape[-1]
        return per_matrix(np_driver().eigh, [x], [2], [((n,), _real(x.dtype)), ((n, n), x.dtype)])

    def eigvalsh(self, x: da.Array) -> da.Array:
        return per_matrix(np_driver().eigvalsh, [x], [2], [((x.shape[-1],), _real(x.dtype))])[0]

    def inv(self, x: da.Array) -> tuple[da.Array, None]:
        n = x.shape[-1]
        return per_matrix(_inv, [x], [2], [((n, n), x.dtype)], signals=True)[0], None

    def qr(self, x: da.Array, mode: str) -> tuple[da.Array, da.Array]:
        m, n = x.shape[-2:]
        k = min(m, n)
        q, r = ((m, m), (m, n)) if mode == "complete" else ((m, k), (k, n))
        fn = np_driver().qr
        return per_matrix(lambda b: fn(b, mode), [x], [2], [(q, x.dtype), (r, x.dtype)])

    def slogdet(self, x: da.Array) -> tuple[da.Array, da.Array]:
        outs = [((), x.dtype), ((), _real(x.dtype))]
        return per_matrix(np_driver().slogdet, [x], [2], outs)

    def solve(self, x1: da.Array, x2: da.Array) -> tuple[da.Array, None]:
        out = ((x2.shape[-2], x2.shape[-1]), x1.dtype)
        return per_matrix(_solve, [x1, x2], [2, 2], [out], signals=True)[0], None

    def svd(self, x: da.Array, full_matrices: bool) -> tuple[da.Array, ...]:
        m, n = x.shape[-2:]
        k = min(m, n)
        u, vh = ((m, m), (n, n)) if full_matrices else ((m, k), (k, n))
        fn = np_driver().svd
        outs = [(u, x.dtype), ((k,), _real(x.dtype)), (vh, x.dtype)]
        return per_matrix(lambda b: fn(b, full_matrices), [x], [2], outs)

    def svdvals(self, x: da.Array) -> da.Array:
        k = min(x.shape[-2:])
        return per_matrix(np_driver().svdvals, [x], [2], [((k,), _real(x.dtype))])[0]

    def pinv(self, x: da.Array, rtol: Any) -> da.Array:
        m, n = x.shape[-2:]
        fn = np_driver().pinv
        if rtol is None:
            return per_matrix(lambda b: fn(b, None), [x], [2], [((n, m), x.dtype)])[0]
        return per_matrix(fn, [x, rtol], [2, 0], [((n, m), x.dtype)])[0]

    def cross(self, x1: da.Array, x2: da.Array, axis: int) -> da.Array:
        x1, x2 = da.broadcast_arrays(x1, x2)
        x1, x2 = x1.rechunk({axis: -1}), x2.rechunk({axis: -1})
        fn = np_driver().cross
        return elementwise(f"cross{axis}", lambda a, b: fn(a, b, axis), x1, x2, dtype=x1.dtype)

    def diagonal(self, x: da.Array, offset: int) -> da.Array:
        m, n = x.shape[-2:]
        k = max(0, min(m, n - offset) if offset >= 0 else min(m + offset, n))
        fn = np_driver().diagonal
        return per_matrix(lambda b: fn(b, offset), [x], [2], [((k,), x.dtype)])[0]

    def matrix_power(self, x: da.Array, n: int) -> da.Array:
        fn = np_driver().matrix_power
        return per_matrix(lambda b: fn(b, n), [x], [2], [(x.shape[-2:], x.dtype)])[0]

    def vector_norm(self, x: da.Array, axes: Any, keepdims: bool, ord: Any) -> da.Array:
        rt = _real(x.dtype)
        a = abs(x).astype(rt)
        if ord == np.inf:
            out = da.max(a, axis=axes, keepdims=keepdims) if a.size else _zeros(a, axes, keepdims)
        elif ord == -np.inf:
            out = da.min(a, axis=axes, keepdims=keepdims)
        elif ord == 0:
            out = da.sum(a != 0, axis=axes, keepdims=keepdims, dtype=rt)
        elif ord == 1:
            out = da.sum(a, axis=axes, keepdims=keepdims, dtype=rt)
        elif ord == 2:
            out = da.sqrt(da.sum(a * a, axis=axes, keepdims=keepdims, dtype=rt))
        else:
            with np.errstate(all="ignore"):
                out = da.sum(a**ord, axis=axes, keepdims=keepdims, dtype=rt) ** (1.0 / ord)
        return out.astype(rt)

    def matrix_norm(self, x: da.Array, keepdims: bool, ord: Any) -> da.Array:
        fn = np_driver().matrix_norm
        out = per_matrix(lambda b: fn(b, False, ord), [x], [2], [((), _real(x.dtype))])[0]
        return out[..., None, None] if keepdims else out


def _zeros(a: da.Array, axes: Any, keepdims: bool) -> da.Array:
    axes = range(a.ndim) if axes is None else axes
    shape = tuple(1 if i in axes else n for i, n in enumerate(a.shape))
    out = da.zeros(shape, dtype=a.dtype, chunks=-1)
    return (
        out if keepdims else out.reshape(tuple(n for i, n in enumerate(a.shape) if i not in axes))
    )
