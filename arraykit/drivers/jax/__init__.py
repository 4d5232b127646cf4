"""The JAX driver: arraykit on ``jax.Array`` values (and tracers inside transforms).

Every compute primitive is a ``jax.jit``-compiled function bound once as an instance
attribute, with its non-array arguments static: one call is one C++ dispatch (~5 us,
less than ``jax.numpy``'s own eager ops), and a spec special case that ``jax.numpy``
gets wrong is fixed inside the compiled function at no extra dispatch.  Traced (under
``ak.jit``, ``jax.jit``, ``grad``, ``vmap``), the primitives inline into the caller's
program: arraykit code compiles to what its ``jax.numpy`` twin compiles to.

Decisions (see also docs/architecture.md, "Drivers"):

* 64-bit types: creating the driver turns on JAX's process-wide ``jax_enable_x64``
  flag.  JAX's thread-scoped ``jax.enable_x64()`` context would cost ~2.5 us per call,
  more than a primitive's whole budget.  A device that cannot hold a dtype (probed once
  per non-CPU device) raises ``TypeError`` instead of narrowing.
* Values are immutable: ``setitem`` returns ``x.at[key].set(value)``.  Eagerly, core
  bounds-checks integer indices (``to_scalar`` raises on tracers, so under ``jax.jit``
  it cannot): inside ``jit`` JAX clamps out-of-range gathers (``x[i]``, ``take`` and
  ``take_along_axis`` fill instead: NaN, or the integer extreme) and drops out-of-range
  scatters (``x[i] = v``), unless core checks them in the program (``checked=True``,
  ``transforms.py``); negative indices wrap as in NumPy.
* Data-dependent shapes (boolean indexing, ``nonzero``, ``unique_*``, ``repeat`` with
  an array of counts) work eagerly, computed by NumPy on the host and put back on the
  device (XLA would compile a program for every new output shape), and raise
  ``TypeError`` on traced input, saying why and what to use instead.
  ``x[mask] = scalar`` works under tracing too (as a ``where``).
* The device of a traced value is unknown until JAX compiles: it is ``TRACED``, which
  equals every JAX device, so core's same-device check passes and placement inside a
  transform is JAX's (``to_device`` of a traced value is a no-op).
* ``Array`` is registered as a pytree when the driver is created, so ``jax.jit``,
  ``jax.vmap`` and ``jax.grad`` accept arraykit arrays, and ``jit``/``vmap`` return
  them.  ``jax.grad`` wants a JAX scalar out of its function: return ``y.native``
  (``ak.grad`` unwraps for you).
* Subnormal results flush to zero (XLA does so on CPU and GPU): ``subnormals=False``.

Layout: one module per chapter of core, each holding that chapter's compiled kernels
(its ``KERNELS`` table, bound here as they are) and a mixin of ``JAXDriver`` for the
primitives that are more than a kernel: ``elementwise``, ``indexing``, ``creation``,
``manipulation``, ``searching``, ``sorting``, ``sets``, ``statistics``, ``utility``,
``linalg``, ``fft``, ``interop`` (NumPy, scalars, DLPack), ``devices`` (devices, dtype
probing, placement) and ``transforms`` (the transform hooks).  JAX's own: ``kernels``
(how kernels are compiled), ``tracing`` (traced values and their errors), ``pytree`` (``Array`` as a
pytree).  Mixins reach each other through ``self`` only: each names, as annotations,
what it uses from the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jax
import numpy as np

from ... import _dtypes
from .._base import Capabilities, Driver, core_link
from . import (
    creation,
    elementwise,
    fft,
    linalg,
    manipulation,
    pytree,
    searching,
    sets,
    sorting,
    statistics,
    utility,
)
from .creation import Creation
from .devices import Devices, list_devices
from .elementwise import Elementwise
from .indexing import Indexing
from .interop import Interop
from .linalg import Linalg
from .manipulation import Manipulation
from .random import Random
from .searching import Searching
from .sets import Sets
from .transforms import JAXTransforms

_CANON = _dtypes._CANONICAL  # the one canonical-dtype table
_TRANSFORMS = JAXTransforms()  # typed as the JAX hooks: __init__ links them to core


def _merge(*tables: dict[str, Any]) -> dict[str, Any]:
    """The chapters' kernel tables as one; a name in two tables is a bug."""
    out: dict[str, Any] = {}
    for table in tables:
        twice = out.keys() & table.keys()
        if twice:
            raise RuntimeError(f"JAX kernels defined twice: {sorted(twice)}")
        out.update(table)
    return out


_KERNELS = _merge(
    elementwise.KERNELS,
    creation.KERNELS,
    manipulation.KERNELS,
    searching.KERNELS,
    sorting.KERNELS,
    sets.KERNELS,
    statistics.KERNELS,
    utility.KERNELS,
    linalg.KERNELS,
    fft.KERNELS,
)
"""Every compiled kernel that is a primitive (or composite) as it is, by name."""


# (the ignore: mixins implement optional fast paths as methods; pyright holds Driver's
# ``Callable | None`` slots invariant, as mutable attributes.  mypy checks them.)
class JAXDriver(  # pyright: ignore[reportIncompatibleVariableOverride]
    Indexing,
    Creation,
    Elementwise,
    Manipulation,
    Searching,
    Sets,
    Linalg,
    Interop,
    Devices,
    Random,
    Driver,
):
    """Runs arraykit on JAX: CPU, GPU and TPU devices, with ``jax.jit``/``vmap``/``grad``.

    ``refuse`` maps a platform ("cpu", "gpu", "tpu") to dtypes its devices must refuse,
    on top of what probing finds (for tests: a CPU that cannot hold float64)."""

    name = "jax"
    capabilities = Capabilities(
        bfloat16=_dtypes.bfloat16 is not None,
        float16=True,
        autodiff=True,
        jit=True,
        vmap=True,
        mutable=False,
        data_dependent_shapes=True,
        multi_device=True,
        subnormals=False,  # XLA flushes subnormal results to zero
        traced_index_checks=False,  # XLA clamps gathers and drops scatters out of range
    )
    transforms = _TRANSFORMS

    def __init__(self, refuse: Mapping[str, Any] | None = None) -> None:
        jax.config.update("jax_enable_x64", True)  # process-wide; see the module docstring
        # What core lends the driver (it linked itself when arraykit was imported): the
        # array class, to register as a pytree and to recognise in jit's tree form.
        link = core_link()
        pytree.register(link)
        _TRANSFORMS.link(link)
        # Devices (devices.py).
        self._refuse_extra = {k: frozenset(v) for k, v in (refuse or {}).items()}
        self._devices = list_devices()
        self._by_native = {d.native: d for d in self._devices}
        self._by_sharding = {}
        self._refused = {}
        # Python scalars as 0-d values (creation.py).
        self._scalars = {}
        # The kernels as instance attributes: calling one is calling the compiled function.
        self.__dict__.update(_KERNELS)
        super().__init__()

    # ------------------------------------------------------------------ runtime
    def dtype_of(self, x: Any) -> np.dtype:
        try:
            return _CANON[x.dtype]
        except KeyError:
            raise TypeError(f"arraykit does not support JAX's {x.dtype} dtype") from None

    def shape_of(self, x: Any) -> tuple[int, ...]:
        shape: tuple[int, ...] = x.shape  # a typed local: no cast on this hot path
        return shape

    def is_native(self, obj: object) -> bool:
        return isinstance(obj, jax.Array)
