"""``ak.make_mesh``: a :class:`~arraykit.Mesh` of the active driver's devices, and
``ak.jit``'s ``in_shardings``/``out_shardings`` (``Mesh`` and ``Sharding`` themselves live
in ``_devices.py``, where drivers can make them)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from . import _config
from ._array import Array
from ._devices import Device, Mesh, Sharding


def make_mesh(
    axis_shapes: Sequence[int],
    axis_names: Sequence[str],
    *,
    devices: Sequence[Device] | None = None,
) -> Mesh:
    """A mesh of ``axis_shapes`` devices named ``axis_names``: the first ``prod(axis_shapes)``
    of ``devices`` (default: the active driver's devices of its default device's kind),
    in order, as ``jax.make_mesh`` lays them out.

    Examples
    --------
    >>> mesh = ak.make_mesh((1,), ("data",))
    >>> mesh.shape
    {'data': 1}
    """
    shape = tuple(int(n) for n in axis_shapes)
    if any(n < 1 for n in shape):
        raise ValueError(f"make_mesh: axis sizes must be positive, got {shape}")
    if devices is None:
        drv = _config.get().driver
        kind = drv.default_device().kind
        devices = [d for d in drv.devices() if d.kind == kind]
    need = math.prod(shape)
    if len(devices) < need:
        raise ValueError(
            f"make_mesh: a {' x '.join(map(str, shape))} mesh needs {need} devices, "
            f"{len(devices)} available"
        )
    grid = np.empty(need, dtype=object)
    grid[:] = list(devices)[:need]
    return Mesh(grid.reshape(shape), tuple(axis_names))


ShardingsArg = Sharding | Sequence[Sharding | None] | None


def _per_position(shardings: Sharding | Sequence[Sharding | None], n: int, what: str,
                  fn: str) -> Sequence[Sharding | None]:  # fmt: skip
    """One sharding (or None: as it comes) per position of ``n``."""
    if isinstance(shardings, Sharding):
        return (shardings,) * n
    if not isinstance(shardings, (tuple, list)) or not all(
        s is None or isinstance(s, Sharding) for s in shardings
    ):
        raise TypeError(f"{fn}: {what} must be an ak.Sharding or a tuple of them (or None)")
    if len(shardings) != n:
        raise ValueError(f"{fn}: {what} has {len(shardings)} entries for {n} values")
    return shardings


def constrain(x: Any, sharding: Sharding | None, fn: str) -> Any:
    """``x`` split as ``sharding`` says (``x`` itself for ``None`` or a non-array); inside
    a compiled function, a constraint the compiler's partitioner places the value by."""
    if sharding is None or x.__class__ is not Array:
        return x
    drv = x._driver
    placed = _config.resolve_device(drv, sharding)  # refuses a driver that cannot shard
    if drv.constrain is None:
        raise ValueError(f"{fn}: the {drv.name!r} driver cannot constrain a sharding")
    return Array._new(drv.constrain(x._value, placed), drv, x._dtype)


def constrained(f: Callable[..., Any], in_shardings: ShardingsArg,
                out_shardings: ShardingsArg) -> Callable[..., Any]:  # fmt: skip
    """``f`` with its positional array arguments and its results (an array or a tuple of
    them) constrained to the given shardings: ``ak.jit``'s ``in_shardings`` and
    ``out_shardings``, applied inside the one compiled program (no copy outside it, so a
    write to an argument still reaches the caller's array)."""

    @functools.wraps(f)
    def inner(*args: Any, **kwargs: Any) -> Any:
        if in_shardings is not None:
            per = _per_position(in_shardings, len(args), "in_shardings", "jit")
            args = tuple(constrain(a, s, "jit") for a, s in zip(args, per, strict=True))
        out = f(*args, **kwargs)
        if out_shardings is None:
            return out
        if isinstance(out, tuple):
            per = _per_position(out_shardings, len(out), "out_shardings", "jit")
            return tuple(constrain(o, s, "jit") for o, s in zip(out, per, strict=True))
        if not isinstance(out_shardings, Sharding):
            raise TypeError("jit: out_shardings for one result must be one ak.Sharding")
        return constrain(out, out_shardings, "jit")

    return inner


def placed_on_the_mesh(call: Callable[..., Any], in_shardings: Sharding | Sequence[Sharding | None]
                       ) -> Callable[..., Any]:  # fmt: skip
    """``call`` (a compiled function), refusing by name an argument that is not on the
    mesh its ``in_shardings`` entry splits it over: the program cannot take it there (a
    transfer to see, as between devices)."""

    @functools.wraps(call)
    def checked(*args: Any, **kwargs: Any) -> Any:
        per = _per_position(in_shardings, len(args), "in_shardings", "jit")
        for i, (a, s) in enumerate(zip(args, per, strict=True)):
            if s is None or a.__class__ is not Array:
                continue
            dev = a.device
            if not (isinstance(dev, Sharding) and dev.mesh == s.mesh):
                raise ValueError(
                    f"jit: argument {i} is on {dev}, not on the mesh in_shardings splits it "
                    f"over ({s.mesh!r}); move it first with x.to_device(sharding)"
                )
        return call(*args, **kwargs)

    return checked
