"""The bad-input matrix (issue 13, item 5): every public function gets wrong input of each
kind, and must raise the documented exception naming the function and the argument.

The cases are generated from the namespace: each public function's parameters are
classified by name (``x``, ``x1`` → arrays, ``axis`` → an axis, ``shape`` → a shape...)
and each class yields its bad values.  A function added later is covered with no new
code; a parameter name the classifier does not know fails ``test_every_parameter_known``
until it is classified here.

Whether a generated call is bad at all is decided by an independent reference,
array-api-strict (the standard's reference namespace): where it has the function and
accepts the call (``roll`` with a repeated axis, ``matrix_power`` with ``n=-1``), the
case is not one.  What arraykit must raise is fixed by the kind of case:

- not an array (``object()``, a string, ``None``, a ragged list), a wrong dtype kind: ``TypeError``;
- a wrong rank, incompatible shapes, repeated axes, negative sizes, a bad choice: ``ValueError``;
- an axis out of range: ``IndexError`` that is also a ``ValueError`` (NumPy's and
  array-api-strict's ``AxisError``); an integer index out of range: ``IndexError``;
- arrays of two drivers or on two devices: ``ValueError`` (``docs/architecture.md``).

Dtype-kind cases run under ``promotion="strict"``, where arraykit follows the standard
(the NumPy mode computes ``sin`` of integers in float64, as NumPy does).
"""

from __future__ import annotations

import inspect
import operator
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import array_api_strict as xps
import numpy as np
import pytest

import arraykit as ak
from arraykit._elementwise import TABLE
from tests.fake_drivers import registered_two_cpu_driver

# ---------------------------------------------------------------- the namespace

# Public callables that take no array data the matrix can vary, with the reason.
EXCLUDED = {
    "use": "configuration (tests/test_config.py)",
    "namespace": "configuration (tests/test_config.py)",
    "grad": "takes a function (tests/test_transforms.py)",
    "jacobian": "takes a function (tests/test_transforms.py)",
    "value_and_grad": "takes a function (tests/test_transforms.py)",
    "jit": "takes a function (tests/test_transforms.py)",
    "vmap": "takes a function (tests/test_transforms.py)",
    "__array_namespace_info__": "takes no arguments",
}


def public_functions() -> dict[str, Callable[..., Any]]:
    """``"name"``/``"linalg.name"``/``"fft.name"`` -> function, for every public function."""
    out: dict[str, Callable[..., Any]] = {}
    for name, obj in vars(ak).items():
        if name.startswith("_") and name != "__array_namespace_info__":
            continue
        if inspect.isfunction(obj) and name not in EXCLUDED:
            out[name] = obj
    for mod in (ak.linalg, ak.fft):
        prefix = mod.__name__.rsplit(".", 1)[1]
        for name in mod.__all__:
            obj = getattr(mod, name)
            if inspect.isfunction(obj):
                out[f"{prefix}.{name}"] = obj
    return out


FUNCTIONS = public_functions()

# Parameter name -> its class.  Unknown names fail test_every_parameter_known.
ARRAY, INDICES, DATA, ARRAYS, AXIS, SHAPE, SHAPES, DTYPE, SIZE, SIZES, INT, FLAG = (
    "array", "indices", "data", "arrays", "axis", "shape", "shapes", "dtype", "size",
    "sizes", "int", "flag",
)  # fmt: skip
CHOICE, SCALAR, DEVICE, OTHER = "choice", "scalar", "device", "other"
KINDS = {
    **dict.fromkeys(("x", "x1", "x2", "condition", "prepend", "append"), ARRAY),
    **dict.fromkeys(("indices", "sorter"), INDICES),
    **dict.fromkeys(("obj", "from_", "arrays_and_dtypes"), DATA),
    "arrays": ARRAYS,
    **dict.fromkeys(("axis", "axes", "source", "destination"), AXIS),
    "shape": SHAPE,
    "shapes": SHAPES,
    **dict.fromkeys(("dtype", "type", "to", "kind"), DTYPE),
    **dict.fromkeys(("n", "n_rows", "n_cols", "num", "repeats"), SIZE),
    **dict.fromkeys(("s", "repetitions"), SIZES),
    **dict.fromkeys(("k", "offset", "shift", "numpy_positional"), INT),
    **dict.fromkeys(
        (
            "keepdims",
            "copy",
            "descending",
            "stable",
            "include_initial",
            "endpoint",
            "invert",
            "upper",
            "full_matrices",
        ),
        FLAG,
    ),
    **dict.fromkeys(("norm", "side", "indexing", "mode", "ord"), CHOICE),
    **dict.fromkeys(
        ("fill_value", "start", "stop", "step", "min", "max", "correction", "d", "rtol"), SCALAR
    ),
    "device": DEVICE,
    "driver": OTHER,
}
# (function, parameter) pairs whose name means something else there.
KIND_OVERRIDES = {
    ("sort", "kind"): CHOICE,
    ("argsort", "kind"): CHOICE,
    ("isdtype", "kind"): OTHER,  # a dtype, a kind name or a tuple: tests/test_data_types.py
    ("tensordot", "axes"): OTHER,  # an int or a pair of sequences: array-api-strict differs
    ("linalg.tensordot", "axes"): OTHER,
    ("linalg.matrix_power", "n"): INT,  # negative powers invert
    ("diff", "n"): SIZE,
}


def kind_of(fname: str, pname: str) -> str | None:
    return KIND_OVERRIDES.get((fname, pname), KINDS.get(pname))


# ---------------------------------------------------------------- valid base calls

# Functions whose standard input is complex (array-api-strict refuses real input) or integer.
COMPLEX_INPUT = {"real", "imag", "fft.fft", "fft.ifft", "fft.fftn", "fft.ifftn", "fft.irfft",
                 "fft.irfftn", "fft.hfft"}  # fmt: skip
INTEGER_INPUT = {"isin"}
CATEGORY_DTYPE = {"integer": "int64", "integer or boolean": "int64", "boolean": "bool"}


def base_array(fname: str, pname: str) -> np.ndarray:
    """A valid value for array parameter ``pname`` of ``fname`` (host data)."""
    special = {
        ("searchsorted", "x1"): np.array([1.0, 2.0, 3.0]),
        ("linalg.outer", "x1"): np.array([1.0, 2.0, 3.0]),
        ("linalg.outer", "x2"): np.array([1.0, 2.0]),
        ("where", "condition"): np.eye(3, dtype=bool),
        ("squeeze", "x"): np.ones((1, 3)),
        ("take", "indices"): np.array([0, 2]),
        ("take_along_axis", "indices"): np.zeros((3, 3), dtype=np.int64),
        ("searchsorted", "sorter"): np.array([0, 1, 2]),
    }
    if (fname, pname) in special:
        return special[(fname, pname)]
    if fname in COMPLEX_INPUT:
        return (0.5 * np.eye(3) + 0.125).astype(complex)
    if fname in INTEGER_INPUT:
        return np.arange(1, 10, dtype=np.int64).reshape(3, 3)
    row = TABLE.get(fname)
    dtype = CATEGORY_DTYPE.get(row[1][1], "float64") if row else "float64"
    if dtype == "bool":
        return np.eye(3, dtype=bool)
    if dtype == "int64":
        return np.arange(1, 10, dtype=np.int64).reshape(3, 3)
    return 0.5 * np.eye(3) + 0.125  # well-conditioned, in (0, 1): linalg, acos, atanh work


# Valid values of the non-array parameters without a default.
BASE_VALUES: dict[str, Any] = {
    "shape": (3, 3),
    "fill_value": 1.0,
    "start": 0,
    "stop": 1,
    "num": 4,
    "n_rows": 3,
    "n": 4,
    "type": ak.float64,
    "dtype": ak.float64,
    "to": ak.float64,
    "from_": ak.float32,
    "obj": [[1.0, 2.0], [3.0, 4.0]],
    "axis": 0,
    "axes": (1, 0),
    "source": 0,
    "destination": 1,
    "repeats": 2,
    "repetitions": (2, 1),
    "shift": 1,
    "kind": "real floating",
}
BASE_OVERRIDES: dict[tuple[str, str], Any] = {
    ("reshape", "shape"): (9,),
    ("broadcast_to", "shape"): (2, 3, 3),
    ("linalg.matrix_power", "n"): 2,
    ("iinfo", "type"): ak.int64,
    ("take", "axis"): 0,
    ("cumulative_sum", "axis"): 0,
    ("cumulative_prod", "axis"): 0,
}


class Call(NamedTuple):
    """A call ``fn(*args, **kwargs)``: arrays as host data, made on a driver by ``make``."""

    args: tuple
    kwargs: dict


def base_call(fname: str) -> Call:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in inspect.signature(FUNCTIONS[fname]).parameters.values():
        kind = kind_of(fname, p.name)
        if p.kind is p.VAR_POSITIONAL:
            if kind == ARRAYS:
                args += [np.linspace(0, 1, 3), np.linspace(1, 2, 1)]
            elif kind == SHAPES:
                args += [(3, 1), (1, 4)]
            elif kind == DATA:
                args += [np.ones(2, np.float32), ak.float64]
            continue
        if p.kind is p.VAR_KEYWORD:
            continue
        if kind in (ARRAY, INDICES) and p.default is p.empty:
            value: Any = base_array(fname, p.name)
        elif (fname, p.name) in BASE_OVERRIDES:
            value = BASE_OVERRIDES[(fname, p.name)]
        elif kind == ARRAYS:
            value = [base_array(fname, "x"), base_array(fname, "x")]
        elif p.default is p.empty:
            value = BASE_VALUES[p.name]
        else:
            continue
        required_positional = p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD
        if p.kind is p.POSITIONAL_ONLY or required_positional:
            args.append(value)
        else:
            kwargs[p.name] = value
    return Call(tuple(args), kwargs)


def make(value: Any, on: Callable[[np.ndarray], Any]) -> Any:
    """``value`` with its host arrays made arrays by ``on`` (lists and tuples of them too)."""
    if isinstance(value, np.ndarray):
        return on(value)
    if isinstance(value, list) and value and isinstance(value[0], np.ndarray):
        return [on(v) if isinstance(v, np.ndarray) else v for v in value]
    return value


def on_ak(a: np.ndarray) -> ak.Array:
    return ak.asarray(a)


_STRICT_DTYPES = {str(np.dtype(n)): getattr(xps, n) for n in (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)}  # fmt: skip


def on_strict(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return xps.asarray(value)
    if isinstance(value, np.dtype):
        return _STRICT_DTYPES[str(value)]
    if isinstance(value, list) and value and isinstance(value[0], np.ndarray):
        return [xps.asarray(v) if isinstance(v, np.ndarray) else v for v in value]
    return value


def strict_function(fname: str) -> Callable[..., Any] | None:
    mod: Any = xps
    *path, name = fname.split(".")
    for p in path:
        mod = getattr(mod, p)
    return getattr(mod, name, None)


def strict_rejects(fname: str, call: Call) -> bool | None:
    """Whether array-api-strict raises on ``call``; ``None`` where it cannot say (it lacks
    the function, or refuses the valid base call too)."""
    fn = strict_function(fname)
    if fn is None or _strict_refuses_base(fname):
        return None
    try:
        args = tuple(on_strict(a) for a in call.args)
        kwargs = {k: on_strict(v) for k, v in call.kwargs.items() if k not in ("device",)}
    except Exception:
        return True
    try:
        fn(*args, **kwargs)
    except Exception:
        return True
    return False


def _strict_refuses_base(fname: str) -> bool:
    fn = strict_function(fname)
    call = base_call(fname)
    try:
        fn(*(on_strict(a) for a in call.args), **{k: on_strict(v) for k, v in call.kwargs.items()})
    except Exception:
        return True
    return False


# ---------------------------------------------------------------- the cases


class Case(NamedTuple):
    fname: str
    param: str  # the argument the message must name
    what: str
    call: Call
    expected: Any  # an exception type, or a tuple of them
    strict: bool = False  # run under promotion="strict"
    shows: str = ""  # besides the argument's name, what may identify it: its dtype, shape

    @property
    def id(self) -> str:
        return f"{self.fname}-{self.param}-{self.what}"


def _replace(call: Call, fname: str, pname: str, value: Any) -> Call:
    """``call`` with parameter ``pname`` (positional or keyword) set to ``value``."""
    params = [
        p
        for p in inspect.signature(FUNCTIONS[fname]).parameters.values()
        if p.kind is not p.VAR_KEYWORD
    ]
    index = [p.name for p in params].index(pname)
    p = params[index]
    if p.kind is p.VAR_POSITIONAL:
        return Call((*call.args[:index], value, *call.args[index + 1 :]), call.kwargs)
    positional = p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    if p.kind is p.POSITIONAL_ONLY or (positional and index < len(call.args)):
        args = list(call.args) + [q.default for q in params[len(call.args) : index + 1]]
        args[index] = value
        return Call(tuple(args), call.kwargs)
    return Call(call.args, {**call.kwargs, pname: value})


def _ndim(fname: str, call: Call) -> int:
    for a in call.args:
        if isinstance(a, np.ndarray):
            return a.ndim
        if isinstance(a, list) and a and isinstance(a[0], np.ndarray):
            return a[0].ndim + (1 if fname.endswith("stack") else 0)
    return 0


# Calls the reference refuses by a crash of its own, not a rule: not cases.
REFERENCE_QUIRKS = {
    "fft.fftshift-x-0d": "NumPy's roll fails to unpack the axes of a 0-D array",
    "fft.ifftshift-x-0d": "NumPy's roll fails to unpack the axes of a 0-D array",
}
# Bad whatever the function: cases kept where the reference cannot judge.
UNIVERSAL = {"object", "str", "None", "ragged", "axis_high", "axis_low", "axis_float", "float",
             "index_high", "index_low"}  # fmt: skip
NOT_ARRAYS = {"object": object(), "str": "abc", "None": None, "ragged": [[1, 2], [3]]}
# The dtype kinds tried against each array parameter; the reference says which are wrong.
WRONG_KINDS = {"bool": np.bool_, "int": np.int64, "complex": np.complex128}


def cases_of(fname: str) -> Iterator[Case]:
    base = base_call(fname)
    params = inspect.signature(FUNCTIONS[fname]).parameters.values()
    ndim = _ndim(fname, base)
    for p in params:
        kind = kind_of(fname, p.name)
        vary = p.kind is not p.VAR_POSITIONAL

        def case(
            what: str, value: Any, expected: Any, strict: bool = False, p: Any = p
        ) -> Iterator[Case]:
            """A case, if the reference refuses it too; where the reference cannot say, only
            the kinds of bad input that are bad whatever the function (``UNIVERSAL``)."""
            call = _replace(base, fname, p.name, value)
            shows = str(value) if isinstance(value, tuple) else ""
            if isinstance(value, np.ndarray):
                shows = str(value.dtype) if what.startswith("dtype") else str(value.shape)
            if what.startswith("index_"):
                shows = f"index {3 if what == 'index_high' else -4}"
            if f"{fname}-{p.name}-{what}" in REFERENCE_QUIRKS:
                return
            verdict = strict_rejects(fname, call)
            if verdict or (verdict is None and what in UNIVERSAL):
                yield Case(fname, p.name, what, call, expected, strict, shows)

        if kind in (ARRAY, INDICES) and vary:
            for what, obj in NOT_ARRAYS.items():
                if obj is None and p.default is None:
                    continue
                yield from case(what, obj, TypeError)
            good = base_array(fname, p.name)
            for what, dtype in WRONG_KINDS.items():
                if good.dtype != dtype:
                    yield from case(f"dtype_{what}", good.astype(dtype), TypeError, strict=True)
            # A wrong rank may also put the other arguments' axes or indices out of range.
            yield from case("0d", np.asarray(good.reshape(-1)[0]), (ValueError, IndexError))
            yield from case("1d", good.reshape(-1)[:2], (ValueError, IndexError))
            if kind == INDICES:  # every axis of the base calls has size 3
                for what, bad in (("index_high", 3), ("index_low", -4)):
                    high = good.copy()
                    high.reshape(-1)[-1] = bad
                    yield from case(what, high, IndexError)
        elif kind in (ARRAYS, DATA) or (kind == ARRAY and not vary):
            # A sequence of arrays (concat, stack, *arrays), or data (asarray, result_type):
            # a non-array where an array goes.
            for what, obj in NOT_ARRAYS.items():
                if p.kind is p.VAR_POSITIONAL:
                    value: Any = obj
                elif kind == ARRAYS:
                    value = [base_array(fname, "x"), obj]
                else:
                    value = obj
                # Ragged data for asarray is NumPy's ValueError (an inhomogeneous shape).
                ragged_data = what == "ragged" and p.name == "obj"
                yield from case(what, value, ValueError if ragged_data else TypeError)
        elif kind == AXIS and vary:
            seq = str(p.annotation).startswith(("tuple", "Sequence"))  # no plain int
            yield from case("axis_high", (0, ndim) if seq else ndim, IndexError)
            yield from case("axis_low", (0, -ndim - 1) if seq else -ndim - 1, IndexError)
            yield from case("axis_float", (0.5,) if seq else 0.5, TypeError)
            if "tuple" in str(p.annotation) or "Sequence" in str(p.annotation):
                yield from case("axes_repeated", (0, 0), ValueError)
                yield from case("axes_repeated_neg", (0, -ndim), ValueError)
        elif kind == SHAPE:
            yield from case("negative", (-2, 3), ValueError)
            yield from case("float", (1.5, 3), TypeError)
        elif kind == SIZE:
            yield from case("negative", -2, ValueError)
            yield from case("float", 1.5, TypeError)
        elif kind == SIZES and vary:
            yield from case("negative", (-2, 1), ValueError)
        elif kind == INT and vary:
            yield from case("float", 1.5, TypeError)
        elif kind == DTYPE and vary:
            yield from case("object", object(), TypeError)
        elif kind == CHOICE:
            yield from case("unknown", "no-such-choice", ValueError)
        elif kind == SCALAR:
            yield from case("object", object(), TypeError)
        elif kind == DEVICE:
            yield from case("unknown", "no-such-device:7", ValueError)


def all_cases() -> list[Case]:
    return [c for fname in sorted(FUNCTIONS) for c in cases_of(fname)]


CASES = all_cases()


def names_argument(message: str, case: Case) -> bool:
    """Whether ``message`` names the function and the argument: by its name, or by the
    dtype or shape that tells it apart ("add: shapes (3, 3) and (2,) cannot be broadcast")."""
    short = case.fname.rsplit(".", 1)[-1]
    word = r"(?<![\w]){}(?![\w])"
    named = [re.escape(case.param)] + ([re.escape(case.shows)] if case.shows else [])
    if case.what in ("0d", "1d"):  # the rank may put another argument out of range
        named += list(inspect.signature(FUNCTIONS[case.fname]).parameters)
    return bool(re.search(word.format(re.escape(short)), message)) and any(
        re.search(word.format(n), message) for n in named
    )


def check_raises(case: Case, driver: ak.drivers.Driver) -> None:
    fn = FUNCTIONS[case.fname]
    args = tuple(make(a, on_ak) for a in case.call.args)
    kwargs = {k: make(v, on_ak) for k, v in case.call.kwargs.items()}
    mode = ak.use(promotion="strict") if case.strict else ak.use()
    with mode, pytest.raises(case.expected) as info:
        fn(*args, **kwargs)
    if case.what in ("axis_high", "axis_low"):
        assert isinstance(info.value, ValueError), "an axis out of range is NumPy's AxisError"
    assert names_argument(str(info.value), case), str(info.value)


# ---------------------------------------------------------------- the tests


def test_every_parameter_known() -> None:
    unknown = {
        f"{fname}({p})"
        for fname, fn in FUNCTIONS.items()
        for p in inspect.signature(fn).parameters
        if kind_of(fname, p) is None
    }
    assert not unknown, f"classify these parameters in tests/test_bad_input.py: {unknown}"


def test_every_base_call_succeeds(driver: ak.drivers.Driver) -> None:
    """The valid calls the cases vary are valid, so that each case's error is its own."""
    failed = {}
    for fname in FUNCTIONS:
        call = base_call(fname)
        try:
            FUNCTIONS[fname](
                *(make(a, on_ak) for a in call.args),
                **{k: make(v, on_ak) for k, v in call.kwargs.items()},
            )
        except Exception as e:
            failed[fname] = f"{type(e).__name__}: {e}"
    assert not failed, failed


def test_matrix_is_large() -> None:
    assert len(CASES) > 500
    kinds = {c.what for c in CASES}
    assert {"object", "ragged", "dtype_bool", "axis_high", "axes_repeated", "negative"} <= kinds


# Cases that fail today, each with why it is left: strict xfails, so a fix shows up.
KNOWN = {
    "imag-x-dtype_int": "the standard's imag takes complex input; arraykit's table accepts "
    "any numeric dtype in every promotion mode (_elementwise.TABLE, being edited elsewhere)",
}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN[c.id], strict=True))
        if c.id in KNOWN
        else c
        for c in CASES
    ],
    ids=[c.id for c in CASES],
)
def test_bad_input(case: Case, driver: ak.drivers.Driver) -> None:
    check_raises(case, driver)


# ---------------------------------------------------------------- several arrays


def _array_slots(call: Call) -> list[tuple[str, int, int | None]]:
    """Where ``call``'s arrays are: ("args", i, None), ("args", i, j), ("kwargs", k, None)."""
    slots: list[tuple[Any, Any, int | None]] = []
    for i, a in enumerate(call.args):
        if isinstance(a, np.ndarray):
            slots.append(("args", i, None))
        elif isinstance(a, list) and a and isinstance(a[0], np.ndarray):
            slots += [("args", i, j) for j in range(len(a))]
    slots += [("kwargs", k, None) for k, v in call.kwargs.items() if isinstance(v, np.ndarray)]
    return slots


def build(call: Call, place: Callable[[int, np.ndarray], Any]) -> tuple[tuple, dict]:
    """``call``'s arguments with its ``n``-th array made by ``place(n, data)``."""
    args, kwargs = [list(a) if isinstance(a, list) else a for a in call.args], dict(call.kwargs)
    for n, (where, key, j) in enumerate(_array_slots(call)):
        holder = args if where == "args" else kwargs
        if j is None:
            holder[key] = place(n, holder[key])
        else:
            holder[key][j] = place(n, holder[key][j])
    return tuple(args), kwargs


MULTI = sorted(f for f in FUNCTIONS if len(_array_slots(base_call(f))) >= 2)


def test_multi_array_functions_found() -> None:
    assert {"add", "matmul", "where", "concat", "linalg.solve", "take"} <= set(MULTI)


@pytest.mark.parametrize("fname", MULTI)
def test_arrays_of_two_drivers(fname: str, driver: ak.drivers.Driver) -> None:
    call = base_call(fname)
    with registered_two_cpu_driver() as other:

        def place(n: int, data: np.ndarray) -> ak.Array:
            return ak.asarray(data, driver=driver if n == 0 else other)

        args, kwargs = build(call, place)
        with pytest.raises(ValueError, match=rf"{fname.rsplit('.', 1)[-1]}.*two drivers"):
            FUNCTIONS[fname](*args, **kwargs)


@pytest.mark.parametrize("fname", MULTI)
def test_arrays_on_two_devices(fname: str) -> None:
    call = base_call(fname)
    with registered_two_cpu_driver() as name, ak.use(name):
        last = len(_array_slots(call)) - 1

        def place(n: int, data: np.ndarray) -> ak.Array:
            return ak.asarray(data, device="cpu:1" if n == last else "cpu")

        args, kwargs = build(call, place)
        with pytest.raises(ValueError, match=rf"{fname.rsplit('.', 1)[-1]}.*two devices"):
            FUNCTIONS[fname](*args, **kwargs)


def _mismatched(fname: str) -> Call | None:
    """The base call with its last array of shape (2,), if the reference refuses that."""
    call = base_call(fname)
    bad = np.ones(2, dtype=base_array(fname, "x").dtype)
    last = len(_array_slots(call)) - 1
    args, kwargs = build(call, lambda n, data: bad.astype(data.dtype) if n == last else data)
    mismatched = Call(args, kwargs)
    return mismatched if strict_rejects(fname, mismatched) or fname in BAD_SHAPES else None


# Mismatched shapes the reference accepts against the standard's text.
BAD_SHAPES = {
    "linalg.cross": "array-api-strict follows np.cross, which takes 2-vectors; the standard "
    "requires size 3 along axis",
}


SHAPE_CASES = [(f, c) for f in MULTI if (c := _mismatched(f)) is not None]


@pytest.mark.parametrize("fname, call", SHAPE_CASES, ids=[f for f, _ in SHAPE_CASES])
def test_incompatible_shapes(fname: str, call: Call, driver: ak.drivers.Driver) -> None:
    args, kwargs = build(call, lambda n, data: ak.asarray(data))
    with pytest.raises((ValueError, IndexError)) as info:
        FUNCTIONS[fname](*args, **kwargs)
    message = str(info.value)
    assert re.search(rf"(?<!\w){fname.rsplit('.', 1)[-1]}(?!\w)", message), message
    assert "(2,)" in message, message


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
