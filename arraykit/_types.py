"""Type aliases that core's signatures share (``arraykit.typing`` publishes them).

Only for annotations: nothing here runs on a hot path.
"""

from __future__ import annotations

from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, overload

import numpy as np

if TYPE_CHECKING:
    from ._array import Array
    from ._devices import Device

DType: TypeAlias = np.dtype[Any]
"""An arraykit dtype: a NumPy ``dtype`` object (``ak.float32 == np.dtype("float32")``)."""

Axis: TypeAlias = int | tuple[int, ...] | None
"""The standard's ``axis`` of reductions: one axis, several, or all (``None``)."""

DeviceArg: TypeAlias = "Device | str | None"
"""A ``device=`` argument: a ``Device``, its name (``"cpu"``, ``"gpu:1"``), or ``None`` (the
active default)."""

Scalar: TypeAlias = bool | int | float | complex
"""A Python scalar, as the standard's functions take one beside an array."""

if TYPE_CHECKING:  # Array imports this module
    Index: TypeAlias = int | slice | EllipsisType | Array | None
    """One entry of an indexing key."""

    Key: TypeAlias = Index | tuple[Index, ...]
    """The standard's ``__getitem__``/``__setitem__`` key: an entry or a tuple of them."""

Shape: TypeAlias = tuple[int | None, ...]
"""An array's shape; ``None`` for a size not known until computed (lazy drivers)."""


S_contra = TypeVar("S_contra", contravariant=True)


class UnaryFunction(Protocol):
    """An elementwise function of one array (``ak.sin``)."""

    def __call__(self, x: Array, /) -> Array: ...


class BinaryFunction(Protocol[S_contra]):
    """An elementwise function of two arguments, at least one an array, the other an array
    or a Python scalar of type ``S_contra`` (``ak.add(x, 1.0)``, ``ak.add(1, x)``)."""

    @overload
    def __call__(self, x1: Array, x2: Array | S_contra, /) -> Array: ...
    @overload
    def __call__(self, x1: S_contra, x2: Array, /) -> Array: ...
