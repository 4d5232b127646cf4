"""What the linalg extension (``linalg.py``) checks: its arguments on the way in, its
failures on the way out.

Arguments: (stacks of) matrices, floating dtypes (integer and bool inputs compute in the
default float dtype, except under ``promotion="strict"``), flags and tolerances.

Failures: the standard leaves them to the library; arraykit raises ``LinAlgError`` where
NumPy raises ``numpy.linalg.LinAlgError``, because that is what its users' code catches
(scikit-learn and SciPy fall back to ``pinv`` or ``lstsq`` on it).  Where NumPy raises is
decided here, once, for every driver:

* ``inv``, ``solve``, ``matrix_power(x, -n)`` and ``cholesky`` fail where NumPy's LAPACK
  meets an exact zero pivot (getrf) or a pivot <= 0 (potrf).  Whether a rank-deficient
  matrix gives an exact zero or a tiny pivot is a matter of rounding: it differs between
  LAPACK builds (NumPy's OpenBLAS and SciPy's, which JAX uses, disagree on 1 % of
  rank-deficient integer matrices in float64 and 17 % in float32), and TF's Eigen and the
  GPUs' cuSOLVER round otherwise again.  No rule computed on another backend gives
  NumPy's answer; NumPy itself does.  So each driver returns, with its result, evidence
  of each matrix's distance to failure (``rcond``: ``1 / (|x| |x^-1|)``, or the pivots
  of its own factorisation, from which ``_rcond`` makes one number per matrix); a matrix
  within ``RCOND_LIMIT`` of failing (a few thousand rounding errors: no matrix farther
  away met NumPy's failure, and a random one seldom comes this close) is copied to the
  host, alone, and NumPy decides it (``settled``).  Where the driver's own
  factorisation broke down (a zero or NaN pivot) and NumPy's did not, that matrix's
  result is NumPy's.  Drivers whose failures are NumPy's own (the NumPy driver; Dask,
  which runs it per block) raise the contract's signals themselves (``rcond`` None).
* The SVD (``svd``, ``svdvals``, ``pinv``, ``matrix_rank``, ``matrix_norm`` of order
  2, -2, ``"nuc"``) fails on a matrix with a NaN entry (LAPACK's gesdd refuses it);
  ``eig`` and ``eigvals`` on any NaN or inf (NumPy checks); ``eigh`` and ``eigvalsh``
  where NumPy's LAPACK fails on a matrix with NaN or inf entries, which depends on its
  arithmetic again, so NumPy decides those matrices, and its results are theirs
  (``nonfinite``, ``svd_input``, ``decided_by_numpy``).  Core finds such matrices with
  one reduction per matrix, read on the host, and never passes one to the driver:
  LAPACK's SVD of a matrix with inf entries can loop forever (NumPy's does), so the
  SVD's results for such a matrix are NaN.

Traced (``ak.jit``; ``ak.vmap``; ``ak.grad`` on JAX) the values are not known yet: the
evidence is not read, nothing is raised from here, and each function's docstring says
what the backend does.  ``failure`` words the error the user sees, naming the function
called and the matrix of the stack.
"""

from __future__ import annotations

import math
from typing import Any
from typing import cast as typed

import numpy as np

from . import _config
from . import _dtypes as dt
from ._array import Array
from ._core import broadcast_shapes, check_array, new, same_driver
from ._core import result_dtype as _result_dtype
from .drivers._base import (
    Driver,
    LinAlgSignal,
    NoConvergence,
    NotPositiveDefinite,
    SingularMatrix,
)

__all__ = [
    "RCOND_LIMIT", "LinAlgError", "bool_arg", "cast", "complex_of", "decided_by_numpy",
    "failure", "inexact", "matrices", "nan_where", "nonfinite", "promoted_floating",
    "put", "real_of", "refuse_nonfinite", "rtol_arg", "settled", "svd_input",
]  # fmt: skip

_FLOATING = frozenset(dt.FLOATING)
_REAL_FLOATING = frozenset(dt.REAL_FLOATING)
_INTEGER_OR_BOOL = frozenset((dt.bool, *dt.INTEGER))


# ---------------------------------------------------------------------- failures
class LinAlgError(np.linalg.LinAlgError):
    """A linear-algebra function failed on these values: a singular matrix (``inv``,
    ``solve``, ``matrix_power`` with ``n < 0``), a matrix that is not positive definite
    (``cholesky``), an eigenvalue or singular value algorithm that did not converge.

    Raised on every driver for the inputs on which NumPy raises, eagerly.  A subclass of
    ``numpy.linalg.LinAlgError`` (itself a ``ValueError``), so code written for NumPy
    catches it unchanged.
    """

    __module__ = "arraykit.linalg"


_ALGORITHM = {
    "eig": "the eigenvalue algorithm",
    "eigvals": "the eigenvalue algorithm",
    "eigh": "the eigenvalue algorithm",
    "eigvalsh": "the eigenvalue algorithm",
}


def failure(
    fn: str, signal: LinAlgSignal, stack: tuple[int | None, ...], name: str = "the matrix"
) -> LinAlgError:
    """The error ``fn`` raises for a driver's ``signal`` about its input ``name``, whose
    stack shape is ``stack``: ``"inv: matrix 2 of the stack is singular"``.

    The signal's index counts in the stack the primitive saw; an input that core
    broadcast to it (``solve``'s ``x1``) has fewer or size-1 axes, so the index is mapped
    back to the input's own stack."""
    index = signal.index
    of = "the stack" if name == "the matrix" else f"the stack of {name}"
    if not stack:
        subject = name
    elif index is None or len(index) < len(stack):
        subject = f"a matrix of {of}"
    else:
        own = index[len(index) - len(stack) :]
        own = tuple(0 if n == 1 else i for i, n in zip(own, stack, strict=True))
        subject = f"matrix {own[0] if len(own) == 1 else own} of {of}"
    if isinstance(signal, SingularMatrix):
        message = f"{subject} is singular"
    elif isinstance(signal, NotPositiveDefinite):
        message = f"{subject} is not positive definite"
    elif isinstance(signal, NoConvergence):
        algorithm = _ALGORITHM.get(fn)
        cause = "NaN or inf entries cause this" if algorithm else "NaN entries cause this"
        message = f"{algorithm or 'the SVD'} did not converge on {subject} ({cause})"
    else:  # a signal this version does not know: its class says what
        message = f"{subject}: {type(signal).__name__}"
    return LinAlgError(f"{fn}: {message}")


# ---------------------------------------------------------------------- NumPy decides
RCOND_LIMIT: dict[np.dtype, float] = {dt.float32: 2.0**-12, dt.float64: 2.0**-41}
"""By real dtype, the ``rcond`` at or below which NumPy decides a matrix: 2**12 units
roundoff.  A matrix on which NumPy's LU meets an exact zero pivot (or its Cholesky a
pivot <= 0) is within rounding of failing, so its ``rcond`` on any backend is a few
rounding errors: measured over the rank-deficient integer, nearly singular and
positive semidefinite matrices of ``tests/linalg_hard_inputs.py`` (2 to 8 rows; and to
200 rows for LU), at most 3 units roundoff, where NumPy fails and the backend does not.
Random Gaussian matrices (8 x 8 and less) fall below the limit once in 150 in float32
(Wishart matrices, for Cholesky: once in 30), never in float64."""


def host(drv: Driver, value: Any) -> np.ndarray | None:
    """``value`` (a native, or evidence a driver computed on the host: a NumPy array or a
    float) as a NumPy array; ``None`` while traced, when its values are not known yet."""
    if isinstance(value, (np.ndarray, np.generic, float)):
        return np.asarray(value)
    try:
        return np.asarray(drv.to_numpy(value))
    except TypeError:  # a tracer, a symbolic tensor: drivers' to_numpy refuses them so
        return None


def _take(drv: Driver, v: Any, index: tuple[np.ndarray, ...]) -> np.ndarray:
    """The matrices of the stack ``v`` at ``index`` (one int array per stack axis), on
    the host, stacked: only those leave the device.  On a CPU, NumPy indexes the host
    view; elsewhere the driver gathers them, the index padded to a power of two so that a
    compiling backend compiles few gathers."""
    if not index:  # a single matrix
        return np.asarray(drv.to_numpy(v))[None]
    if drv.device_of(v).kind == "cpu" and not drv.capabilities.lazy:
        return np.asarray(drv.to_numpy(v)[index])
    k = len(index[0])
    pad = 1 << (k - 1).bit_length()
    dev = drv.device_of(v)
    key = tuple(
        drv.asarray(np.concatenate([i, np.repeat(i[-1:], pad - k)]), dt.int64, dev, None)
        for i in index
    )
    return np.asarray(drv.to_numpy(drv.getitem(v, key)))[:k]


def put(drv: Driver, out: Any, index: tuple[np.ndarray, ...], values: np.ndarray) -> Any:
    """``out`` with its matrices (or vectors) at stack ``index`` replaced by ``values``:
    one ``where`` of ``out``'s shape (a compiling backend compiles it once per shape), its
    operands made on the host."""
    dtype, dev = drv.dtype_of(out), drv.device_of(out)
    if not index:
        return drv.asarray(np.ascontiguousarray(values[0], dtype), dtype, dev, None)
    shape = typed("tuple[int, ...]", tuple(drv.shape_of(out)))  # a checked stack: known
    full = np.zeros(shape, dtype)
    full[index] = values
    mask = np.zeros(shape[: len(index)], bool)
    mask[index] = True
    mask = mask.reshape(mask.shape + (1,) * (len(shape) - len(index)))
    return drv.where(
        drv.asarray(mask, dt.bool, dev, None), drv.asarray(full, dtype, dev, None), out
    )


def _verdict(numpy_fn: Any, hosts: list[np.ndarray]) -> tuple[int | None, Any]:
    """NumPy's answer on the host stacks ``hosts``: ``(i, None)``, ``i`` the position of
    the first matrix it refuses (-1 if only the whole stack fails), or ``(None, result)``."""
    with np.errstate(all="ignore"):
        try:
            return None, numpy_fn(*hosts)
        except np.linalg.LinAlgError:
            pass
        for i in range(len(hosts[0])):
            try:
                numpy_fn(*(h[i : i + 1] for h in hosts))
            except np.linalg.LinAlgError:
                return i, None
    return -1, None


def _positions(flags: np.ndarray) -> tuple[np.ndarray, ...]:
    """The stack index of the true entries of ``flags`` (shaped like a stack), one int
    array per stack axis (none for a single matrix's 0-d flag)."""
    return np.nonzero(flags) if flags.ndim else ()


def _signal(kind: type[LinAlgSignal], index: tuple[np.ndarray, ...], at: int) -> LinAlgSignal:
    return kind(tuple(int(i[at]) for i in index) if at >= 0 else None)


def _rcond(drv: Driver, rcond: Any) -> np.ndarray | None:
    """The contract's ``rcond`` on the host; from ``(pivots, size)``, the smallest of
    ``p_k / size * min(1, min_j<k p_j / size)``: a pivot counts as small relative to the
    smallest before it too, since a small pivot amplifies the rounding errors of those
    after it (by up to its inverse: a Cholesky pivot of 2e-9 ``size`` was NumPy's -1e-13
    after one of 4e-4 ``size``).  NaN wherever a pivot or the size is.  ``None`` while
    traced, or if there is none."""
    if not isinstance(rcond, tuple):
        return None if rcond is None else host(drv, rcond)
    pivots, size = host(drv, rcond[0]), host(drv, rcond[1])
    if pivots is None or size is None:
        return None
    if pivots.ndim == 1:  # one matrix: Python floats cost less than NumPy's calls
        return np.asarray(_pivot_rcond(pivots.tolist(), float(size)))
    if pivots.shape[-1] == 0:
        return np.ones(pivots.shape[:-1])
    with np.errstate(all="ignore"):
        rel = pivots / size[..., None]
        before = np.minimum.accumulate(rel[..., :-1], axis=-1)
        rel[..., 1:] *= np.minimum(before, 1)
        smallest: np.ndarray = np.min(rel, axis=-1)
        return smallest


def _pivot_rcond(pivots: list[float], size: float) -> float:
    """``_rcond`` of one matrix."""
    out, before = math.inf, 1.0
    for p in pivots:
        r = p / size if size else math.nan
        if not r >= 0:  # NaN
            return math.nan
        out, before = min(out, r * before), min(before, r)
    return out


def settled(
    drv: Driver,
    result: tuple[Any, Any],
    inputs: tuple[Any, ...],
    dtype: np.dtype,
    numpy_fn: Any,
    kind: type[LinAlgSignal],
) -> Any:
    """The result of ``inv``, ``solve`` or ``cholesky`` from the driver's ``(out, rcond)``
    on the natives ``inputs`` (of ``dtype``, one stack): NumPy (``numpy_fn`` on host
    stacks) decides the matrices within ``RCOND_LIMIT`` of failing, raising ``kind`` for
    the first it refuses; those it does not refuse but the driver's factorisation broke
    down on (``rcond`` 0 or NaN) get NumPy's result.  Nothing happens while traced."""
    out, rcond = result
    r = _rcond(drv, rcond)
    if r is None:
        return out
    limit = RCOND_LIMIT[real_of(dtype)]
    if r.ndim == 0 and r.item() > limit:  # the hot path: one matrix, far from failing
        return out
    near = ~(r > limit)  # NaN: the matrix has NaN or inf entries
    if not near.any():
        return out
    index = _positions(near)
    at, values = _verdict(numpy_fn, [_take(drv, v, index) for v in inputs])
    if at is not None:
        raise _signal(kind, index, at)
    broke = ~((r[index] if index else r.reshape(1)) > 0)
    if broke.any():
        out = put(drv, out, tuple(i[broke] for i in index), values[broke])
    return out


def nonfinite(drv: Driver, v: Any, dtype: np.dtype) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """``(index, matrices)``: the stack index (one int array per stack axis) and the host
    copies of the matrices of ``v`` that may hold NaN or inf; none while traced.  On a
    CPU, NumPy sums each matrix of the host view of ``v`` (no copy, no kernel; a sum of
    huge finite values that overflows picks a matrix too); elsewhere the driver reduces
    ``isfinite`` per matrix, and only those flags come to the host."""
    if drv.device_of(v).kind == "cpu" and not drv.capabilities.lazy:
        try:
            view = drv.to_numpy(v)
        except TypeError:  # traced
            return (), np.empty((0, 0, 0), dtype)
        with np.errstate(all="ignore"):
            if view.ndim == 2:  # the hot path: one sum, one Python test
                if math.isfinite(abs(view.sum())):
                    return (), np.empty((0, 0, 0), dtype)
                return (), view[None]
            flags = ~np.isfinite(np.add.reduce(view, axis=(-2, -1)))
    else:  # one kernel more than a sum, but no overflow, and no warning in a Dask task
        nd = len(drv.shape_of(v))
        finite = host(drv, drv.all(drv.isfinite(v), (nd - 2, nd - 1), False))
        if finite is None:
            return (), np.empty((0, 0, 0), dtype)
        flags = ~finite
    if not flags.any():
        return (), np.empty((0, 0, 0), dtype)
    index = _positions(flags)
    return index, _take(drv, v, index)


def _zeroed(drv: Driver, v: Any, index: tuple[np.ndarray, ...], dtype: np.dtype) -> tuple[Any, Any]:
    """``(v, mask)``: ``v`` with the matrices at ``index`` replaced by zeros (input no
    backend fails on; a new value, ``v`` is the user's), and ``mask``, the native bool
    that marks them, shaped like the stack plus two 1s."""
    mask = np.zeros(typed("tuple[int, ...]", drv.shape_of(v)[:-2]), bool)  # a checked stack
    mask[index] = True
    dev = drv.device_of(v)
    mask = drv.asarray(mask[..., None, None], dt.bool, dev, None)
    return drv.where(mask, drv.asarray(0, dtype, dev, None), v), mask


def refuse_nonfinite(drv: Driver, v: Any, dtype: np.dtype, nan_only: bool) -> None:
    """``NoConvergence`` for the first matrix of ``v`` with a NaN entry (``nan_only``: the
    SVD's rule, LAPACK's gesdd refuses NaN) or a NaN or inf entry (``eig``'s: NumPy
    checks)."""
    index, mats = nonfinite(drv, v, dtype)
    if mats.size:
        bad = np.isnan(np.abs(mats)) if nan_only else ~np.isfinite(mats)
        bad = bad.any(axis=(-2, -1))
        if bad.any():
            raise _signal(NoConvergence, index, int(np.argmax(bad)))


def svd_input(drv: Driver, v: Any, dtype: np.dtype) -> tuple[Any, Any]:
    """``(v, mask)`` for an SVD: ``NoConvergence`` for the first matrix with a NaN entry
    (NumPy's error); the matrices with inf entries zeroed, and ``mask`` (a native bool,
    shaped like the stack plus two 1s) marking them for ``nan_where``, or ``None``."""
    index, mats = nonfinite(drv, v, dtype)
    if not mats.size:
        return v, None
    # by modulus, as LAPACK's max-abs norm: complex(nan, inf) is an infinity (C99)
    size = np.abs(mats)
    nan = np.isnan(size).any(axis=(-2, -1))
    if nan.any():
        raise _signal(NoConvergence, index, int(np.argmax(nan)))
    inf = np.isinf(size).any(axis=(-2, -1))
    if not inf.any():  # a sum overflowed
        return v, None
    return _zeroed(drv, v, tuple(i[inf] for i in index), dtype)


def nan_where(drv: Driver, mask: Any, out: Any, core: int = 2) -> Any:
    """``out``, a stack of matrices (``core`` 2), vectors (1) or numbers (0), NaN where
    ``mask`` (``svd_input``'s) is set."""
    if mask is None:
        return out
    if core < 2:
        nd = len(drv.shape_of(mask))
        mask = drv.squeeze(mask, tuple(range(nd - 2 + core, nd)))
    nan = drv.asarray(np.nan, drv.dtype_of(out), drv.device_of(out), None)
    return drv.where(mask, nan, out)


def decided_by_numpy(
    drv: Driver, v: Any, dtype: np.dtype, numpy_fn: Any
) -> tuple[Any, tuple[np.ndarray, ...], Any]:
    """``eigh``/``eigvalsh``: NumPy decides the matrices of ``v`` with NaN or inf entries,
    whose fate depends on its LAPACK's arithmetic: ``NoConvergence`` for the first it
    refuses; else ``(v, index, values)``, ``v`` with those matrices zeroed for the
    driver and ``values`` NumPy's results for them (``put`` them at ``index``)."""
    index, mats = nonfinite(drv, v, dtype)
    if not mats.size:
        return v, (), None
    at, values = _verdict(numpy_fn, [mats])
    if at is not None:
        raise _signal(NoConvergence, index, at)
    return _zeroed(drv, v, index, dtype)[0], index, values


# ---------------------------------------------------------------------- arguments
def inexact(fn: str, dtype: np.dtype, what: str = "'x'") -> np.dtype:
    """The floating dtype ``fn`` computes in for an input of ``dtype``; or TypeError."""
    if dtype in _FLOATING:
        return dtype
    cfg = _config.get()
    if dtype in _INTEGER_OR_BOOL:
        if cfg.promotion.name != "strict":
            return cfg.default_float
        raise TypeError(
            f"{fn}: {what} must have a floating-point dtype, got {dtype} (integer and bool "
            "inputs are refused under promotion='strict'; cast with ak.astype)"
        )
    if dtype in dt.EXTRAS:
        # As NumPy ("array type float16 is unsupported in linalg"): LAPACK and the drivers'
        # solvers have no half-precision routines, and a silent float32 result would
        # surprise as much as a float16 one computed in float32.
        raise TypeError(
            f"{fn}: {dtype} (an extra dtype, not in the standard) is unsupported in linalg; "
            "cast to float32 with ak.astype"
        )
    raise TypeError(f"{fn}: {what} must have a floating-point dtype, got {dtype}")


def cast(x: Array, dtype: np.dtype) -> Array:
    """``x`` as ``dtype`` (``x`` itself if it has it)."""
    if x._dtype is dtype:
        return x
    return new(x._driver.astype(x._value, dtype), x._driver, dtype)


def matrices(fn: str, x: Array, *, square: bool = False) -> Array:
    """``x`` checked to be a (stack of) matrices, cast to the floating dtype ``fn`` uses."""
    check_array(x, fn)
    shape = x.shape
    if len(shape) < 2:
        raise ValueError(
            f"{fn}: 'x' must be a matrix or a stack of matrices (at least 2 dimensions), got "
            f"shape {shape}"
        )
    if square and None not in shape[-2:] and shape[-1] != shape[-2]:
        raise ValueError(f"{fn}: 'x' must hold square matrices, got shape {shape}")
    return cast(x, inexact(fn, x._dtype))


def promoted_floating(fn: str, x1: Any, x2: Any) -> tuple[Array, Array]:
    """``x1`` and ``x2`` on one driver, cast to their common floating dtype."""
    check_array(x1, fn, "x1")
    check_array(x2, fn, "x2")
    same_driver((x1, x2), fn)
    dtype = inexact(fn, _result_dtype((x1, x2), fn), "'x1' and 'x2'")
    return cast(x1, dtype), cast(x2, dtype)


def real_of(dtype: np.dtype) -> np.dtype:
    """The real dtype of ``dtype``'s precision."""
    return dt.REAL_OF.get(dtype, dtype)


def complex_of(dtype: np.dtype) -> np.dtype:
    """The complex dtype of ``dtype``'s precision."""
    return dt.COMPLEX_OF.get(dtype, dtype)


def bool_arg(fn: str, name: str, value: Any) -> bool:
    """``value``, which must be a bool; or TypeError."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{fn}: {name!r} must be a bool, got {value!r}")
    return bool(value)


def rtol_arg(fn: str, x: Array, rtol: Any) -> Any:
    """``rtol`` as a native of ``x``'s real dtype that broadcasts against ``x.shape[:-2]``."""
    if rtol is None:
        return None
    drv = x._driver
    real = real_of(x._dtype)
    if rtol.__class__ is Array:
        same_driver((x, rtol), fn)
        if rtol._dtype not in _REAL_FLOATING:
            raise TypeError(
                f"{fn}: 'rtol' must have a real floating-point dtype, got {rtol._dtype}"
            )
        stack = x.shape[:-2]
        try:
            ok = broadcast_shapes(rtol.shape, stack, fn=fn) == stack
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(
                f"{fn}: 'rtol' of shape {rtol.shape} does not broadcast to the stack shape "
                f"{stack} of 'x' (shape {x.shape})"
            )
        return rtol._value if rtol._dtype is real else drv.astype(rtol._value, real)
    if isinstance(rtol, (bool, np.bool_)) or not isinstance(rtol, (int, float)):
        raise TypeError(f"{fn}: 'rtol' must be a float, an array or None, got {rtol!r}")
    if not rtol >= 0:
        raise ValueError(f"{fn}: 'rtol' must be non-negative, got {rtol!r}")
    return drv.asarray(float(rtol), real, drv.device_of(x._value), None)
