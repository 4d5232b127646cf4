"""Utility primitives of the TensorFlow driver: ``all`` and ``any``, TF's ``All``/``Any``
reductions of ``x != 0``.
"""

from __future__ import annotations

from typing import Any

from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from .support import reduce_axes, truth


class Utility(Part):
    """``all`` and ``any``."""

    def all(self, x: Any, axes: Any, keepdims: bool) -> Any:
        x = truth(x)
        return x if axes == () else gm._all(x, reduce_axes(x, axes), keepdims)

    def any(self, x: Any, axes: Any, keepdims: bool) -> Any:
        x = truth(x)
        return x if axes == () else gm._any(x, reduce_axes(x, axes), keepdims)
