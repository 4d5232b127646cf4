"""Device: where an array's data lives.

A ``Device`` names a driver's device the same way on every driver (``cpu``, ``cpu:1``,
``gpu:0``, ``tpu:1``) and holds the driver's native handle (a TF device string, a
``jax.Device``) for the driver's own use.  Devices compare by driver, kind and index.
"""

from __future__ import annotations

from typing import Any


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
        self._key = (driver, kind, index)

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
