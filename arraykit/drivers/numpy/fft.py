"""FFT primitives of the NumPy driver (core: ``arraykit/fft.py``).

Each result is cast to the dtype the contract states (the input's precision) with
``copy=False``: free where NumPy already returns that dtype, as NumPy 2 does.
"""

from __future__ import annotations

from typing import Any, Literal, cast

import numpy as np

from ... import _dtypes
from .._base import Part

_Norm = Literal["backward", "ortho", "forward"]  # core checked ``norm``


class FFT(Part):
    """``fftn``, ``ifftn``, ``rfftn``, ``irfftn``; core composes the rest of ``ak.fft``."""

    def fftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        return np.fft.fftn(x, s=s, axes=axes, norm=cast(_Norm, norm)).astype(x.dtype, copy=False)

    def ifftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        return np.fft.ifftn(x, s=s, axes=axes, norm=cast(_Norm, norm)).astype(x.dtype, copy=False)

    def rfftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        ct = _dtypes.COMPLEX_OF[_dtypes.canonical(x.dtype)]
        return np.fft.rfftn(x, s=s, axes=axes, norm=cast(_Norm, norm)).astype(ct, copy=False)

    def irfftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        rt = _dtypes.REAL_OF[_dtypes.canonical(x.dtype)]
        return np.fft.irfftn(x, s=s, axes=axes, norm=cast(_Norm, norm)).astype(rt, copy=False)
