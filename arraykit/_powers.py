"""Integer powers with negative exponents: NumPy's ``ValueError`` on every driver.

NumPy raises ``ValueError: Integers to negative integer powers are not allowed.`` for an
integer base and any negative integer exponent (``1 ** -1`` too); TF gave 0 and JAX
garbage.  ``_elementwise.pow`` calls ``integer_power`` on every integer result: it reads
the exponent (a min), eagerly; traced, the result is defined here once for every driver.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array
from ._core import is_host_data, new

# NumPy's error, word for word, on every driver (TF would give 0, JAX garbage).
_NEGATIVE_POWER = "Integers to negative integer powers are not allowed."


def integer_power(out: Array, x1: Any, x2: Any) -> Array:
    """``out`` (``x1 ** x2``, integer), or NumPy's ``ValueError`` where an exponent is
    negative.  The check reads the exponent (a min); traced (``ak.jit``, ``ak.vmap`` on TF
    and JAX) its values are unknown: a negative exponent gives the integer part of the
    exact power there (1 for base 1, -1 or 1 for base -1 by parity, 0 for any other base,
    0 included) on every driver, and ``checked=True`` raises the ValueError instead.
    An empty result raises nothing, as in NumPy (its loop meets no negative exponent)."""
    if out.size == 0:
        return out
    if x2.__class__ is not Array:
        if is_host_data(x2):  # np.int8(-1), np.array([...]): host values
            data = np.asarray(x2)
            if data.size and data.dtype.kind == "i" and data.min() < 0:
                raise ValueError(_NEGATIVE_POWER)
        elif x2 < 0:  # a Python int
            raise ValueError(_NEGATIVE_POWER)
        return out
    if x2._dtype.kind != "i" or x2.size == 0:
        return out  # bool and unsigned exponents are never negative
    drv = out._driver
    lowest = drv.min(x2._value, None, False)
    try:
        negative = drv.to_scalar(lowest) < 0
    except Exception:  # traced: the values exist only when the program runs
        return new(_traced_negative_powers(drv, out, x1, x2, lowest), drv, out._dtype)
    if negative:
        raise ValueError(_NEGATIVE_POWER)
    return out


def _traced_negative_powers(drv: Any, out: Array, x1: Any, x2: Array, lowest: Any) -> Any:
    """``out`` with the defined value where the traced exponent is negative (see
    ``_integer_power``), checked under ``checked=True``."""
    dtype = out._dtype
    v = out._value
    dev = drv.device_of(v)

    def const(c: int) -> Any:
        return drv.asarray(c, dtype, dev, None)

    zero, one = const(0), const(1)
    e = x2._value if x2._dtype is dtype else drv.astype(x2._value, dtype)
    if x1.__class__ is Array:
        b = x1._value if x1._dtype is dtype else drv.astype(x1._value, dtype)
    else:
        b = const(int(x1))
    odd = drv.equal(drv.bitwise_and(e, one), one)
    minus_one = drv.where(odd, const(-1), one)  # (-1) ** e
    defined = drv.where(drv.equal(b, one), one, drv.where(drv.equal(b, const(-1)), minus_one, zero))
    v = drv.where(drv.less(e, zero), defined, v)
    hooks = drv.transforms
    if hooks is not None and hooks.checks and hooks.tracing_checks():
        ok = drv.greater_equal(drv.astype(lowest, dtype), zero)
        v = hooks.check(ok, ValueError, _NEGATIVE_POWER, v)
    return v


POW_NOTE = (
    "An integer base with a negative integer exponent raises NumPy's ``ValueError`` "
    '("Integers to negative integer powers are not allowed.") on every driver, '
    "``1 ** -1`` included; the check reads the exponent array (a min, and a compute on "
    "Dask).  Traced by ``ak.jit`` or ``ak.vmap`` (TF, JAX) the exponent is unknown: a "
    "negative one gives the integer part of the exact power, the same on every driver "
    "(1 for base 1, 1 or -1 for base -1 by the exponent's parity, 0 for every other base, "
    "0 included), unless the function is compiled with ``checked=True``, which raises the "
    "ValueError when it runs."
)
POW_EXAMPLE = """
>>> ak.asarray([2, 3]) ** -1
Traceback (most recent call last):
    ...
ValueError: Integers to negative integer powers are not allowed."""
