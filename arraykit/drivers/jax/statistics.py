"""The JAX driver's statistical primitives (core's ``_statistics.py``): kernels bound as
they are.  Core chose the accumulation dtype of ``sum``, ``prod`` and ``cumulative_*``;
it reaches ``jax.numpy`` as a static argument.

``max``/``min`` of floats: XLA's CPU reductions of 8192 elements or more drop NaNs and
return either signed zero, where the contract propagates NaN and orders ``-0 < +0``.  So
where the float sum says a NaN may be there, or a result is zero, the reduction runs again
(``lax.cond``: only then) on integer keys of the bit patterns, order-preserving with NaN
made the extreme key, which an integer reduction cannot get wrong.  The sum is the cost
(about half a reduction more).
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

from .kernels import KernelTable, compile_table

_INT_OF: dict[int, type[np.signedinteger[Any]]] = {2: np.int16, 4: np.int32, 8: np.int64}


def _extremum(x: Any, axes: Any, keepdims: bool, is_max: bool) -> Any:
    reduce = jnp.max if is_max else jnp.min
    out = reduce(x, axes, keepdims=keepdims)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return out
    suspect = jnp.any(jnp.isnan(jnp.sum(x, axes))) | jnp.any(out == 0)
    return lax.cond(
        suspect, lambda v: _checked(out, _by_keys(v, axes, keepdims, is_max)), lambda v: out, x
    )


def _checked(out: Any, exact: Any) -> Any:
    """``exact`` where it differs from ``out`` in its bits; else ``out``, which carries the
    gradient (the keys carry none)."""
    it = _INT_OF[out.dtype.itemsize]
    same = lax.bitcast_convert_type(out, it) == lax.bitcast_convert_type(exact, it)
    return jnp.where(same, out, exact)


def _by_keys(x: Any, axes: Any, keepdims: bool, is_max: bool) -> Any:
    it = _INT_OF[x.dtype.itemsize]
    info, shift = np.iinfo(it), 8 * x.dtype.itemsize - 1
    bits = lax.bitcast_convert_type(x, it)
    # negative floats: flip the magnitude bits, so integer order is float order (-0 < +0)
    key = bits ^ ((bits >> shift) & it(info.max))
    key = jnp.where(jnp.isnan(x), it(info.max if is_max else info.min), key)
    k = (jnp.max if is_max else jnp.min)(key, axes, keepdims=keepdims)
    return lax.bitcast_convert_type(k ^ ((k >> shift) & it(info.max)), x.dtype)


_TABLE: KernelTable = {
    # the composite's native form: x in [0, minlength) (core's), weights None or float64
    "bincount": (lambda x, w, minlength: jnp.bincount(x, w, length=minlength), (2,)),
    "sum": (lambda x, axes, dtype, kd: jnp.sum(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "prod": (lambda x, axes, dtype, kd: jnp.prod(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "max": (lambda x, axes, kd: _extremum(x, axes, kd, True), (1, 2)),
    "min": (lambda x, axes, kd: _extremum(x, axes, kd, False), (1, 2)),
    "mean": (lambda x, axes, kd: jnp.mean(x, axes, keepdims=kd), (1, 2)),
    "var": (lambda x, axes, c, kd: jnp.var(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "std": (lambda x, axes, c, kd: jnp.std(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "cumulative_sum": (
        lambda x, axis, dtype, ii: jnp.cumulative_sum(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
    "cumulative_prod": (
        lambda x, axis, dtype, ii: jnp.cumulative_prod(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The statistical primitives, compiled (bound as they are)."""
