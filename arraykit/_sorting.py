"""Sorting functions: ``sort`` and ``argsort``, with NumPy's ``kind=`` as an extra.

``kind`` names an algorithm ("quicksort", "mergesort", "heapsort", "stable"); every kind
returns the same values.  Stability is decided once, here: a sort is stable when
``stable=True`` (the standard's default) or ``kind`` is a stable kind ("mergesort",
"stable"), and a stable sort keeps equal elements in input order on every driver, for
``descending=True`` too.  An unstable kind therefore only takes effect with
``stable=False``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/sorting_functions.html
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _config
from . import _dtypes as dt
from ._array import Array
from ._core import check_array, new, normalize_axis
from .drivers import Driver

__all__ = ["argsort", "sort"]

SORT_KINDS: tuple[str, ...] = ("quicksort", "mergesort", "heapsort", "stable")
"""Every ``kind=`` arraykit knows; a driver supports those in ``capabilities.sort_kinds``."""

_STABLE_KINDS = frozenset({"mergesort", "stable"})
_REAL = frozenset((*dt.INTEGER, *dt.REAL_FLOATING, *dt.EXTRAS))  # the extras sort too


def _prepare(
    fn: str, x: Array, axis: Any, stable: Any, kind: str | None
) -> tuple[Driver, int, bool, str | None]:
    """Validate; return the driver, the axis, and the stability and kind to pass on."""
    check_array(x, fn)
    xd = x._dtype
    if xd not in _REAL and (xd is not dt.bool or _config.get().promotion.name == "strict"):
        raise TypeError(
            f"{fn}: 'x' must have a real-valued dtype, got {xd}"
            + (" (complex numbers have no order)" if xd.kind == "c" else "")
        )
    ax = normalize_axis(axis, x.ndim, fn)
    drv = x._driver
    stable = bool(stable)
    if kind is not None:
        if kind not in SORT_KINDS:
            raise ValueError(
                f"{fn}: unknown kind={kind!r}; expected None or one of {', '.join(SORT_KINDS)}"
            )
        if kind not in drv.capabilities.sort_kinds:
            raise ValueError(
                f"{fn}: the {drv.name!r} driver does not support kind={kind!r}; it supports "
                + ", ".join(k for k in SORT_KINDS if k in drv.capabilities.sort_kinds)
            )
        if kind in _STABLE_KINDS:
            stable = True
        elif stable:
            kind = None  # stability was asked for: the driver picks a stable algorithm
    return drv, ax, stable, kind


def sort(
    x: Array,
    /,
    *,
    axis: int = -1,
    descending: bool = False,
    stable: bool = True,
    kind: str | None = None,
) -> Array:
    """A sorted copy of ``x`` along ``axis``.

    arraykit adds NumPy's ``kind=`` ("quicksort", "mergesort", "heapsort", "stable"):
    every kind gives the same values; "mergesort" and "stable" are stable, and
    ``stable=True`` (the default) makes any kind stable.  An unknown kind, or one the
    driver lacks, raises ``ValueError``.  Complex inputs raise ``TypeError``; boolean ones
    are accepted outside ``promotion="strict"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.sort.html

    Examples
    --------
    >>> x = ak.asarray([3, 1, 2])
    >>> ak.sort(x)
    Array([1, 2, 3], dtype=int64)
    >>> ak.sort(x, descending=True)
    Array([3, 2, 1], dtype=int64)
    >>> ak.sort(ak.asarray([2.0, ak.nan, 1.0]))      # NaNs sort last
    Array([ 1.,  2., nan], dtype=float64)
    """
    drv, ax, stable, kind = _prepare("sort", x, axis, stable, kind)
    return new(drv.sort(x._value, ax, bool(descending), stable, kind), drv, x._dtype)


def argsort(
    x: Array,
    /,
    *,
    axis: int = -1,
    descending: bool = False,
    stable: bool = True,
    kind: str | None = None,
) -> Array:
    """Indices that sort ``x`` along ``axis``, of the default integer dtype.

    arraykit adds NumPy's ``kind=`` ("quicksort", "mergesort", "heapsort", "stable"):
    every kind sorts the same values; "mergesort" and "stable" are stable, and
    ``stable=True`` (the default) makes any kind stable: equal elements keep their input
    order, for ``descending=True`` too.  An unknown kind, or one the driver lacks, raises
    ``ValueError``.  Complex inputs raise ``TypeError``; boolean ones are accepted outside
    ``promotion="strict"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.argsort.html

    Examples
    --------
    >>> ak.argsort(ak.asarray([30, 10, 20]))
    Array([1, 2, 0], dtype=int64)
    >>> ak.argsort(ak.asarray([1, 0, 1, 0]), descending=True)   # stable: ties keep their order
    Array([0, 2, 1, 3], dtype=int64)
    """
    drv, ax, stable, kind = _prepare("argsort", x, axis, stable, kind)
    out = drv.argsort(x._value, ax, bool(descending), stable, kind)
    index: np.dtype = _config.get().default_int
    if drv.dtype_of(out) is not index:
        out = drv.astype(out, index)
    return new(out, drv, index)
