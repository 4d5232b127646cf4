"""The driver registry.

Built-in drivers are named here by import path and created on first use, so importing
arraykit imports no backend framework.  Third-party drivers register through the
``arraykit.drivers`` entry-point group or with ``register(name, factory)``.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import threading
from collections.abc import Callable
from typing import cast

from ._base import (
    BINARY_ELEMENTWISE,
    COMPOSITES,
    PRIMITIVES,
    UNARY_ELEMENTWISE,
    Capabilities,
    Driver,
)

__all__ = [
    "BINARY_ELEMENTWISE",
    "COMPOSITES",
    "PRIMITIVES",
    "UNARY_ELEMENTWISE",
    "Capabilities",
    "Driver",
    "available",
    "get",
    "register",
]

# name -> (module path, class name, framework module whose presence makes it available)
_BUILTIN: dict[str, tuple[str, str, str]] = {
    "numpy": ("arraykit.drivers.numpy", "NumPyDriver", "numpy"),
    "tensorflow": ("arraykit.drivers.tensorflow", "TensorFlowDriver", "tensorflow"),
    "jax": ("arraykit.drivers.jax", "JAXDriver", "jax"),
    "dask": ("arraykit.drivers.dask", "DaskDriver", "dask"),
}
# Built-in drivers with automatic differentiation: lets an error name them without
# importing their frameworks (each driver's Capabilities.autodiff says the same).
_BUILTIN_AUTODIFF = frozenset({"tensorflow", "jax"})
_FACTORIES: dict[str, Callable[[], Driver]] = {}
_INSTANCES: dict[str, Driver] = {}
_LOCK = threading.RLock()
_entry_points_loaded = False


def register(name: str, factory: Callable[[], Driver], *, replace: bool = False) -> None:
    """Register a driver under ``name``; ``factory()`` creates it on first use.

    Examples
    --------
    >>> from arraykit.drivers.numpy import NumPyDriver
    >>> class Mine(NumPyDriver):
    ...     name = "mine"
    >>> ak.drivers.register("mine", Mine)
    >>> with ak.use("mine"):
    ...     ak.asarray([1, 2]).driver.name
    ...
    'mine'
    >>> ak.drivers.unregister("mine")
    """
    with _LOCK:
        if not replace and (name in _FACTORIES or name in _BUILTIN):
            raise ValueError(f"a driver named {name!r} is already registered")
        _FACTORIES[name] = factory
        _INSTANCES.pop(name, None)


def unregister(name: str) -> None:
    """Forget a driver registered with ``register`` (for tests and plugins)."""
    with _LOCK:
        _FACTORIES.pop(name, None)
        _INSTANCES.pop(name, None)


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in importlib.metadata.entry_points(group="arraykit.drivers"):
        if ep.name not in _BUILTIN and ep.name not in _FACTORIES:
            _FACTORIES[ep.name] = ep.load


def _names() -> list[str]:
    _load_entry_points()
    return [*_BUILTIN, *(n for n in _FACTORIES if n not in _BUILTIN)]


def available() -> list[str]:
    """Names of the drivers that can be used on this machine (their framework imports),
    without importing any framework.

    Examples
    --------
    >>> names = ak.drivers.available()
    >>> "numpy" in names, ak.asarray(0).driver.name in names
    (True, True)
    """
    out: list[str] = []
    for name in _names():
        if name in _BUILTIN:
            module, _, framework = _BUILTIN[name]
            if importlib.util.find_spec(framework) is None:
                continue
            if importlib.util.find_spec(module) is None:
                continue
        out.append(name)
    return out


def supports_autodiff(name: str) -> bool:
    """Whether the driver called ``name`` differentiates (no framework is imported for
    built-in drivers not yet in use)."""
    if name in _INSTANCES:
        return _INSTANCES[name].capabilities.autodiff
    if name in _BUILTIN:
        return name in _BUILTIN_AUTODIFF
    return get(name).capabilities.autodiff


def get(name: str | Driver) -> Driver:
    """The driver called ``name``, created on first use; ``ValueError`` if unknown.

    Examples
    --------
    >>> drv = ak.drivers.get("numpy")
    >>> drv.name, drv.capabilities.autodiff
    ('numpy', False)
    >>> "numpy" in ak.drivers.available()
    True
    """
    if isinstance(name, Driver):
        return name
    try:
        return _INSTANCES[name]
    except (KeyError, TypeError):
        pass
    with _LOCK:
        if name in _INSTANCES:
            return _INSTANCES[name]
        # a caller may pass anything: check (creating a driver is not a hot path)
        if not isinstance(cast(object, name), str) or name not in _names():
            raise ValueError(f"unknown driver {name!r}; available: {available()}")
        if name in _FACTORIES:
            driver = _FACTORIES[name]()
        else:
            module, cls, _framework = _BUILTIN[name]
            try:
                driver = getattr(importlib.import_module(module), cls)()
            except ImportError as e:
                raise ValueError(
                    f"the {name!r} driver cannot be used here: {e}; install it with "
                    f'`pip install "arraykit-api[{name}]"` (available: {available()})'
                ) from e
        _INSTANCES[name] = driver
        return driver
