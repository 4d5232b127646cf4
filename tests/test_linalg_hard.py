"""Failures on the inputs where backends disagree, against NumPy, on every driver.

Whether a rank-deficient matrix's LU meets an exact zero pivot (NumPy raises) or a tiny
one (NumPy returns huge values) is a matter of rounding, and every backend rounds
otherwise: over such matrices TF's Eigen disagreed with NumPy on 24 % of the float32
ones and 19 % of the float64 ones, SciPy's LAPACK (JAX's) on 17 % and 1 %.
arraykit must raise ``LinAlgError`` exactly where NumPy raises: the tests count the
matrices on which NumPy raises and arraykit does not (missed) and those on which
arraykit raises and NumPy does not (extra), and require both to be 0.

The matrices (``linalg_hard_inputs.py``): rank-deficient integer matrices, the
``[[1, 2, 3], [4, 5, 6], [7, 8, 9]]`` family, integer matrices with a dependent row,
nearly singular Gaussian products, and matrices with NaN or inf entries, 2 x 2 to 8 x 8,
float64 and float32 (for ``cholesky``: positive semidefinite Gram matrices, some shifted
below zero by a hair, some with NaN).  Each call passes a stack of ``K`` matrices, so a
compiling backend compiles one kernel per size and dtype: a matrix NumPy refuses is
checked alone among identity matrices (arraykit must name it), the others ``K`` at a
time (arraykit must not raise).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from linalg_hard_inputs import hard_matrices, psd_matrices

import arraykit as ak

K = 8
_NAMED = re.compile(r"matrix (\d+) of the stack")


def _solve_np(a: np.ndarray) -> np.ndarray:
    return np.linalg.solve(a, np.ones((*a.shape[:-1], 1), a.dtype))


def _solve_ak(x: ak.Array) -> ak.Array:
    return ak.linalg.solve(x, ak.ones((*x.shape[:-1], 1), dtype=x.dtype))


ALL, SOME = range(2, 9), (3, 8)
# name: (NumPy's function, arraykit's, the matrices, how many of each size and dtype, sizes,
# seed): 10 010 matrices for inv and solve (7 sizes x 715 x 2 dtypes), fewer for the
# functions that share their code (matrix_power inverts through inv; the upper Cholesky
# factor is the lower one's code on the other triangle), on fewer sizes (a compiling
# backend compiles per size)
FUNCTIONS = {
    "inv": (np.linalg.inv, ak.linalg.inv, hard_matrices, 715, ALL, 1),
    "solve": (_solve_np, _solve_ak, hard_matrices, 715, ALL, 2),
    "matrix_power": (
        lambda a: np.linalg.matrix_power(a, -2),
        lambda x: ak.linalg.matrix_power(x, -2),
        hard_matrices, 500, SOME, 3,
    ),
    "cholesky": (np.linalg.cholesky, ak.linalg.cholesky, psd_matrices, 300, ALL, 4),
    "cholesky-upper": (
        lambda a: np.linalg.cholesky(np.swapaxes(a, -1, -2), upper=True),
        lambda x: ak.linalg.cholesky(ak.matrix_transpose(x), upper=True),
        psd_matrices, 500, SOME, 5,
    ),
}  # fmt: skip


def numpy_raises(fn, a: np.ndarray) -> bool:
    try:
        with np.errstate(all="ignore"):
            fn(a)
    except np.linalg.LinAlgError:
        return True
    return False


def named(call, stack: np.ndarray) -> int | None:
    """The stack index arraykit's ``LinAlgError`` names, or None if it does not raise."""
    try:
        with np.errstate(all="ignore"):
            call(ak.asarray(stack))
    except ak.linalg.LinAlgError as e:
        m = _NAMED.search(str(e))
        assert m, str(e)
        return int(m.group(1))
    return None


def disagreements(driver, name: str, dtype: type) -> tuple[int, int, list, list]:
    """``(matrices, numpy_raises, missed, extra)`` over the hard matrices of ``dtype``."""
    np_fn, ak_fn, source, per_size, sizes, seed = FUNCTIONS[name]
    missed, extra, total, raising = [], [], 0, 0
    # a lazy driver computes and persists a task graph per call (milliseconds): it checks
    # every fourth matrix NumPy refuses alone (its verdicts are the NumPy driver's, per block)
    step = 4 if driver.capabilities.lazy else 1
    for n, a in source(seed, per_size, dtype, sizes).items():
        refused = np.array([numpy_raises(np_fn, m) for m in a])
        total, raising = total + len(a), raising + int(refused.sum())
        eye = np.broadcast_to(np.eye(n, dtype=dtype), (K, n, n))
        for m in a[refused][::step]:
            stack = eye.copy()
            stack[0] = m
            if named(ak_fn, stack) != 0:
                missed.append(m)
        accepted = a[~refused]
        for start in range(0, len(accepted), K):
            stack = eye.copy()
            chunk = accepted[start : start + K]
            stack[: len(chunk)] = chunk
            while (i := named(ak_fn, stack)) is not None:
                extra.append(stack[i].copy())
                stack[i] = eye[0]
    return total, raising, missed, extra


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_raises_exactly_where_numpy_raises(driver, name):
    counts = {}
    for dtype in (np.float64, np.float32):
        if dtype is np.float64 and not driver.capabilities.float64:
            continue
        total, raising, missed, extra = disagreements(driver, name, dtype)
        counts[np.dtype(dtype).name] = (total, raising, len(missed), len(extra))
        assert not missed, f"{name}, {np.dtype(dtype)}: NumPy raises, arraykit not: {missed[:3]}"
        assert not extra, f"{name}, {np.dtype(dtype)}: arraykit raises, NumPy not: {extra[:3]}"
    print(name, "(matrices, NumPy raises, missed, extra):", counts)
