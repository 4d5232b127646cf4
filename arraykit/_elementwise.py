"""Elementwise functions, generated from one table.

Each row names a spec function, the dtypes it accepts and the dtype it returns.  The
generated function checks its arguments, promotes once (``_promotion``), casts where
needed and calls the driver primitive of the same name.  The common case — arrays of
one dtype, one driver — takes a short path that costs a few hundred nanoseconds.

Functions whose spec says inputs "should have a floating-point dtype" accept integer
and bool arrays too, computing in the default float dtype as NumPy and JAX do, except
under ``promotion="strict"``, where they raise ``TypeError``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/elementwise_functions.html
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

import numpy as np

from . import _aliasing, _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._core import broadcast_shapes as _broadcast_shapes
from ._core import (
    check_array,
    host_operand,
    is_host_data,
    new,
    python_scalar,
    refuse_unknown_broadcast,
    same_driver,
    scalar_to_native,
)
from ._elementwise_doc import docstring
from ._powers import POW_EXAMPLE, POW_NOTE, integer_power
from ._types import BinaryFunction, UnaryFunction

# The public functions: every row of the table below, clip and positive.
__all__ = [
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_invert", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal", "exp", "expm1",
    "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf",
    "isnan", "less", "less_equal", "log", "log1p", "log2", "log10", "logaddexp", "logical_and",
    "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal", "remainder", "round",
    "sign", "signbit", "sin", "sinh", "sqrt", "square", "subtract", "tan", "tanh", "trunc",
]  # fmt: skip

_SPEC = "https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.{}.html"

# Dtype categories: (allowed dtypes, words for error messages, inexact?).  "inexact"
# categories accept integers/bools by computing in the default float dtype.  The extra
# float16 (not in the standard) is a real floating dtype here, as in NumPy.
_F16 = dt.EXTRA_REAL_FLOATING
S = TypeVar("S")


class Category(NamedTuple, Generic[S]):
    """A dtype category: the dtypes a function accepts, their name in error messages, and
    whether integers and booleans are computed in the default float dtype.  ``S`` is the
    Python scalar type the standard lets stand for an array operand of such a function
    (``complex`` takes ints and floats too, as a type)."""

    dtypes: frozenset[np.dtype[Any]]
    words: str
    inexact: bool


NUMERIC: Category[complex] = Category(frozenset((*dt.NUMERIC, *_F16)), "numeric", False)
REAL: Category[float] = Category(
    frozenset((*dt.INTEGER, *dt.REAL_FLOATING, *_F16)), "real-valued", False
)
FLOATING: Category[complex] = Category(frozenset((*dt.FLOATING, *_F16)), "floating-point", True)
REAL_FLOATING: Category[float] = Category(
    frozenset((*dt.REAL_FLOATING, *_F16)), "real floating-point", True
)
INTEGER: Category[int] = Category(frozenset(dt.INTEGER), "integer", False)
INTEGER_OR_BOOL: Category[int] = Category(
    frozenset((dt.bool, *dt.INTEGER)), "integer or boolean", False
)
BOOLEAN: Category[bool] = Category(frozenset((dt.bool,)), "boolean", False)
ANY: Category[complex] = Category(frozenset((*dt.ALL, *_F16)), "any", False)

# Functions NumPy computes for float16 (an extra dtype) in float32, rounding once: all
# but those whose float16 result is exact or correctly rounded however it is computed
# (arithmetic, sqrt, comparisons, rounding, sign and bit operations).  Drivers that chain
# float16 operations (TF's and JAX's hypot, logaddexp, divmod, sinh) would lose digits.
_F16_IN_F32 = frozenset({
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cos", "cosh", "exp", "expm1",
    "floor_divide", "hypot", "log", "log1p", "log2", "log10", "logaddexp", "pow", "remainder",
    "sin", "sinh", "tan", "tanh",
})  # fmt: skip

# How the output dtype follows from the (promoted) input dtype.
SAME = "same"
BOOL = "bool"
REAL_PART = "real"  # complex -> real of the same precision, else the same

# name -> (arity, category, output, summary): a row per function defined below.
TABLE: dict[str, tuple[int, Category[Any], str, str]] = {}


_PY_SCALARS = (bool, int, float, complex)
_object_new = object.__new__


def _out_dtype(rule: str, dtype: np.dtype) -> np.dtype:
    if rule is SAME:
        return dtype
    if rule is BOOL:
        return dt.bool
    return dt.REAL_OF.get(dtype, dtype)


# Booleans under the non-strict modes, as in NumPy and JAX: ``mask1 + mask2`` is their
# logical OR (SciPy's tests combine masks so), ``*`` and ``minimum`` their AND.
_BOOL_AS = {
    "add": "logical_or",
    "maximum": "logical_or",
    "multiply": "logical_and",
    "minimum": "logical_and",
}


def _inexact(name: str, dtype: np.dtype, category: Category[Any]) -> np.dtype:
    """The dtype to compute ``name`` in when ``dtype`` is not allowed; or TypeError."""
    _allowed, words, inexact = category
    cfg = _config.get()
    if cfg.promotion.name != "strict":
        if inexact and dtype in (dt.bool, *dt.INTEGER):
            return cfg.default_float
        if category is BOOLEAN:
            # logical_* of numbers: their truth values, as NumPy, JAX, TF-NumPy and PyTorch
            # do (scikit-learn's roc_curve calls logical_or on float differences).
            return dt.bool
    raise TypeError(f"{name}: expected an array of a {words} dtype, got {dtype}")


def _float16_in_float32(drv: Any, name: str, *values: Any) -> Any:
    """``name`` of float16 operands computed as NumPy does: in float32, rounded once."""
    args = [v if v.__class__ in _PY_SCALARS else drv.astype(v, dt.float32) for v in values]
    return drv.astype(getattr(drv, name)(*args), dt.float16)


def _unary(name: str, category: Category[Any], rule: str) -> Callable[[Array], Array]:
    via_f32 = name in _F16_IN_F32
    allowed = category[0] - {dt.float16} if via_f32 else category[0]  # the hot path's
    same = rule is SAME

    def fn(x: Array, /) -> Array:
        if same and x.__class__ is Array and x._dtype in allowed:
            # The hot path (sin, exp, ... of an allowed dtype), with Array._new inlined:
            # a primitive of a compiled backend costs a few us, this wrapper ~0.4 us.
            drv = x._driver
            out = _object_new(Array)  # type: ignore[type-abstract]  # methods installed by _methods
            out._value = getattr(drv, name)(x._value)
            out._driver = drv
            out._dtype = x._dtype
            return out
        if x.__class__ is not Array:
            check_array(x, name)
        drv = x._driver
        dtype = x._dtype
        value = x._value
        if via_f32 and dtype is dt.float16:
            return new(_float16_in_float32(drv, name, value), drv, dtype)
        if dtype not in allowed:
            dtype = _inexact(name, dtype, category)
            value = drv.astype(value, dtype)
        return new(getattr(drv, name)(value), drv, _out_dtype(rule, dtype))

    return fn


def _binary(name: str, category: Category[Any], rule: str) -> Callable[[Any, Any], Array]:
    allowed = category[0]
    via_f32 = name in _F16_IN_F32

    def fn(x1: Any, x2: Any, /) -> Array:
        if x1.__class__ is Array:
            drv = x1._driver
            v1 = x1._value
            dt1 = x1._dtype
            if x2.__class__ is Array:
                v2 = x2._value
                dt2 = x2._dtype
                if x2._driver is not drv or drv.capabilities.multi_device:
                    same_driver((x1, x2), name)
                if dt1 is dt2:
                    dtype = dt1
                else:
                    cfg = _config.get()
                    dtype = _promotion.promote(cfg.promotion, dt1, dt2, cfg.default_float, name)
                    if dt1 is not dtype:
                        v1 = drv.astype(v1, dtype)
                    if dt2 is not dtype:
                        v2 = drv.astype(v2, dtype)
            else:
                dtype, v2 = _promote_scalar(drv, dt1, v1, x2, name, "x2")
                if dt1 is not dtype:
                    v1 = drv.astype(v1, dtype)
        elif x2.__class__ is Array:
            drv = x2._driver
            v2 = x2._value
            dtype, v1 = _promote_scalar(drv, x2._dtype, v2, x1, name, "x1")
            if x2._dtype is not dtype:
                v2 = drv.astype(v2, dtype)
        else:
            raise TypeError(
                f"{name}: at least one argument must be an arraykit array, got "
                f"{type(x1).__name__} and {type(x2).__name__}"
            )
        op = name
        if dtype not in allowed:
            bool_op = _BOOL_AS.get(name) if dtype is dt.bool else None
            if bool_op is not None and _config.get().promotion.name != "strict":
                op = bool_op
            else:
                new_dtype = _inexact(name, dtype, category)
                v1, v2, dtype = _cast(drv, v1, new_dtype), _cast(drv, v2, new_dtype), new_dtype
        try:
            if via_f32 and dtype is dt.float16:
                out = _float16_in_float32(drv, op, v1, v2)
            else:
                out = getattr(drv, op)(v1, v2)
        except Exception as e:
            _diagnose(name, drv, v1, v2, e)
            raise
        return new(out, drv, _out_dtype(rule, dtype))

    return fn


def _promote_scalar(
    drv: Any, dtype: np.dtype, like: Any, scalar: Any, name: str, arg: str
) -> tuple[np.dtype, Any]:
    """The result dtype of ``dtype`` with a Python scalar, and the scalar as an operand."""
    kind = _promotion.scalar_kind(scalar)
    if kind is None:
        if is_host_data(scalar):  # np.float32(1), np.array([...]): arrays of their dtype
            other = host_operand(scalar, drv, like, name, arg)
            cfg = _config.get()
            joint = _promotion.promote(cfg.promotion, dtype, other._dtype, cfg.default_float, name)
            value = other._value
            return joint, (value if other._dtype is joint else drv.astype(value, joint))
        raise TypeError(
            f"{name}: {arg!r} must be an arraykit array or a Python scalar, got "
            f"{type(scalar).__name__}; convert it with ak.asarray()"
        )
    cfg = _config.get()
    out = cfg.scalar_results.get((dtype, kind))
    if out is None:
        out = _promotion.promote_scalar(
            cfg.promotion, dtype, kind, cfg.default_int, cfg.default_float, name
        )
        cfg.scalar_results[(dtype, kind)] = out
    if drv.capabilities.python_scalars:
        if kind == "i" and out.kind in "iu":
            _check_int(scalar, out, name)
        return out, scalar  # the driver takes it as is
    return out, scalar_to_native(drv, scalar, out, like, name)


def _check_int(value: int, dtype: np.dtype, fn: str) -> None:
    lo, hi = dt.INT_BOUNDS[dtype]
    if not lo <= value <= hi:
        raise OverflowError(f"{fn}: Python int {value} is out of bounds for {dtype}")


def _cast(drv: Any, v: Any, dtype: np.dtype) -> Any:
    """``v`` cast to ``dtype``; a Python scalar operand stays one (see _promote_scalar)."""
    return v if v.__class__ in _PY_SCALARS else drv.astype(v, dtype)


def _diagnose(name: str, drv: Any, v1: Any, v2: Any, error: Exception) -> None:
    """Turn a backend's broadcasting failure into the spec's ValueError with both shapes."""
    s1, s2 = (() if v.__class__ in _PY_SCALARS else tuple(drv.shape_of(v)) for v in (v1, v2))
    try:
        _broadcast_shapes(s1, s2, fn=name)
    except ValueError as e:
        raise ValueError(f"{name}: shapes {s1} and {s2} cannot be broadcast together") from e
    refuse_unknown_broadcast(name, (s1, s2), error)


def _name(fn: Any, name: str, doc: str | None) -> None:
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "arraykit"
    fn.__doc__ = doc


def _register(
    fn: Any, name: str, arity: int, category: Category[Any], rule: str, summary: str
) -> None:
    TABLE[name] = (arity, category, rule, summary)
    _name(fn, name, docstring(name, arity, summary, category[1], category[2], _SPEC.format(name)))


def _define_unary(name: str, category: Category[Any], rule: str, summary: str) -> UnaryFunction:
    fn = _unary(name, category, rule)
    _register(fn, name, 1, category, rule, summary)
    return fn


def _define_binary(name: str, category: Category[S], rule: str, summary: str) -> BinaryFunction[S]:
    """The function ``name`` of two arguments, either of them a Python scalar of type ``S``."""
    fn = _binary(name, category, rule)
    _register(fn, name, 2, category, rule, summary)
    return fn


# The table: name, dtype category, output rule, summary (the docstring's first line).
abs = _define_unary("abs", NUMERIC, REAL_PART, "Absolute value |x|")
acos = _define_unary("acos", FLOATING, SAME, "Inverse cosine")
acosh = _define_unary("acosh", FLOATING, SAME, "Inverse hyperbolic cosine")
add = _define_binary("add", NUMERIC, SAME, "Sum x1 + x2")
asin = _define_unary("asin", FLOATING, SAME, "Inverse sine")
asinh = _define_unary("asinh", FLOATING, SAME, "Inverse hyperbolic sine")
atan = _define_unary("atan", FLOATING, SAME, "Inverse tangent")
atan2 = _define_binary("atan2", REAL_FLOATING, SAME, "Inverse tangent of x1/x2, quadrant-aware")
atanh = _define_unary("atanh", FLOATING, SAME, "Inverse hyperbolic tangent")
bitwise_and = _define_binary("bitwise_and", INTEGER_OR_BOOL, SAME, "Bitwise AND")
bitwise_left_shift = _define_binary(
    "bitwise_left_shift", INTEGER, SAME, "Shift x1's bits left by x2"
)
bitwise_invert = _define_unary("bitwise_invert", INTEGER_OR_BOOL, SAME, "Bitwise NOT")
bitwise_or = _define_binary("bitwise_or", INTEGER_OR_BOOL, SAME, "Bitwise OR")
bitwise_right_shift = _define_binary(
    "bitwise_right_shift", INTEGER, SAME, "Shift x1's bits right by x2"
)
bitwise_xor = _define_binary("bitwise_xor", INTEGER_OR_BOOL, SAME, "Bitwise XOR")
ceil = _define_unary("ceil", REAL, SAME, "Smallest integer >= x")
conj = _define_unary("conj", NUMERIC, SAME, "Complex conjugate")
copysign = _define_binary("copysign", REAL_FLOATING, SAME, "|x1| with the sign of x2")
cos = _define_unary("cos", FLOATING, SAME, "Cosine")
cosh = _define_unary("cosh", FLOATING, SAME, "Hyperbolic cosine")
divide = _define_binary("divide", FLOATING, SAME, "True division x1 / x2")
equal = _define_binary("equal", ANY, BOOL, "x1 == x2")
exp = _define_unary("exp", FLOATING, SAME, "Exponential e**x")
expm1 = _define_unary("expm1", FLOATING, SAME, "exp(x) - 1, accurate near 0")
floor = _define_unary("floor", REAL, SAME, "Largest integer <= x")
floor_divide = _define_binary("floor_divide", REAL, SAME, "Floor division x1 // x2")
greater = _define_binary("greater", REAL, BOOL, "x1 > x2")
greater_equal = _define_binary("greater_equal", REAL, BOOL, "x1 >= x2")
hypot = _define_binary("hypot", REAL_FLOATING, SAME, "sqrt(x1**2 + x2**2) without overflow")
imag = _define_unary("imag", NUMERIC, REAL_PART, "Imaginary part")
isfinite = _define_unary("isfinite", NUMERIC, BOOL, "Whether x is finite")
isinf = _define_unary("isinf", NUMERIC, BOOL, "Whether x is infinite")
isnan = _define_unary("isnan", NUMERIC, BOOL, "Whether x is NaN")
less = _define_binary("less", REAL, BOOL, "x1 < x2")
less_equal = _define_binary("less_equal", REAL, BOOL, "x1 <= x2")
log = _define_unary("log", FLOATING, SAME, "Natural logarithm")
log1p = _define_unary("log1p", FLOATING, SAME, "log(1 + x), accurate near 0")
log2 = _define_unary("log2", FLOATING, SAME, "Base-2 logarithm")
log10 = _define_unary("log10", FLOATING, SAME, "Base-10 logarithm")
logaddexp = _define_binary("logaddexp", REAL_FLOATING, SAME, "log(exp(x1) + exp(x2))")
logical_and = _define_binary("logical_and", BOOLEAN, SAME, "Logical AND")
logical_not = _define_unary("logical_not", BOOLEAN, SAME, "Logical NOT")
logical_or = _define_binary("logical_or", BOOLEAN, SAME, "Logical OR")
logical_xor = _define_binary("logical_xor", BOOLEAN, SAME, "Logical XOR")
maximum = _define_binary("maximum", REAL, SAME, "Elementwise maximum (NaN-propagating)")
minimum = _define_binary("minimum", REAL, SAME, "Elementwise minimum (NaN-propagating)")
multiply = _define_binary("multiply", NUMERIC, SAME, "Product x1 * x2")
negative = _define_unary("negative", NUMERIC, SAME, "Numerical negative -x")
nextafter = _define_binary(
    "nextafter", REAL_FLOATING, SAME, "Next representable value after x1 towards x2"
)
not_equal = _define_binary("not_equal", ANY, BOOL, "x1 != x2")
pow = _define_binary("pow", NUMERIC, SAME, "x1 raised to the power x2")
real = _define_unary("real", NUMERIC, REAL_PART, "Real part")
reciprocal = _define_unary("reciprocal", FLOATING, SAME, "1 / x")
remainder = _define_binary(
    "remainder", REAL, SAME, "Remainder of floor division, with the sign of x2"
)
round = _define_unary("round", NUMERIC, SAME, "Round half to even")
sign = _define_unary("sign", NUMERIC, SAME, "Sign (x/|x| for complex)")
signbit = _define_unary("signbit", REAL_FLOATING, BOOL, "Whether the sign bit is set")
sin = _define_unary("sin", FLOATING, SAME, "Sine")
sinh = _define_unary("sinh", FLOATING, SAME, "Hyperbolic sine")
square = _define_unary("square", NUMERIC, SAME, "x * x")
sqrt = _define_unary("sqrt", FLOATING, SAME, "Square root")
subtract = _define_binary("subtract", NUMERIC, SAME, "Difference x1 - x2")
tan = _define_unary("tan", FLOATING, SAME, "Tangent")
tanh = _define_unary("tanh", FLOATING, SAME, "Hyperbolic tangent")
trunc = _define_unary("trunc", REAL, SAME, "Round towards zero")

# Comparisons of an integer array with a Python int outside its dtype's range answer, as
# NumPy 2 does (NEP 50): ``int8_array < 1000`` is all True, ``== 1000`` all False.  The
# answer is a comparison with the dtype's bound that is constant for every element
# (``x <= 127`` is True everywhere), so it keeps x's shape, device and tracing.
_MIRROR = {
    "less": "greater",
    "less_equal": "greater_equal",
    "greater": "less",
    "greater_equal": "less_equal",
    "equal": "equal",
    "not_equal": "not_equal",
}
_TRUE_ABOVE = ("less", "less_equal", "not_equal")  # x OP v is True for v above every x
_TRUE_BELOW = ("greater", "greater_equal", "not_equal")  # ... and for v below every x


def _comparing_beyond_range(by_table: BinaryFunction[S], name: str) -> BinaryFunction[S]:
    mirrored = _MIRROR[name]

    def fn(x1: Any, x2: Any, /) -> Array:
        if x2.__class__ is int and _beyond(x1, x2):
            return _constant_comparison(name, x1, x2)
        if x1.__class__ is int and _beyond(x2, x1):
            return _constant_comparison(mirrored, x2, x1)
        return by_table(x1, x2)

    _name(fn, name, by_table.__doc__)  # its note: _elementwise_doc.NOTES
    return fn


def _beyond(x: Any, value: int) -> bool:
    """Whether ``value`` lies outside the range of ``x``'s integer dtype."""
    if x.__class__ is not Array or x._dtype.kind not in "iu":
        return False
    lo, hi = dt.INT_BOUNDS[x._dtype]
    return not lo <= value <= hi


def _constant_comparison(name: str, x: Array, value: int) -> Array:
    lo, hi = dt.INT_BOUNDS[x._dtype]
    if value > hi:
        return less_equal(x, hi) if name in _TRUE_ABOVE else greater(x, hi)
    return greater_equal(x, lo) if name in _TRUE_BELOW else less(x, lo)


less = _comparing_beyond_range(less, "less")
less_equal = _comparing_beyond_range(less_equal, "less_equal")
greater = _comparing_beyond_range(greater, "greater")
greater_equal = _comparing_beyond_range(greater_equal, "greater_equal")
equal = _comparing_beyond_range(equal, "equal")
not_equal = _comparing_beyond_range(not_equal, "not_equal")

_imag_by_table = imag


def _imag(x: Array, /) -> Array:
    # The standard's imag takes complex input; NumPy's also takes real input (zeros of its
    # dtype), which arraykit keeps as an extension, refused under promotion="strict".
    if x.__class__ is Array and x._dtype.kind != "c" and _config.get().promotion.name == "strict":
        raise TypeError(
            f"imag: expected an array of a complex floating-point dtype, got {x._dtype} "
            "(imag of real input is a NumPy extension, refused under promotion='strict')"
        )
    out = _imag_by_table(x)
    return _aliasing.part(x, out, "imag")  # a view, as NumPy's (read-only zeros for real x)


_real_by_table = real


def _real(x: Array, /) -> Array:
    return _aliasing.part(x, _real_by_table(x), "real")  # a view, as NumPy's


_name(_imag, "imag", _imag_by_table.__doc__)
imag = _imag
_name(_real, "real", _real_by_table.__doc__)
real = _real

_pow_by_table = pow
_INT32 = (-(2**31), 2**31 - 1)


def _pow(x1: Any, x2: Any, /) -> Array:
    # ``x ** n``, n a Python int, on a real floating-point array: the driver's repeated
    # multiplication where it has one (JAX's lax.integer_pow, which is what jax.numpy does
    # for ``x ** 2``: no exp/log, and a gradient n * x**(n-1) that needs no log(x)).  A
    # float array with a Python int keeps its dtype in every promotion mode.  Complex
    # arrays keep the general path (its special values at 0 and infinity).
    if (
        x2.__class__ is int
        and x1.__class__ is Array
        and x1._dtype.kind == "f"
        and _INT32[0] <= x2 <= _INT32[1]
    ):
        fast = x1._driver.integer_pow
        if fast is not None:
            return new(fast(x1._value, x2), x1._driver, x1._dtype)
    out = _pow_by_table(x1, x2)
    if out._dtype.kind == "i":  # an unsigned result has unsigned (or bool) operands
        return integer_power(out, x1, x2)  # NumPy's ValueError for negative exponents
    return out


_name(
    _pow,
    "pow",
    str(_pow_by_table.__doc__).replace("\n\nSpec:", f"\n\n{POW_NOTE}\n\nSpec:", 1) + POW_EXAMPLE,
)
pow = _pow


def positive(x: Array, /) -> Array:
    """+x (a copy of ``x``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.positive.html

    Examples
    --------
    >>> ak.positive(ak.asarray([-1, 2]))
    Array([-1,  2], dtype=int64)
    """
    check_array(x, "positive")
    if x._dtype not in NUMERIC[0]:
        raise TypeError(f"positive: expected an array of a numeric dtype, got {x._dtype}")
    return new(x._driver.copy(x._value), x._driver, x._dtype)


def clip(
    x: Array,
    /,
    min: int | float | Array | None = None,
    max: int | float | Array | None = None,
) -> Array:
    """Clamp each element to ``[min, max]``; bounds may be arrays or Python scalars.

    The result has ``x``'s dtype and shape; array bounds must broadcast to ``x``'s shape.
    A Python int bound outside the range of ``x``'s integer dtype bounds nothing, as in
    NumPy 2 (``clip(int8_array, max=1000)`` is a copy).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.clip.html

    Examples
    --------
    >>> ak.clip(ak.asarray([1, 5, 9]), 2, 6)
    Array([2, 5, 6], dtype=int64)
    >>> ak.clip(ak.asarray([-1.5, ak.nan, 3.0]), 0.0, 1.0)
    Array([ 0., nan,  1.], dtype=float64)
    >>> ak.clip(ak.asarray([1, 100], dtype=ak.int8), max=1000)
    Array([  1, 100], dtype=int8)
    """
    check_array(x, "clip")
    if x._dtype not in REAL[0]:
        raise TypeError(f"clip: expected an array of a real-valued dtype, got {x._dtype}")
    drv = x._driver
    bounds: list[Any] = []
    bound: Any  # a bound, then the array or Python scalar it stands for
    for arg, bound in (("min", min), ("max", max)):
        if bound is None:
            bounds.append(None)
            continue
        if bound.__class__ is not Array and is_host_data(bound):  # np.float64(2.0), arrays
            if np.ndim(bound):
                bound = host_operand(bound, drv, x._value, "clip", arg)
            else:
                bound, _ = python_scalar(bound, "clip", arg)
        if bound.__class__ is Array:
            same_driver((x, bound), "clip")
            if bound._dtype.kind != x._dtype.kind and not (
                bound._dtype.kind in "iu" and x._dtype.kind in "iu"
            ):
                raise TypeError(f"clip: {arg!r} has dtype {bound._dtype}, x has {x._dtype}")
            _broadcast_shapes(x.shape, bound.shape, fn="clip")  # the result broadcasts all three
            bounds.append(drv.astype(bound._value, x._dtype))
        else:
            kind = _promotion.scalar_kind(bound)
            if kind not in ("i", "f") or (kind == "f" and x._dtype.kind in "iu"):
                raise TypeError(
                    f"clip: {arg!r} must be an array or a Python scalar of x's kind, got {bound!r}"
                )
            if x._dtype.kind in "iu":
                info = np.iinfo(x._dtype)
                bound = min_(max_(bound, info.min), info.max)  # out-of-range: no-op bound
            bounds.append(drv.asarray(bound, x._dtype, drv.device_of(x._value), None))
    return new(drv.clip(x._value, bounds[0], bounds[1]), drv, x._dtype)


min_, max_ = min, max  # the builtins, before this module's names shadow nothing
