"""What the linalg extension (``linalg.py``) checks: its arguments on the way in, its
failures on the way out.

Arguments: (stacks of) matrices, floating dtypes (integer and bool inputs compute in the
default float dtype, except under ``promotion="strict"``), flags and tolerances.

Failures: the standard leaves them to the library; arraykit raises ``LinAlgError`` where
NumPy raises ``numpy.linalg.LinAlgError``, because that is what its users' code catches
(scikit-learn and SciPy fall back to ``pinv`` or ``lstsq`` on it).  That rule is core's;
how to detect a failure is the driver's: a primitive raises one of the contract's
signals (``drivers/_base.py``: ``SingularMatrix``, ``NotPositiveDefinite``,
``NoConvergence``) and ``failure`` turns it into the error the user sees, naming the
function called and the matrix of the stack.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _config
from . import _dtypes as dt
from ._array import Array
from ._core import broadcast_shapes, check_array, new, same_driver
from ._core import result_dtype as _result_dtype
from .drivers._base import LinAlgSignal, NoConvergence, NotPositiveDefinite, SingularMatrix

__all__ = [
    "LinAlgError", "bool_arg", "cast", "complex_of", "failure", "inexact", "matrices",
    "promoted_floating", "real_of", "rtol_arg",
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
        algorithm = _ALGORITHM.get(fn, "the SVD")
        message = f"{algorithm} did not converge on {subject} (NaN or inf entries cause this)"
    else:  # a signal this version does not know: its class says what
        message = f"{subject}: {type(signal).__name__}"
    return LinAlgError(f"{fn}: {message}")


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


def matrices(fn: str, x: Any, *, square: bool = False) -> Array:
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
