"""``astype``'s rule on NumPy arrays (``drivers/_base.py``, "astype"), where NumPy's own
cast does something else: float to integer.  NumPy's is C's conversion, undefined
beyond the integer range (x86-64 gives the most negative value or wraps modulo 2**8 ...,
ARM saturates); the rule saturates and maps NaN to 0 (``_dtypes.saturation_bounds``).
float64 to float16 needs nothing: NumPy rounds once.

Cost: a cast to int32 or int64 that NumPy's conversion gets right costs nothing more than
a floating-point status check (``np.errstate``, a few us a call): a value the rule
changes (NaN, ±inf, beyond the range) raises the FPU's invalid flag in that conversion,
and only then is the cast done again by the rule.  A narrower target (int8, uint16 ...)
goes through int32 (uint32 through int64) the same way, then clips there and narrows:
two more passes over the integers.  uint64 takes the rule's general path (clip, selects).
The Dask driver runs this block by block.
"""

from __future__ import annotations

import numpy as np

from ... import _dtypes

_VIA = {
    np.dtype(t): np.dtype(v)
    for t, v in (("int8", "int32"), ("int16", "int32"), ("uint8", "int32"),
                 ("uint16", "int32"), ("uint32", "int64"), ("int32", "int32"),
                 ("int64", "int64"))
}  # fmt: skip


def float_to_int(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The float array ``x`` as the integer ``dtype``, by the rule."""
    x = np.asarray(x)  # a NumPy scalar (a Dask block of one) cannot be clipped into
    via = _VIA.get(dtype)
    if via is not None:
        try:
            with np.errstate(invalid="raise"):
                out = x.astype(via)
        except FloatingPointError:
            pass
        else:
            if via is dtype:
                return out
            info = np.iinfo(dtype)
            return np.clip(out, info.min, info.max, out=out).astype(dtype)
    lo, hi, below, above = _dtypes.saturation_bounds(_dtypes.canonical(x.dtype), dtype)
    with np.errstate(invalid="ignore"):
        out = np.asarray(np.clip(x, lo, hi)).astype(dtype)  # 0-D: clip gives a scalar
        info = np.iinfo(dtype)
        if above:
            out[x > hi] = info.max
        if below:
            out[x < lo] = info.min
        out[np.isnan(x)] = 0
    return out
