"""The Dask driver: arraykit on ``dask.array`` arrays, built lazily, run on a scheduler.

Every operation adds tasks to a graph; nothing runs until a value is needed: a Python
scalar (``float(x)``, ``bool(x)``), a host copy (``np.asarray(x)``, ``x.__dlpack__``,
moving to another driver) or ``ak.compute(x, *more)``, which runs several graphs in one
pass and keeps the results on the scheduler (``persist``).  The scheduler is Dask's
active one: threads by default, the cluster when a ``dask.distributed.Client`` is active.

Decisions (see also docs/architecture.md):

* Blocks are NumPy arrays and the per-block kernels are the NumPy driver's primitives
  (``_blocks.py``), so its special cases, dtypes and linalg signals hold block by block.
* ``ak.use("dask", chunks=...)`` sets the chunks of arrays the driver creates (from host
  data, ``full``, ``arange``...): ``"auto"`` (the default), an int, a tuple or a dict of
  axis sizes, as ``dask.array`` takes them.  Results of operations keep their inputs'
  chunks.
* Values are immutable (``capabilities.mutable`` is false): ``setitem`` builds an
  updated graph for the keys Dask assigns to (basic indices, one 1-D integer array, a
  boolean mask shaped like the array) and raises ``TypeError`` for the others; core's
  ``_views.py`` keeps NumPy's view semantics on top.
* Sizes that depend on data (boolean indexing, ``nonzero``, ``unique_*``) are ``None``
  in ``shape`` until ``ak.compute``; what needs such a size raises ``ValueError`` saying
  so.  Index arrays, ``repeat`` counts and integer exponents of ``pow`` are read when
  core checks them (a small compute).  ``flip`` of an unknown size reverses the blocks;
  an elementwise operation on operands of unknown sizes checks, block by block when it
  runs, that they line up (Dask pairs the blocks blindly), and raises the ``ValueError``
  naming ``ak.compute`` where they do not.
* Operations along whole axes (``sort``, ``argsort``, ``fft``, most of ``linalg``)
  rechunk those axes into one chunk first (``_blocks.along``, ``_blocks.per_matrix``).
  Cumulative sums and products do not: each block along the axis continues from the
  previous block's last value, NumPy's order, so they equal the NumPy driver's bit for
  bit (complex products up to the last bits, which NumPy's own loops do not agree on).
  ``reshape`` rechunks through the flat array where Dask cannot merge or split the
  chunks as they are.  ``matmul``, ``tensordot``, reductions, ``unique_*`` and ``isin``
  work chunk by chunk: reductions and products over several chunks combine partial
  results in a tree, so floating-point results may differ from the NumPy driver's in the
  last bits (README states the bound the tests check).  ``inv``, ``solve`` and
  ``cholesky`` compute their result when called, so that a singular matrix raises at the
  call as on every driver.
"""

from __future__ import annotations

from typing import Any, ClassVar

import dask
import dask.array as da
import numpy as np

from ... import _dtypes
from ..._devices import Device
from .._base import Capabilities, Driver, core_link
from . import _blocks
from ._blocks import shape_of
from .creation import Creation, check_chunks
from .elementwise import Elementwise, install_elementwise
from .fft import FFT
from .indexing import Indexing
from .interop import Interop
from .linalg import Linalg
from .manipulation import Manipulation
from .searching import Searching
from .sets import Sets
from .sorting import Sorting
from .statistics import Statistics
from .transforms import DaskTransforms

__all__ = ["DaskDriver"]

_CPU = Device("dask", "cpu", 0)


# (the ignore: mixins implement optional fast paths as methods; pyright holds Driver's
# ``Callable | None`` slots invariant, as mutable attributes.  mypy checks them.)
class DaskDriver(  # pyright: ignore[reportIncompatibleVariableOverride]
    Creation,
    Elementwise,
    Indexing,
    Manipulation,
    Searching,
    Sorting,
    Sets,
    Statistics,
    Linalg,
    FFT,
    Interop,
    Driver,
):
    """Runs arraykit on ``dask.array`` arrays, on Dask's active scheduler."""

    name = "dask"
    capabilities = Capabilities(float16=True, lazy=True, max_dimensions=64)
    transforms = DaskTransforms()
    options: ClassVar[frozenset[str]] = frozenset({"chunks"})

    def __init__(self) -> None:
        install_elementwise(self)
        super().__init__()

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = super().check_options(options)
        if "chunks" in out:
            out["chunks"] = check_chunks(out["chunks"])
        return out

    def chunks(self) -> Any:
        """The active ``chunks`` setting (``ak.use("dask", chunks=...)``)."""
        return core_link().options(self.name).get("chunks", "auto")

    # ------------------------------------------------------------------ runtime
    def devices(self) -> list[Device]:
        return [_CPU]

    def default_device(self) -> Device:
        return _CPU

    def device_of(self, x: da.Array) -> Device:
        return _CPU

    def dtype_of(self, x: da.Array) -> np.dtype:
        return _dtypes.canonical(x.dtype)

    def shape_of(self, x: da.Array) -> tuple[int | None, ...]:
        return shape_of(x)

    def is_native(self, obj: object) -> bool:
        return isinstance(obj, da.Array)

    def to_scalar(self, x: da.Array) -> Any:
        return np.asarray(x.compute()).item()

    def astype(self, x: da.Array, dtype: np.dtype) -> da.Array:
        if dtype.kind in "iu" and x.dtype.kind == "f":  # the rule, by the NumPy driver's cast
            cast = _blocks.np_driver().astype
            return _blocks.elementwise(f"astype-{dtype}", lambda b: cast(b, dtype), x, dtype=dtype)
        with np.errstate(all="ignore"):
            return x.astype(dtype)

    def copy(self, x: da.Array) -> da.Array:
        return x.copy()

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def bitcast(self, x: da.Array, dtype: np.dtype) -> da.Array:  # pyright: ignore[reportIncompatibleVariableOverride]
        a, b = x.dtype.itemsize, dtype.itemsize
        if a == b:
            return x[None].view(dtype)[0] if x.ndim == 0 else x.view(dtype)  # dask: 1-D up
        if a > b:
            return x[..., None].view(dtype)
        return x.rechunk({x.ndim - 1: -1}).view(dtype)[..., 0]  # the whole last axis a block

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def compute(self, xs: tuple[da.Array, ...]) -> tuple[da.Array, ...]:  # pyright: ignore[reportIncompatibleVariableOverride]
        done = dask.persist(*xs)
        _wait(done)
        return tuple(x.compute_chunk_sizes() if None in shape_of(x) else x for x in done)


def _wait(arrays: tuple[da.Array, ...]) -> None:
    """Block until persisted arrays are computed, raising a task's error: on a
    ``dask.distributed`` cluster ``persist`` only submits the graph."""
    try:
        from distributed import futures_of, wait
    except ImportError:  # no distributed: persist ran the graph already
        return
    futures = [f for a in arrays for f in futures_of(a)]
    if futures:
        wait(futures)
        for f in futures:
            if f.status == "error":
                f.result()  # raises the task's exception here
