"""Linear algebra functions of the main namespace: ``matmul``, ``matrix_transpose``,
``tensordot``, ``vecdot`` (also exported by ``ak.linalg``).

Spec: https://data-apis.org/array-api/2025.12/API_specification/linear_algebra_functions.html
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from . import _dtypes as dt
from ._aliasing import permuted
from ._array import Array
from ._core import broadcast_shapes, check_array, new, normalize_axis, numeric_pair
from ._views import whole_view

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

_NUMERIC = frozenset(dt.NUMERIC)


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product (``x1 @ x2``), with the spec's 1-D promotion and batch broadcasting.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.matmul.html

    Examples
    --------
    >>> a = ak.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> ak.matmul(a, a)
    Array([[ 7., 10.],
           [15., 22.]], dtype=float64)
    >>> a @ ak.asarray([1.0, 1.0])          # 1-D operands as the standard says
    Array([3., 7.], dtype=float64)
    """
    if (
        x1.__class__ is Array
        and x2.__class__ is Array
        and x1._dtype is x2._dtype
        and x1._driver is x2._driver
        and x1._dtype in _NUMERIC
        and not x1._driver.capabilities.multi_device
    ):
        # Fast path: the backend checks shapes; on failure, report them the spec's way.
        drv = x1._driver
        try:
            return new(drv.matmul(x1._value, x2._value), drv, x1._dtype)
        except Exception:
            _check_matmul_shapes(x1.shape, x2.shape)
            raise
    # Operators pass Python scalars through: the spec allows only arrays here.
    check_array(x1, "matmul", "x1")
    check_array(x2, "matmul", "x2")
    x1, x2 = numeric_pair("matmul", x1, x2)
    _check_matmul_shapes(x1.shape, x2.shape)
    return _product("matmul", x1, x2)


def _product(fn: str, x1: Array, x2: Array, *args: Any) -> Array:
    """The driver's ``fn`` of ``x1``, ``x2`` (one dtype), ``*args``; float16 operands
    products and sums computed in float32, rounded once, as NumPy's ``matmul`` does."""
    drv, dtype = x1._driver, x1._dtype
    v1, v2 = x1._value, x2._value
    if dtype is not dt.float16:
        return new(getattr(drv, fn)(v1, v2, *args), drv, dtype)
    v1, v2 = drv.astype(v1, dt.float32), drv.astype(v2, dt.float32)
    return new(drv.astype(getattr(drv, fn)(v1, v2, *args), dtype), drv, dtype)


def _check_matmul_shapes(s1: tuple[int | None, ...], s2: tuple[int | None, ...]) -> None:
    if not s1 or not s2:
        raise ValueError(f"matmul: arguments must have at least one dimension, got {s1} and {s2}")
    k1 = s1[-1]
    k2 = s2[-2] if len(s2) > 1 else s2[0]  # pyright: ignore[reportGeneralTypeIssues]  # s2 is not empty (above)
    if k1 is not None and k2 is not None and k1 != k2:
        raise ValueError(f"matmul: shapes {s1} and {s2} do not align ({k1} != {k2})")
    if len(s1) > 2 or len(s2) > 2:
        broadcast_shapes(s1[:-2], s2[:-2], fn="matmul")


def matrix_transpose(x: Array, /) -> Array:
    """Transpose of each matrix in ``x`` (the last two axes swapped).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.matrix_transpose.html

    Examples
    --------
    >>> ak.matrix_transpose(ak.zeros((5, 2, 3))).shape
    (5, 3, 2)
    """
    check_array(x, "matrix_transpose")
    n = x.ndim
    if n < 2:
        raise ValueError(f"matrix_transpose: x must have at least 2 dimensions, got {x.shape}")
    axes = (*range(n - 2), n - 1, n - 2)  # its own inverse
    out = new(x._driver.permute_dims(x._value, axes), x._driver, x._dtype)
    swap = lambda d, v: d.permute_dims(v, axes)  # noqa: E731
    back = lambda d, v, b: d.permute_dims(v, axes)  # noqa: E731
    return whole_view(x, out, swap, back, permuted(axes))  # a view, as NumPy's x.mT


def tensordot(
    x1: Array, x2: Array, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """Contraction of ``x1`` and ``x2`` over ``axes``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.tensordot.html

    Examples
    --------
    >>> a = ak.reshape(ak.arange(6.0), (2, 3))
    >>> ak.tensordot(a, a, axes=([1], [1]))
    Array([[ 5., 14.],
           [14., 50.]], dtype=float64)
    """
    x1, x2 = numeric_pair("tensordot", x1, x2)
    if isinstance(axes, tuple | list):
        if len(axes) != 2:
            raise ValueError(f"tensordot: axes must be an int or a pair of sequences, got {axes}")
        a1 = tuple(normalize_axis(a, x1.ndim, "tensordot", "axes") for a in axes[0])
        a2 = tuple(normalize_axis(a, x2.ndim, "tensordot", "axes") for a in axes[1])
    else:
        n = operator.index(axes)
        if n < 0 or n > min(x1.ndim, x2.ndim):
            raise ValueError(
                f"tensordot: axes={n} is out of range for shapes {x1.shape}, {x2.shape}"
            )
        a1 = tuple(range(x1.ndim - n, x1.ndim))
        a2 = tuple(range(n))
    if len(a1) != len(a2):
        raise ValueError(f"tensordot: axes {a1} and {a2} differ in length")
    for i, j in zip(a1, a2, strict=True):  # a size unknown yet (None): the backend checks
        if x1.shape[i] != x2.shape[j] and None not in (x1.shape[i], x2.shape[j]):
            raise ValueError(
                f"tensordot: shapes {x1.shape} and {x2.shape} differ on contracted axes {i} and {j}"
            )
    return _product("tensordot", x1, x2, (a1, a2))


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Dot product of vectors along ``axis``: ``sum(conj(x1) * x2, axis=axis)``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.vecdot.html

    Examples
    --------
    >>> ak.vecdot(ak.asarray([[1.0, 2.0], [3.0, 4.0]]), ak.asarray([1.0, 10.0]))
    Array([21., 43.], dtype=float64)
    """
    x1, x2 = numeric_pair("vecdot", x1, x2)
    shape = broadcast_shapes(x1.shape, x2.shape, fn="vecdot")
    if not shape:
        raise ValueError("vecdot: arrays must have at least one dimension")
    ax = normalize_axis(axis, len(shape), "vecdot")
    # The spec requires the contracted axis to match *before* broadcasting.
    ax1, ax2 = ax - len(shape) + x1.ndim, ax - len(shape) + x2.ndim
    if ax1 < 0 or ax2 < 0 or x1.shape[ax1] != x2.shape[ax2]:
        raise ValueError(f"vecdot: shapes {x1.shape} and {x2.shape} differ along axis {axis}")
    drv, dtype = x1._driver, x1._dtype
    v1, v2 = x1._value, x2._value
    work = dt.float32 if dtype is dt.float16 else dtype  # NumPy's: float16 products in float32
    if work is not dtype:
        v1, v2 = drv.astype(v1, work), drv.astype(v2, work)
    if drv.vecdot is not None:
        out = drv.vecdot(v1, v2, ax - len(shape))
    else:
        out = drv.sum(
            drv.multiply(drv.conj(v1) if dtype.kind == "c" else v1, v2), (ax,), work, False
        )
    return new(out if work is dtype else drv.astype(out, dtype), drv, dtype)
