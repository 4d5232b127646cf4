"""NumPy's names of the standard's elementwise functions (``absolute`` is ``abs``, ``power``
is ``pow``...): thin aliases that call the standard function, so there is one
implementation; errors name the alias.  Refused under ``promotion="strict"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .. import _config
from .. import _elementwise as ew
from .._array import Array
from .._types import BinaryFunction, UnaryFunction
from ._base import SPELLINGS, refusal, renamed

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)
S = TypeVar("S")


def _unary_alias(name: str, target: UnaryFunction, example: str) -> UnaryFunction:
    return _alias(name, target, 1, example)


def _binary_alias(name: str, target: BinaryFunction[S], example: str) -> BinaryFunction[S]:
    return _alias(name, target, 2, example)


def _alias(
    name: str, target: Callable[..., Array], arity: int, example: str
) -> Callable[..., Array]:
    std = target.__name__
    message = refusal(name, f"ak.{std}")
    get = _config.get
    fn: Callable[..., Array]
    if arity == 1:

        def unary(x: Array, /) -> Array:
            if get().promotion.name == "strict":
                raise TypeError(message)
            try:
                return target(x)
            except _ERRORS as e:
                raise renamed(e, std, name) from None

        fn = unary
    else:

        def binary(x1: Any, x2: Any, /) -> Array:
            if get().promotion.name == "strict":
                raise TypeError(message)
            try:
                return target(x1, x2)
            except _ERRORS as e:
                raise renamed(e, std, name) from None

        fn = binary

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (
        f"NumPy's name for :func:`arraykit.{std}` (the standard's): the same function, with "
        f"NumPy's ``{name}`` in error messages.  NumPy's ufunc keywords (``out``, ``where``, "
        f"``dtype``...) are not taken, as by every arraykit elementwise function.\n\n"
        f"NumPy: https://numpy.org/doc/stable/reference/generated/numpy.{name}.html\n\n"
        f"Examples\n--------\n>>> {example}\n"
    )
    SPELLINGS[name] = f"ak.{std}"
    _ALIASES[name] = (target, arity, example)
    return fn


# NumPy's name -> (the standard's function, arity, example): a row per alias below.
_ALIASES: dict[str, tuple[Callable[..., Array], int, str]] = {}
absolute = _unary_alias(
    "absolute",
    ew.abs,
    "ak.absolute(ak.asarray([-1.5, 0.0, 2.0]))\nArray([1.5, 0. , 2. ], dtype=float64)",
)
arccos = _unary_alias(
    "arccos",
    ew.acos,
    "ak.arccos(ak.asarray([1.0, -1.0]))\nArray([0.        , 3.14159265], dtype=float64)",
)
arccosh = _unary_alias(
    "arccosh",
    ew.acosh,
    "ak.arccosh(ak.asarray([1.0]))\nArray([0.], dtype=float64)",
)
arcsin = _unary_alias(
    "arcsin",
    ew.asin,
    "ak.arcsin(ak.asarray([0.0, 1.0]))\nArray([0.        , 1.57079633], dtype=float64)",
)
arcsinh = _unary_alias(
    "arcsinh",
    ew.asinh,
    "ak.arcsinh(ak.asarray([0.0, -0.0]))\nArray([ 0., -0.], dtype=float64)",
)
arctan = _unary_alias(
    "arctan",
    ew.atan,
    "ak.arctan(ak.asarray([0.0, ak.inf]))\nArray([0.        , 1.57079633], dtype=float64)",
)
arctan2 = _binary_alias(
    "arctan2",
    ew.atan2,
    "ak.arctan2(ak.asarray([1.0, -1.0]), -1.0)\nArray([ 2.35619449, -2.35619449], dtype=float64)",
)
arctanh = _unary_alias(
    "arctanh",
    ew.atanh,
    "ak.arctanh(ak.asarray([0.0, 1.0]))\nArray([ 0., inf], dtype=float64)",
)
bitwise_not = _unary_alias(
    "bitwise_not",
    ew.bitwise_invert,
    "ak.bitwise_not(ak.asarray([0, 5], dtype=ak.uint8))\nArray([255, 250], dtype=uint8)",
)
invert = _unary_alias(
    "invert",
    ew.bitwise_invert,
    "ak.invert(ak.asarray([True, False]))\nArray([False,  True], dtype=bool)",
)
left_shift = _binary_alias(
    "left_shift",
    ew.bitwise_left_shift,
    "ak.left_shift(ak.asarray([1, 3]), 2)\nArray([ 4, 12], dtype=int64)",
)
right_shift = _binary_alias(
    "right_shift",
    ew.bitwise_right_shift,
    "ak.right_shift(ak.asarray([16, -16]), 2)\nArray([ 4, -4], dtype=int64)",
)
conjugate = _unary_alias(
    "conjugate",
    ew.conj,
    "ak.conjugate(ak.asarray([1 + 2j, 3 - 4j]))\nArray([1.-2.j, 3.+4.j], dtype=complex128)",
)
power = _binary_alias(
    "power",
    ew.pow,
    "ak.power(ak.asarray([2, 3]), 3)\nArray([ 8, 27], dtype=int64)\n"
    ">>> ak.power(ak.asarray([4.0]), 0.5)\nArray([2.], dtype=float64)",
)
true_divide = _binary_alias(
    "true_divide",
    ew.divide,
    "ak.true_divide(ak.asarray([1, 3]), 2)\nArray([0.5, 1.5], dtype=float64)",
)
mod = _binary_alias(
    "mod",
    ew.remainder,
    "ak.mod(ak.asarray([-3, 3]), 2)\nArray([1, 1], dtype=int64)",
)

__all__ = [
    "absolute",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctan2",
    "arctanh",
    "bitwise_not",
    "conjugate",
    "invert",
    "left_shift",
    "mod",
    "power",
    "right_shift",
    "true_divide",
]
