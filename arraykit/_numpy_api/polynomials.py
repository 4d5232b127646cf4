"""NumPy's polynomial functions (NumPy reference: "Polynomials", the ``poly1d``-era
functions of the main namespace): ``polyval``.

Coefficients come highest degree first, as in NumPy's main namespace (not
``numpy.polynomial``'s lowest-first).
"""

from __future__ import annotations

from typing import Any

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._creation import asarray, zeros_like
from ._base import numpy_function

__all__ = ["polyval"]


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
    like = x if x.__class__ is Array else (p if p.__class__ is Array else None)
    if p.__class__ is not Array:
        if not isinstance(p, (list, tuple)):
            _core.check_array(p, "polyval", "p")
        kw = {} if like is None else {"device": like.device, "driver": like._driver}
        try:
            p = asarray(p, **kw)
        except (TypeError, ValueError) as e:
            raise type(e)(f"polyval: 'p': {e}") from None
    if p.ndim != 1:
        raise ValueError(f"polyval: 'p' must be 1-D, got shape {p.shape}")
    if x.__class__ is not Array:
        x = asarray(x, device=p.device, driver=p._driver)
    _core.same_driver((p, x), "polyval")
    y = zeros_like(x)
    for i in range(p.shape[0]):
        y = ew.add(ew.multiply(y, x), p[i])
    return y
