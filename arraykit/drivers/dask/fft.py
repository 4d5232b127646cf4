"""FFT primitives of the Dask driver (core: ``arraykit/fft.py``).

The axes transformed are rechunked into one chunk each (the other axes keep their
chunks: ``_blocks.along``), as Dask's own ``fft`` requires, and the NumPy driver
transforms each block; so every lane along those axes must fit one worker.
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from ... import _dtypes
from .._base import Part
from ._blocks import along, known, np_driver


def _fft(name: str, x: da.Array, s: Any, axes: Any, norm: str, dtype: np.dtype) -> da.Array:
    fn = getattr(np_driver(), name)
    sizes = dict(zip(axes, s, strict=True))
    if name == "rfftn":
        sizes[axes[-1]] = s[-1] // 2 + 1
    if 0 in x.shape:  # NumPy's error or empty result, decided on the host
        known(x, name)  # which needs every size
        host = fn(np.zeros(x.shape, x.dtype), s, axes, norm)
        return da.from_array(host, chunks=-1)
    label = (name, tuple(s), norm)
    return along(lambda b: fn(b, s, axes, norm), x, axes, dtype, sizes, label)


class FFT(Part):
    """``fftn``, ``ifftn``, ``rfftn``, ``irfftn``; core composes the rest of ``ak.fft``."""

    def fftn(self, x: da.Array, s: Any, axes: Any, norm: str) -> da.Array:
        return _fft("fftn", x, s, axes, norm, x.dtype)

    def ifftn(self, x: da.Array, s: Any, axes: Any, norm: str) -> da.Array:
        return _fft("ifftn", x, s, axes, norm, x.dtype)

    def rfftn(self, x: da.Array, s: Any, axes: Any, norm: str) -> da.Array:
        return _fft("rfftn", x, s, axes, norm, _dtypes.COMPLEX_OF[_dtypes.canonical(x.dtype)])

    def irfftn(self, x: da.Array, s: Any, axes: Any, norm: str) -> da.Array:
        return _fft("irfftn", x, s, axes, norm, _dtypes.REAL_OF[_dtypes.canonical(x.dtype)])
