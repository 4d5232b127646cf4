"""Inspection: ``__array_namespace_info__()`` and the ``Info`` object it returns.

An ``Info`` describes the driver that was active when it was made; the defaults it
reports (device, dtypes) follow the ``ak.use`` settings active when a method is called.

Spec: https://data-apis.org/array-api/2025.12/API_specification/inspection.html
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from . import _config
from . import _dtypes as dt
from ._data_types import supports
from ._devices import Device
from .drivers._base import Driver

__all__ = ["Info", "__array_namespace_info__"]

# The standard's dtypes, in the order the spec lists them (the extras float16 and bfloat16
# are not among them).
_SPEC_DTYPES: tuple[np.dtype, ...] = dt.ALL


class Info:
    """The standard's inspection namespace for one driver."""

    __slots__ = ("_driver",)

    def __init__(self, driver: Driver) -> None:
        self._driver = driver

    def __repr__(self) -> str:
        return f"<arraykit inspection namespace for the {self._driver.name!r} driver>"

    def __eq__(self, other: object) -> builtins.bool:
        return isinstance(other, Info) and other._driver is self._driver

    def __hash__(self) -> int:
        return hash((Info, id(self._driver)))

    def _device(self, device: Any, fn: str) -> Device:
        if device is None:
            return self.default_device()
        try:
            return _config.resolve_device(self._driver, device)
        except ValueError as e:
            raise ValueError(f"{fn}: {e}") from None

    def capabilities(self) -> dict[str, Any]:
        """``"boolean indexing"``, ``"data-dependent shapes"`` and ``"max dimensions"``.

        Both data-dependent entries follow the driver's ``data_dependent_shapes`` flag; the
        maximum number of dimensions is the driver's ``max_dimensions`` (``None``: no limit).

        Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.info.capabilities.html
        """
        caps = self._driver.capabilities
        return {
            "boolean indexing": caps.data_dependent_shapes,
            "data-dependent shapes": caps.data_dependent_shapes,
            "max dimensions": caps.max_dimensions,
        }

    def default_device(self) -> Device:
        """The device creation functions place arrays on: ``ak.use(device=...)``'s choice
        while this driver is active, else the driver's default.

        Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.info.default_device.html
        """
        cfg = _config.get()
        if cfg.driver is self._driver:
            return cfg.placement()
        return self._driver.default_device()

    def default_dtypes(self, *, device: Device | str | None = None) -> dict[str, np.dtype]:
        """The default dtypes of the active settings (``ak.use(default_float=...,
        default_int=...)``); ``"indexing"`` is the default integer dtype.

        Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.info.default_dtypes.html
        """
        self._device(device, "default_dtypes")
        cfg = _config.get()
        return {
            "real floating": cfg.default_float,
            "complex floating": cfg.default_complex,
            "integral": cfg.default_int,
            "indexing": cfg.default_int,
        }

    def dtypes(
        self,
        *,
        device: Device | str | None = None,
        kind: str | tuple[str, ...] | None = None,
    ) -> dict[str, np.dtype]:
        """The standard's dtypes the driver supports, by name, optionally of ``kind``.

        ``kind`` takes the names ``isdtype`` takes (a name or a tuple of names); extra
        dtypes such as ``float16`` and ``bfloat16`` are never listed, as the spec requires.

        Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.info.dtypes.html
        """
        self._device(device, "dtypes")
        if kind is None:
            wanted: frozenset[np.dtype] = frozenset(_SPEC_DTYPES)
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            wanted = frozenset()
            for k in kinds:
                if not isinstance(k, str):
                    raise TypeError(
                        f"dtypes: 'kind' must be a kind name or a tuple of kind names, got {k!r}"
                    )
                try:
                    wanted |= frozenset(dt.KINDS[k])
                except KeyError:
                    raise ValueError(
                        f"dtypes: unknown kind {k!r}; expected one of {sorted(dt.KINDS)}"
                    ) from None
        drv = self._driver
        return {d.name: d for d in _SPEC_DTYPES if d in wanted and supports(drv, d)}

    def devices(self) -> Devices:
        """Every device of the driver, its default first: a tuple, as the standard says
        since 2025.12 (a list before), which also concatenates with a list for code
        written against earlier revisions (SciPy's tests: ``devices() + [None]``).

        Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.info.devices.html
        """
        return Devices(self._driver.devices())


class Devices(tuple[Device, ...]):
    """``info.devices()``: a tuple (the 2025.12 standard) that ``+`` a list gives a list,
    as the 2023.12 and 2024.12 revisions' list did."""

    __slots__ = ()

    def __add__(self, other: Any) -> Any:
        if isinstance(other, list):
            return [*self, *other]
        return tuple.__add__(self, other)

    def __radd__(self, other: Any) -> Any:
        if isinstance(other, list):
            return [*other, *self]
        return NotImplemented


def __array_namespace_info__() -> Info:
    """The inspection namespace of the active driver (``ak.use``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.__array_namespace_info__.html

    Examples
    --------
    >>> info = ak.__array_namespace_info__()
    >>> info.default_dtypes()["real floating"]
    dtype('float64')
    >>> list(info.dtypes(kind="signed integer"))
    ['int8', 'int16', 'int32', 'int64']
    >>> ak.asarray(0).device in info.devices()
    True
    """
    return Info(_config.get().driver)
