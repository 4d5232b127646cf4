"""Device: where an array's data lives.

A ``Device`` names a driver's device the same way on every driver (``cpu``, ``cpu:1``,
``gpu:0``, ``tpu:1``) and holds the driver's native handle (a TF device string, a
``jax.Device``) for the driver's own use.  Devices compare by driver, kind and index.
"""

from __future__ import annotations

from typing import Any

import numpy as np


class Device:
    """A device of one driver.  Created by drivers; users get them from ``x.device``,
    ``ak.__array_namespace_info__().devices()`` or pass their string form to ``ak.use``.

    Examples
    --------
    >>> d = ak.asarray([1.0], device="cpu").device
    >>> str(d), d.kind, d.index
    ('cpu', 'cpu', 0)
    >>> d.matches("cpu:0"), d == ak.zeros(2, device="cpu").device
    (True, True)
    """

    __slots__ = ("_key", "driver", "index", "kind", "native")

    def __init__(self, driver: str, kind: str, index: int = 0, native: Any = None) -> None:
        self.driver = driver
        self.kind = kind
        self.index = index
        self.native = native
        self._key: tuple[Any, ...] = (driver, kind, index)

    def __str__(self) -> str:
        return self.kind if self.kind == "cpu" and self.index == 0 else f"{self.kind}:{self.index}"

    def __repr__(self) -> str:
        return f"Device({str(self)!r}, driver={self.driver!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def matches(self, name: str) -> bool:
        """Whether ``name`` (``"gpu"``, ``"gpu:1"``, ``"cpu"``) designates this device;
        a bare kind designates that kind's device 0.
        """
        kind, _, index = name.lower().partition(":")
        return kind == self.kind and (int(index) if index else 0) == self.index


class Mesh:
    """Devices of one driver as a grid with named axes: what a :class:`Sharding` splits
    an array over (JAX's ``jax.sharding.Mesh``, TF DTensor's mesh).

    ``devices`` is a (nested) sequence or an object array of ``Device`` objects of one
    driver, each at most once; ``axis_names`` names its axes, one string each.
    ``ak.make_mesh`` builds one from the active driver's devices.

    Examples
    --------
    >>> cpu = ak.__array_namespace_info__().devices()[0]
    >>> mesh = ak.Mesh([cpu], ("data",))
    >>> mesh.shape, mesh.axis_names
    ({'data': 1}, ('data',))
    """

    __slots__ = ("_key", "axis_names", "devices", "driver")

    def __init__(self, devices: Any, axis_names: tuple[str, ...] | list[str]) -> None:
        grid = np.empty(np.shape(np.asarray(devices, dtype=object)), dtype=object)
        grid[...] = np.asarray(devices, dtype=object)  # Devices are not sequences
        names = tuple(axis_names)
        if not all(isinstance(d, Device) and not isinstance(d, Sharding) for d in grid.flat):
            raise TypeError("Mesh: 'devices' must hold Device objects (from x.device or "
                            "ak.__array_namespace_info__().devices())")  # fmt: skip
        if grid.size == 0:
            raise ValueError("Mesh: 'devices' is empty")
        if not all(isinstance(n, str) for n in names) or len(set(names)) != len(names):
            raise TypeError(f"Mesh: 'axis_names' must be distinct strings, got {names!r}")
        if len(names) != grid.ndim:
            raise ValueError(
                f"Mesh: {len(names)} axis names for a grid of {grid.ndim} dimensions "
                f"(shape {grid.shape})"
            )
        drivers = {d.driver for d in grid.flat}
        if len(drivers) > 1:
            raise ValueError(f"Mesh: devices of several drivers, {sorted(drivers)}")
        if len(set(grid.flat)) != grid.size:
            raise ValueError("Mesh: a device appears more than once")
        grid.flags.writeable = False
        self.devices = grid
        self.axis_names = names
        self.driver = drivers.pop()
        self._key = (self.driver, grid.shape, names, tuple(d._key for d in grid.flat))

    @property
    def shape(self) -> dict[str, int]:
        """Each axis name with its number of devices."""
        return dict(zip(self.axis_names, self.devices.shape, strict=True))

    @property
    def size(self) -> int:
        return int(self.devices.size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mesh) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        first, last = self.devices.flat[0], self.devices.flat[-1]
        span = str(first) if self.size == 1 else f"{first}..{last}"
        return f"Mesh({span}, {self.shape}, driver={self.driver!r})"


SpecEntry = str | tuple[str, ...] | None


class Sharding(Device):
    """How an array is split over a :class:`Mesh`: ``spec`` has one entry per leading
    axis of the array, the mesh axis (or tuple of mesh axes) that splits it, or ``None``
    (not split: each device holds all of it); axes past ``spec`` are not split.  A
    ``Sharding`` is a ``Device``: it goes wherever ``device=`` does, and ``x.device`` of
    an array split over several devices returns it, so ``ak.zeros(n, device=x.device)``
    places a new array as ``x`` is placed (the standard's idiom).

    Examples
    --------
    >>> cpu = ak.__array_namespace_info__().devices()[0]
    >>> s = ak.Sharding(ak.Mesh([cpu], ("data",)), ("data", None))
    >>> s.spec, s == ak.Sharding(s.mesh, ("data",))
    (('data',), True)
    """

    __slots__ = ("mesh", "spec")

    def __init__(self, mesh: Mesh, spec: tuple[SpecEntry, ...] | list[SpecEntry] = (),
                 native: Any = None) -> None:  # fmt: skip
        if not isinstance(mesh, Mesh):
            raise TypeError(f"Sharding: 'mesh' must be an ak.Mesh, got {type(mesh).__name__}")
        if isinstance(spec, str) or not isinstance(spec, (tuple, list)):
            raise TypeError(f"Sharding: 'spec' must be a tuple (one entry per axis), got {spec!r}")
        entries: list[SpecEntry] = []
        used: list[str] = []
        for entry in spec:
            names = (entry,) if isinstance(entry, str) else entry
            if names is None or names == ():
                entries.append(None)
                continue
            if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
                raise TypeError(
                    f"Sharding: each spec entry is a mesh axis name, a tuple of them or None, "
                    f"got {entry!r}"
                )
            for n in names:
                if n not in mesh.axis_names:
                    raise ValueError(
                        f"Sharding: {n!r} is not an axis of the mesh {mesh.axis_names}"
                    )
                if n in used:
                    raise ValueError(f"Sharding: the mesh axis {n!r} splits two array axes")
                used.append(n)
            entries.append(names[0] if len(names) == 1 else names)
        while entries and entries[-1] is None:
            entries.pop()  # trailing unsplit axes: the same split
        first = mesh.devices.flat[0]
        super().__init__(first.driver, first.kind, first.index, native)
        self.mesh = mesh
        self.spec = tuple(entries)
        self._key = ("sharding", mesh._key, self.spec)

    @property
    def devices(self) -> tuple[Device, ...]:
        """The mesh's devices, in the mesh's order."""
        return tuple(self.mesh.devices.flat)

    def splits(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        """The number of pieces each axis of an array of ``shape`` is cut into."""
        sizes = self.mesh.shape
        out = [1] * len(shape)
        for axis, entry in enumerate(self.spec):
            for n in (entry,) if isinstance(entry, str) else entry or ():
                out[axis] *= sizes[n]
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        # Another kind of device answers for itself (a traced value's device, which equals
        # every device of its driver: Python asks the left operand first)
        if not isinstance(other, Sharding):
            return NotImplemented
        return other._key == self._key

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Sharding):
            return NotImplemented
        return other._key != self._key

    __hash__ = Device.__hash__

    def check_split(self, shape: tuple[int, ...], fn: str) -> None:
        """``ValueError`` for an array of ``shape`` this sharding cannot split: fewer axes
        than its spec, or an axis its pieces do not divide (XLA and DTensor split
        evenly)."""
        if len(shape) < len(self.spec):
            raise ValueError(
                f"{fn}: a {len(shape)}-d array cannot be split as {self.spec} (one entry per axis)"
            )
        for axis, (n, k) in enumerate(zip(shape, self.splits(shape), strict=True)):
            if n % k:
                raise ValueError(
                    f"{fn}: axis {axis} of a {shape} array cannot be split into {k} equal "
                    f"pieces ({self.spec} over {self.mesh!r})"
                )

    def __str__(self) -> str:
        return f"sharding({self.mesh!r}, spec={self.spec!r})"

    def __repr__(self) -> str:
        return f"Sharding({self.mesh!r}, {self.spec!r})"

    def matches(self, name: str) -> bool:
        return False
