"""Type promotion modes, as data.

One graph of dtypes (plus three *weak* nodes for Python ``int``/``float``/``complex``
that JAX needs) whose edges are tagged with the modes that allow them; a mode's
array-with-array result is the least upper bound of the two dtypes in its subgraph,
computed once per pair and stored in a full table.  Array-with-Python-scalar promotion
follows one small table of rules per mode (NEP 50 "weak scalars").  Drivers never
promote: core asks this module once per call.

Modes (``ak.use(promotion=...)``):

* ``"numpy"`` (default): NumPy 2 (NEP 50).  Its array graph is NumPy's safe-casting
  graph, which is not quite a lattice (``uint16`` and ``int8`` have two minimal common
  upper bounds, ``int32`` and ``float32``): ties go to the lower kind, as NumPy does.
* ``"strict"``: only the promotions the array API standard defines; anything else
  raises ``TypeError`` naming both dtypes.
* ``"jax"``: JAX's type lattice (``jax_numpy_dtype_promotion="standard"``), where
  integers promote to the *weak* float node, so ``int64 + float32 -> float32`` and
  ``uint64 + int64 -> <default float>``.
* ``"safe"``: the JAX lattice, but raising where TensorFlow's
  ``dtype_conversion_mode="safe"`` forbids a promotion (it may lose precision).

The extras ``float16`` and ``bfloat16`` (not in the standard) are nodes of the graph too:
float16 takes NumPy's safe casts in ``"numpy"`` (``int8``/``uint8`` -> float16 ->
float32), sits beside bfloat16 above the weak float in the JAX lattice, and promotes only
with itself under ``"strict"``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/type_promotion.html
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np

from . import _dtypes as d

# Weak nodes: the types of Python scalars in JAX's lattice.
WEAK_INT: Final = "int"
WEAK_FLOAT: Final = "float"
WEAK_COMPLEX: Final = "complex"

b, i1, i2, i4, i8 = d.bool, d.int8, d.int16, d.int32, d.int64
u1, u2, u4, u8 = d.uint8, d.uint16, d.uint32, d.uint64
f4, f8, c8, c16 = d.float32, d.float64, d.complex64, d.complex128
bf = d.bfloat16
f2 = d.float16  # an extra, not in the standard

N, X, J, S = "numpy", "strict", "jax", "safe"
MODES: Final = (N, X, J, S)
ALL_MODES = frozenset(MODES)
LATTICE = frozenset({J, S})  # the JAX lattice, shared by "jax" and "safe"

# (lower, upper) -> modes in which `lower` promotes to `upper`.
_EDGES: dict[tuple[object, object], frozenset[str]] = {
    # Within a kind, and unsigned into wider signed: the standard's own table.
    (i1, i2): ALL_MODES,
    (i2, i4): ALL_MODES,
    (i4, i8): ALL_MODES,
    (u1, u2): ALL_MODES,
    (u2, u4): ALL_MODES,
    (u4, u8): ALL_MODES,
    (u1, i2): ALL_MODES,
    (u2, i4): ALL_MODES,
    (u4, i8): ALL_MODES,
    (f4, f8): ALL_MODES,
    (c8, c16): ALL_MODES,
    (f4, c8): ALL_MODES,
    (f8, c16): ALL_MODES,
    # NumPy: bool below every number; integers into floats by safe casting.
    (b, u1): frozenset({N}),
    (b, i1): frozenset({N}),
    (i2, f4): frozenset({N}),
    (u2, f4): frozenset({N}),
    (i4, f8): frozenset({N}),
    (u4, f8): frozenset({N}),
    (i8, f8): frozenset({N}),
    (u8, f8): frozenset({N}),
    # JAX: bool < weak int < every integer; widest integers < weak float < floats.
    (b, WEAK_INT): LATTICE,
    (WEAK_INT, u1): LATTICE,
    (WEAK_INT, i1): LATTICE,
    (u8, WEAK_FLOAT): LATTICE,
    (i8, WEAK_FLOAT): LATTICE,
    (WEAK_FLOAT, f4): LATTICE,
    (WEAK_FLOAT, WEAK_COMPLEX): LATTICE,
    (WEAK_COMPLEX, c8): LATTICE,
}
# float16, an extra: NumPy casts bool, uint8 and int8 to it safely, and it to float32;
# in JAX's lattice it sits between the weak float and float32, beside bfloat16 (so
# float16 with bfloat16 gives float32).  "strict" has no edge: float16 only with itself.
_EDGES[(b, f2)] = frozenset({N})
_EDGES[(u1, f2)] = frozenset({N})
_EDGES[(i1, f2)] = frozenset({N})
_EDGES[(f2, f4)] = frozenset({N}) | LATTICE
_EDGES[(WEAK_FLOAT, f2)] = LATTICE
if bf is not None:  # bfloat16 sits between the weak float and float32 (JAX, TF)
    _EDGES[(WEAK_FLOAT, bf)] = LATTICE
    _EDGES[(bf, f4)] = LATTICE

# TensorFlow's "safe" mode refuses these JAX-lattice promotions (flexible_dtypes.py,
# entries tagged PromoMode.ALL), even where the lattice has a result.
_UNSAFE_PAIRS: frozenset[frozenset[object]] = frozenset(
    frozenset(p)
    for p in [
        (u1, i1), (u2, i1), (u2, i2), (u4, i1), (u4, i2), (u4, i4), (u4, f4), (u4, c8),
        *((u8, t) for t in (i1, i2, i4, i8, f4, f8, c8, c16)),
        (i4, f4), (i4, c8),
        *((i8, t) for t in (f4, f8, c8, c16)),
        (f8, c8),
        *([(u2, bf), (u4, bf), (u8, bf), (i2, bf), (i4, bf), (i8, bf)] if bf is not None else []),
        (u2, f2), (u4, f2), (u8, f2), (i2, f2), (i4, f2), (i8, f2),
        *([(f2, bf)] if bf is not None else []),
    ]
)  # fmt: skip

_KIND_ORDER = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def _upper_bounds(mode: str) -> dict[object, set[object]]:
    """Reflexive-transitive closure of the mode's graph: node -> every node above it."""
    nodes = set(d.ALL) | {WEAK_INT, WEAK_FLOAT, WEAK_COMPLEX} | set(d.EXTRAS)
    above: dict[object, set[object]] = {n: {n} for n in nodes}
    changed = True
    while changed:
        changed = False
        for (lo, hi), modes in _EDGES.items():
            if mode in modes and not above[hi] <= above[lo]:
                above[lo] |= above[hi]
                changed = True
    return above


def _rank(node: object) -> int:
    return _KIND_ORDER[d.kind_of(node)] if isinstance(node, np.dtype) else 5


def _lub(a: object, b_: object, above: dict[object, set[object]]) -> object | None:
    common = above[a] & above[b_]
    minimal = [n for n in common if not any(m is not n and n in above[m] for m in common)]
    if not minimal:
        return None
    # Only NumPy's graph has ties (e.g. uint16 with int8: int32 or float32); NumPy picks
    # the lower kind.
    return min(minimal, key=_rank)


class Promotion:
    """A promotion mode: its array-with-array table and its Python-scalar rules."""

    __slots__ = ("_above", "_many", "name", "table")

    def __init__(self, name: str) -> None:
        self.name = name
        above = _upper_bounds(name)
        self._above = above
        self._many: dict[frozenset[np.dtype], object] = {}
        dtypes = [*d.ALL, *d.EXTRAS]
        # table[dt1][dt2]: the result dtype, a weak node, or None when the mode refuses.
        self.table: dict[np.dtype, dict[np.dtype, object]] = {dt: {} for dt in dtypes}
        for x, y in itertools.product(dtypes, repeat=2):
            r = _lub(x, y, above)
            if name == S and frozenset((x, y)) in _UNSAFE_PAIRS:
                r = None
            self.table[x][y] = r

    def __repr__(self) -> str:
        return f"Promotion({self.name!r})"


PROMOTIONS: Final = {name: Promotion(name) for name in MODES}


def promotion(name: str | Promotion) -> Promotion:
    """The promotion mode called ``name``; ``ValueError`` lists the modes otherwise."""
    if isinstance(name, Promotion):
        return name
    try:
        return PROMOTIONS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown promotion mode {name!r}; available: {list(MODES)}") from None


def _materialize(r: object, default_float: np.dtype) -> np.dtype:
    if r is WEAK_FLOAT:
        return default_float
    if r is WEAK_COMPLEX:
        return d.COMPLEX_OF[default_float]
    assert isinstance(r, np.dtype), r
    return r


def promote(
    mode: Promotion, dt1: np.dtype, dt2: np.dtype, default_float: np.dtype, fn: str
) -> np.dtype:
    """Result dtype of an operation on arrays of dtypes ``dt1`` and ``dt2``."""
    r = mode.table[dt1][dt2]
    if r is None:
        raise TypeError(
            f"{fn}: {dt1} and {dt2} do not promote under the {mode.name!r} promotion mode"
            + (
                " (the standard defines no such promotion; cast one explicitly with ak.astype)"
                if mode.name == X
                else " (cast one explicitly with ak.astype)"
            )
        )
    if r.__class__ is np.dtype or isinstance(r, np.dtype):
        return r  # pyright: ignore[reportReturnType]  # pyright does not narrow by __class__
    return _materialize(r, default_float)


def promote_many(
    mode: Promotion, dtypes: list[np.dtype], default_float: np.dtype, fn: str
) -> np.dtype:
    """Result dtype of an operation on arrays of all of ``dtypes`` (one or more).

    NumPy and JAX promote a set of dtypes to the least upper bound of the whole set, which
    is not a left fold of materialised pairwise results: NumPy's graph is not a lattice
    (``int8, uint16, float32`` give ``float32``, although ``int8, uint16`` give ``int32``
    and ``int32, float32`` give ``float64``), and JAX keeps weak nodes in between
    (``int8, uint64, float32`` give ``float32``: the first two meet at the weak float).
    "strict" (the standard's associative tables) and "safe" (TensorFlow folds pairwise)
    fold.
    """
    if len(dtypes) > 2 and mode.name in _SET_LUB_MODES:
        key = frozenset(dtypes)
        r = mode._many.get(key)
        if r is None:
            above = mode._above
            common = set.intersection(*(above[t] for t in key))
            minimal = [n for n in common if not any(m is not n and n in above[m] for m in common)]
            if minimal:
                r = mode._many[key] = min(minimal, key=_rank)
        if r is not None:
            return _materialize(r, default_float)
    out = dtypes[0]
    for other in dtypes[1:]:  # the pairwise fold, or the error naming the first bad pair
        out = promote(mode, out, other, default_float, fn)
    return out


_SET_LUB_MODES = frozenset({N, J})


# Array-with-Python-scalar rules.  Key: (scalar kind, array kind) with kinds
# 'b' bool, 'i' integer (signed or unsigned), 'f' real float, 'c' complex.
# Value: "array" (the array's dtype), "int"/"float"/"complex" (that default dtype),
# "complex_of_array" (the complex dtype of the array's precision) or None (TypeError).
_NEP50: dict[tuple[str, str], str | None] = {
    ("b", "b"): "array", ("b", "i"): "array", ("b", "f"): "array", ("b", "c"): "array",
    ("i", "b"): "int", ("i", "i"): "array", ("i", "f"): "array", ("i", "c"): "array",
    ("f", "b"): "float", ("f", "i"): "float", ("f", "f"): "array", ("f", "c"): "array",
    ("c", "b"): "complex", ("c", "i"): "complex", ("c", "f"): "complex_of_array",
    ("c", "c"): "array",
}  # fmt: skip
# The standard: bool with bool; int with integer and floating; float with floating; and
# (since 2024.12) a Python complex with a real floating array gives the complex dtype of
# the array's precision.
_STRICT: dict[tuple[str, str], str | None] = {
    ("b", "b"): "array",
    ("i", "i"): "array", ("i", "f"): "array", ("i", "c"): "array",
    ("f", "f"): "array", ("f", "c"): "array",
    ("c", "f"): "complex_of_array", ("c", "c"): "array",
}  # fmt: skip
# TensorFlow "safe": a Python float never joins an integer array, nor a Python complex a
# 64-bit integer or a single-precision float array (flexible_dtypes.py, PromoMode.ALL).
_SAFE: dict[tuple[str, str], str | None] = {**_NEP50, ("f", "i"): None}
_SAFE_REFUSED_COMPLEX = frozenset({i8, u8, f2, f4, *([bf] if bf is not None else [])})

SCALAR_RULES: Final[dict[str, dict[tuple[str, str], str | None]]] = {
    N: _NEP50, J: _NEP50, S: _SAFE, X: _STRICT
}  # fmt: skip

_SCALAR_KIND = {bool: "b", int: "i", float: "f", complex: "c"}
_ARRAY_KIND = {"b": "b", "u": "i", "i": "i", "f": "f", "V": "f", "c": "c"}


def scalar_kind(value: object) -> str | None:
    """'b'/'i'/'f'/'c' for Python bool/int/float/complex (not NumPy scalars); else None."""
    return _SCALAR_KIND.get(type(value))


def promote_scalar(
    mode: Promotion,
    dtype: np.dtype,
    kind: str,
    default_int: np.dtype,
    default_float: np.dtype,
    fn: str,
) -> np.dtype:
    """Result dtype of an operation on an array of ``dtype`` and a Python scalar of ``kind``."""
    rule = SCALAR_RULES[mode.name].get((kind, _ARRAY_KIND[dtype.kind]))
    if mode.name == S and kind == "c" and dtype in _SAFE_REFUSED_COMPLEX:
        rule = None
    if rule == "array":
        return dtype
    if rule == "int":
        return default_int
    if rule == "float":
        return default_float
    if rule == "complex":
        return d.COMPLEX_OF[default_float]
    if rule == "complex_of_array":
        return d.COMPLEX_OF[f8 if dtype == f8 else f4]
    pyname = {v: k.__name__ for k, v in _SCALAR_KIND.items()}[kind]
    raise TypeError(
        f"{fn}: a Python {pyname} scalar does not promote with a {dtype} array under the "
        f"{mode.name!r} promotion mode; use an array of an explicit dtype"
    )


def can_cast(mode: Promotion, from_: np.dtype, to: np.dtype) -> bool:
    """Whether ``from_`` promotes to ``to`` in ``mode`` (the spec's ``can_cast``)."""
    r = mode.table[from_][to]
    return r is to


def casts_on_assignment(mode: Promotion, from_: np.dtype, to: np.dtype) -> bool:
    """Whether ``from_`` may be written into an array of ``to`` (``x[k] = v``, ``x += v``):
    where it promotes, and outside ``"strict"`` also by NumPy's ``same_kind`` rule
    (``float64`` into ``float32``, ``int64`` into ``int32``), which the standard leaves to
    the implementation."""
    if can_cast(mode, from_, to):
        return True
    return mode.name != X and bool(np.can_cast(from_, to, "same_kind"))
