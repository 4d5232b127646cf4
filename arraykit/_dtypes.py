"""Data types: NumPy dtype objects, their kinds, and the spec's inspection functions.

arraykit's dtypes *are* ``np.dtype`` instances (as in JAX), so ``ak.float32 ==
np.dtype("float32")`` and every driver speaks the same dtype language.  Every dtype an
``Array`` carries is one of the canonical objects below, so core can compare dtypes with
``is`` on hot paths.

Spec: https://data-apis.org/array-api/2025.12/API_specification/data_types.html
"""

from __future__ import annotations

import builtins
import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

bool: np.dtype[Any] = np.dtype("bool")
int8: np.dtype[Any] = np.dtype("int8")
int16: np.dtype[Any] = np.dtype("int16")
int32: np.dtype[Any] = np.dtype("int32")
int64: np.dtype[Any] = np.dtype("int64")
uint8: np.dtype[Any] = np.dtype("uint8")
uint16: np.dtype[Any] = np.dtype("uint16")
uint32: np.dtype[Any] = np.dtype("uint32")
uint64: np.dtype[Any] = np.dtype("uint64")
float32: np.dtype[Any] = np.dtype("float32")
float64: np.dtype[Any] = np.dtype("float64")
complex64: np.dtype[Any] = np.dtype("complex64")
complex128: np.dtype[Any] = np.dtype("complex128")
# float16 (IEEE half precision) is an extra, not in the standard: NumPy, JAX, TensorFlow
# and PyTorch all have it and SciPy's array-API tests ask for ``xp.float16``.  It is kept
# out of every tuple below (the standard's lists, which ``__array_namespace_info__``
# reports); ``EXTRA_REAL_FLOATING`` names it for the code that computes with it.
float16: np.dtype[Any] = np.dtype("float16")

DType = np.dtype

SIGNED = (int8, int16, int32, int64)
UNSIGNED = (uint8, uint16, uint32, uint64)
INTEGER = SIGNED + UNSIGNED
REAL_FLOATING = (float32, float64)
COMPLEX_FLOATING = (complex64, complex128)
FLOATING = REAL_FLOATING + COMPLEX_FLOATING
NUMERIC = INTEGER + FLOATING
ALL = (bool, *NUMERIC)

# The spec's kind names -> the dtypes they cover.
KINDS: dict[str, tuple[np.dtype, ...]] = {
    "bool": (bool,),
    "signed integer": SIGNED,
    "unsigned integer": UNSIGNED,
    "integral": INTEGER,
    "real floating": REAL_FLOATING,
    "complex floating": COMPLEX_FLOATING,
    "numeric": NUMERIC,
}

# Identity-keyed fast sets for hot paths (dtypes held by arrays are always canonical).
_CANONICAL: dict[np.dtype, np.dtype] = {dt: dt for dt in ALL}
_CANONICAL[float16] = float16

try:  # bfloat16 is an extra (not in the standard); present when ml_dtypes is installed.
    import ml_dtypes as _ml_dtypes

    _bf16 = np.dtype(_ml_dtypes.bfloat16)
    _CANONICAL[_bf16] = _bf16
    bfloat16: np.dtype | None = _bf16
except ImportError:  # pragma: no cover - depends on the environment
    bfloat16 = None

# Kinds the extras float16 and bfloat16 belong to (isdtype); the spec's KINDS above
# stay spec-only.
_EXTRA_KINDS = frozenset({"real floating", "numeric"})
# The extra real floating dtypes that elementwise functions, reductions, sorting and
# searching accept (bfloat16, storage only, is not one of them).
EXTRA_REAL_FLOATING = (float16,)
# Every extra dtype arraykit may hold (asarray, astype, NumPy interop).
EXTRAS = (float16, *((bfloat16,) if bfloat16 is not None else ()))

REAL_OF = {complex64: float32, complex128: float64}
# Integer dtype -> (min, max), as Python ints: range checks of Python scalars on hot paths.
INT_BOUNDS = {t: (int(np.iinfo(t).min), int(np.iinfo(t).max)) for t in INTEGER}
COMPLEX_OF = {float32: complex64, float64: complex128}


def canonical(dtype: Any) -> np.dtype:
    """Return arraykit's canonical dtype object for ``dtype``; raise ``TypeError`` if unsupported.

    Accepts NumPy's spellings of a dtype, as NumPy does: dtype objects, NumPy scalar types
    (``np.float32``), names and codes (``"float32"``, ``"f4"``, ``"<i8"``), and Python's
    ``bool``, ``int``, ``float`` and ``complex``.  NumPy maps the last three to int64,
    float64 and complex128; arraykit to the active default dtypes (``ak.use(default_int=...,
    default_float=...)``), which are NumPy's unless the user chose float32 or int32.

    Under ``promotion="strict"`` only dtype objects (``ak.float32`` is
    ``np.dtype("float32")``) and Python's ``bool`` (there is one boolean dtype: SciPy writes
    ``xp.zeros(shape, dtype=bool)``) are accepted; the other spellings are NumPy's, and the
    refusal names the standard's.
    """
    try:
        return _CANONICAL[dtype]
    except (KeyError, TypeError):
        pass
    if dtype is builtins.bool:
        return bool
    if isinstance(dtype, np.dtype):
        return _supported(dtype)
    strict = _strict()
    if dtype.__class__ is type and dtype in _PYTHON_TYPES:
        if strict:
            raise TypeError(
                f"{dtype.__name__!r} is NumPy's spelling of a dtype, not the array API "
                "standard's (refused under promotion='strict'); use an arraykit dtype such "
                f"as ak.{_PYTHON_TYPES[dtype]}, or dtype=None for the default"
            )
        return _default_of(dtype)
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"{dtype!r} is not a supported dtype") from None
    out = _supported(dt)
    if strict:
        raise TypeError(
            f"{dtype!r} is NumPy's spelling of a dtype, not the array API standard's (refused "
            f"under promotion='strict'); use ak.{out.name}"
        )
    return out


_PYTHON_TYPES = {builtins.int: "int64", builtins.float: "float64", builtins.complex: "complex128"}


def _supported(dt: np.dtype) -> np.dtype:
    try:
        return _CANONICAL[dt.newbyteorder("=")]
    except KeyError:
        raise TypeError(
            f"{dt} is not a supported dtype; supported: {', '.join(map(str, ALL))}"
        ) from None


def _strict() -> builtins.bool:
    from . import _config  # the settings import this module

    return _config.get().promotion.name == "strict"


def _default_of(python_type: type) -> np.dtype:
    """The dtype Python's ``int``, ``float`` or ``complex`` names: the active default."""
    from . import _config

    cfg = _config.get()
    if python_type is builtins.int:
        return cfg.default_int
    return cfg.default_float if python_type is builtins.float else cfg.default_complex


def kind_of(dtype: np.dtype) -> str:
    """One-letter kind: 'b' bool, 'u' unsigned, 'i' signed, 'f' real float, 'c' complex."""
    return dtype.kind if dtype.kind != "V" else "f"  # bfloat16 reports 'V'


def isdtype(dtype: np.dtype, kind: np.dtype | str | tuple[np.dtype | str, ...]) -> builtins.bool:
    """Whether ``dtype`` is of the given kind(s).

    arraykit extends two kinds, as the spec allows: the extra dtypes ``float16`` and
    ``bfloat16`` (not in the standard) are ``"real floating"`` and ``"numeric"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.isdtype.html

    Examples
    --------
    >>> ak.isdtype(ak.float32, "real floating")
    True
    >>> ak.isdtype(ak.int8, ("integral", "bool"))
    True
    """
    if not isinstance(dtype, np.dtype):
        raise TypeError(f"isdtype: 'dtype' must be a dtype, got {type(dtype).__name__}")
    if isinstance(kind, tuple):
        return builtins.any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        try:
            members = KINDS[kind]
        except KeyError:
            raise ValueError(
                f"isdtype: unknown kind {kind!r}; expected one of {sorted(KINDS)}"
            ) from None
        if dtype in EXTRAS:
            return kind in _EXTRA_KINDS
        return dtype in members
    if isinstance(kind, np.dtype):
        return dtype == kind
    raise TypeError(f"isdtype: 'kind' must be a dtype, a kind name or a tuple, got {kind!r}")


@dataclass(frozen=True)
class finfo_object:
    """Machine limits of a floating-point dtype (the spec's ``finfo_object``)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: np.dtype


@dataclass(frozen=True)
class iinfo_object:
    """Machine limits of an integer dtype (the spec's ``iinfo_object``)."""

    bits: int
    max: int
    min: int
    dtype: np.dtype


def _dtype_of(type_: Any, fn: str) -> np.dtype:
    """The dtype of an array, or ``type_`` itself as a dtype (any spelling ``canonical``
    takes: ``finfo(float)`` is the default float's, as NumPy's is float64's)."""
    dt = type_ if isinstance(type_, (np.dtype, type, str)) else getattr(type_, "dtype", type_)
    if not isinstance(dt, np.dtype) and not isinstance(type_, (type, str)):
        raise TypeError(f"{fn}: expected a dtype or an array as 'type', got {type(type_).__name__}")
    try:
        return canonical(dt)
    except TypeError as e:
        raise TypeError(f"{fn}: 'type': {e}") from None


def finfo(type: Any, /) -> finfo_object:
    """Machine limits for floating-point dtypes; complex dtypes report their real component.

    The extras ``float16`` and ``bfloat16`` (not in the standard) have limits too.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.finfo.html

    Examples
    --------
    >>> ak.finfo(ak.float32).eps
    1.1920928955078125e-07
    >>> ak.finfo(ak.float64).bits
    64
    >>> ak.finfo(ak.float16).eps
    0.0009765625
    """
    dt = _dtype_of(type, "finfo")
    if dt not in FLOATING and dt not in EXTRAS:
        raise TypeError(f"finfo: expected a floating-point dtype, got {dt}")
    real = REAL_OF.get(dt, dt)
    fi: Any
    if dt is not bfloat16:
        fi = np.finfo(real)
    else:  # bfloat16 is a dtype only where ml_dtypes was imported
        import ml_dtypes

        fi = ml_dtypes.finfo(real)
    return finfo_object(
        bits=fi.bits,
        eps=float(fi.eps),
        max=float(fi.max),
        min=float(fi.min),
        smallest_normal=float(fi.smallest_normal),
        dtype=real,
    )


def iinfo(type: Any, /) -> iinfo_object:
    """Machine limits for integer dtypes.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.iinfo.html

    Examples
    --------
    >>> ak.iinfo(ak.int8).min, ak.iinfo(ak.int8).max
    (-128, 127)
    """
    dt = _dtype_of(type, "iinfo")
    if dt not in INTEGER:
        raise TypeError(f"iinfo: expected an integer dtype, got {dt}")
    ii = np.iinfo(dt)
    return iinfo_object(bits=ii.bits, max=int(ii.max), min=int(ii.min), dtype=dt)


@functools.cache
def exact_powers(base: int, dtype: np.dtype) -> tuple[int, np.ndarray]:
    """``(lo, table)``: ``table[i]`` is the ``dtype`` nearest ``base**(lo + i)``, for every
    normal power (``base`` 2 or 10; ``dtype`` float32 or float64).  Drivers whose
    ``log2``/``log10`` are ``log(x) / log(base)`` (TF, JAX) return the exact ``k`` where
    ``x == base**k`` with it, as NumPy's C library does (``log10(0.1)`` is -1)."""
    info = np.finfo(dtype)
    if base == 2:
        lo, hi = int(info.minexp), int(info.maxexp) - 1
        table = [np.ldexp(dtype.type(1), k) for k in range(lo, hi + 1)]
    else:
        lo, hi = math.ceil(math.log10(info.tiny)), math.floor(math.log10(info.max))
        table = [dtype.type(f"1e{k}") for k in range(lo, hi + 1)]
    return lo, np.array(table, dtype=dtype)


def subnormal_power_bound(dtype: Any, p: float) -> float:
    """The magnitude below which ``|x| ** p`` (``p > 0``) may reach within ``eps`` of the
    subnormal range (``tiny / eps``): where a driver flushes subnormals
    (``capabilities.subnormals`` false), a p-norm of such values loses digits or vanishes,
    and the TF and JAX drivers rescale it.  0 for ``p <= 0``."""
    fi = np.finfo(dtype)
    return float(fi.tiny / fi.eps) ** (1.0 / p) if p > 0 else 0.0


@functools.cache
def saturation_bounds(src: np.dtype, dst: np.dtype) -> tuple[Any, Any, Any, Any]:
    """The data of arraykit's one rule for casting the float dtype ``src`` to the integer
    dtype ``dst`` (``astype``'s contract, every driver): a value in ``dst``'s range
    truncates towards zero; above it gives ``dst``'s max, below it its min (``±inf``
    too); NaN gives 0 (``docs/guides/departures.md``, "Casts and rounding").

    ``(lo, hi, below, above)``: ``lo``/``hi`` are the smallest/largest ``src`` values
    inside the range (``src`` scalars: clipping to them makes every value castable);
    ``below``/``above`` say whether values beyond them exist that do not clip to the
    range's ends exactly (``float32(2**31 - 1)`` is ``2**31``, so ``hi`` is ``2**31 - 128``
    and values above it must become ``2**31 - 1`` by a select, not by the clip)."""
    info = np.iinfo(dst)
    t = src.type
    with np.errstate(over="ignore"):
        lo, hi = t(info.min), t(info.max)
    if float(lo) < info.min or math.isinf(lo):
        lo = np.nextafter(lo, t(0))
    if float(hi) > info.max or math.isinf(hi):
        hi = np.nextafter(hi, t(0))
    return lo, hi, builtins.bool(int(lo) > info.min), builtins.bool(int(hi) < info.max)
