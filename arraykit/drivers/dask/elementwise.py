"""Elementwise primitives of the Dask driver (core: ``arraykit/_elementwise.py``).

Each is the NumPy driver's primitive of the same name run on the broadcast blocks of
its operands (``_blocks.elementwise``): one task per output block, the special cases
the NumPy driver fixes fixed here too.
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from .._base import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, Part
from ._blocks import elementwise, np_driver


def _primitive(name: str, kernel: Any) -> Any:
    def prim(*args: da.Array) -> da.Array:
        return elementwise(name, kernel, *args)

    prim.__name__ = name
    return prim


def install_elementwise(driver: object) -> None:
    """Set every unary and binary elementwise primitive on ``driver``."""
    numpy = np_driver()
    for name in (*UNARY_ELEMENTWISE, *BINARY_ELEMENTWISE):
        setattr(driver, name, _primitive(name, getattr(numpy, name)))


class Elementwise(Part):
    """``clip`` and ``complex``; the rest are installed by ``install_elementwise``."""

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def gcd(self, x1: da.Array, x2: da.Array) -> da.Array:  # pyright: ignore[reportIncompatibleVariableOverride]
        return elementwise("gcd", np.gcd, x1, x2)

    def complex(self, re: da.Array, im: da.Array) -> da.Array:
        return elementwise("complex", np_driver().complex, re, im)

    def clip(self, x: da.Array, min: Any, max: Any) -> da.Array:
        clip = np_driver().clip
        if min is None and max is None:
            return x.copy()
        if min is None:
            return elementwise("clip_max", lambda a, hi: clip(a, None, hi), x, max)
        if max is None:
            return elementwise("clip_min", lambda a, lo: clip(a, lo, None), x, min)
        return elementwise("clip", clip, x, min, max)
