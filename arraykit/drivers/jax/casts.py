"""``astype``'s rule on JAX values (``drivers/_base.py``, "astype"), traceable: what
``lax.convert_element_type`` does, except that float64 to float16 (or bfloat16) rounds
once.  XLA converts through float32 and rounds twice (``2049.0001`` became ``2048``, not
``2050``); the value is first rounded to float32 *to odd* (truncated, the last bit set
where inexact), which keeps enough information for the second rounding to be correct.
XLA's float to integer conversion already is the rule: it saturates, NaN gives 0.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes

_HALVES = frozenset(d for d in (_dtypes.float16, _dtypes.bfloat16) if d is not None)


def convert(x: Any, dtype: np.dtype) -> Any:
    """``x`` (real, or complex to complex) as ``dtype`` by the rule."""
    if x.dtype == np.float64 and dtype in _HALVES:
        x = _float32_to_odd(x)
    return lax.convert_element_type(x, dtype)


def _float32_to_odd(x: Any) -> Any:
    y = lax.convert_element_type(x, np.float32)
    back = lax.convert_element_type(y, np.float64)
    bits = lax.bitcast_convert_type(y, np.int32)
    away = (jnp.abs(back) > jnp.abs(x)).astype(np.int32)  # rounded up in magnitude
    inexact = (back != x).astype(np.int32)
    return lax.bitcast_convert_type((bits - away) | inexact, np.float32)
