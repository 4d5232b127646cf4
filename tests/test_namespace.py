"""Every name of the array API standard 2025.12 is present, of the right kind, and the
namespace objects are hashable.

The lists below are written out from the standard's stubs (``__all__`` of each module
of ``array_api_stubs/_2025_12`` and the methods of ``array_object.py``), plus the
operators the array object page requires (in-place and reflected forms).
"""

from __future__ import annotations

import math
import types

import numpy as np
import pytest

import arraykit as ak

CREATION = (
    "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like",
)  # fmt: skip
DATA_TYPE_FUNCTIONS = ("astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type")
ELEMENTWISE = (
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_left_shift", "bitwise_invert", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal",
    "exp", "expm1", "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag",
    "isfinite", "isinf", "isnan", "less", "less_equal", "log", "log1p", "log2", "log10",
    "logaddexp", "logical_and", "logical_not", "logical_or", "logical_xor", "maximum",
    "minimum", "multiply", "negative", "nextafter", "not_equal", "positive", "pow", "real",
    "reciprocal", "remainder", "round", "sign", "signbit", "sin", "sinh", "square", "sqrt",
    "subtract", "tan", "tanh", "trunc",
)  # fmt: skip
INDEXING = ("take", "take_along_axis")
LINEAR_ALGEBRA = ("matmul", "matrix_transpose", "tensordot", "vecdot")
MANIPULATION = (
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile",
    "unstack",
)  # fmt: skip
SEARCHING = ("argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where")
SETS = ("isin", "unique_all", "unique_counts", "unique_inverse", "unique_values")
SORTING = ("argsort", "sort")
STATISTICS = (
    "cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var",
)  # fmt: skip
UTILITY = ("all", "any", "diff")
FUNCTIONS = (
    *CREATION, *DATA_TYPE_FUNCTIONS, *ELEMENTWISE, *INDEXING, *LINEAR_ALGEBRA,
    *MANIPULATION, *SEARCHING, *SETS, *SORTING, *STATISTICS, *UTILITY,
    "__array_namespace_info__",
)  # fmt: skip

CONSTANTS = {"e": math.e, "inf": math.inf, "nan": math.nan, "pi": math.pi, "newaxis": None}
DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)  # fmt: skip

LINALG = (
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
    "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
    "vector_norm",
)  # fmt: skip
FFT = (
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
)  # fmt: skip
INFO_METHODS = ("capabilities", "default_device", "default_dtypes", "devices", "dtypes")

ARRAY_ATTRIBUTES = ("dtype", "device", "mT", "ndim", "shape", "size", "T")
ARRAY_METHODS = (
    "__abs__", "__add__", "__and__", "__array_namespace__", "__bool__", "__complex__",
    "__dlpack__", "__dlpack_device__", "__eq__", "__float__", "__floordiv__", "__ge__",
    "__getitem__", "__gt__", "__index__", "__int__", "__invert__", "__le__", "__lshift__",
    "__lt__", "__matmul__", "__mod__", "__mul__", "__ne__", "__neg__", "__or__", "__pos__",
    "__pow__", "__rshift__", "__setitem__", "__sub__", "__truediv__", "__xor__", "to_device",
)  # fmt: skip
_BINARY = (
    "add", "sub", "mul", "truediv", "floordiv", "pow", "mod", "matmul", "and", "or", "xor",
    "lshift", "rshift",
)  # fmt: skip
IN_PLACE = tuple(f"__i{op}__" for op in _BINARY)
REFLECTED = tuple(f"__r{op}__" for op in _BINARY)


def test_name_counts() -> None:
    assert len(FUNCTIONS) == 16 + 6 + 67 + 2 + 4 + 15 + 6 + 5 + 2 + 9 + 3 + 1
    assert len(LINALG) == 25 and len(FFT) == 14 and len(INFO_METHODS) == 5
    assert len(set(FUNCTIONS)) == len(FUNCTIONS)


def test_api_version() -> None:
    assert ak.__array_api_version__ == "2025.12"


@pytest.mark.parametrize("name", FUNCTIONS)
def test_function_present_and_callable(name: str) -> None:
    assert callable(getattr(ak, name, None)), f"ak.{name} is missing"


@pytest.mark.parametrize("name", list(CONSTANTS))
def test_constant(name: str) -> None:
    value = getattr(ak, name)
    expected = CONSTANTS[name]
    if expected is None:
        assert value is None
    elif math.isnan(expected):
        assert isinstance(value, float) and math.isnan(value)
    else:
        assert isinstance(value, float) and value == expected


@pytest.mark.parametrize("name", DTYPES)
def test_dtype_present(name: str) -> None:
    dt = getattr(ak, name)
    assert dt == np.dtype(name)
    assert dt == getattr(ak, name) and dt != (ak.int8 if name != "int8" else ak.int16)
    hash(dt)


@pytest.mark.parametrize("name", LINALG)
def test_linalg_function(name: str) -> None:
    assert isinstance(ak.linalg, types.ModuleType)
    assert callable(getattr(ak.linalg, name, None)), f"ak.linalg.{name} is missing"


@pytest.mark.parametrize("name", FFT)
def test_fft_function(name: str) -> None:
    assert isinstance(ak.fft, types.ModuleType)
    assert callable(getattr(ak.fft, name, None)), f"ak.fft.{name} is missing"


@pytest.mark.parametrize("name", INFO_METHODS)
def test_info_method(name: str) -> None:
    info = ak.__array_namespace_info__()
    assert callable(getattr(info, name, None)), f"info.{name} is missing"


def test_info_methods_answer(driver: ak.drivers.Driver) -> None:
    info = ak.__array_namespace_info__()
    assert set(info.capabilities()) >= {"boolean indexing", "data-dependent shapes"}
    assert info.default_device() in info.devices()
    assert set(info.default_dtypes()) == {
        "real floating", "complex floating", "integral", "indexing"
    }  # fmt: skip
    assert set(info.dtypes(kind="signed integer")) == {"int8", "int16", "int32", "int64"}
    assert all(getattr(ak, n) == dt for n, dt in info.dtypes().items())


@pytest.mark.parametrize("name", ARRAY_ATTRIBUTES)
def test_array_attribute(driver: ak.drivers.Driver, name: str) -> None:
    x = ak.ones((2, 3))
    assert hasattr(type(x), name), f"Array.{name} is missing"
    getattr(x, name)  # readable on an array


@pytest.mark.parametrize("name", ARRAY_METHODS + IN_PLACE + REFLECTED)
def test_array_method(name: str) -> None:
    assert callable(getattr(ak.Array, name, None)), f"Array.{name} is missing"


def test_array_namespace(driver: ak.drivers.Driver) -> None:
    x = ak.ones(2)
    assert x.__array_namespace__() is ak
    assert x.__array_namespace__(api_version="2025.12") is ak
    assert x.__array_namespace__(api_version="2024.12") is ak
    with pytest.raises(ValueError, match=r"2099\.01"):
        x.__array_namespace__(api_version="2099.01")


def test_namespace_objects_are_hashable(driver: ak.drivers.Driver) -> None:
    info = ak.__array_namespace_info__()
    devices = info.devices()
    objects = [ak, ak.linalg, ak.fft, info, *map(np.dtype, DTYPES), *devices]
    objects += [getattr(ak, n) for n in DTYPES] + [ak.ones(1).device]
    for obj in objects:
        assert obj in {obj}, f"{obj!r} is not usable as a set member"
    assert {ak: 1}[ak] == 1 and {info: 1}[ak.__array_namespace_info__()] == 1
    assert {devices[0]: 1}[info.default_device()] == 1
    assert {ak.float32: 1}[np.dtype("float32")] == 1


def test_nothing_else_is_missing_from_the_main_namespace() -> None:
    # One summary over all names: what the other engineers have yet to add.
    names = [*FUNCTIONS, *CONSTANTS, *DTYPES, "linalg", "fft", "__array_api_version__"]
    assert [n for n in names if not hasattr(ak, n)] == []
