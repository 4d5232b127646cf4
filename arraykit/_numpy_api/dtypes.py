"""NumPy's data type routines and scalar types (NumPy reference: "Data type routines",
"Scalars").

arraykit's dtypes are NumPy's dtype objects, so NumPy's scalar *types* are dtype spellings
here as in NumPy (``dtype=ak.float_``).  They are NumPy's own classes, not new ones:
``ak.float_ is np.float64``, so ``x.dtype == ak.float_``, ``isinstance(v, ak.float_)`` of
a NumPy scalar and ``ak.issubdtype(x.dtype, ak.inexact)`` all mean what they mean in
NumPy.  NumPy 2 dropped ``float_``, ``complex_``, ``string_`` and ``unicode_``;
TF-NumPy still has them (as ``float64``, ``complex128``, ``bytes_`` and ``str_``), and so
does arraykit.  ``object_``, ``string_`` and ``unicode_`` exist for dtype checks only:
arraykit holds no object or string arrays, so ``dtype=ak.object_`` raises ``TypeError``.
``ndarray`` is ``ak.Array``, the one array class, for ``isinstance`` checks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _config, _promotion
from .. import _dtypes as dt
from .._array import Array
from ._base import numpy_function

__all__ = [
    "bool_", "complex_", "complexfloating", "float_", "floating", "generic", "inexact",
    "int_", "integer", "issubdtype", "ndarray", "number", "object_", "promote_types",
    "signedinteger", "string_", "unicode_", "unsignedinteger"
]  # fmt: skip

bool_ = np.bool_
int_ = np.int_
float_ = np.float64
complex_ = np.complex128
object_ = np.object_
string_ = np.bytes_
unicode_ = np.str_
# NumPy's abstract scalar types: the second argument of issubdtype.
generic = np.generic
number = np.number
integer = np.integer
signedinteger = np.signedinteger
unsignedinteger = np.unsignedinteger
inexact = np.inexact
floating = np.floating
complexfloating = np.complexfloating
ndarray = Array

_ABSTRACT = (generic, number, integer, signedinteger, unsignedinteger, inexact, floating,
             complexfloating)  # fmt: skip


def _as_dtype(arg: Any, fn: str, name: str) -> Any:
    """An abstract NumPy type as it is; anything else as the dtype it spells (an array's
    dtype for an array)."""
    if any(arg is t for t in _ABSTRACT):
        return arg
    if arg.__class__ is Array:
        return arg.dtype
    try:
        return dt.canonical(arg)
    except TypeError:
        try:
            return np.dtype(arg)  # object_, str_...: not arraykit's, but NumPy's answer
        except TypeError:
            raise TypeError(f"{fn}: {name!r} must be a dtype or a type, got {arg!r}") from None


@numpy_function("ak.isdtype(dtype, kind)")
def issubdtype(arg1: Any, arg2: Any) -> bool:
    """Whether ``arg1`` is ``arg2`` or below it in NumPy's type hierarchy.

    As NumPy's: each argument is a dtype, anything that spells one, or one of NumPy's
    abstract types (``ak.floating``, ``ak.integer``, ``ak.inexact``, ``ak.number``...).
    Python's ``float`` and ``int`` spell the active default dtypes.  The extra
    ``bfloat16`` counts as a floating type (NumPy's ml_dtypes type does not).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.issubdtype.html

    Examples
    --------
    >>> ak.issubdtype(ak.float32, ak.floating), ak.issubdtype(ak.int8, ak.inexact)
    (True, False)
    >>> ak.issubdtype(ak.asarray([1, 2]).dtype, ak.integer)
    True
    """
    a = _as_dtype(arg1, "issubdtype", "arg1")
    b = _as_dtype(arg2, "issubdtype", "arg2")
    if dt.bfloat16 is not None and a is dt.bfloat16:
        return b is dt.bfloat16 or b in (generic, number, inexact, floating)
    return bool(np.issubdtype(a, b))


@numpy_function("ak.result_type(type1, type2)")
def promote_types(type1: Any, type2: Any) -> np.dtype:
    """The smallest dtype both ``type1`` and ``type2`` convert to safely.

    The active promotion mode decides, as in all of arraykit: under the default
    ``"numpy"`` mode NumPy's answer (``promote_types(int8, uint64)`` is float64), under
    ``"jax"`` and ``"safe"`` JAX's lattice.  The arguments are dtypes or their spellings.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.promote_types.html

    Examples
    --------
    >>> ak.promote_types(ak.int8, ak.uint8)
    dtype('int16')
    >>> ak.promote_types("f4", int)
    dtype('float64')
    """
    a = dt.canonical(_as_dtype(type1, "promote_types", "type1"))
    b = dt.canonical(_as_dtype(type2, "promote_types", "type2"))
    cfg = _config.get()
    return _promotion.promote(cfg.promotion, a, b, cfg.default_float, "promote_types")
