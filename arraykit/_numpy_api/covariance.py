"""NumPy's covariance and correlation matrices (NumPy reference: "Statistics:
Correlating"): ``cov``, ``corrcoef``.

NumPy's formulas on the standard's functions: the (weighted) mean of each variable is
subtracted, the product ``X @ X.T.conj()`` is scaled by ``1 / fact``; ``corrcoef``
divides by the standard deviations and clips to [-1, 1].  Results agree with NumPy's
within the rounding of the sums (NumPy's BLAS adds in another order).
"""

from __future__ import annotations

from typing import Any

from .. import _config, _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import new
from .._creation import zeros
from .._linalg_core import matmul
from .._manipulation import concat, permute_dims, reshape, squeeze
from ._base import numpy_function, scalar
from ._masked import any_true, array_like, cast, quiet, warn
from .statistics import average

__all__ = ["corrcoef", "cov"]


def _weights(name: str, w: Any, like_: Array, n: Any, fn: str) -> Array:
    """NumPy's checks of ``fweights``/``aweights`` (as float64)."""
    v = cast(array_like(like_, w, fn, name), dt.float64)
    if v.ndim > 1:
        raise RuntimeError(f"{fn}: cannot handle multidimensional {name}")
    if v.ndim == 0 or v.shape[0] != n:
        raise RuntimeError(f"{fn}: incompatible numbers of samples and {name}")
    if name == "fweights" and any_true(ew.not_equal(v, ew.round(v))):
        raise TypeError(f"{fn}: fweights must be integer")
    if any_true(ew.less(v, 0)):
        raise ValueError(f"{fn}: {name} cannot be negative")
    return v


def _cov(
    fn: str, m: Any, y: Any, rowvar: bool, bias: bool, ddof: Any, fweights: Any,
    aweights: Any, dtype: Any, m_name: str = "m",
) -> Array:  # fmt: skip
    base = next((v for v in (m, y) if v.__class__ is Array), None)
    if base is None:
        raise TypeError(f"{fn}: {m_name!r} must be an arraykit array, got {type(m).__name__}")
    if ddof is not None:
        ddof = scalar(ddof, fn, "ddof")
        if isinstance(ddof, (bool, complex)) or ddof != int(ddof):
            raise ValueError(f"{fn}: ddof must be integer")
        ddof = int(ddof)
    ma = array_like(base, m, fn, m_name)
    if ma.ndim > 2:
        raise ValueError(f"{fn}: m has more than 2 dimensions")
    ya = None
    if y is not None:
        ya = array_like(base, y, fn, "y")
        _core.same_driver((ma, ya), fn)
        if ya.ndim > 2:
            raise ValueError(f"{fn}: y has more than 2 dimensions")
    if dtype is None:
        f64 = _config.get().default_float if ma._dtype.kind in "biu" else dt.float64
        args = (ma, f64) if ya is None else (ma, ya, f64)
        out = _core.result_dtype(args, fn, "m, y")
    else:
        try:
            out = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"{fn}: 'dtype': {e}") from None
    x = cast(ma, out)
    x = reshape(x, (1, -1)) if x.ndim < 2 else x
    if not rowvar and ma.ndim != 1:
        x = permute_dims(x, (1, 0))
    if x.shape[0] == 0:
        return zeros((0, 0), dtype=dt.float64, device=ma.device)
    if ya is not None:
        yv = cast(ya, out)
        yv = reshape(yv, (1, -1)) if yv.ndim < 2 else yv
        if not rowvar and yv.shape[0] != 1:
            yv = permute_dims(yv, (1, 0))
        x = concat([x, yv], axis=0)
    if ddof is None:
        ddof = 1 if not bias else 0
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _weights("fweights", fweights, x, n, fn)
    aw = None
    if aweights is not None:
        aw = _weights("aweights", aweights, x, n, fn)
        w = aw if w is None else ew.multiply(w, aw)
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]
    fact: Any
    if w is None:
        fact = n - ddof
    elif ddof == 0:
        fact = w_sum
    elif aw is None:
        fact = ew.subtract(w_sum, ddof)
    else:
        fact = ew.subtract(w_sum, ew.divide(ew.multiply(ddof, st.sum(ew.multiply(w, aw))), w_sum))
    if isinstance(fact, int):
        if fact <= 0:
            warn("Degrees of freedom <= 0 for slice")
            fact = 0.0
        scale: Any = 1 / fact if fact else float("inf")
    else:
        low = ew.less_equal(ew.real(fact) if fact._dtype.kind == "c" else fact, 0)
        if any_true(low):
            warn("Degrees of freedom <= 0 for slice")
        fact = ew.maximum(fact, 0.0) if fact._dtype.kind == "f" else fact
        scale = ew.divide(1.0, fact)
    x = ew.subtract(x, reshape(avg, (-1, 1)))
    xt = permute_dims(x if w is None else ew.multiply(x, w), (1, 0))
    c = matmul(x, ew.conj(xt) if xt._dtype.kind == "c" else xt)
    if isinstance(scale, Array) and scale._dtype is not c._dtype:
        c = cast(ew.multiply(c, scale), c._dtype)
    else:
        c = ew.multiply(c, scale)
    return squeeze(c, axis=tuple(i for i in range(2) if c.shape[i] == 1)) if 1 in c.shape else c


@numpy_function(None)
@quiet
def cov(
    m: Any,
    y: Any = None,
    rowvar: bool = True,
    bias: bool = False,
    ddof: int | None = None,
    fweights: Any = None,
    aweights: Any = None,
    *,
    dtype: Any = None,
) -> Array:
    """Covariance matrix of the variables in the rows of ``m`` (columns with
    ``rowvar=False``), and of ``y``'s if given; normalised by ``N - 1`` (``N`` with
    ``bias=True``, ``N - ddof`` with ``ddof``), with frequency and analytic weights as in
    NumPy.  Float64 for integers (the default float); one variable gives a 0-D array.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.cov.html

    Examples
    --------
    >>> ak.cov(ak.asarray([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))
    Array([[ 1., -1.],
           [-1.,  1.]], dtype=float64)
    """
    return _cov("cov", m, y, rowvar, bias, ddof, fweights, aweights, dtype)


@numpy_function(None)
@quiet
def corrcoef(x: Any, y: Any = None, rowvar: bool = True, *, dtype: Any = None) -> Array:
    """Pearson correlation coefficients: ``cov`` divided by the standard deviations,
    clipped to [-1, 1] (real and imaginary parts apart).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.corrcoef.html

    Examples
    --------
    >>> ak.corrcoef(ak.asarray([[1.0, 2.0, 4.0], [2.0, 4.0, 8.0]]))
    Array([[1., 1.],
           [1., 1.]], dtype=float64)
    """
    c = _cov("corrcoef", x, y, rowvar, False, None, None, None, dtype, m_name="x")
    if c.ndim < 2:  # one variable: NumPy's c / c
        return ew.divide(c, c)
    from ..linalg import diagonal

    d = diagonal(c)
    std = ew.sqrt(ew.real(d) if d._dtype.kind == "c" else d)
    if std._dtype is not c._dtype:
        std = cast(std, c._dtype)
    c = ew.divide(ew.divide(c, reshape(std, (-1, 1))), reshape(std, (1, -1)))
    if c._dtype.kind == "c":
        re = ew.clip(ew.real(c), -1, 1)
        im = ew.clip(ew.imag(c), -1, 1)
        drv = c._driver
        return new(drv.complex(re._value, im._value), drv, c._dtype)
    return ew.clip(c, -1, 1)
