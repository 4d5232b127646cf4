"""NumPy's polynomial functions (NumPy reference: "Polynomials", the ``poly1d``-era
functions of the main namespace): ``polyval``, ``polyfit``.

Coefficients come highest degree first, as in NumPy's main namespace (not
``numpy.polynomial``'s lowest-first).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._creation import asarray, zeros_like
from .._data_types import astype
from .._manipulation import reshape
from ._base import known, numpy_function

__all__ = ["polyval"]
__all__ += ["polyfit"]  # issue 25, part B


@numpy_function("Horner's rule: y = y * x + c for each coefficient c")
def polyval(p: Any, x: Any) -> Array:
    """The polynomial with coefficients ``p`` (highest degree first: a 1-D array, or a
    sequence of numbers, made an array as ``ak.asarray`` does) at ``x`` (an array or a
    Python scalar), by Horner's rule as NumPy evaluates it, so the results are NumPy's.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.polyval.html

    Examples
    --------
    >>> ak.polyval([3.0, 0.0, 1.0], ak.asarray([0.0, 1.0, 2.0]))   # 3 x**2 + 1
    Array([ 1.,  4., 13.], dtype=float64)
    """
    if x.__class__ is not Array and not isinstance(x, (bool, int, float, complex)):
        _core.check_array(x, "polyval", "x")
    # (isinstance: x and p are arraykit arrays or not arrays at all, checked above and below)
    like = x if isinstance(x, Array) else (p if isinstance(p, Array) else None)
    if p.__class__ is not Array:
        if not isinstance(p, (list, tuple)):
            _core.check_array(p, "polyval", "p")
        kw: dict[str, Any] = {} if like is None else {"device": like.device, "driver": like._driver}
        try:
            p = asarray(p, **kw)
        except (TypeError, ValueError) as e:
            raise type(e)(f"polyval: 'p': {e}") from None
    if p.ndim != 1:
        raise ValueError(f"polyval: 'p' must be 1-D, got shape {p.shape}")
    if not isinstance(x, Array):
        x = asarray(x, device=p.device, driver=p._driver)
    _core.same_driver((p, x), "polyval")
    y = zeros_like(x)
    for i in range(known(p.shape, "polyval")[0]):
        y = ew.add(ew.multiply(y, x), p[i])
    return y


# ---------------------------------------------------------------------- issue 25, part B
def _lstsq(a: Array, b: Array, rcond: float) -> tuple[Array, Array, Array, Array]:
    """NumPy's ``linalg.lstsq`` (LAPACK's ``gelsd``: singular values below ``rcond`` times
    the largest count as zero) by the namespace's SVD: ``(x, residuals, rank, s)``, the
    residuals the sums of squares of ``b - a @ x`` (always: the caller decides)."""
    from .. import _statistics as st
    from .. import linalg
    from .._searching import where

    u, s, vh = linalg.svd(a, full_matrices=False)
    keep = ew.greater(s, ew.multiply(st.max(s), rcond))
    inv = where(keep, ew.divide(1.0, where(keep, s, 1.0)), 0.0)
    uh = linalg.matrix_transpose(ew.conj(u) if u._dtype.kind == "c" else u)
    vv = linalg.matrix_transpose(ew.conj(vh) if vh._dtype.kind == "c" else vh)
    ub = linalg.matmul(uh, b)
    x = linalg.matmul(vv, ew.multiply(ub, inv if b.ndim == 1 else inv[:, None]))
    r = ew.subtract(b, linalg.matmul(a, x))
    r2 = ew.real(ew.multiply(r, ew.conj(r))) if r._dtype.kind == "c" else ew.multiply(r, r)
    res = st.sum(r2, axis=0)
    return x, (reshape(res, (1,)) if b.ndim == 1 else res), st.sum(astype(keep, dt.int64)), s


@numpy_function("the least-squares solution of ak.vander(x, deg + 1) @ p = y (by SVD)")
def polyfit(
    x: Array, y: Array, deg: int, rcond: float | None = None, full: bool = False,
    w: Array | None = None, cov: bool | str = False,
) -> Any:  # fmt: skip
    """The coefficients ``p`` (highest degree first) of the degree-``deg`` polynomial that
    fits ``y`` (1-D, or 2-D: one fit per column) at ``x`` best in the least-squares sense,
    NumPy's way: the Vandermonde columns scaled to unit norm, then a least-squares solve
    by SVD where singular values below ``rcond`` (default ``len(x) * eps``) times the
    largest count as zero.  ``w`` weights the residuals; ``full=True`` also returns
    ``(residuals, rank, singular_values, rcond)`` (eagerly: the rank is a Python int);
    ``cov=True`` (or ``"unscaled"``) the coefficients' covariance.  A rank below
    ``deg + 1`` warns ``RankWarning``, as in NumPy (eagerly).  Float results agree with
    NumPy's to rounding (the SVD is the backend's).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.polyfit.html

    Examples
    --------
    >>> x = ak.asarray([0.0, 1.0, 2.0, 3.0])
    >>> ak.around(ak.polyfit(x, 2.0 * x**2 - x + 3.0, 2), 10)
    Array([ 2., -1.,  3.], dtype=float64)
    """
    import warnings

    from .. import _statistics as st
    from .. import linalg
    from .creation import vander

    fn = "polyfit"
    _core.check_array(x, fn, "x")
    _core.check_array(y, fn, "y")
    _core.same_driver((x, y), fn)
    order = _core.int_arg(fn, "deg", deg) + 1
    if order < 1:
        raise ValueError(f"{fn}: expected deg >= 0, got {deg}")
    if x.ndim != 1:
        raise TypeError(f"{fn}: expected a 1-D vector for 'x', got shape {x.shape}")
    (n,) = known(x.shape, fn)
    if n == 0:
        raise TypeError(f"{fn}: expected a non-empty vector for 'x'")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError(f"{fn}: expected a 1-D or 2-D array for 'y', got shape {y.shape}")
    if n != known(y.shape, fn)[0]:
        raise TypeError(f"{fn}: expected 'x' and 'y' to have the same length, got {x.shape} "
                        f"and {y.shape}")  # fmt: skip
    x, y = ew.add(x, 0.0), ew.add(y, 0.0)  # NumPy's: integers become floats
    if rcond is None:
        rcond = n * float(dt.finfo(dt.REAL_OF.get(x._dtype, x._dtype)).eps)
    else:
        from ._base import scalar

        rcond = float(scalar(rcond, fn, "rcond"))
    lhs, rhs = vander(x, order), y
    if w is not None:
        w = ew.add(_core.check_array(w, fn, "w"), 0.0)
        _core.same_driver((x, w), fn)
        if w.ndim != 1:
            raise TypeError(f"{fn}: expected a 1-D array for the weights 'w', got {w.shape}")
        if known(w.shape, fn)[0] != n:
            raise TypeError(f"{fn}: expected 'w' and 'y' to have the same length")
        lhs = ew.multiply(lhs, w[:, None])
        rhs = ew.multiply(rhs, w[:, None] if rhs.ndim == 2 else w)
    scale = ew.sqrt(st.sum(ew.real(ew.multiply(lhs, ew.conj(lhs))) if lhs._dtype.kind == "c"
                           else ew.multiply(lhs, lhs), axis=0))  # fmt: skip
    lhs = ew.divide(lhs, scale)
    c, resids, rank, s = _lstsq(lhs, rhs, rcond)
    c = ew.divide(c, scale if c.ndim == 1 else scale[:, None])
    eager = not _core.transform_tracing.depth and not x._driver.capabilities.lazy
    if full:
        try:
            k = int(rank)
        except Exception:
            raise TypeError(
                f"{fn}: full=True gives the rank as a Python int and residuals whose size "
                "depends on it: it needs concrete values (not under ak.jit or ak.vmap)"
            ) from None
        if k != order or n <= order:
            resids = resids[:0]
        return c, resids, k, s, rcond
    if eager and int(rank) != order:
        warnings.warn("Polyfit may be poorly conditioned", np.exceptions.RankWarning,
                      stacklevel=3)  # fmt: skip
    if not cov:
        return c
    lt = linalg.matrix_transpose(ew.conj(lhs) if lhs._dtype.kind == "c" else lhs)
    base = ew.divide(linalg.inv(linalg.matmul(lt, lhs)), linalg.outer(scale, scale))
    if cov == "unscaled":
        fac: Any = 1.0
    else:
        if n <= order:
            raise ValueError(
                f"{fn}: the number of data points must exceed order to scale the covariance matrix"
            )
        fac = ew.divide(resids, n - order)
    if y.ndim == 1:
        return c, ew.multiply(base, fac)
    return c, ew.multiply(base[:, :, None], fac)
