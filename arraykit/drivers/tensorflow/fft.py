"""FFT primitives of the TensorFlow driver: ``fftn``, ``ifftn``, ``rfftn``, ``irfftn``.

TF's FFT kernels transform the innermost one to three axes of complex input and do not
crop or pad: the FFT primitives resize the requested axes (crop, or pad with zeros),
move them innermost in groups of up to three and apply the standard's normalisation
(TF's inverse transforms already divide by ``n``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm
from tensorflow.python.ops import gen_spectral_ops as gs

from .._base import Part
from . import support as S
from .indexing import basic_spec, strided
from .support import COMPLEX

_FFT = {1: gs.fft, 2: gs.fft2d, 3: gs.fft3d}
_IFFT = {1: gs.ifft, 2: gs.ifft2d, 3: gs.ifft3d}


def _move_last(x: Any, axes: tuple[int, ...]) -> tuple[Any, tuple[int, ...] | None]:
    nd = len(S.static_shape(x))
    perm = tuple(a for a in range(nd) if a not in axes) + tuple(axes)
    if perm == tuple(range(nd)):
        return x, None
    return ga.transpose(x, S.int_list(perm)), perm


def _move_back(x: Any, perm: tuple[int, ...] | None) -> Any:
    if perm is None:
        return x
    return ga.transpose(x, S.int_list(tuple(int(i) for i in np.argsort(perm))))


def _resize(x: Any, axis: int, n: int) -> Any:
    """``x`` cropped or zero-padded to ``n`` elements along ``axis`` (NumPy's FFT rule)."""
    shape = S.static_shape(x)
    m = shape[axis]
    if m == n:
        return x
    nd = len(shape)
    if m is not None and m > n:
        key = tuple(slice(0, n) if i == axis else slice(None) for i in range(nd))
        spec = basic_spec(key)
        assert spec is not None  # a basic key has one
        return strided(x, spec)
    if m is None:  # unknown while tracing: crop to at most n, then pad to n
        key = tuple(slice(0, n) if i == axis else slice(None) for i in range(nd))
        spec = basic_spec(key)
        assert spec is not None  # a basic key has one
        x = strided(x, spec)
    zeros = S.sizes(x)
    zeros[axis] = n - zeros[axis]
    pad = ga.fill(S.shape_vector(zeros), S.scalar_like(0, x))
    out = ga.concat_v2([x, pad], S.const(axis, tf.int32))
    if m is None:
        out = ga.ensure_shape(out, [n if i == axis else d for i, d in enumerate(shape)])
    return out


class FFT(Part):
    """The FFT primitives."""

    def _c2c(self, x: Any, s: Any, axes: Any, inverse: bool) -> Any:
        for a, n in zip(axes, s, strict=True):
            x = _resize(x, a, n)
        table = _IFFT if inverse else _FFT
        axes = tuple(axes)
        for i in range(0, len(axes), 3):
            group = axes[i : i + 3]
            t, perm = _move_last(x, group)
            x = _move_back(table[len(group)](t), perm)
        return x

    def _scale(self, x: Any, n: int, norm: str, inverse: bool) -> Any:
        """Apply the standard's normalisation; TF's inverse transforms divide by ``n``."""
        if inverse:
            factor = {"backward": 1.0, "ortho": math.sqrt(n), "forward": float(n)}[norm]
        else:
            factor = {"backward": 1.0, "ortho": 1 / math.sqrt(n), "forward": 1.0 / n}[norm]
        if factor == 1.0:
            return x
        return gm.mul(x, S.scalar_like(complex(factor) if x.dtype in COMPLEX else factor, x))

    def fftn(self, x: Any, s: Any, axes: Any, norm: str) -> Any:
        return self._scale(self._c2c(x, s, axes, False), math.prod(s), norm, False)

    def ifftn(self, x: Any, s: Any, axes: Any, norm: str) -> Any:
        return self._scale(self._c2c(x, s, axes, True), math.prod(s), norm, True)

    def rfftn(self, x: Any, s: Any, axes: Any, norm: str) -> Any:
        last, n = axes[-1], s[-1]
        for a, m in zip(axes[:-1], s[:-1], strict=True):
            x = _resize(x, a, m)
        x = _resize(x, last, n)
        t, perm = _move_last(x, (last,))
        out = gs.rfft(t, S.const((n,), tf.int32), Tcomplex=S.COMPLEX_OF[x.dtype])
        out = _move_back(out, perm)
        if len(axes) > 1:
            out = self._c2c(out, s[:-1], axes[:-1], False)
        return self._scale(out, math.prod(s), norm, False)

    def irfftn(self, x: Any, s: Any, axes: Any, norm: str) -> Any:
        last, n = axes[-1], s[-1]
        if len(axes) > 1:
            x = self._c2c(x, s[:-1], axes[:-1], True)
        x = _resize(x, last, n // 2 + 1)
        t, perm = _move_last(x, (last,))
        out = gs.irfft(t, S.const((n,), tf.int32), Treal=S.REAL_OF[x.dtype])
        return self._scale(_move_back(out, perm), math.prod(s), norm, True)
