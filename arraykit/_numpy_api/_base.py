"""What every NumPy extension shares: the refusal under ``promotion="strict"``, argument
checks with NumPy's parameter names, and the registry the docs and tests read.

``@numpy_function(spelling)`` marks a function as NumPy's, not the standard's: under
``ak.use(promotion="strict")`` it raises ``TypeError`` naming the standard's spelling
(``spelling``), as the ``Array`` methods of ``_ndarray`` do.  The check is one context
lookup; the wrapper adds well under a microsecond to a call.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .. import _config
from .._array import Array
from .._core import check_array

F = TypeVar("F", bound=Callable[..., Any])

#: name -> the standard's spelling (None: the standard has no counterpart), for every
#: NumPy extension; ``tests/test_numpy_api.py`` and the docs read it.
SPELLINGS: dict[str, str | None] = {}


def refusal(name: str, spelling: str | None) -> str:
    """The ``TypeError`` message for ``name`` under ``promotion="strict"``."""
    instead = (
        f"use {spelling}"
        if spelling
        else "the standard has no counterpart (compose it from the standard's functions)"
    )
    return (
        f"{name} is NumPy's, not the array API standard's (refused under "
        f"promotion='strict'); {instead}"
    )


def numpy_function(spelling: str | None, name: str | None = None) -> Callable[[F], F]:
    """Register ``fn`` as the NumPy extension ``name`` (default: its own name), refused
    under ``promotion="strict"`` with a message naming ``spelling``."""

    def decorate(fn: F) -> F:
        public = name or fn.__name__
        message = refusal(public, spelling)
        get = _config.get

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if get().promotion.name == "strict":
                raise TypeError(message)
            return fn(*args, **kwargs)

        wrapper.__name__ = wrapper.__qualname__ = public
        SPELLINGS[public] = spelling
        return wrapper  # type: ignore[return-value]

    return decorate


def renamed(error: BaseException, old: str, new: str) -> BaseException:
    """``error`` raised by the standard function ``old`` on behalf of its NumPy alias
    ``new``: the same exception class, its message naming ``new`` (``absolute: 'x' must
    be...``), so that errors name the function the user called."""
    text = str(error)
    if not text.startswith(f"{old}:"):
        return error
    try:
        return type(error)(f"{new}:{text[len(old) + 1 :]}")
    except Exception:  # an exception class with another constructor: keep it
        return error


def array(x: Any, fn: str, arg: str) -> Array:
    """``x`` if it is an arraykit array; else ``TypeError`` naming ``fn`` and ``arg``."""
    return check_array(x, fn, arg)


def known(shape: tuple[int | None, ...], fn: str) -> tuple[int, ...]:
    """``shape`` (of an array ``fn`` works on) with every size known; else ``ValueError``
    naming the remedy, where a lazy driver does not know a size yet (``None``: a boolean
    index, ``nonzero`` or ``unique_*`` made it) and ``fn`` needs it."""
    if None in shape:
        raise ValueError(
            f"{fn}: shape {shape} has unknown sizes (None, from a boolean index, nonzero or "
            "unique_*) that this function needs: call ak.compute(x) first"
        )
    return cast("tuple[int, ...]", shape)


def sequence(arrays: Any, fn: str, arg: str) -> list[Array]:
    """A non-empty tuple or list of arraykit arrays (NumPy's ``tup``, ``arrays``...)."""
    if not isinstance(arrays, (tuple, list)):
        raise TypeError(
            f"{fn}: {arg!r} must be a tuple or list of arrays, got {type(arrays).__name__}"
        )
    if not arrays:
        raise ValueError(f"{fn}: {arg!r} needs at least one array")
    for i, a in enumerate(arrays):
        check_array(a, fn, f"{arg}[{i}]")
    return list(arrays)


def scalar(value: Any, fn: str, arg: str) -> Any:
    """A Python number (NumPy scalars and 0-D arrays become one, as where the standard
    takes a Python scalar); else ``TypeError`` naming ``fn`` and ``arg``."""
    from .._core import python_scalar

    value, _ = python_scalar(value, fn, arg)
    if not isinstance(value, (bool, int, float, complex)):
        raise TypeError(f"{fn}: {arg!r} must be a Python scalar, got {type(value).__name__}")
    return value


def same_driver(arrays: Any, fn: str) -> None:
    """``ValueError`` naming ``fn`` if ``arrays`` live on two drivers or devices (also
    where the function would not combine them, as ``atleast_1d(a, b)``)."""
    from .._core import same_driver as check

    if len(arrays) > 1:
        check(arrays, fn)


def no_out(fn: str, out: Any) -> None:
    """NumPy's ``out=`` is accepted only as ``None`` (arraykit returns new arrays)."""
    if out is not None:
        raise TypeError(f"{fn}: out= is not supported (arraykit returns new arrays)")


def like(x: Array, value: Any, fn: str, arg: str) -> Array:
    """``value`` (an arraykit array, NumPy data or a Python scalar) as an array on ``x``'s
    driver and device; arrays of another driver are refused by the caller's checks."""
    if value.__class__ is Array:
        return value
    if isinstance(value, (bool, int, float, complex)):
        from .._creation import asarray

        return asarray(value, device=x.device, driver=x._driver)
    from .._core import host_operand, is_host_data

    if is_host_data(value):
        return host_operand(value, x._driver, x._value, fn, arg)
    raise TypeError(
        f"{fn}: {arg!r} must be an arraykit array or a Python scalar, got "
        f"{type(value).__name__}; convert it with ak.asarray()"
    )


def namespace() -> Any:
    """The public namespace ``arraykit`` (for helpers shared with ``Array``'s methods,
    which take it as an argument)."""
    return sys.modules["arraykit"]
