"""``ak.make_mesh``: a :class:`~arraykit.Mesh` of the active driver's devices (``Mesh`` and
``Sharding`` themselves live in ``_devices.py``, where drivers can make them)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import _config
from ._devices import Device, Mesh


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
