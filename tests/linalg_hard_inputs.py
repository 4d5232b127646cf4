"""Matrices on which linear-algebra backends disagree about failing, for the tests of
``test_linalg_hard.py``: rank-deficient integer matrices (whose LU meets an exact zero
pivot or a tiny one depending on rounding: ``[[1, 2, 3], [4, 5, 6], [7, 8, 9]]``),
nearly singular ones, and matrices with NaN or inf entries.  Generated vectorised, by
seed, from 2 x 2 to 8 x 8."""

from __future__ import annotations

import numpy as np

SIZES = range(2, 9)
_BAD = np.array([np.nan, np.nan, np.nan, np.inf, -np.inf])


def _integer_rank_deficient(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    """``B @ C``, ``B`` (n, r) and ``C`` (r, n) small integers, rank r < n per matrix."""
    r = rng.integers(1, n, k)
    keep = np.arange(n - 1) < r[:, None]  # (k, n - 1): the first r columns of B
    b = rng.integers(-9, 10, (k, n, n - 1)) * keep[:, None, :]
    c = rng.integers(-9, 10, (k, n - 1, n)) * keep[:, :, None]
    return (b @ c).astype(float)


def _progressions(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    """``s * (n i + j) + c`` (rank 2: the ``[[1, 2, 3], [4, 5, 6], [7, 8, 9]]`` family),
    rows and columns shuffled."""
    base = np.arange(n * n, dtype=float).reshape(n, n)
    a = base * rng.integers(1, 8, (k, 1, 1)) + rng.integers(-20, 21, (k, 1, 1))
    rows = np.argsort(rng.random((k, n)), axis=1)
    cols = np.argsort(rng.random((k, n)), axis=1)
    a = np.take_along_axis(a, rows[:, :, None], axis=1)
    return np.take_along_axis(a, cols[:, None, :], axis=2)


def _combined_row(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    """Small integers with one row a combination of two others (or zero for n = 2)."""
    a = rng.integers(-9, 10, (k, n, n)).astype(float)
    c = rng.integers(-3, 4, (k, 2, 1)).astype(float)
    combo = c[:, 0] * a[:, 0] + (c[:, 1] * a[:, 1] if n > 2 else 0)
    a[:, -1] = combo
    rows = np.argsort(rng.random((k, n)), axis=1)
    return np.take_along_axis(a, rows[:, :, None], axis=1)


def _nearly_singular(rng: np.random.Generator, k: int, n: int, dtype: np.dtype) -> np.ndarray:
    """Rank r < n Gaussian products plus noise of 1e-3 to 1e-17 (float64; float32: to
    1e-9), some with no noise at all after rounding."""
    r = rng.integers(1, n, k)
    keep = np.arange(n - 1) < r[:, None]
    b = rng.standard_normal((k, n, n - 1)) * keep[:, None, :]
    c = rng.standard_normal((k, n - 1, n)) * keep[:, :, None]
    lo = 17 if np.dtype(dtype) == np.float64 else 9
    scale = 10.0 ** -rng.integers(3, lo + 1, (k, 1, 1))
    return b @ c + rng.standard_normal((k, n, n)) * scale


def _with_nan(rng: np.random.Generator, a: np.ndarray) -> np.ndarray:
    """``a`` with about one entry in eight NaN (some inf), at least one per matrix."""
    a = a.copy()
    k, n, _ = a.shape
    mask = rng.random(a.shape) < 0.125
    mask[np.arange(k), rng.integers(0, n, k), rng.integers(0, n, k)] = True
    a[mask] = rng.choice(_BAD, int(mask.sum()))
    return a


def hard_matrices(
    seed: int, per_size: int, dtype: np.dtype, sizes: range | tuple = SIZES
) -> dict[int, np.ndarray]:
    """``{n: stack}``: ``per_size`` hard ``n x n`` matrices of ``dtype`` for each size."""
    rng = np.random.default_rng(seed)
    out = {}
    for n in sizes:
        k = per_size // 5
        parts = [
            _integer_rank_deficient(rng, k, n),
            _progressions(rng, k, n),
            _combined_row(rng, k, n),
            _nearly_singular(rng, k, n, dtype),
            _with_nan(rng, _integer_rank_deficient(rng, per_size - 4 * k, n)),
        ]
        a = np.concatenate(parts).astype(dtype)
        out[n] = a[rng.permutation(len(a))]
    return out


def psd_matrices(
    seed: int, per_size: int, dtype: np.dtype, sizes: range | tuple = SIZES
) -> dict[int, np.ndarray]:
    """``{n: stack}``: Gram matrices ``B B^T`` of small integer ``B`` of rank r <= n
    (positive semidefinite, singular for r < n: Cholesky's pivot is zero or tiny of
    either sign by rounding), some shifted by a tiny multiple of the identity, some with
    NaN entries."""
    rng = np.random.default_rng(seed)
    out = {}
    for n in sizes:
        r = rng.integers(1, n + 1, per_size)
        keep = np.arange(n) < r[:, None]
        b = rng.integers(-9, 10, (per_size, n, n)) * keep[:, None, :]
        a = (b @ np.swapaxes(b, -1, -2)).astype(float)
        shift = rng.random(per_size) < 0.3
        a[shift] -= (10.0 ** -rng.integers(0, 8, int(shift.sum())))[:, None, None] * np.eye(n)
        nan = rng.random(per_size) < 0.1
        a[nan] = _with_nan(rng, a[nan]) if nan.any() else a[nan]
        out[n] = a.astype(dtype)
    return out
