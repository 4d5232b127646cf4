"""The norms of the linalg extension: ``vector_norm`` and ``matrix_norm`` (exported by
``ak.linalg``; ``linalg.py`` is at the project's line cap).

Empty inputs are decided here, from the shape, as NumPy decides them: a norm that is a
minimum (``vector_norm`` with ``ord=-inf``; ``matrix_norm`` with ``ord=-1`` of a matrix
with no columns, ``-inf`` with no rows, ``-2`` with either) raises ``ValueError``, the
minimum of nothing being undefined; every other norm of no elements is 0, except the
vector norms of negative order, ``(sum of |x|**p) ** (1/p)`` with p < 0, which are inf.
The drivers never see such a reduction (TF's maximum of nothing was -inf, its minimum
inf).
"""

from __future__ import annotations

import math
from typing import Literal
from typing import cast as typed

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._core import check_array, float16_in_float32, int_arg, new, normalize_axes
from ._linalg_checks import (
    bool_arg,
    cast,
    failure,
    inexact,
    matrices,
    nan_where,
    real_of,
    svd_input,
)
from .drivers._base import LinAlgSignal

__all__ = ["matrix_norm", "vector_norm"]

_MATRIX_ORDS = (1, 2, -1, -2, math.inf, -math.inf)


def _empty_minimum(fn: str, ord: object, what: str) -> ValueError:
    return ValueError(
        f"{fn}: ord={ord!r} of {what} is a minimum over no values, which is undefined "
        "(NumPy raises too)"
    )


def matrix_norm(
    x: Array,
    /,
    *,
    keepdims: bool = False,
    ord: int | float | Literal["fro", "nuc"] | None = "fro",
) -> Array:
    """Matrix norm of each matrix in ``x``; real of ``x``'s precision.

    ``ord`` is one of ``"fro"``, ``"nuc"``, ``1``, ``2``, ``-1``, ``-2``, ``inf``,
    ``-inf`` (``None`` means ``"fro"``); anything else raises ``ValueError``.  Orders
    ``2``, ``-2`` and ``"nuc"`` take an SVD and fail as ``svd`` does (a matrix with a NaN
    entry raises ``LinAlgError``; one with inf entries gives NaN).  Of a matrix with no
    rows or no columns the norm is 0, except where it is a minimum over nothing
    (``-1``: no columns; ``-inf``: no rows; ``-2``: either), which raises ``ValueError``,
    as in NumPy.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.matrix_norm.html
    """
    keepdims = bool_arg("matrix_norm", "keepdims", keepdims)
    if ord is None:
        ord = "fro"
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise ValueError(f"matrix_norm: unknown ord={ord!r}; expected 'fro' or 'nuc'")
    elif isinstance(ord, (bool, np.bool_)) or not isinstance(ord, (int, float)):
        raise TypeError(f"matrix_norm: 'ord' must be a number, 'fro' or 'nuc', got {ord!r}")
    elif ord not in _MATRIX_ORDS:
        raise ValueError(
            f"matrix_norm: ord={ord!r} is not a matrix norm; expected one of 'fro', 'nuc', "
            "1, 2, -1, -2, inf, -inf"
        )
    else:
        ord = ord if math.isinf(ord) else int(ord)
    x = matrices("matrix_norm", x)
    drv, out = x._driver, real_of(x._dtype)
    *stack, m, n = x.shape
    if m == 0 or n == 0:
        if (ord == -1 and n == 0) or (ord == -math.inf and m == 0) or ord == -2:
            raise _empty_minimum("matrix_norm", ord, f"a matrix of shape ({m}, {n})")
        shape = typed("tuple[int, ...]", (*stack, 1, 1) if keepdims else tuple(stack))
        return new(drv.full(shape, 0, out, drv.device_of(x._value)), drv, out)
    v, inf = x._value, None
    try:
        if ord in (2, -2, "nuc"):
            v, inf = svd_input(drv, v, x._dtype)
        result = drv.matrix_norm(v, keepdims, ord)
    except LinAlgSignal as e:
        raise failure("matrix_norm", e, x.shape[:-2]) from None
    return new(nan_where(drv, inf, result, 2 if keepdims else 0), drv, out)


def vector_norm(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: int | float = 2,
) -> Array:
    """Vector norm of ``x`` over ``axis`` (``None``: all elements); real of ``x``'s precision.

    ``ord`` is any real number or ``±inf``; ``0`` counts non-zero elements and negative
    orders are the spec's "non-mathematical norms".  Strings (``"fro"``) and NaN raise
    ``ValueError``.  Over no elements the norm is 0 (inf for a negative ``ord``), and
    ``ord=-inf`` raises ``ValueError``, as in NumPy.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.linalg.vector_norm.html
    """
    check_array(x, "vector_norm")
    keepdims = bool_arg("vector_norm", "keepdims", keepdims)
    if isinstance(ord, str):
        raise ValueError(f"vector_norm: ord={ord!r} is a matrix norm; use ak.linalg.matrix_norm")
    if isinstance(ord, (bool, np.bool_)) or not isinstance(ord, (int, float)):
        raise TypeError(f"vector_norm: 'ord' must be an int or a float, got {ord!r}")
    if math.isnan(ord):
        raise ValueError("vector_norm: 'ord' must not be NaN")
    if axis is not None and not isinstance(axis, (tuple, list)):
        axis = int_arg("vector_norm", "axis", axis)
    axes = normalize_axes(axis, x.ndim, "vector_norm")
    # The extra float16: NumPy's norms take it (no LAPACK); computed in float32, rounded once.
    x = cast(x, x._dtype if x._dtype is dt.float16 else inexact("vector_norm", x._dtype))
    drv, out = x._driver, real_of(x._dtype)
    shape = x.shape
    reduced = range(len(shape)) if axes is None else axes
    if None not in shape and math.prod(typed(int, shape[a]) for a in reduced) == 0:
        if ord == -math.inf:
            raise _empty_minimum("vector_norm", ord, f"no elements (shape {shape}, axis={axis})")
        kept = typed(
            "tuple[int, ...]",
            tuple(
                1 if i in reduced else s
                for i, s in enumerate(shape)
                if keepdims or i not in reduced
            ),
        )
        fill = math.inf if ord < 0 else 0
        return new(drv.full(kept, fill, out, drv.device_of(x._value)), drv, out)
    return new(float16_in_float32(drv, "vector_norm", x._value, out, axes, keepdims, ord), drv, out)
