"""``astype``'s rule on NumPy arrays (``drivers/_base.py``, "astype"), where NumPy's own
cast does something else: float to integer.  NumPy's is C's conversion, undefined
beyond the integer range (x86-64 gives the most negative value or wraps modulo 2**8 ...,
ARM saturates); the rule saturates and maps NaN to 0 (``_dtypes.saturation_bounds``).
float64 to float16 needs nothing: NumPy rounds once.

Cost: a cast to int32 or int64 that NumPy's conversion gets right costs nothing more than
a floating-point status check (``np.errstate``, about 3 us a call): a value the rule
changes (NaN, ±inf, beyond the range) raises the FPU's invalid flag in that conversion,
and only then is the cast done again by the rule.  Narrower and unsigned targets, where a
wrapped value raises no flag, clip first (one more pass over the input).  The Dask
driver runs this block by block.
"""

from __future__ import annotations

import numpy as np

from ... import _dtypes

_FLAGGED = frozenset({_dtypes.int32, _dtypes.int64})


def float_to_int(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The float array ``x`` as the integer ``dtype``, by the rule."""
    lo, hi, below, above = _dtypes.saturation_bounds(_dtypes.canonical(x.dtype), dtype)
    try:
        with np.errstate(invalid="raise"):
            if dtype in _FLAGGED:
                return x.astype(dtype)
            if not (below or above):  # the clip saturates; NaN raises in the cast
                return np.clip(x, lo, hi).astype(dtype)
    except FloatingPointError:
        pass
    with np.errstate(invalid="ignore"):
        out = np.clip(x, lo, hi).astype(dtype)
        info = np.iinfo(dtype)
        if above:
            out[x > hi] = info.max
        if below:
            out[x < lo] = info.min
        out[np.isnan(x)] = 0
    return out
