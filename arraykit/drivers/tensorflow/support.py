"""Support code of the TensorFlow driver: dtype maps, kernel availability, constants,
and the helpers several chapters share.

Kernel availability comes from TF's own kernel registry (``kernels.get_registered_kernels_for_op``
and the op definitions), so the driver knows, without running anything, which dtypes an op
can run on each device type present; where a kernel is missing, primitives compute in a
dtype that holds every value and cast back (see ``work_dtype`` and ``lift``).  Nothing here
changes a process-wide TF setting.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
import tensorflow as tf
from tensorflow.python import pywrap_tfe
from tensorflow.python.framework import kernels, op_def_registry
from tensorflow.python.framework.ops import EagerTensor
from tensorflow.python.ops import gen_array_ops, gen_bitwise_ops, gen_math_ops

from ... import _dtypes

# ---------------------------------------------------------------------- dtypes
TF_OF: dict[np.dtype, tf.DType] = {
    _dtypes.bool: tf.bool, _dtypes.int8: tf.int8, _dtypes.int16: tf.int16,
    _dtypes.int32: tf.int32, _dtypes.int64: tf.int64, _dtypes.uint8: tf.uint8,
    _dtypes.uint16: tf.uint16, _dtypes.uint32: tf.uint32, _dtypes.uint64: tf.uint64,
    _dtypes.float32: tf.float32, _dtypes.float64: tf.float64,
    _dtypes.complex64: tf.complex64, _dtypes.complex128: tf.complex128,
    _dtypes.float16: tf.float16,  # an extra, not in the standard
}  # fmt: skip
if _dtypes.bfloat16 is not None:
    TF_OF[_dtypes.bfloat16] = tf.bfloat16
NP_OF: dict[tf.DType, np.dtype] = {v: k for k, v in TF_OF.items()}
NP_OF_ENUM: dict[int, np.dtype] = {v.as_datatype_enum: k for k, v in TF_OF.items()}

BOOL = frozenset({tf.bool})
SIGNED = frozenset({tf.int8, tf.int16, tf.int32, tf.int64})
UNSIGNED = frozenset({tf.uint8, tf.uint16, tf.uint32, tf.uint64})
INTEGER = SIGNED | UNSIGNED
REAL_FLOATING = frozenset({tf.float16, tf.float32, tf.float64})
COMPLEX = frozenset({tf.complex64, tf.complex128})
FLOATING = REAL_FLOATING | COMPLEX
REAL = INTEGER | REAL_FLOATING
NUMERIC = REAL | COMPLEX
ALL = NUMERIC | BOOL

REAL_OF = {tf.complex64: tf.float32, tf.complex128: tf.float64}
COMPLEX_OF = {tf.float32: tf.complex64, tf.float64: tf.complex128}
SIGNED_OF = {
    tf.uint8: tf.int8, tf.uint16: tf.int16, tf.uint32: tf.int32, tf.uint64: tf.int64,
    tf.int8: tf.int8, tf.int16: tf.int16, tf.int32: tf.int32, tf.int64: tf.int64,
}  # fmt: skip
BITS = {d: d.size * 8 for d in INTEGER}
# The signed integer dtype as wide as each real floating dtype, and the bits of its +inf:
# sign bits, copysign, nextafter and sort keys work on the bit patterns.
INT_OF_FLOAT = {tf.float16: tf.int16, tf.float32: tf.int32, tf.float64: tf.int64}
INF_BITS = {tf.float16: 0x7C00, tf.float32: 0x7F800000, tf.float64: 0x7FF0000000000000}

# Candidate work dtypes, in order of preference, for ops missing a kernel for a dtype.
# "modular" ops (wrapping integer arithmetic, bitwise ops) may use any integer dtype at
# least as wide: casting back keeps the low bits, which is the exact modular result.
# "ordered" ops (comparisons, division, ordering) need a dtype holding every value.
MODULAR_WORK: dict[tf.DType, tuple[tf.DType, ...]] = {
    tf.uint8: (tf.int8, tf.int16, tf.int32, tf.int64),
    tf.int8: (tf.int16, tf.int32, tf.int64),
    tf.uint16: (tf.int16, tf.int32, tf.int64),
    tf.int16: (tf.int32, tf.int64),
    tf.uint32: (tf.int32, tf.int64),
    tf.int32: (tf.int64,),
    tf.uint64: (tf.int64,),
    tf.float16: (tf.float32, tf.float64),
    tf.float32: (tf.float64,),
    tf.complex64: (tf.complex128,),
}
ORDERED_WORK: dict[tf.DType, tuple[tf.DType, ...]] = {
    tf.uint8: (tf.int16, tf.int32, tf.int64),
    tf.int8: (tf.int16, tf.int32, tf.int64),
    tf.uint16: (tf.int32, tf.int64),
    tf.int16: (tf.int32, tf.int64),
    tf.uint32: (tf.int64,),
    tf.int32: (tf.int64,),
    tf.float16: (tf.float32, tf.float64),
    tf.float32: (tf.float64,),
    tf.complex64: (tf.complex128,),
    tf.bool: (tf.int32, tf.int64),
}


# ---------------------------------------------------------------------- kernels
class KernelTable:
    """Which dtypes each TF op has kernels for on every device type in use.

    ``forced_missing`` marks (op, dtype) pairs as missing (tests use it to exercise the
    emulation paths on a CPU that has every kernel)."""

    def __init__(
        self, device_types: frozenset[str], forced_missing: frozenset[tuple[str, tf.DType]]
    ) -> None:
        self.device_types = device_types
        self.forced_missing = forced_missing
        self._cache: dict[tuple[str, str], frozenset[tf.DType]] = {}

    def native(self, op: str, attr: str = "T") -> frozenset[tf.DType]:
        """The dtypes ``op``'s ``attr`` can take on every device type in use."""
        key = (op, attr)
        out = self._cache.get(key)
        if out is None:
            out = _registered(op, attr, self.device_types)
            out = frozenset(d for d in out if (op, d) not in self.forced_missing)
            self._cache[key] = out
        return out

    def override(self, op: str, dtypes: frozenset[tf.DType], attr: str = "T") -> None:
        """Declare the dtypes ``op`` runs on (where the registry is too generous)."""
        self._cache[(op, attr)] = frozenset(d for d in dtypes if (op, d) not in self.forced_missing)

    def work_dtype(
        self,
        op: str,
        dtype: tf.DType,
        candidates: dict[tf.DType, tuple[tf.DType, ...]],
        attr: str = "T",
    ) -> tf.DType | None:
        """``dtype`` if ``op`` runs on it, else the first candidate it runs on, else None."""
        native = self.native(op, attr)
        if dtype in native:
            return dtype
        for cand in candidates.get(dtype, ()):
            if cand in native:
                return cand
        return None


@functools.cache
def _registered(op: str, attr: str, device_types: frozenset[str]) -> frozenset[tf.DType]:
    allowed = _op_def_types(op, attr)
    result: frozenset[tf.DType] | None = None
    for dev in device_types:
        if dev not in ("CPU", "GPU"):
            continue  # TPUs and plugins compile through XLA, which has no registry to read
        on_dev: set[tf.DType] = set()
        for k in kernels.get_registered_kernels_for_op(op).kernel:
            if k.device_type not in (dev, "DEFAULT"):
                continue
            cons = [c for c in k.constraint if c.name == attr]
            if not cons:
                on_dev |= allowed
            else:
                on_dev |= {
                    tf.dtypes.as_dtype(t) for t in cons[0].allowed_values.list.type
                } & allowed
        result = frozenset(on_dev) if result is None else result & on_dev
    return allowed if result is None else result


def _op_def_types(op: str, attr: str) -> frozenset[tf.DType]:
    op_def = op_def_registry.get(op)
    if op_def is None:
        return frozenset()
    for a in op_def.attr:
        if a.name == attr:
            if a.allowed_values.list.type:
                return frozenset(
                    d
                    for d in (tf.dtypes.as_dtype(t) for t in a.allowed_values.list.type)
                    if d in NP_OF
                )
            return frozenset(NP_OF)
    return frozenset(NP_OF)


# ---------------------------------------------------------------------- constants
_cast = gen_math_ops.cast
_const_cache: dict[Any, tf.Tensor] = {}


def const(value: Any, dtype: tf.DType, device: str = "") -> tf.Tensor:
    """A cached constant: shapes, axes and scalars used inside primitives.

    Created outside any ``tf.function`` graph (``init_scope``), on ``device`` ("" for the
    host), so cached tensors are eager and graphs capture them.  Keys compare with ``==``:
    never pass ``-0.0`` (it equals ``0.0``)."""
    key = (value, dtype, device)
    t = _const_cache.get(key)
    if t is None:
        with tf.init_scope(), tf.device(device or _HOST):
            t = tf.constant(
                bool(value) if dtype == tf.bool and value.__class__ is int else value, dtype
            )
        if len(_const_cache) > 4096:
            _const_cache.clear()
        _const_cache[key] = t
    return t


_HOST = "/device:CPU:0"


_int_lists: dict[tuple[int | None, ...], tf.Tensor] = {}


def int_list(values: tuple[int | None, ...]) -> tf.Tensor:
    """An int64 host vector constant for shapes, axes and permutations (cached by value:
    a hot path, so the key is the tuple alone).  Shapes are ``static_shape``'s: a size
    unknown while tracing (``None``) raises TF's error here."""
    t = _int_lists.get(values)
    if t is None:
        t = const(tuple(values), tf.int64)
        if len(_int_lists) > 4096:
            _int_lists.clear()
        _int_lists[tuple(values)] = t
    return t


_axis_lists: dict[tuple[int, ...], tf.Tensor] = {}


def axis_list(values: tuple[int, ...]) -> tf.Tensor:
    """An int32 host vector constant for the axes of a reduction (cached by value).

    int32, not ``int_list``'s int64: the gradient of a reduction whose axes are not a
    constant (``tf.vectorized_map`` shifts them) stitches them with int32 positions
    (``math_ops.reduced_shape``'s ``DynamicStitch``), which refuses int64 axes, so
    ``grad(vmap(f))`` failed on every reduction."""
    t = _axis_lists.get(values)
    if t is None:
        t = const(tuple(values), tf.int32)
        if len(_axis_lists) > 4096:
            _axis_lists.clear()
        _axis_lists[tuple(values)] = t
    return t


_ALL_AXES = [tuple(range(n)) for n in range(65)]


def all_axes(x: tf.Tensor) -> tf.Tensor:
    """``(0, 1, ..., ndim - 1)`` as an int32 constant (``axis_list``)."""
    return axis_list(_ALL_AXES[rank(x)])


def rank(x: tf.Tensor) -> int:
    return len(x._shape_tuple()) if x.__class__ is EagerTensor else x.shape.rank


def scalar_like(value: Any, x: tf.Tensor) -> tf.Tensor:
    """A 0-d tensor of ``x``'s dtype on ``x``'s device holding ``value``."""
    return const(value, x.dtype, x.device)


def cast(x: tf.Tensor, dtype: tf.DType) -> tf.Tensor:
    return x if x.dtype is dtype else _cast(x, dtype)  # DTypes are interned


no_tape = pywrap_tfe.TFE_Py_TapeSetIsEmpty
"""True unless a GradientTape or ForwardAccumulator is recording (a cheap C call)."""


def fresh(x: tf.Tensor) -> tf.Tensor:
    """A copy of ``x`` in a new buffer (Snapshot; Identity would share the input's).

    Snapshot has no gradient, so while a tape records this is Identity: tensors are
    immutable, and a tape never hands a buffer out for writing."""
    return gen_array_ops.snapshot(x) if no_tape() else gen_array_ops.identity(x)


def zeros_like(x: tf.Tensor) -> tf.Tensor:
    return gen_array_ops.zeros_like(x)


def iota(n: Any, start: int = 0) -> tf.Tensor:
    """``start, start + 1, ..., n - 1`` as int64 (``n``: a Python int or a 0-d int64 tensor)."""
    stop = const(n, tf.int64) if n.__class__ is int else n
    return gen_math_ops._range(const(start, tf.int64), stop, const(1, tf.int64))


MAX_KERNEL_RANK = 8
"""SelectV2, Where, StridedSlice, ReverseV2, Pad and ArgMax kernels take at most 8 dims."""


def _broadcast_shape(*xs: tf.Tensor) -> Any:
    shapes: list[tuple[Any, ...]] = [static_shape(x) for x in xs]  # ints where it matters
    if all(None not in s for s in shapes):
        return tuple(np.broadcast_shapes(*shapes))
    dyn = gen_array_ops.shape(xs[0], out_type=tf.int64)
    for x in xs[1:]:
        dyn = gen_array_ops.broadcast_args(dyn, gen_array_ops.shape(x, out_type=tf.int64))
    return dyn


def select(condition: tf.Tensor, x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    """SelectV2 (broadcasting), also beyond the kernel's 8 dimensions (flattened)."""
    if max(rank(condition), rank(x1), rank(x2)) <= MAX_KERNEL_RANK:
        return gen_math_ops.select_v2(condition, x1, x2)
    shape = _broadcast_shape(condition, x1, x2)
    target = int_list(shape) if isinstance(shape, tuple) else shape
    flat = [
        gen_array_ops.reshape(gen_array_ops.broadcast_to(v, target), int_list((-1,)))
        for v in (condition, x1, x2)
    ]
    return gen_array_ops.reshape(gen_math_ops.select_v2(*flat), target)


def where_coords(mask: tf.Tensor) -> tf.Tensor:
    """The (N, ndim) int64 coordinates of the True elements, in row-major order (Where),
    also beyond the kernel's 8 dimensions (flattened, then unravelled)."""
    r = rank(mask)
    if r <= MAX_KERNEL_RANK:
        return gen_array_ops.where(mask)
    flat = gen_array_ops.where(gen_array_ops.reshape(mask, int_list((-1,))))[:, 0]
    dims = gen_array_ops.shape(mask, out_type=tf.int64)
    cols = []
    for i in range(r):
        stride = gen_math_ops.prod(dims[i + 1 :], int_list((0,)), False)
        cols.append(gen_math_ops.floor_mod(gen_math_ops.floor_div(flat, stride), dims[i]))
    return gen_array_ops.pack(cols, axis=1)


def signbit(x: tf.Tensor) -> tf.Tensor:
    it = INT_OF_FLOAT[x.dtype]
    return gen_math_ops.less(gen_array_ops.bitcast(x, it), const(0, it, x.device))


def is_tensor(v: Any) -> bool:
    return isinstance(v, tf.Tensor)


def static_shape(x: tf.Tensor) -> tuple[int | None, ...]:
    return tuple(x.shape.as_list())


Size: TypeAlias = Any  # an int known while tracing, else an int64 scalar tensor


def sizes(x: tf.Tensor) -> list[Size]:
    """Each axis's size: an int where it is known while tracing, else the run-time size
    (after a boolean index under ``tf.function``)."""
    static: list[Size] = x.shape.as_list()
    if None not in static:
        return static
    dyn = gen_array_ops.shape(x, out_type=tf.int64)
    return [dyn[i] if n is None else n for i, n in enumerate(static)]


def product(values: list[Size]) -> Size:
    """The product of sizes (an int when all are known)."""
    out: Size = 1
    for v in values:
        out = out * v
    return out


def shape_vector(values: list[Size] | tuple[Size, ...]) -> tf.Tensor:
    """An int64 shape vector of sizes (``int_list``'s cached constant when all are known)."""
    if all(isinstance(v, int) for v in values):
        return int_list(tuple(values))
    parts = [v if isinstance(v, tf.Tensor) else const(v, tf.int64) for v in values]
    return gen_array_ops.pack(parts, axis=0)


def size_of(x: tf.Tensor) -> Any:
    s = x.shape.as_list()
    if None in s:
        return gen_array_ops.size(x, out_type=tf.int64)
    return math.prod(s)


# ---------------------------------------------------------------------- lifting
Prim = Callable[..., Any]
"""A primitive: a function of native tensors."""


def lift(
    k: KernelTable,
    op: str,
    fn: Prim,
    dtypes: frozenset[tf.DType],
    work: dict[tf.DType, tuple[tf.DType, ...]],
    cast_back: bool = True,
    u64: Prim | None = None,
    tensors: int | None = None,
    attr: str = "T",
) -> Prim:
    """``fn`` on every dtype in ``dtypes``: natively where a kernel exists, else in a work
    dtype (cast back unless the result is boolean), else ``u64`` for uint64.  The first
    ``tensors`` arguments (default: all) are the tensors to cast.  Without a kernel for
    any candidate on this device, it runs on the host CPU and the result is copied back.

    Where every dtype has a kernel, ``fn`` itself is returned: no wrapper at all."""
    native = k.native(op, attr)
    if dtypes <= native:
        return fn

    def lifted(*xs: Any) -> tf.Tensor:
        d = xs[0].dtype
        if d in native:
            return fn(*xs)
        if d == tf.uint64 and u64 is not None:
            return u64(*xs)
        w = k.work_dtype(op, d, work, attr)
        if w is None:
            return _host(fn, xs)
        n = len(xs) if tensors is None else tensors
        out = fn(*(cast(x, w) for x in xs[:n]), *xs[n:])
        return cast(out, d) if cast_back else out

    lifted.__name__ = getattr(fn, "__name__", op)
    return lifted


def _host(fn: Prim, xs: tuple[Any, ...]) -> tf.Tensor:
    dev = xs[0].device
    with tf.device("/device:CPU:0"):
        out = fn(*xs)
    if not dev:
        return out
    with tf.device(dev):
        return gen_array_ops.identity(out)


# ---------------------------------------------------------------------- shared by chapters
_INT64_MIN = -(2**63)


def u64_key(x: tf.Tensor) -> tf.Tensor:
    """uint64 -> int64, order-preserving (the sign bit flipped): how uint64 values are
    compared, reduced and sorted, since TF's ordered kernels lack uint64 and no wider
    dtype holds them."""
    return gen_bitwise_ops.bitwise_xor(
        gen_array_ops.bitcast(x, tf.int64), const(_INT64_MIN, tf.int64, x.device)
    )


def u64_from_key(k: tf.Tensor) -> tf.Tensor:
    """The inverse of ``u64_key``."""
    return gen_array_ops.bitcast(
        gen_bitwise_ops.bitwise_xor(k, const(_INT64_MIN, tf.int64, k.device)), tf.uint64
    )


def truth(x: tf.Tensor) -> tf.Tensor:
    """``x != 0`` as a bool tensor (``x`` itself if bool): all, any, nonzero, count_nonzero."""
    return x if x.dtype == tf.bool else gen_math_ops.not_equal(x, zeros_like(x))


def reduce_axes(x: tf.Tensor, axes: tuple[int, ...] | None) -> tf.Tensor:
    """The axes argument of TF's reductions (int32, ``axis_list``): every axis of ``x``
    for ``None``."""
    return all_axes(x) if axes is None else axis_list(tuple(axes))
