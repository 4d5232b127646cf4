"""``astype``'s rule on TF values (``drivers/_base.py``, "astype"): where TF's ``Cast``
does something else.

* float64 to float16 (or bfloat16) rounds once: ``Cast`` goes through float32 and
  rounds twice (``2049.0001`` became ``2048``, not ``2050``).  The value is first rounded
  to float32 *to odd* (truncated, the last bit set where inexact), which keeps enough
  information for the second rounding to be the correct one.
* float to integer saturates and maps NaN to 0 (``_dtypes.saturation_bounds``): ``Cast``
  is C's conversion, undefined beyond the range (x86 gives the most negative value or
  wraps).  In-range values truncate as before; the clip and the selects are three to five
  more elementwise ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from ... import _dtypes
from . import support as S

_HALVES = frozenset({tf.float16, tf.bfloat16})


def cast(x: tf.Tensor, tfd: tf.DType) -> tf.Tensor:
    """``x`` as ``tfd`` by the rule (``x.dtype`` is not ``tfd``, not complex to real)."""
    src = x.dtype
    if src.is_floating and tfd.is_integer:
        return _saturate(x, tfd)
    if src == tf.float64 and tfd in _HALVES:
        return gm.cast(_float32_to_odd(x), tfd)
    return gm.cast(x, tfd)


def _float32_to_odd(x: tf.Tensor) -> tf.Tensor:
    """float64 ``x`` rounded to float32 towards zero, with the last bit set where that
    was inexact ("round to odd"): rounding this to a format of 2 + 2 * 11 bits or fewer
    gives the correctly rounded ``x`` (float32 has 24)."""
    y = gm.cast(x, tf.float32)
    back = gm.cast(y, tf.float64)
    bits = ga.bitcast(y, tf.int32)
    away = gm.cast(gm.greater(gm._abs(back), gm._abs(x)), tf.int32)  # rounded up in magnitude
    inexact = gm.cast(gm.not_equal(back, x), tf.int32)
    return ga.bitcast(gb.bitwise_or(gm.sub(bits, away), inexact), tf.float32)


def _saturate(x: tf.Tensor, tfd: tf.DType) -> tf.Tensor:
    dst = S.NP_OF[tfd]
    lo, hi, below, above = _dtypes.saturation_bounds(S.NP_OF[x.dtype], dst)
    dev = x.device
    out = gm.cast(gm._clip_by_value(x, _const(lo, x), _const(hi, x)), tfd)
    info = np.iinfo(dst)
    if above:
        out = S.select(gm.greater(x, _const(hi, x)), S.const(int(info.max), tfd, dev), out)
    if below:
        out = S.select(gm.less(x, _const(lo, x)), S.const(int(info.min), tfd, dev), out)
    return S.select(gm.is_nan(x), S.const(0, tfd, dev), out)


def _const(value: Any, x: tf.Tensor) -> tf.Tensor:
    return S.const(float(value), x.dtype, x.device)
