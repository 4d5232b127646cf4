"""Creation primitives of the Dask driver (core: ``arraykit/_creation.py``).

Arrays made from host data or from a shape take the chunks of ``ak.use("dask",
chunks=...)``: ``"auto"`` (Dask's choice, the default), an int (per axis), a dict of
axis sizes, or a tuple of per-axis sizes, which applies to arrays of its length only
(others take ``"auto"``: a 0-d scalar operand, say).  Creation is lazy: ``full``,
``arange`` and ``linspace`` build their blocks when the graph runs.
"""

from __future__ import annotations

import math
from typing import Any

import dask.array as da
import numpy as np
from dask.array.core import normalize_chunks

from ..._devices import Device
from .._base import Part
from ._blocks import along, meta, np_driver


def check_chunks(chunks: Any) -> Any:
    """``chunks`` as ``ak.use`` takes it, or ``ValueError``."""
    if chunks == "auto" or (isinstance(chunks, int) and not isinstance(chunks, bool)):
        if isinstance(chunks, int) and chunks <= 0 and chunks != -1:
            raise ValueError(f"use: chunks must be positive (or -1: whole axes), got {chunks}")
        return chunks
    if isinstance(chunks, dict):
        if not all(isinstance(k, int) and k >= 0 for k in chunks):
            raise ValueError(f"use: chunks as a dict maps axes (ints >= 0) to sizes: {chunks}")
        return dict(chunks)
    if isinstance(chunks, (tuple, list)):
        return tuple(tuple(c) if isinstance(c, list) else c for c in chunks)
    raise ValueError(
        f"use: chunks must be 'auto', an int, a tuple or a dict of axis sizes, got {chunks!r}"
    )


def chunks_for(chunks: Any, ndim: int) -> Any:
    """The setting ``chunks`` as it applies to an array of ``ndim`` axes."""
    if isinstance(chunks, dict):
        return {k: v for k, v in chunks.items() if k < ndim} or "auto"
    if isinstance(chunks, tuple) and len(chunks) != ndim:
        return "auto"
    return chunks


class Creation(Part):
    """``asarray``, ``arange``, ``full``, ``empty``, ``eye``, ``linspace``, ``tril``, ``triu``."""

    chunks: Any

    def _chunks(self, shape: tuple[int, ...]) -> Any:
        if 0 in shape:  # one empty block (Dask's "auto" divides by zero on such shapes)
            return -1
        return chunks_for(self.chunks(), len(shape))

    def from_host(self, data: np.ndarray) -> da.Array:
        # name=False: a fresh random name instead of a hash of the data (Dask's default
        # reads every byte: 22 ms per 10**7 float32, most of an import's cost)
        return da.from_array(data, chunks=self._chunks(data.shape), asarray=True, name=False)

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> da.Array:
        if isinstance(obj, da.Array):
            if obj.dtype != dtype:
                if copy is False:
                    raise ValueError(f"asarray: copy=False, but converting to {dtype} copies")
                return obj.astype(dtype)
            return obj  # values are immutable: a copy would be indistinguishable
        if copy is False:
            data = np.asarray(obj)
            if data.dtype != dtype:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} requires a copy")
            if data is not obj and not isinstance(obj, np.ndarray):
                raise ValueError("asarray: copy=False, but the input cannot be used without a copy")
        else:
            data = np.array(obj, dtype=dtype, copy=copy)
        return self.from_host(data)

    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        index = da.arange(n, dtype=np.int64, chunks=self._chunks((n,)))
        if dtype.kind in "iu":
            return (index * step + start).astype(dtype) if n else index.astype(dtype)
        return (start + step * index.astype(np.float64)).astype(dtype)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        return da.full(shape, fill_value, dtype=dtype, chunks=self._chunks(shape))

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def full_like(self, x: da.Array, fill_value: Any, dtype: np.dtype, device: Device) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        return da.full_like(x, fill_value, dtype=dtype)  # x's chunks, known or not

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> da.Array:
        return da.empty(shape, dtype=dtype, chunks=self._chunks(shape))

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        # Each block is NumPy's eye of its own rows and columns (Dask's eye divides by
        # zero on empty shapes and misplaces diagonals of some chunkings).
        if n_rows == 0 or n_cols == 0:
            return da.from_array(np.eye(n_rows, n_cols, k=k, dtype=dtype))
        chunks = normalize_chunks(self._chunks((n_rows, n_cols)), (n_rows, n_cols), dtype=dtype)
        grid = da.zeros((n_rows, n_cols), dtype=dtype, chunks=chunks)

        def block(b: np.ndarray, block_info: Any = None) -> np.ndarray:
            (r0, r1), (c0, c1) = block_info[0]["array-location"]
            return np.eye(r1 - r0, c1 - c0, k=k + r0 - c0, dtype=dtype)

        return grid.map_blocks(block, dtype=dtype, meta=meta(dtype, 2))

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> da.Array:
        # NumPy's formula, block by block: start + i * step, the last value ``stop``.
        index = da.arange(num, dtype=np.int64, chunks=self._chunks((num,)))

        def block(i: np.ndarray) -> np.ndarray:
            div = (num - 1) if endpoint else num
            kind = np.complex128 if dtype.kind == "c" else np.float64
            y = i.astype(kind)
            delta = kind(stop) - kind(start)
            if div > 0:
                step = delta / div
                y = y / div * delta if step == 0 else y * step
            else:  # one point: NumPy's y * delta (its step is NaN)
                y = y * delta
            y = y + kind(start)
            if endpoint and num > 1 and i.size and i[-1] == num - 1:
                y[-1] = stop
            return y.astype(dtype)

        return index.map_blocks(block, dtype=dtype, meta=meta(dtype, 1))

    def tril(self, x: da.Array, k: int) -> da.Array:
        axes = (x.ndim - 2, x.ndim - 1)
        return along(lambda b: np_driver().tril(b, k), x, axes, x.dtype, label=("tril", k))

    def triu(self, x: da.Array, k: int) -> da.Array:
        axes = (x.ndim - 2, x.ndim - 1)
        return along(lambda b: np_driver().triu(b, k), x, axes, x.dtype, label=("triu", k))
