"""What runs the workloads: raw NumPy, each raw framework (eager and compiled), and arraykit
on every installed driver and device (eager, and under ``ak.jit`` where it compiles).

A ``Backend`` is one column of the study: a label, where it runs, how its inputs are made,
the workload functions it calls and how to wait for a result.  The raw frameworks are rows
of ``FRAMEWORKS``: a factory that imports the framework and returns a ``Framework`` (its
devices, its five operations, its compiler and its synchronisation).  Adding a framework is
adding a factory there; arraykit's driver of the same name then reuses its ``sync``.

A lazy driver (Dask) has no raw twin here and is timed end to end: its eager call builds
the graph and brings the result to the host as a NumPy array (``np.asarray``), so the work
is really done inside the clock; its inputs are cut into one block per CPU (Dask's threads
scheduler runs a thread per CPU); and it is timed from ``LAZY_MIN_SIZE`` elements only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from .workloads import Fn, Ops, Workload

# A lazy driver is timed from this many elements (matmul: from the n x n matrices the
# workload runs for it, 316 x 316).  Below, building and scheduling the graph (1.5 to 6
# ms per call with Dask's threads here) is all a row would show, and it would only say so.
LAZY_MIN_SIZE = 10**5


def _nothing(value: Any) -> None:
    return None


def _no_context(device: Any = None) -> AbstractContextManager[Any]:
    return contextlib.nullcontext()


def _generic_sync(value: Any) -> None:
    """Wait for ``value`` when it is asynchronous (anything with ``block_until_ready``)."""
    if isinstance(value, tuple | list):
        for v in value:
            _generic_sync(v)
    elif hasattr(value, "block_until_ready"):
        value.block_until_ready()


@dataclass(frozen=True)
class Backend:
    """One column of the study."""

    label: str
    impl: str  # "numpy", "arraykit" or a raw framework's name
    driver: str  # the framework executing the work ("numpy", "jax", "tensorflow", ...)
    device: str  # arraykit-style device name: "cpu", "gpu:0"
    mode: str  # "eager" | "jit"
    inputs: str  # "native": inputs made beforehand; "numpy": converted inside the timed call
    to_native: Callable[[np.ndarray], Any]  # one NumPy input -> a value this backend computes on
    ops: Mapping[str, Fn]  # workload name -> the function of native inputs
    missing: Mapping[str, str] = field(default_factory=dict)  # workload name -> why not
    sync: Callable[[Any], Any] = _nothing  # waits until a result is computed
    context: Callable[[], AbstractContextManager[Any]] = _no_context  # entered around a cell
    # Timed in another process: (the cell's record, options) -> (the record with its first
    # call, a function timing one repeat there, the repeats its budget allows).
    remote: Callable[[Any, Any], tuple[Any, Callable[[], float] | None, int]] | None = None
    convert: Callable[[np.ndarray], Any] | None = None  # NumPy input -> native, when timed
    min_size: int = 0  # smaller sizes are skipped (a lazy driver's: LAZY_MIN_SIZE)
    devices: int = 1  # how many devices its inputs are split over (``--devices``: sharded.py)

    def bind(self, fn: Fn, inputs: tuple[np.ndarray, ...]) -> Callable[[], Any]:
        """The call to time: ``fn`` on native inputs made now, or on ``inputs`` converted
        inside the call (``inputs="numpy"``: the conversion is part of the cost)."""
        if self.inputs == "native":
            args = tuple(self.to_native(a) for a in inputs)
            self.sync(args)
            return partial(fn, *args)
        convert = self.convert or self.to_native
        return lambda: fn(*[convert(a) for a in inputs])

    def too_small(self, w: Workload, size: int) -> str | None:
        """Why ``w`` is not timed at ``size`` (below ``min_size`` elements, counted as
        ``w`` counts them: matmul's matrices are n x n), or ``None``."""
        if not self.min_size or size >= w.sizes([self.min_size])[0]:
            return None
        return (
            f"timed from {w.label_size(w.sizes([self.min_size])[0])} on: below, the "
            "lazy graph's fixed cost is all a row would show"
        )

    def record(self) -> dict[str, str]:
        return {
            k: getattr(self, k) for k in ("label", "impl", "driver", "device", "mode", "inputs")
        }


@dataclass(frozen=True)
class Framework:
    """A raw backend, called as its own users call it."""

    name: str  # also the name of the arraykit driver that wraps it
    label: str  # eager label: "numpy", "jnp", "tf"
    devices: list[tuple[str, Any]]  # (arraykit-style name, native handle), default first
    ops: Ops
    put: Callable[[np.ndarray, Any], Any]  # (NumPy array, device handle) -> native value
    sync: Callable[[Any], Any] = _nothing
    jit: Callable[[Fn], Fn] | None = None
    jit_label: str | None = None
    on_device: Callable[[Any], AbstractContextManager[Any]] = _no_context
    # NumPy input -> native inside the timed call (``(np in)``), the least the framework
    # needs (its ops would convert NumPy arrays themselves); default: ``put``.
    convert: Callable[[np.ndarray, Any], Any] | None = None
    host: bool = False  # values are NumPy arrays: no separate "NumPy inputs" column
    version: str = ""


# ---------------------------------------------------------------------- frameworks
def _numpy(dtype: np.dtype, stack: ExitStack) -> Framework:
    ops = Ops(exp=np.exp, tanh=np.tanh, sort=np.sort, matmul=np.matmul, fft=np.fft.fft, where="np")
    return Framework(
        "numpy", "numpy", [("cpu", None)], ops, lambda a, dev: a, host=True, version=np.__version__
    )


def _device_name(kind: str, index: int) -> str:
    kind = kind.lower()
    kind = "gpu" if kind in ("cuda", "rocm") else kind
    return kind if kind == "cpu" and index == 0 else f"{kind}:{index}"


def _jax(dtype: np.dtype, stack: ExitStack) -> Framework:
    import jax
    import jax.numpy as jnp

    # As arraykit's JAX driver does (process-wide, for good): raw and arraykit columns then
    # run under one JAX configuration, and float64 stays float64.
    jax.config.update("jax_enable_x64", True)
    devices: dict[str, Any] = {}
    for dev in [*jax.devices(), *jax.devices("cpu")]:  # one device of each kind
        devices.setdefault(dev.platform, dev)
    ops = Ops(
        exp=jnp.exp,
        tanh=jnp.tanh,
        sort=partial(jnp.sort, stable=False),
        matmul=jnp.matmul,
        fft=jnp.fft.fft,
        where="jnp",
    )
    return Framework(
        "jax",
        "jnp",
        [(_device_name(d.platform, d.id), d) for d in devices.values()],
        ops,
        put=jax.device_put,
        sync=jax.block_until_ready,
        jit=jax.jit,
        jit_label="jax.jit",
        on_device=jax.default_device,
        version=jax.__version__,
    )


def tf_sync(tf: Any) -> Callable[[Any], None]:
    """Wait for TF values: eager ops on accelerators are enqueued, not finished, when they
    return (on CPU they are done)."""
    sync_devices = getattr(tf.test.experimental, "sync_devices", None)

    def sync(value: Any) -> None:
        if isinstance(value, tuple | list):
            for v in value:
                sync(v)
            return
        device = str(getattr(value, "device", "") or "")
        if not device or "CPU" in device:
            return
        if sync_devices is not None:
            sync_devices()
        else:  # TF < 2.13: fetching one element waits for the value
            tf.reshape(value, [-1])[:1].numpy()

    return sync


def _tensorflow(dtype: np.dtype, stack: ExitStack) -> Framework:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # no C++ info lines in the table
    import tensorflow as tf

    complex_dtype = tf.complex128 if dtype == np.float64 else tf.complex64
    devices: dict[str, Any] = {}
    for dev in tf.config.list_logical_devices():
        devices.setdefault(dev.device_type, dev.name)

    def put(a: np.ndarray, dev: str) -> Any:  # before the timed calls: on the device
        with tf.device(dev):
            return tf.identity(tf.convert_to_tensor(a))

    def fft(x: Any) -> Any:
        return tf.signal.fft(tf.cast(x, complex_dtype))

    ops = Ops(
        exp=tf.math.exp,
        tanh=tf.math.tanh,
        sort=tf.sort,
        matmul=tf.linalg.matmul,
        fft=fft,
        where="tf",
    )
    return Framework(
        "tensorflow",
        "tf",
        [(_device_name(kind, int(name.rsplit(":", 1)[1])), name) for kind, name in devices.items()],
        ops,
        put=put,
        sync=tf_sync(tf),
        jit=partial(tf.function, autograph=False),
        convert=lambda a, dev: tf.convert_to_tensor(a),  # as ak.asarray: no scope, no copy
        jit_label="tf.function",
        on_device=tf.device,
        version=tf.__version__,
    )


# name -> (module that must import, factory(dtype, stack)).  The name is also arraykit's
# driver name.  A factory may register clean-ups for the end of the run on ``stack``.
FRAMEWORKS: dict[str, tuple[str, Callable[[np.dtype, ExitStack], Framework]]] = {
    "numpy": ("numpy", _numpy),
    "jax": ("jax", _jax),
    "tensorflow": ("tensorflow", _tensorflow),
}


# Raw contenders measured in their own process (``tnp.py``): name -> the module they need.
SEPARATE = {"tnp": "tensorflow"}
# What ``pip install`` adds a framework (the ``bench`` extra installs them all).
PIP = {"jax": "jax>=0.4.30", "tensorflow": "tensorflow-cpu>=2.16"}


def known_names() -> list[str]:
    """Every name ``--drivers`` accepts: raw frameworks and arraykit drivers."""
    import arraykit as ak

    return [*FRAMEWORKS, *SEPARATE, *(n for n in ak.drivers._names() if n not in FRAMEWORKS)]


def default_names() -> list[str]:
    """The frameworks and drivers installed here."""
    import arraykit as ak

    names = [n for n, (mod, _) in FRAMEWORKS.items() if importlib.util.find_spec(mod)]
    names += [n for n, mod in SEPARATE.items() if importlib.util.find_spec(mod)]
    return [*names, *(n for n in ak.drivers.available() if n not in names)]


def missing_frameworks() -> list[str]:
    """The accelerator frameworks of the study that are not installed here."""
    return [n for n in PIP if importlib.util.find_spec(n) is None]


_XLA_COUNT = re.compile(r"--xla_force_host_platform_device_count=(\d+)")


def virtual_cpu_devices(n: int, names: Sequence[str]) -> dict[str, str]:
    """Ask the frameworks of ``names`` for ``n`` CPU devices before they start (``--devices``
    on a host without ``n`` accelerators), as each needs it: JAX through ``XLA_FLAGS``,
    which XLA reads when JAX starts, TensorFlow through logical devices, configured before
    its runtime starts.  A framework already started keeps the devices it has.  Returns
    framework -> what was done, or why not (the report's notes; a row needing more devices
    than a driver has is skipped with the reason)."""
    notes: dict[str, str] = {}
    if "jax" in names and importlib.util.find_spec("jax") is not None:
        flags = os.environ.get("XLA_FLAGS", "")
        found = _XLA_COUNT.search(flags)
        if found is not None and int(found[1]) >= n:
            notes["jax"] = f"XLA_FLAGS already asks for {found[1]} virtual CPU devices"
        elif "jax" in sys.modules:
            notes["jax"] = (
                "JAX was imported before the bench could ask XLA for virtual CPU devices: "
                f"it keeps those it has (set XLA_FLAGS=--xla_force_host_platform_device_count"
                f"={n} before anything imports JAX)"
            )
        else:
            flag = f"--xla_force_host_platform_device_count={n}"
            os.environ["XLA_FLAGS"] = (
                _XLA_COUNT.sub(flag, flags) if found else f"{flags} {flag}".strip()
            )
            notes["jax"] = f"asked XLA for {n} virtual CPU devices (XLA_FLAGS={flag})"
    if "tensorflow" in names and importlib.util.find_spec("tensorflow") is not None:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
        import tensorflow as tf

        cpu = tf.config.list_physical_devices("CPU")[0]
        have = len(tf.config.get_logical_device_configuration(cpu) or [cpu])
        if have >= n:
            notes["tensorflow"] = f"TensorFlow has {have} logical CPU devices"
        else:
            try:
                tf.config.set_logical_device_configuration(
                    cpu, [tf.config.LogicalDeviceConfiguration()] * n
                )
                notes["tensorflow"] = f"made {n} logical CPU devices in TensorFlow"
            except RuntimeError:  # its runtime had started
                notes["tensorflow"] = (
                    f"TensorFlow had started before the bench could make {n} logical CPU "
                    f"devices: it keeps its {have}"
                )
    return notes


# ---------------------------------------------------------------------- backends
def _variants(
    base: dict[str, Any],
    ops: dict[str, Fn],
    label: str,
    put: Callable[[np.ndarray], Any],
    both_inputs: bool,
    convert: Callable[[np.ndarray], Any] | None = None,
) -> list[Backend]:
    out = [Backend(label=label, inputs="native", to_native=put, ops=ops, **base)]
    if both_inputs:
        out.append(
            Backend(
                label=f"{label} (np in)",
                inputs="numpy",
                to_native=put,
                convert=convert,
                ops=ops,
                **base,
            )
        )
    return out


def _functions(
    workloads: list[Workload], ops: Ops, jit: Callable[[Fn], Fn] | None = None
) -> tuple[dict[str, Fn], dict[str, str]]:
    fns, missing = {}, {}
    for w in workloads:
        fn = w.function(ops)
        if fn is None:
            missing[w.name] = w.missing(ops)
        else:
            fns[w.name] = fn if jit is None else jit(fn)
    return fns, missing


def _raw_backends(fw: Framework, workloads: list[Workload]) -> list[Backend]:
    out: list[Backend] = []
    for dev_name, dev in fw.devices:
        modes: list[tuple[str, str, Callable[[Fn], Fn] | None]] = [("eager", fw.label, None)]
        if fw.jit is not None:
            modes.append(("jit", fw.jit_label or f"{fw.name} jit", fw.jit))
        for mode, label, jit in modes:
            fns, missing = _functions(workloads, fw.ops, jit)
            base = dict(
                impl=fw.name,
                driver=fw.name,
                device=dev_name,
                mode=mode,
                missing=missing,
                sync=fw.sync,
                context=partial(fw.on_device, dev) if dev is not None else _no_context,
            )
            full = label if fw.host else f"{label}@{dev_name}"
            convert = None if fw.convert is None else partial(_put, fw.convert, dev)
            put = partial(_put, fw.put, dev)
            out += _variants(base, fns, full, put, not fw.host, convert)
    return out


def _put(put: Callable[[np.ndarray, Any], Any], dev: Any, a: np.ndarray) -> Any:
    return put(a, dev)


def _on_host(fn: Fn) -> Fn:
    """``fn`` with its result brought to the host as a NumPy array: on a lazy driver the
    call then builds the graph and computes it, so the clock sees the work done."""

    def call(*args: Any) -> np.ndarray:
        return np.asarray(fn(*args))

    return call


def _in_blocks(ak: Any, drv: Any, dev: Any, a: np.ndarray) -> Any:
    """``a`` on a chunked driver, cut into one block per CPU along its first axis, so that
    Dask's threads scheduler (a thread per CPU) has a block for each of its threads."""
    cpus = os.cpu_count() or 1
    chunks = (max(1, -(-a.shape[0] // cpus)), *a.shape[1:]) if a.ndim else ()
    with ak.use(drv, device=dev, chunks=chunks):
        return ak.asarray(a)


def arraykit_sync(native_sync: Callable[[Any], Any]) -> Callable[[Any], None]:
    """Wait for arraykit arrays (or a tuple of them: the inputs made before a cell) with
    the framework's ``native_sync``."""
    import arraykit as ak

    def sync(value: Any) -> None:
        if isinstance(value, tuple | list):
            for v in value:
                sync(v)
        else:
            native_sync(value.native if isinstance(value, ak.Array) else value)

    return sync


def _arraykit_backends(
    name: str, workloads: list[Workload], native_sync: Callable[[Any], Any]
) -> list[Backend]:
    import arraykit as ak

    drv = ak.drivers.get(name)
    lazy = drv.capabilities.lazy
    fft = getattr(ak, "fft", None)
    ops = Ops(
        exp=getattr(ak, "exp", None),
        tanh=getattr(ak, "tanh", None),
        sort=partial(ak.sort, stable=False) if hasattr(ak, "sort") else None,
        matmul=getattr(ak, "matmul", None),
        fft=getattr(fft, "fft", None),
        where="ak",
    )

    sync = arraykit_sync(native_sync)
    kinds: dict[str, Any] = {}
    for dev in drv.devices():  # one device of each kind
        kinds.setdefault(dev.kind, dev)
    out: list[Backend] = []
    for dev in kinds.values():
        modes: list[tuple[str, str, Callable[[Fn], Fn] | None]] = [("eager", "ak", None)]
        if hasattr(ak, "jit") and drv.capabilities.jit:
            modes.append(("jit", "ak.jit", ak.jit))
        for mode, prefix, jit in modes:
            fns, missing = _functions(workloads, ops, jit)
            if lazy:  # timed end to end: graph built, computed, result on the host
                fns = {k: _on_host(f) for k, f in fns.items()}
            base = dict(
                impl="arraykit",
                driver=name,
                device=str(dev),
                mode=mode,
                missing=missing,
                sync=sync,
                context=partial(ak.use, drv, device=dev),
                min_size=LAZY_MIN_SIZE if lazy else 0,
            )
            put = partial(ak.asarray, driver=drv, device=dev)
            if "chunks" in drv.options:
                put = partial(_in_blocks, ak, drv, dev)
            out += _variants(base, fns, f"{prefix}[{name}]@{dev}", put, True)
    return out


def discover(
    names: list[str], workloads: list[Workload], dtype: np.dtype, stack: ExitStack
) -> tuple[list[Backend], dict[str, Framework], list[str]]:
    """The backends to run for ``names``, grouped by framework (raw NumPy always first: it
    is the baseline), the raw frameworks loaded, and a note for each name that cannot run
    here."""
    import arraykit as ak

    notes: list[str] = []
    frameworks: dict[str, Framework] = {}
    backends: list[Backend] = []
    available = ak.drivers.available()
    for name in ["numpy", *(n for n in names if n != "numpy")]:
        if name in SEPARATE:
            if importlib.util.find_spec(SEPARATE[name]) is None:
                notes.append(f"{name}: needs {SEPARATE[name]}, not installed")
                continue
            from . import tnp

            more, _version, note = tnp.backends(workloads, stack)
            backends += more
            if note:
                notes.append(note)
            continue
        if name in FRAMEWORKS:
            module, factory = FRAMEWORKS[name]
            if importlib.util.find_spec(module) is None:
                notes.append(f'{name}: not installed (pip install "{PIP.get(name, name)}")')
                continue
            try:
                frameworks[name] = factory(np.dtype(dtype), stack)
            except Exception as e:  # a broken install is reported, not fatal
                notes.append(f"{name}: fails to start: {type(e).__name__}: {e}")
                continue
            backends += _raw_backends(frameworks[name], workloads)
        if name not in names:  # raw NumPy came as the baseline only
            continue
        if name not in available:
            notes.append(f"arraykit[{name}]: the {name!r} driver is not available yet")
            continue
        sync = frameworks[name].sync if name in frameworks else _generic_sync
        try:
            backends += _arraykit_backends(name, workloads, sync)
        except Exception as e:
            notes.append(f"arraykit[{name}]: fails to start: {type(e).__name__}: {e}")
    return backends, frameworks, notes
