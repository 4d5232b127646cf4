"""The bad-input matrix for Array methods, operators, indexing and in-place writes:
generated from the class, so a method added later is covered (see test_bad_input.py)."""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable
from typing import Any

import array_api_strict as xps
import numpy as np
import pytest
from bad_input_cases import (
    NOT_ARRAYS,
)
from fake_drivers import registered_two_cpu_driver

import arraykit as ak

# ---------------------------------------------------------------- indexing and in-place writes

# x of shape (3, 3): keys out of range (IndexError, as NumPy and the standard) and keys of
# no index type (IndexError, as NumPy and array-api-strict).
BAD_KEYS = {
    "int_high": 3,
    "int_low": -4,
    "second_axis": (0, 3),
    "too_many": (0, 0, 0),
    "array_high": "index_array",
    "str": "abc",
    "float": 1.5,
    "object": object(),
}
# (value, exception) for x[0] = value on a float64 x of shape (3, 3).
BAD_VALUES = {
    "str": ("abc", TypeError),
    "object": (object(), TypeError),
    "None": (None, TypeError),
    "complex": (1j, TypeError),
    "shape": ("ones2", ValueError),
    "two_drivers": ("other_driver", ValueError),
}


def _matrix() -> ak.Array:
    return ak.asarray(np.arange(9.0).reshape(3, 3))


def _key(key: Any) -> Any:
    return ak.asarray(np.array([0, 5])) if key == "index_array" else key


def _unchanged(x: ak.Array) -> None:
    np.testing.assert_array_equal(np.asarray(x), np.arange(9.0).reshape(3, 3))


@pytest.mark.parametrize("what", BAD_KEYS)
def test_getitem_bad_key(what: str, driver: ak.drivers.Driver) -> None:
    with pytest.raises(IndexError, match="__getitem__"):
        _matrix()[_key(BAD_KEYS[what])]


@pytest.mark.parametrize("what", BAD_KEYS)
def test_setitem_bad_key_leaves_array_unchanged(what: str, driver: ak.drivers.Driver) -> None:
    x = _matrix()
    with pytest.raises(IndexError, match="__setitem__"):
        x[_key(BAD_KEYS[what])] = 1.0
    _unchanged(x)


@pytest.mark.parametrize("what", BAD_VALUES)
def test_setitem_bad_value_leaves_array_unchanged(what: str, driver: ak.drivers.Driver) -> None:
    value, expected = BAD_VALUES[what]
    x = _matrix()
    view = x[1:]  # a write through a view must not reach the base either
    with registered_two_cpu_driver() as other:
        if value == "ones2":
            value = ak.ones(2)
        elif value == "other_driver":
            value = ak.asarray(np.ones(3), driver=other)
        with pytest.raises(expected, match="__setitem__"):
            x[0] = value
        with pytest.raises(expected, match="__setitem__"):
            view[0] = value
    _unchanged(x)


# In-place operators with a bad right operand: x must be left as it was.
BAD_OPERANDS = {
    "str": ("abc", TypeError),
    "object": (object(), TypeError),
    "shape": ("ones2", ValueError),
    "result_shape": ("ones33x", ValueError),  # broadcasts, but not to x's shape
    "dtype": (1j, TypeError),
    "two_drivers": ("other_driver", ValueError),
}


INPLACE = {"+=": operator.iadd, "-=": operator.isub, "*=": operator.imul,
           "/=": operator.itruediv, "**=": operator.ipow}  # fmt: skip


@pytest.mark.parametrize("what", BAD_OPERANDS)
@pytest.mark.parametrize("op", INPLACE)
def test_inplace_bad_operand_leaves_array_unchanged(
    op: str, what: str, driver: ak.drivers.Driver
) -> None:
    value, expected = BAD_OPERANDS[what]
    x = _matrix()
    with registered_two_cpu_driver() as other:
        if value == "ones2":
            value = ak.ones(2)
        elif value == "ones33x":
            value = ak.ones((2, 3, 3))
        elif value == "other_driver":
            value = ak.asarray(np.ones(3), driver=other)
        with pytest.raises(expected):
            INPLACE[op](x, value)
    _unchanged(x)


# ---------------------------------------------------------------- Array methods and operators

# Method parameter name -> how the matrix treats it.  Unknown names fail the test below.
METHOD_PARAMS = {
    "self": "the array",
    "x": "the array",
    "other": "operand",  # test_operator_bad_operand
    "key": "index",  # test_getitem_bad_key, test_setitem_bad_key_leaves_array_unchanged
    "value": "value",  # test_setitem_bad_value_leaves_array_unchanged
    "device": "device",  # test_to_device_unknown_device
    "api_version": "choice",  # test_array_namespace_unknown_version
    "stream": "DLPack stream, ignored on CPU (tests/test_array_object.py)",
}
# Operator cases Python decides before arraykit is asked, with the reason.
PYTHON_DECIDES = {
    "__rmod__-str": "'abc' % x is str formatting, which takes x as a mapping",
}
# Methods left out, with the reason.
METHODS_EXCLUDED = {
    "__array__": "NumPy protocol: tests/test_numpy_interop.py",
    "__array_function__": "NumPy protocol: tests/test_numpy_interop.py",
    "__array_ufunc__": "NumPy protocol: tests/test_numpy_interop.py",
    "__dlpack__": "DLPack protocol: tests/test_array_object.py",
    "__deepcopy__": "copy protocol (memo dict)",
    "__eq__": "== and != fall back to identity for foreign objects (Python's protocol)",
    "__ne__": "== and != fall back to identity for foreign objects (Python's protocol)",
}


def array_methods() -> dict[str, Callable[..., Any]]:
    return {
        name: obj
        for name, obj in vars(ak.Array).items()
        if callable(obj)
        and not isinstance(obj, (classmethod, staticmethod))
        and not (name.startswith("_") and not name.endswith("__"))
        and name not in METHODS_EXCLUDED
        # NumPy's ndarray methods (arraykit/_ndarray.py, _ndarray_more.py) are extensions to
        # the standard, checked against NumPy's own methods by tests/test_ndarray_methods.py
        # (their functions' bad input by tests/test_bad_input.py, tests/test_numpy_extras.py).
        and getattr(obj, "__module__", None) not in ("arraykit._ndarray", "arraykit._ndarray_more")
    }


METHODS = array_methods()


def test_every_method_parameter_known() -> None:
    unknown = {
        f"{name}({p})"
        for name, fn in METHODS.items()
        for p in inspect.signature(fn).parameters
        if p not in METHOD_PARAMS
    }
    assert not unknown, f"classify these method parameters in tests/test_bad_input.py: {unknown}"


_OPERATOR_NAMES = {n.rstrip("_") for n in dir(operator) if not n.startswith("_")}


def operator_of(name: str) -> Callable[[Any, Any], Any]:
    """``operator.add`` for ``__add__``, ``lambda a, b: operator.add(b, a)`` for ``__radd__``,
    ``operator.iadd`` for ``__iadd__``: the Python syntax that reaches the method."""
    stem = name[2:-2]

    def op(n: str) -> Callable[[Any, Any], Any]:
        return getattr(operator, n, None) or getattr(operator, n + "_")

    if stem in _OPERATOR_NAMES and not (stem.startswith("i") and stem[1:] in _OPERATOR_NAMES):
        return op(stem)
    if stem.startswith("i") and stem in _OPERATOR_NAMES:
        return op(stem)
    forward = op(stem[1:])
    return lambda a, b: forward(b, a)


OPERATORS = sorted(
    name for name, fn in METHODS.items() if "other" in inspect.signature(fn).parameters
)


def _operand_dtype(name: str) -> np.dtype:
    """The first of float64, int64, bool that the operator takes (``&`` takes no floats)."""
    for dtype in ("float64", "int64", "bool"):
        x = ak.asarray(np.ones((3, 3), dtype=dtype))
        try:
            operator_of(name)(x, ak.asarray(np.ones((3, 3), dtype=dtype)))
        except TypeError:
            continue
        return np.dtype(dtype)
    raise AssertionError(f"{name} takes none of float64, int64, bool")


def test_operators_found() -> None:
    assert {"__add__", "__radd__", "__iadd__", "__matmul__", "__lt__", "__rshift__"} <= set(
        OPERATORS
    )


@pytest.mark.parametrize("what", ["object", "str", "None", "ragged", "shape", "two_drivers"])
@pytest.mark.parametrize("name", OPERATORS)
def test_operator_bad_operand(name: str, what: str, driver: ak.drivers.Driver) -> None:
    if f"{name}-{what}" in PYTHON_DECIDES:
        pytest.skip(PYTHON_DECIDES[f"{name}-{what}"])
    dtype = _operand_dtype(name)
    data = np.arange(9).reshape(3, 3).astype(dtype)
    x = ak.asarray(data)
    with registered_two_cpu_driver() as other_driver:
        if what == "shape":
            other, expected, shows = ak.asarray(np.ones(2, dtype)), ValueError, r"\(2,\)"
        elif what == "two_drivers":
            other = ak.asarray(data, driver=other_driver)
            expected, shows = ValueError, "two drivers"
        else:
            other, expected, shows = NOT_ARRAYS[what], TypeError, type(NOT_ARRAYS[what]).__name__
        with pytest.raises(expected, match=shows):
            operator_of(name)(x, other)
    np.testing.assert_array_equal(np.asarray(x), data)  # in-place forms leave x as it was


NULLARY = sorted(name for name, fn in METHODS.items() if len(inspect.signature(fn).parameters) == 1)
NULLARY_INPUTS = {
    "0d_float": np.float64(1.5),
    "0d_bool": np.bool_(True),
    "0d_complex": np.complex128(1j),
    "1d_float": np.ones(3),
    "1d_int": np.ones(3, dtype=np.int64),
    "1d_bool": np.ones(3, dtype=bool),
}


def _strict_error(name: str, data: Any) -> type[BaseException] | None:
    """The standard's exception class for ``xps.asarray(data).<name>()``, or ``None`` if
    array-api-strict accepts it or lacks the method."""
    method = getattr(xps.asarray(data), name, None)
    if method is None:
        return None
    try:
        method()
    except Exception as e:
        return next(t for t in (IndexError, TypeError, ValueError, type(e)) if isinstance(e, t))
    return None


NULLARY_CASES = [
    (name, what, error)
    for name in NULLARY
    for what, data in NULLARY_INPUTS.items()
    if (error := _strict_error(name, data)) is not None
]


def test_nullary_cases_found() -> None:
    found = {name for name, _, _ in NULLARY_CASES}
    assert {"__bool__", "__int__", "__float__", "__index__", "__invert__", "__neg__"} <= found


@pytest.mark.parametrize(
    "name, what, error", NULLARY_CASES, ids=[f"{n}-{w}" for n, w, _ in NULLARY_CASES]
)
def test_method_bad_array(
    name: str, what: str, error: type[BaseException], driver: ak.drivers.Driver
) -> None:
    """``bool(x)`` of a 1-D array, ``~x`` of floats...: the standard's exception class, with a
    message naming the method (or the function it is, ``-x`` is ``negative``)."""
    x = ak.asarray(np.asarray(NULLARY_INPUTS[what]))
    with ak.use(promotion="strict"), pytest.raises(error) as info:
        getattr(x, name)()
    assert name.strip("_") in str(info.value), str(info.value)


def test_to_device_unknown_device(driver: ak.drivers.Driver) -> None:
    x = ak.ones(3)
    for device in (object(), "no-such-device:7"):
        with pytest.raises(ValueError, match="device"):
            x.to_device(device)


def test_array_namespace_unknown_version(driver: ak.drivers.Driver) -> None:
    with pytest.raises(ValueError, match=r"1999\.12"):
        ak.ones(3).__array_namespace__(api_version="1999.12")
