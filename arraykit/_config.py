"""``ak.use()``: the active driver, device, promotion mode and default dtypes.

The settings live in one ``contextvars.ContextVar`` holding an immutable ``Config``, so
they are per thread and per asyncio task, can change at any time, and cost one
``ContextVar.get()`` per call that needs them.  A new thread starts from the process
defaults (the NumPy driver, NumPy promotion, float64/int64, until ``ak.set_defaults``
changes them), not from its parent's settings.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _dtypes, drivers
from ._devices import Device, Mesh, Sharding
from ._promotion import Promotion, promotion

if TYPE_CHECKING:
    from types import TracebackType

    from .drivers._base import Driver


class Config:
    """One immutable set of settings.  ``device`` is ``None`` for the driver's default."""

    __slots__ = (
        "default_float",
        "default_int",
        "device",
        "driver",
        "driver_options",
        "host_fallback",
        "promotion",
        "scalar_results",
    )

    def __init__(
        self,
        driver: Driver,
        device: Device | None,
        promotion: Promotion,
        default_float: np.dtype,
        default_int: np.dtype,
        host_fallback: str = "warn",
        driver_options: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.driver = driver
        self.device = device
        self.promotion = promotion
        self.default_float = default_float
        self.default_int = default_int
        self.host_fallback = host_fallback
        """What NumPy functions arraykit does not implement do on arraykit arrays: run on
        a host copy with a ``HostFallbackWarning`` ("warn"), silently ("allow"), or raise
        ``HostFallbackError`` ("error")."""
        self.driver_options: dict[str, dict[str, Any]] = driver_options or {}
        """Driver name -> the settings ``ak.use`` gave that driver (its ``options``), kept
        while another driver is active; drivers read them through ``core_link().options``."""
        # (array dtype, Python scalar kind) -> result dtype, filled on first use; refused
        # combinations are never stored, so they raise every time.
        self.scalar_results: dict[tuple[np.dtype, str], np.dtype] = {}

    @property
    def default_complex(self) -> np.dtype:
        return _dtypes.COMPLEX_OF[self.default_float]

    def placement(self) -> Device:
        """The device that creation functions place on."""
        return self.device if self.device is not None else self.driver.default_device()


_DEFAULT: Config | None = None
_CONFIG: contextvars.ContextVar[Config | None] = contextvars.ContextVar(
    "arraykit_config", default=None
)


def get() -> Config:
    """The active settings (the process defaults unless ``ak.use`` changed them here)."""
    cfg = _CONFIG.get()
    return cfg if cfg is not None else _default()


def _default() -> Config:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Config(
            drivers.get("numpy"), None, promotion("numpy"), _dtypes.float64, _dtypes.int64
        )
    return _DEFAULT


def resolve_device(driver: Driver, device: Any) -> Device:
    """The ``Device`` of ``driver`` named by ``device`` (a Device or its string form), or
    the ``Sharding`` given, with its native sharding made by the driver."""
    if isinstance(device, Sharding):
        return _native_sharding(driver, device)
    devices = driver.devices()
    if isinstance(device, Device):
        if device in devices:
            return device
    elif isinstance(device, str):
        for dev in devices:
            if dev.matches(device):
                return dev
    raise ValueError(
        f"unknown device {device!r} for the {driver.name!r} driver; available: "
        f"{[str(d) for d in devices]}"
    )


def _native_sharding(driver: Driver, sharding: Sharding) -> Sharding:
    if sharding.native is not None and sharding.driver == driver.name:
        return sharding
    if driver.make_sharding is None:
        raise ValueError(
            f"the {driver.name!r} driver places each array on one device: it cannot split one "
            f"over {sharding.mesh!r} (ak.Sharding needs the JAX or TensorFlow driver)"
        )
    if sharding.driver != driver.name:
        raise ValueError(
            f"{sharding!r} is a mesh of the {sharding.driver!r} driver's devices, not the "
            f"{driver.name!r} driver's"
        )
    known = set(driver.devices())
    if not all(d in known for d in sharding.devices):
        raise ValueError(f"{sharding.mesh!r} holds a device the {driver.name!r} driver lacks")
    sharding.native = driver.make_sharding(sharding)
    return sharding


def device_named(driver: str, name: str) -> Device:
    """The device called ``name`` (``"gpu:1"``) of the driver called ``driver``."""
    return resolve_device(drivers.get(driver), name)


def reduce_device(device: Device) -> tuple[Any, tuple[Any, ...]]:
    """``Device.__reduce__``: devices pickle by driver and name (their native handles do
    not pickle), and come back as this process's device of that name; a ``Sharding`` by
    its mesh's device names, axis names and spec."""
    if isinstance(device, Sharding):
        names = np.vectorize(str, otypes=[object])(device.mesh.devices).tolist()
        return sharding_named, (device.driver, names, device.mesh.axis_names, device.spec)
    return device_named, (device.driver, str(device))


def sharding_named(driver: str, names: Any, axis_names: tuple[str, ...], spec: Any) -> Sharding:
    """The ``Sharding`` of ``reduce_device``, over this process's devices of those names."""
    drv = drivers.get(driver)
    grid = np.vectorize(lambda n: resolve_device(drv, n), otypes=[object])(
        np.array(names, dtype=object)
    )
    return _native_sharding(drv, Sharding(Mesh(grid, axis_names), spec))


_FLOATS = {"float32": _dtypes.float32, "float64": _dtypes.float64}
_INTS = {"int32": _dtypes.int32, "int64": _dtypes.int64}


def _pick(table: Mapping[Any, np.dtype], value: Any, what: str) -> np.dtype:
    if isinstance(value, np.dtype) and value in table.values():
        return value
    try:
        return table[value]
    except (KeyError, TypeError):
        raise ValueError(f"{what} must be one of {list(table)}, got {value!r}") from None


_HOST_FALLBACK = ("warn", "allow", "error")


def _configure(
    cur: Config,
    driver: str | Driver | None,
    device: str | Device | None,
    promotion: str | Promotion | None,
    default_float: str | np.dtype | None,
    default_int: str | np.dtype | None,
    host_fallback: str | None,
    options: dict[str, Any],
) -> Config:
    """``cur`` with the settings given (``None`` keeps one), checked as ``ak.use`` documents."""
    if host_fallback is not None and host_fallback not in _HOST_FALLBACK:
        raise ValueError(
            f"host_fallback must be one of {list(_HOST_FALLBACK)}, got {host_fallback!r}"
        )
    drv = cur.driver if driver is None else drivers.get(driver)
    if device is not None:
        dev: Device | None = resolve_device(drv, device)
    else:
        dev = cur.device if drv is cur.driver else None
    driver_options = cur.driver_options
    if options:
        driver_options = {
            **driver_options,
            drv.name: {**driver_options.get(drv.name, {}), **drv.check_options(options)},
        }
    return Config(
        drv,
        dev,
        cur.promotion if promotion is None else _promotion_mode(promotion),
        cur.default_float
        if default_float is None
        else _pick(_FLOATS, default_float, "default_float"),
        cur.default_int if default_int is None else _pick(_INTS, default_int, "default_int"),
        cur.host_fallback if host_fallback is None else host_fallback,
        driver_options,
    )


class use:
    """Set the active driver, device, promotion mode and default dtypes, and what NumPy
    functions arraykit does not implement do on its arrays (``host_fallback``: "warn",
    the default, runs them on a host copy with a ``HostFallbackWarning``; "allow" does
    so silently; "error" raises ``HostFallbackError``).

    As a call, the settings hold for the current thread or asyncio task from now on; as a
    context manager, they are restored on exit.  Other threads keep theirs, and a new
    thread starts from the process defaults, which ``ak.set_defaults`` changes::

        ak.use("jax", device="cpu")
        with ak.use(promotion="strict", default_float="float32"):
            ...

    Arguments left as ``None`` keep their current value, except that choosing another
    driver resets the device to that driver's default.  Unknown drivers, devices and
    modes raise ``ValueError`` listing what is available.

    Other keyword arguments are settings of the driver chosen (or active), named in its
    ``options``: ``ak.use("dask", chunks=1000)``.  They are kept per driver, so switching
    to another driver and back finds them again; an option the driver does not know
    raises ``TypeError``.

    Examples
    --------
    >>> with ak.use(default_float="float32"):
    ...     ak.asarray([1.0]).dtype
    ...
    dtype('float32')
    >>> ak.asarray([1.0]).dtype           # restored on exit
    dtype('float64')
    >>> with ak.use(promotion="jax"):
    ...     (ak.asarray([1], dtype=ak.int64) + ak.asarray([1], dtype=ak.uint64)).dtype
    ...
    dtype('float64')
    >>> ak.asarray([1], dtype=ak.int64) + ak.asarray([1], dtype=ak.uint64)
    Array([2.], dtype=float64)
    >>> with ak.use(promotion="strict"):
    ...     ak.asarray([1], dtype=ak.int64) + ak.asarray([1], dtype=ak.uint64)
    ...
    Traceback (most recent call last):
        ...
    TypeError: add: int64 and uint64 do not promote under the 'strict' promotion mode ...
    """

    __slots__ = ("_token", "config")

    def __init__(
        self,
        driver: str | Driver | None = None,
        *,
        device: str | Device | None = None,
        promotion: str | Promotion | None = None,
        default_float: str | np.dtype | None = None,
        default_int: str | np.dtype | None = None,
        host_fallback: str | None = None,
        **options: Any,
    ) -> None:
        self.config = _configure(
            get(), driver, device, promotion, default_float, default_int, host_fallback, options
        )
        self._token = _CONFIG.set(self.config)

    def __enter__(self) -> Config:
        return self.config

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        _CONFIG.reset(self._token)

    def __repr__(self) -> str:
        c = self.config
        return (
            f"use({c.driver.name!r}, device={str(c.placement())!r}, "
            f"promotion={c.promotion.name!r}, default_float={str(c.default_float)!r}, "
            f"default_int={str(c.default_int)!r})"
        )


_DEFAULT_LOCK = threading.Lock()


def set_defaults(
    driver: str | Driver | None = None,
    *,
    device: str | Device | None = None,
    promotion: str | Promotion | None = None,
    default_float: str | np.dtype | None = None,
    default_int: str | np.dtype | None = None,
    host_fallback: str | None = None,
    **options: Any,
) -> Config:
    """Change the process defaults: the settings of every thread and asyncio task that has
    not chosen its own with ``ak.use`` (new threads included), and return them.

    ``ak.use`` stays per thread, so that one library's choice cannot change another's.
    Code that runs a library's worker threads (joblib, ``concurrent.futures``: SciPy's
    and scikit-learn's parallel paths) sees these defaults there; a thread that called
    ``ak.use`` keeps its own settings.  The arguments are ``ak.use``'s, checked the same way;
    ``None`` keeps the current default.

    Examples
    --------
    >>> import concurrent.futures
    >>> before = ak.set_defaults()                    # no arguments: the defaults, unchanged
    >>> _ = ak.set_defaults(default_float="float32")
    >>> with concurrent.futures.ThreadPoolExecutor(1) as pool:
    ...     pool.submit(lambda: ak.asarray([1.0]).dtype).result()
    dtype('float32')
    >>> _ = ak.set_defaults(default_float=before.default_float)
    """
    global _DEFAULT
    with _DEFAULT_LOCK:
        _DEFAULT = _configure(
            _default(), driver, device, promotion, default_float, default_int, host_fallback,
            options,
        )  # fmt: skip
        return _DEFAULT


def driver_options(name: str) -> dict[str, Any]:
    """The active settings of the driver called ``name`` (``CoreLink.options``)."""
    return get().driver_options.get(name, {})


_promotion_mode = promotion
