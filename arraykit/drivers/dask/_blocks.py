"""What several chapters of the Dask driver share: NumPy kernels run per block.

A Dask array is a grid of NumPy blocks.  The driver runs the NumPy driver's primitives
(taken from the registry, ``drivers.get("numpy")``: the same special cases, signals and
dtypes) on the blocks, so every rule that driver follows holds here block by block:

* ``elementwise``: one task per block of the broadcast result (``blockwise``).  Where a
  size is unknown (``nan``, after a boolean index), Dask pairs the operands' blocks
  without knowing whether they line up; each task checks that they do, and raises the
  ``ValueError`` naming ``ak.compute`` when not (it broadcast a block of 1 silently).
* ``along``: an operation along whole axes (``sort``, ``cumulative_sum``, ``fft``...)
  first rechunks those axes into one chunk each, keeping the other axes' chunks, then
  runs per block.  The rechunk is the price of working across chunks: each lane along
  the axes must fit one worker.
* ``per_matrix``: linalg over the last one or two axes: the core axes in one chunk, the
  stack axes chunked as the input's; several outputs share one task per block.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import dask
import dask.array as da
import numpy as np
from dask.array.core import elemwise
from dask.base import tokenize

from ... import drivers
from .._base import Driver, LinAlgSignal, canonical_dtype

if TYPE_CHECKING:
    from numpy.typing import DTypeLike


@cache
def np_driver() -> Driver:
    """The NumPy driver, whose primitives are the per-block kernels."""
    return drivers.get("numpy")


def meta(dtype: DTypeLike, ndim: int = 0) -> np.ndarray:
    return np.empty((0,) * ndim, dtype)


def shape_of(x: da.Array) -> tuple[int | None, ...]:
    return tuple(None if math.isnan(n) else int(n) for n in x.shape)


def known(x: da.Array, fn: str) -> None:
    """``ValueError`` if a size of ``x`` is unknown: ``fn`` needs it."""
    if any(math.isnan(n) for n in x.shape):
        raise ValueError(
            f"{fn}: the Dask driver needs every size of the input, but shape "
            f"{shape_of(x)} has unknown sizes (from a boolean index, nonzero or unique_*): "
            "call ak.compute(x) first"
        )


def without_empty_blocks(x: da.Array) -> da.Array:
    """``x`` with no zero-length block on an axis that has others (a boolean index,
    ``nonzero`` or ``include_initial`` leave them): Dask's masked assignment wrote past
    them (``x[mask] = v`` of chunks ``(1, 0)`` gave 2 values), its argmin/argmax
    reduce such a block and fail, its matmul/tensordot sum the products of such blocks
    into a string array, its broadcast_to of one fails when computed, and its slice
    with a negative step along such an axis is empty (``[::-1]`` of chunks ``(0, 0, 1)``
    gave ``[]``) and its gather by an integer array from chunks ``(0, 0, 1)`` builds a
    graph with a missing key; an empty array
    with several blocks on an axis (its ravel under a 2-D mask: Dask's reshape refuses
    them) becomes one block."""
    if math.isnan(x.size):
        return x  # (unknown sizes: nothing to rechunk by)
    if x.size == 0:  # one block (Dask's rechunk keeps an empty array's: a new array)
        blocks = any(len(c) > 1 for c in x.chunks)
        return da.zeros(x.shape, dtype=x.dtype, chunks=-1) if blocks else x
    if not any(0 in c and len(c) > 1 for c in x.chunks):
        return x
    return x.rechunk(tuple(tuple(n for n in c if n) or (0,) for c in x.chunks))


_RESULT_DTYPES: dict[tuple[str | np.dtype, ...], np.dtype] = {}


def result_dtype(name: str, kernel: Callable[..., Any], dtypes: Sequence[np.dtype]) -> np.dtype:
    """The dtype ``kernel`` returns for inputs of ``dtypes`` (run once on one element)."""
    key: tuple[str | np.dtype, ...] = (name, *dtypes)
    try:
        return _RESULT_DTYPES[key]
    except KeyError:
        pass
    with np.errstate(all="ignore"):
        out = kernel(*(np.ones((1,), dt) for dt in dtypes))
    dt = canonical_dtype(np.asarray(out).dtype)
    _RESULT_DTYPES[key] = dt
    return dt


def elementwise(
    name: str, kernel: Callable[..., Any], *args: da.Array, dtype: np.dtype | None = None
) -> da.Array:
    """``kernel`` (a NumPy primitive) on the broadcast blocks of ``args``; the result's
    dtype is ``dtype``, or found by running ``kernel`` on one element."""
    dt = dtype or result_dtype(name, kernel, [a.dtype for a in args])
    if len(args) > 1:  # Dask aligns the operands' blocks dropping empty ones, but keeps
        # them in the result's chunks: x * 1.0 of chunks (0, 0, 1) gave 3 values
        args = tuple(without_empty_blocks(a) for a in args)
    # Named from the primitive and the inputs' names: tokenizing the kernel (a closure)
    # would pickle it, costing more than the rest of the call.
    key = f"{name}-{tokenize(name, *(a.name for a in args))}"
    run = _quiet(kernel)
    if len(args) > 1 and any(math.isnan(n) for a in args for n in a.shape):
        run = _lined_up(name, run, [a.shape for a in args])
    return elemwise(run, *args, dtype=dt, name=key)


def _lined_up(
    name: str, run: Callable[..., Any], shapes: list[tuple[Any, ...]]
) -> Callable[..., Any]:
    """``run``, checking first that the blocks it gets have equal sizes along each axis
    where an operand's size is unknown (operands of known size 1 there broadcast)."""
    ndim = max(len(s) for s in shapes)
    groups = []  # per such axis: the (operand, its axis) pairs that must agree
    for axis in range(-ndim, 0):
        sizes = [(i, s[axis]) for i, s in enumerate(shapes) if len(s) >= -axis]
        if any(math.isnan(n) for _, n in sizes):
            pairs = [(i, len(shapes[i]) + axis) for i, n in sizes if n != 1]
            if len(pairs) > 1:
                groups.append((ndim + axis, pairs))
    if not groups:
        return run

    def checked(*blocks: Any) -> Any:
        for axis, pairs in groups:
            found = {np.shape(blocks[i])[a] for i, a in pairs}
            if len(found) > 1:
                raise ValueError(
                    f"{name}: operands whose sizes are unknown (None, from a boolean index, "
                    f"nonzero or unique_*) do not line up along axis {axis} (blocks of "
                    f"{' and '.join(map(str, sorted(found)))} elements): call ak.compute(x) "
                    "on them first"
                )
        return run(*blocks)

    checked.__name__ = run.__name__
    return checked


def _quiet(kernel: Callable[..., Any]) -> Callable[..., Any]:
    def run(*blocks: Any) -> Any:
        with np.errstate(all="ignore"):
            return kernel(*blocks)

    run.__name__ = getattr(kernel, "__name__", "kernel")
    return run


def whole(x: da.Array, axes: Sequence[int]) -> da.Array:
    """``x`` with each of ``axes`` in one chunk (the other axes keep their chunks)."""
    if all(len(x.chunks[a]) == 1 for a in axes):
        return x
    known(x, "rechunk")
    return x.rechunk({a: -1 for a in axes})


def along(
    fn: Callable[[np.ndarray], np.ndarray],
    x: da.Array,
    axes: Sequence[int],
    dtype: np.dtype,
    sizes: dict[int, int] | None = None,
    label: tuple[Any, ...] = (),
) -> da.Array:
    """``fn`` on every block of ``x`` rechunked so that ``axes`` are whole; the output
    has ``x``'s shape and chunks except for the sizes of ``axes`` given in ``sizes``.
    ``label``: what besides ``x`` determines the result (names the tasks; without it
    Dask tokenizes ``fn`` itself, by pickling)."""
    x = whole(x, axes)
    chunks = tuple((sizes[i],) if sizes and i in sizes else c for i, c in enumerate(x.chunks))
    name = f"{label[0]}-{tokenize(*label, x.name, tuple(axes), dtype.str)}" if label else None
    return x.map_blocks(_quiet(fn), chunks=chunks, dtype=dtype, meta=meta(dtype, x.ndim), name=name)


def per_matrix(
    fn: Callable[..., Any],
    xs: Sequence[da.Array],
    cores: Sequence[int],
    outs: Sequence[tuple[tuple[int, ...], np.dtype]],
    signals: bool = False,
) -> tuple[da.Array, ...]:
    """``fn(*blocks) -> tuple`` on stacks of matrices: each input's last ``cores[i]`` axes
    are whole, its leading (stack) axes broadcast and chunked alike.  ``outs`` gives each
    output's core shape and dtype (outputs are shaped ``stack + core``).

    ``signals``: ``fn`` may raise a ``LinAlgSignal``; the outputs are then computed now
    (persisted on the scheduler) so that the failure reaches the caller at the call, with
    the stack index of the whole input.  Otherwise the outputs stay lazy, and a matrix on
    which ``fn`` signals (an eigen- or singular-value solver that did not converge) gets
    NaN outputs, as on backends that report nothing.
    """
    for x in xs:
        known(x, "linalg")
    stack = np.broadcast_shapes(*(x.shape[: x.ndim - c] for x, c in zip(xs, cores, strict=True)))
    nb = len(stack)
    lead = da.broadcast_to(xs[0], stack + xs[0].shape[xs[0].ndim - cores[0] :])
    bchunks = lead.chunks[:nb]
    ready = []
    for x, c in zip(xs, cores, strict=True):
        x = da.broadcast_to(x, stack + x.shape[x.ndim - c :])
        ready.append(x.rechunk({**dict(enumerate(bchunks)), **{nb + j: -1 for j in range(c)}}))
    grid = tuple(len(c) for c in bchunks)
    delayed = [x.to_delayed() for x in ready]
    starts = [np.cumsum((0, *c[:-1])) for c in bchunks]
    kernel = _with_offset(fn, len(outs)) if signals else _nan_on_failure(fn, outs)
    pieces: list[np.ndarray] = [np.empty(grid, dtype=object) for _ in outs]
    for idx in np.ndindex(grid):
        blocks = [d[idx + (0,) * c] for d, c in zip(delayed, cores, strict=True)]
        offset = tuple(int(starts[i][k]) for i, k in enumerate(idx))
        task = dask.delayed(kernel, pure=True, nout=len(outs))(offset, *blocks)
        bshape = tuple(bchunks[i][k] for i, k in enumerate(idx))
        for j, (core, dt) in enumerate(outs):
            pieces[j][idx] = da.from_delayed(
                task[j], bshape + tuple(core), dtype=dt, meta=meta(dt, nb + len(core))
            )
    results = []
    for (core, _), grid_arrays in zip(outs, pieces, strict=True):
        nested = grid_arrays.reshape(grid + (1,) * len(core))
        results.append(nested.item() if nested.ndim == 0 else da.block(nested.tolist()))
    if signals:
        results = list(dask.persist(*results))
    return tuple(results)


def _nan_on_failure(fn: Callable[..., Any], outs: Sequence[tuple[Any, ...]]) -> Callable[..., Any]:
    def run(offset: tuple[int, ...], *blocks: np.ndarray) -> tuple[Any, ...]:
        try:
            with np.errstate(all="ignore"):
                out = fn(*blocks)
            return out if len(outs) > 1 else (out,)
        except LinAlgSignal:
            pass
        stack = np.broadcast_shapes(*(b.shape[: b.ndim - 2] for b in blocks[:1]))
        results = [np.full(stack + tuple(core), np.nan, dt) for core, dt in outs]
        for index in np.ndindex(stack):
            try:
                with np.errstate(all="ignore"):
                    one = fn(*(b[index] if b.ndim > 2 else b for b in blocks))
            except LinAlgSignal:
                continue  # this matrix keeps its NaN outputs
            for r, o in zip(results, one if len(outs) > 1 else (one,), strict=True):
                r[index] = o
        return tuple(results)

    return run


def _with_offset(fn: Callable[..., Any], nout: int) -> Callable[..., Any]:
    def run(offset: tuple[int, ...], *blocks: np.ndarray) -> tuple[Any, ...]:
        try:
            with np.errstate(all="ignore"):
                out = fn(*blocks)
        except LinAlgSignal as s:
            if s.index is None or not offset:
                raise
            raise type(s)(tuple(o + i for o, i in zip(offset, s.index, strict=True))) from None
        return out if nout > 1 else (out,)

    return run
