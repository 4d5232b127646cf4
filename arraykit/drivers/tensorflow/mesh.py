"""The TensorFlow driver's arrays split over several devices, on DTensor
(``tf.experimental.dtensor``).

An ``ak.Sharding`` is a DTensor layout: its ``ak.Mesh`` a DTensor mesh of the same
devices and axis names, each spec entry the mesh dimension splitting that array axis
(``Split``, the Sharding's native, makes the layout for each rank).  A split array is a
DTensor; ``device_of`` reads its layout back as a ``Sharding``.  DTensor maps an array axis
to one mesh dimension: a spec entry naming several mesh axes is refused.

Which primitives run split: ``SPMD``, the elementwise ones, reductions, ``matmul`` and
the axis permutations, the data-parallel work DTensor expands op by op (each device
computes on its piece, reductions add the pieces' partial results).  Every other
primitive runs on the whole array: eagerly its split arguments are gathered onto the
mesh's first device, it runs there as on one device, and its results are replicated over
the mesh (every device holds all of it; ``setitem``'s result keeps its input's split).
DTensor's own expansion of those is not trusted: ``boolean_mask`` of a split array
returns one device's piece, ``tensor_scatter_nd_update`` refuses updates made on the
host.  Under ``ak.jit`` (``tf.function``) the arguments of those primitives are
replicated inside the program (``dtensor.relayout``), and one DTensor cannot run
(it raises ``UnimplementedError``) is refused with ``NotImplementedError`` naming it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.experimental import dtensor
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor

from ..._devices import Device, Mesh, Sharding
from .._base import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, Part

SPMD = frozenset({
    *UNARY_ELEMENTWISE, *BINARY_ELEMENTWISE, "clip", "complex", "astype", "copy", "where",
    "sum", "prod", "max", "min", "mean", "var", "std", "all", "any",
    "matmul", "permute_dims", "expand_dims", "squeeze",
})  # fmt: skip
"""The primitives a split array runs split (see the module docstring)."""

_FULL_NAME = "/job:localhost/replica:0/task:0"

TRACE = threading.local()
"""``TRACE.mesh``: the DTensor mesh of the split arguments an ``ak.jit`` trace runs on."""

_device: list[str] = []  # DTensor's device name, once a mesh is made (no DTensor before)


def is_split(x: Any) -> bool:
    """Whether the tensor ``x`` is split over a mesh (a DTensor)."""
    return bool(_device) and x.device == _device[0]


def on_a_mesh(x: Any) -> bool:
    """Whether ``x`` is split over a mesh, or a value of an ``ak.jit`` trace of such."""
    return bool(_device) and (x.device == _device[0] or getattr(TRACE, "mesh", None) is not None)


class Split:
    """A ``Sharding``'s native on TF: its DTensor mesh and, per array axis its spec names,
    the mesh dimension that splits it (``dtensor.UNSHARDED`` for none)."""

    __slots__ = ("_layouts", "dims", "mesh")

    def __init__(self, mesh: Any, dims: tuple[str, ...]) -> None:
        self.mesh, self.dims = mesh, dims
        self._layouts: dict[int, Any] = {}

    def layout(self, rank: int) -> Any:
        """The layout of a ``rank``-d array (axes past the spec whole)."""
        out = self._layouts.get(rank)
        if out is None:
            specs = (list(self.dims) + [dtensor.UNSHARDED] * rank)[:rank]  # 0-d: replicated
            out = self._layouts[rank] = dtensor.Layout(specs, self.mesh)
        return out


class Meshes(Part):
    """``make_sharding``, ``constrain``, and the split side of ``device_of``,
    ``to_device`` and ``to_numpy``; ``_on_mesh`` runs a primitive whose input is split.

    State (``_init_meshes``): the ``ak.Mesh`` of each DTensor mesh and ``device_of``'s
    cache of layouts."""

    _by_name: dict[str, Device]

    def _init_meshes(self) -> None:
        self._meshes: dict[str, Mesh] = {}
        self._by_layout: dict[str, Sharding] = {}

    # ------------------------------------------------------------------ shardings
    def make_sharding(self, sharding: Sharding) -> Split:  # pyright: ignore[reportIncompatibleVariableOverride]
        dims = []
        for entry in sharding.spec:
            if isinstance(entry, tuple):
                raise ValueError(
                    f"the 'tensorflow' driver splits an array axis over one mesh axis "
                    f"(DTensor), not {entry!r}: use a mesh with that axis merged"
                )
            dims.append(dtensor.UNSHARDED if entry is None else entry)
        grid = sharding.mesh.devices
        mesh = dtensor.Mesh(
            list(sharding.mesh.axis_names),
            np.arange(grid.size).reshape(grid.shape),
            list(range(grid.size)),
            [_FULL_NAME + d.native for d in grid.flat],
        )
        self._meshes[mesh.to_string()] = sharding.mesh
        if not _device:
            _device.append(dtensor.device_name())
        return Split(mesh, tuple(dims))

    def placement(self, sharding: Sharding, shape: tuple[int, ...], fn: str) -> Any:
        """``sharding``'s layout for a value of ``shape`` (``ValueError`` for a shape it
        cannot split evenly: DTensor splits evenly); a 0-d value is replicated."""
        split: Split = sharding.native
        if shape:
            sharding.check_split(shape, fn)
        return split.layout(len(shape))

    def constrain(self, x: Any, sharding: Sharding) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        return dtensor.relayout(x, self.placement(sharding, tuple(x.shape), "jit"))

    def _sharding_of(self, x: Any) -> Sharding:
        """The ``Sharding`` of a DTensor."""
        layout = dtensor.fetch_layout(x)
        key = layout.to_string()
        out = self._by_layout.get(key)
        if out is None:
            mesh = self._meshes.get(layout.mesh.to_string())
            if mesh is None:  # a mesh made by DTensor's own API: its devices, its names
                devs = [self._by_name[n] for n in layout.mesh.local_devices()]
                grid = np.empty(len(devs), dtype=object)
                grid[:] = devs
                mesh = Mesh(grid.reshape(layout.mesh.shape()), tuple(layout.mesh.dim_names))
                self._meshes[layout.mesh.to_string()] = mesh
            spec = tuple(None if s == dtensor.UNSHARDED else s for s in layout.sharding_specs)
            out = Sharding(mesh, spec)
            out.native = self.make_sharding(out)
            self._by_layout[key] = out
        return out

    # ------------------------------------------------------------------ moving
    def _to_sharding(self, x: Any, device: Sharding) -> Any:
        layout = self.placement(device, tuple(x.shape), "to_device")
        if is_split(x):
            if dtensor.fetch_layout(x).mesh == layout.mesh:
                return dtensor.relayout(x, layout)
            x = gather(x)
        return spread(x, layout)

    # ------------------------------------------------------------------ running
    def _on_mesh(self, f: Callable[..., Any], name: str, first: Any, args: tuple[Any, ...]
                 ) -> Any:  # fmt: skip
        """Run the primitive ``f`` (named ``name``) whose first array argument ``first``
        is split (see the module docstring)."""
        if name in SPMD:
            try:
                with tf.device(_device[0]):
                    return f(*args)
            except tf.errors.UnimplementedError:  # an op DTensor cannot split: run whole
                pass
        layout = dtensor.fetch_layout(first)
        local = _map(gather, _is_split_tensor, args)
        with tf.device(layout.mesh.local_devices()[0]):
            out = f(*local)
        if name == "setitem":
            return spread(out, layout)
        return _map(lambda t: spread(t, _whole(layout.mesh, t)), _is_tensor, out)

    def _in_trace(self, f: Callable[..., Any], name: str, args: tuple[Any, ...]) -> Any:
        """Inside an ``ak.jit`` trace of split arguments: SPMD primitives as they come,
        the others on replicated arguments."""
        mesh = getattr(TRACE, "mesh", None)
        if mesh is not None and name not in SPMD:
            args = _map(lambda t: dtensor.relayout(t, _whole(mesh, t)), _is_tensor, args)
        return _named(f, name, args)


@contextlib.contextmanager
def tracing_on(mesh: Any) -> Iterator[None]:
    """Within: a transform traces a function of arrays split over ``mesh`` (``None``: of
    arrays on one device, nothing changes)."""
    if mesh is None:
        yield
        return
    outer, TRACE.mesh = getattr(TRACE, "mesh", None), mesh
    try:
        yield
    finally:
        TRACE.mesh = outer


def on_its_mesh(x: Any) -> Any:
    """A context where ops without a split input run on ``x``'s mesh (``x`` split eagerly;
    else nothing changes): TF's gradient functions build tensors of their own."""
    if not _is_split_tensor(x):
        return contextlib.nullcontext()
    return dtensor.default_mesh(dtensor.fetch_layout(x).mesh)


def split_trace(flat: list[Any]) -> tuple[Any, tuple[str | None, ...]]:
    """The DTensor mesh of the first split tensor of ``flat`` (``ak.jit``'s arguments), or
    None; and the layouts of all (the trace's cache key: one program per layout)."""
    if not _device or not any(_is_split_tensor(t) for t in flat):
        return None, ()
    layouts = [dtensor.fetch_layout(t) if _is_split_tensor(t) else None for t in flat]
    mesh = next(lay.mesh for lay in layouts if lay is not None)
    return mesh, tuple(None if lay is None else lay.to_string() for lay in layouts)


def gather(x: Any) -> Any:
    """A split array whole, on its mesh's first device (a plain tensor)."""
    mesh = dtensor.fetch_layout(x).mesh
    return dtensor.unpack(dtensor.relayout(x, dtensor.Layout.replicated(mesh, x.shape.rank)))[0]


def spread(x: Any, layout: Any) -> Any:
    """A plain tensor split (or replicated) over a mesh as ``layout`` says."""
    whole = dtensor.copy_to_mesh(x, dtensor.Layout.replicated(layout.mesh, layout.rank))
    return whole if layout.is_fully_replicated() else dtensor.relayout(whole, layout)


def run_whole(f: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """``f`` of ``args`` run on one device: the split ones gathered onto their mesh's first
    device, the results replicated over the mesh (``ak.vmap``'s loop of TensorLists is
    beyond DTensor, and so are eager gradients: TF's gradient functions mix host tensors
    into the ops they build)."""
    if not _device:  # no mesh made: nothing is split
        return f(*args)
    first = _first_split(args)
    if first is None:
        return f(*args)
    mesh = dtensor.fetch_layout(first).mesh
    with tf.device(mesh.local_devices()[0]):
        out = f(*_map(gather, _is_split_tensor, args))
    return _map(lambda t: spread(t, _whole(mesh, t)), _is_tensor, out)


def _first_split(tree: Any) -> Any:
    """The first eager split tensor among ``tree``'s leaves (tuples and lists), or None."""
    if isinstance(tree, (tuple, list)):
        return next((t for t in map(_first_split, tree) if t is not None), None)
    return tree if _is_split_tensor(tree) else None


def _whole(mesh: Any, x: Any) -> Any:
    """The layout replicating ``x`` over ``mesh`` (every device holds all of it)."""
    return dtensor.Layout.replicated(mesh, x.shape.rank)


def _is_tensor(x: Any) -> bool:
    return isinstance(x, tf.Tensor)


def _is_split_tensor(x: Any) -> bool:
    """Whether ``x`` is an eager split tensor (a symbolic one's layout is the compiler's)."""
    return x.__class__ is _EagerTensor and is_split(x)


def _map(f: Callable[[Any], Any], which: Callable[[Any], bool], tree: Any) -> Any:
    """``f`` applied to the leaves ``which`` picks of a tensor, or a tuple or list of them
    (nested: keys hold index arrays, ``concat`` a list)."""
    if isinstance(tree, (tuple, list)):
        leaves = [_map(f, which, t) for t in tree]
        return type(tree)(*leaves) if hasattr(tree, "_fields") else type(tree)(leaves)
    return f(tree) if which(tree) else tree


def _named(f: Callable[..., Any], name: str, args: tuple[Any, ...]) -> Any:
    try:
        return f(*args)
    except tf.errors.UnimplementedError as e:
        raise NotImplementedError(
            f"{name}: TensorFlow's DTensor cannot run this on arrays split over a mesh "
            f"({str(e).splitlines()[0][:200]}); gather them first with x.to_device(device)"
        ) from None
