"""The bad-input matrix's cases, generated from the public namespace (used by
``test_bad_input.py`` and ``test_bad_input_methods.py``; see the first for the rules).

Each public function's parameters are classified by name (``x``, ``x1`` -> arrays,
``axis`` -> an axis, ``shape`` -> a shape...) and each class yields its bad values; a
valid base call per function is built from the same classes.  array-api-strict, the
standard's reference namespace, says whether a generated call is bad at all.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import array_api_strict as xps
import bad_input_cases_stats as _stats
import numpy as np
import pytest

import arraykit as ak
from arraykit._elementwise import TABLE
from arraykit._numpy_api.aliases import _ALIASES

# NumPy's name of a standard function -> the standard's (absolute -> abs)
ALIAS_OF = {name: target.__name__ for name, (target, _, _) in _ALIASES.items()}

# ---------------------------------------------------------------- the namespace

# Public callables that take no array data the matrix can vary, with the reason.
EXCLUDED = {
    "use": "configuration (tests/test_config.py)",
    "set_defaults": "configuration (tests/test_config.py)",
    "namespace": "configuration (tests/test_config.py)",
    "grad": "takes a function (tests/test_transforms.py)",
    "jacobian": "takes a function (tests/test_transforms.py)",
    "value_and_grad": "takes a function (tests/test_transforms.py)",
    "jit": "takes a function (tests/test_transforms.py)",
    "vmap": "takes a function (tests/test_transforms.py)",
    "__array_namespace_info__": "takes no arguments",
    "make_mesh": "takes device lists and axis names (tests/test_sharding.py)",
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
    # NumPy's names of array parameters (the NumPy extensions, arraykit/_numpy_api)
    **dict.fromkeys(
        ("a", "b", "a1", "a2", "arr", "ary", "array", "m", "v", "values", "z", "weights", "where"),
        ARRAY,
    ),
    **dict.fromkeys(("indices", "sorter"), INDICES),
    **dict.fromkeys(("obj", "from_", "arrays_and_dtypes"), DATA),
    **dict.fromkeys(
        ("arrays", "tup", "condlist", "choicelist", "arys", "operands", "args"), ARRAYS
    ),
    **dict.fromkeys(
        ("axis", "axes", "source", "destination", "axis1", "axis2", "axisa", "axisb", "axisc"), AXIS
    ),
    "shape": SHAPE,
    "shapes": SHAPES,
    **dict.fromkeys(("dtype", "type", "to", "kind", "type1", "type2", "arg1", "arg2"), DTYPE),
    **dict.fromkeys(
        ("n", "n_rows", "n_cols", "num", "repeats", "N", "M", "ndim", "indices_or_sections"), SIZE
    ),
    **dict.fromkeys(("s", "repetitions", "pad_width"), SIZES),
    **dict.fromkeys(("k", "offset", "shift", "numpy_positional", "decimals", "ndmin"), INT),
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
            "returned",
            "equal_nan",
            "increasing",
            "deg",
        ),
        FLAG,
    ),
    **dict.fromkeys(("norm", "side", "indexing", "mode", "ord", "casting"), CHOICE),
    **dict.fromkeys(
        (
            "fill_value",
            "start",
            "stop",
            "step",
            "min",
            "max",
            "correction",
            "d",
            "rtol",
            "base",
            "atol",
            "nan",
            "posinf",
            "neginf",
            "default",
            "initial",
        ),
        SCALAR,
    ),
    "device": DEVICE,
    "driver": OTHER,
    "more": OTHER,  # compute(x, *more): the same check as x, whose cases cover it
    # NumPy's arguments arraykit accepts for NumPy's sake (order, subok, like, optimize,
    # out: only None) or that take anything (element, subscripts: tests/test_numpy_api.py)
    **dict.fromkeys(
        ("order", "subok", "like", "optimize", "out", "element", "subscripts", "kwargs", "object"),
        OTHER,
    ),
}
# ---- issue 25, part B (np-extras): parameter names of NumPy's everyday extras
KINDS.update({
    **dict.fromkeys(("y", "f", "ar1", "ar2", "w"), ARRAY),
    **dict.fromkeys(("dims", "dimensions"), SHAPE),
    **dict.fromkeys(("kth", "edge_order"), INT),
    **dict.fromkeys(("rcond", "dx"), SCALAR),
    **dict.fromkeys(("full", "sparse", "assume_unique", "return_indices", "refcheck"), FLAG),
    **dict.fromkeys(("keys", "multi_index", "choices"), ARRAYS),
    # functions, data of any kind, NumPy's options of other types
    **dict.fromkeys(("func1d", "func", "funclist", "varargs", "kw", "cov", "to_end",
                     "to_begin", "ind"), OTHER),
})  # fmt: skip
# ---- end of issue 25, part B

# (function, parameter) pairs whose name means something else there.
KIND_OVERRIDES = {
    ("sort", "kind"): CHOICE,
    ("argsort", "kind"): CHOICE,
    ("isdtype", "kind"): OTHER,  # a dtype, a kind name or a tuple: tests/test_data_types.py
    ("tensordot", "axes"): OTHER,  # an int or a pair of sequences: array-api-strict differs
    ("linalg.tensordot", "axes"): OTHER,
    ("linalg.matrix_power", "n"): INT,  # negative powers invert
    ("diff", "n"): SIZE,
    # NumPy extensions: parameters that take any data, as NumPy's do (tests/test_numpy_api.py)
    **dict.fromkeys(
        (
            ("ndim", "a"),
            ("shape", "a"),
            ("size", "a"),
            ("iscomplexobj", "x"),
            ("isrealobj", "x"),
            ("polyval", "p"),
        ),
        OTHER,
    ),
    ("geomspace", "axis"): OTHER,  # scalar start and stop: only axis 0 exists
    ("ravel", "order"): CHOICE,
    ("flatten", "order"): CHOICE,
    ("tril_indices", "m"): SIZE,
    ("triu_indices", "m"): SIZE,
    # issue 25, part B (np-extras)
    ("polyfit", "deg"): SIZE,
    ("partition", "kind"): CHOICE,
    ("argpartition", "kind"): CHOICE,
    ("unravel_index", "indices"): OTHER,  # out of range: NumPy's ValueError (test_numpy_api)
    ("choose", "a"): OTHER,  # out of range: NumPy's ValueError
    ("put", "ind"): INDICES,
    ("apply_along_axis", "args"): OTHER,
    ("piecewise", "args"): OTHER,
}
# -- issue 25 phase 2, part A: the statistics extras' parameters (bad_input_cases_stats.py)
KINDS.update(_stats.KINDS)
KIND_OVERRIDES.update(_stats.KIND_OVERRIDES)

# Array parameters that take Python data as ``asarray`` does: ragged data is NumPy's
# ValueError (an inhomogeneous shape) there.
TAKES_DATA = {("asarray", "obj"), ("asanyarray", "a"), ("ascontiguousarray", "a")}
TAKES_DATA |= {  # issue 25, part B: NumPy's array-likes (lists of values)
    ("put", "ind"), ("put", "v"), ("put_along_axis", "indices"), ("put_along_axis", "values"),
    ("ravel_multi_index", "multi_index"), ("choose", "choices"), ("piecewise", "condlist"),
    ("trapezoid", "x"),
}  # fmt: skip


def kind_of(fname: str, pname: str) -> str | None:
    return KIND_OVERRIDES.get((fname, pname), KINDS.get(pname))


# ---------------------------------------------------------------- valid base calls

# Functions whose standard input is complex (array-api-strict refuses real input) or integer.
COMPLEX_INPUT = {"real", "imag", "fft.fft", "fft.ifft", "fft.fftn", "fft.ifftn", "fft.irfft",
                 "fft.irfftn", "fft.hfft"}  # fmt: skip
INTEGER_INPUT = {"isin", "gcd", "lcm"}
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
        ("compress", "condition"): np.array([True, False, True]),
        ("compress", "a"): np.array([1.0, 2.0, 3.0]),  # its rank sets the axis cases
        ("vander", "x"): np.array([1.0, 2.0, 3.0]),
        ("dsplit", "ary"): np.arange(18.0).reshape(2, 3, 3),
        # issue 25, part B (np-extras)
        **dict.fromkeys([("convolve", "a"), ("correlate", "a")], np.array([1.0, 2.0, 3.0])),
        **dict.fromkeys([("convolve", "v"), ("correlate", "v")], np.array([0.5, 1.0])),
        ("polyfit", "x"): np.array([0.0, 1.0, 2.0, 3.0]),
        ("polyfit", "y"): np.array([1.0, 2.0, 0.0, 5.0]),
        ("ldexp", "x2"): np.arange(9).reshape(3, 3),
        ("put", "a"): np.array([1.0, 2.0, 3.0]),  # indices beyond 3 are out of range
        ("put", "ind"): np.array([0, 2]),
        ("put_along_axis", "indices"): np.zeros((3, 3), dtype=np.int64),
        ("ravel_multi_index", "x"): np.array([0, 1, 2]),
        ("ediff1d", "ary"): np.array([1.0, 4.0, 2.0]),
    }
    special.update(_stats.BASE_ARRAYS)
    if (fname, pname) in special:
        return special[(fname, pname)]
    if fname in COMPLEX_INPUT:
        return (0.5 * np.eye(3) + 0.125).astype(complex)
    if fname in INTEGER_INPUT:
        return np.arange(1, 10, dtype=np.int64).reshape(3, 3)
    row = TABLE.get(ALIAS_OF.get(fname, fname))
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
    # NumPy extensions
    "N": 3,
    "type1": ak.float32,
    "type2": ak.int64,
    "arg1": ak.float32,
    "arg2": np.floating,
    "axis1": 0,
    "axis2": 1,
    "indices_or_sections": 3,
    "pad_width": 1,
    "subscripts": "i,j->ij",
    "element": 1.5,
    "object": [[1.0, 2.0], [3.0, 4.0]],
    "p": [1.0, -2.0, 0.5],
    **_stats.BASE_VALUES,
    # issue 25, part B (np-extras)
    "deg": 1,
    "kth": 1,
    "dims": (3, 3),
    "dimensions": (2, 3),
    "v": np.array([0.5, 1.0]),
    "values": np.array([1.0]),
    "func1d": lambda v: v[0],
    "func": lambda x, axis: x,
    "funclist": [0.0, 1.0],
    "keys": [np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0])],
    "multi_index": [np.array([0, 1, 2]), np.array([2, 1, 0])],
}
BASE_OVERRIDES: dict[tuple[str, str], Any] = {
    ("reshape", "shape"): (9,),
    ("broadcast_to", "shape"): (2, 3, 3),
    ("linalg.matrix_power", "n"): 2,
    ("iinfo", "type"): ak.int64,
    ("take", "axis"): 0,
    ("cumulative_sum", "axis"): 0,
    ("cumulative_prod", "axis"): 0,
    # where(condition) alone is nonzero (a NumPy spelling): the matrix calls the 3-argument form
    ("where", "x1"): base_array("where", "x1"),
    ("where", "x2"): base_array("where", "x2"),
    ("geomspace", "start"): 1,
    ("geomspace", "stop"): 1000,
    ("select", "condlist"): [np.eye(3, dtype=bool), ~np.eye(3, dtype=bool)],
    # issue 25, part B (np-extras)
    ("piecewise", "condlist"): [np.eye(3, dtype=bool), ~np.eye(3, dtype=bool)],
    ("unravel_index", "indices"): np.array([0, 4, 8]),
    ("choose", "a"): np.array([0, 1, 0]),
    ("apply_over_axes", "axes"): (1, 0),
    **{(f, p): base_array(f, "x") for f, p in (("ndim", "a"), ("shape", "a"), ("size", "a"),
                                               ("iscomplexobj", "x"), ("isrealobj", "x"))},
}  # fmt: skip
# The arrays a function taking ``*arrays`` is called with, where the default (1-D float
# arrays of sizes 3 and 1) does not fit.
VAR_ARRAYS: dict[str, list[np.ndarray]] = {"ix_": [np.array([0, 2]), np.array([1])]}


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
                args += VAR_ARRAYS.get(fname, [np.linspace(0, 1, 3), np.linspace(1, 2, 1)])
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
                data = what == "ragged" and (fname, p.name) in TAKES_DATA
                yield from case(what, obj, ValueError if data else TypeError)
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
                ragged_data = what == "ragged" and (fname, p.name) in TAKES_DATA
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


# ---------------------------------------------------------------- several arrays


def array_slots(call: Call) -> list[tuple[str, int, int | None]]:
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
    for n, (where, key, j) in enumerate(array_slots(call)):
        holder = args if where == "args" else kwargs
        if j is None:
            holder[key] = place(n, holder[key])
        else:
            holder[key][j] = place(n, holder[key][j])
    return tuple(args), kwargs
