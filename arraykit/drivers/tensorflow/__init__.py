"""The TensorFlow driver: arraykit on ``tf.Tensor`` values, on every device TF sees.

Values are eager tensors, or symbolic tensors inside ``tf.function``.  Primitives call
TF's generated op functions (``gen_math_ops.add_v2``: the eager fast path, no dispatch
layers) and never touch a process-wide setting: no NumPy behaviour, no soft-placement or
dtype-conversion switches.

Layout: this module holds the driver class and its runtime hooks (``dtype_of``,
``shape_of``, ``astype`` ...).  The primitives live in modules named after core's
chapters, each a mixin class of the driver: ``creation``, ``indexing``, ``manipulation``,
``searching``, ``sorting``, ``sets``, ``statistics``, ``utility``, ``linalg``, ``fft``,
``interop``, ``devices`` (``mesh``: arrays split over several devices, on DTensor).
``elementwise.build`` returns the elementwise primitives,
bound as instance attributes (many are TF's op functions themselves).  ``transforms``
holds the transform hooks, ``support`` the dtype tables, the kernel registry and the
helpers several chapters share, ``complex_math`` the complex functions TF's kernels get
wrong, ``casts`` and ``extrema`` the contract's casts and order of signed zeros.  Imports
between these modules go one way (``support`` first; ``indexing`` before ``manipulation``,
``linalg`` and ``fft``; ``sorting`` before ``searching`` and ``sets``), and none imports
this module.

Dtypes: every standard dtype.  TF's kernel registry says which dtypes each op runs on for
the device types in use; elsewhere a primitive computes in a dtype holding every value and
casts back, so integer results are exact (see ``support``).

Devices and pinning: one ``Device`` per logical device (``cpu``, ``cpu:1``, ``gpu:0``).
Creating the driver lists them, which initialises TF's runtime as any TF op would:
configure logical devices before ``ak.use("tensorflow")``.  An op runs on its input's
device.  TF places an op without a device scope on its default device (the first GPU,
else the CPU) whatever its inputs' devices, so pinning is needed exactly when the input
lives elsewhere or the caller opened a ``tf.device`` scope.  With one logical device the
primitives are installed unwrapped (no cost at all); with several, each is wrapped by a
check (about 0.1 us) that enters ``tf.device(x.device)`` (several us) only in those cases
(see ``devices``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops as tf_ops
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Capabilities, Driver
from . import casts, elementwise, gradients
from . import support as S
from .creation import Creation
from .devices import Devices
from .fft import FFT
from .gradients import Gradients
from .indexing import Indexing
from .interop import Interop
from .linalg import Linalg
from .manipulation import Manipulation
from .random import Random
from .searching import Searching
from .sets import Sets
from .sorting import Sorting
from .statistics import Statistics
from .support import NP_OF, NP_OF_ENUM, TF_OF, KernelTable
from .transforms import TFTransforms
from .utility import Utility

_EagerTensor = tf_ops.EagerTensor


# (the ignore: mixins implement optional fast paths as methods; pyright holds Driver's
# ``Callable | None`` slots invariant, as mutable attributes.  mypy checks them.)
class TensorFlowDriver(  # pyright: ignore[reportIncompatibleVariableOverride]
    Gradients,
    Creation,
    Indexing,
    Manipulation,
    Searching,
    Sorting,
    Sets,
    Statistics,
    Utility,
    Linalg,
    FFT,
    Interop,
    Devices,
    Random,
    Driver,
):
    """Runs arraykit on TensorFlow tensors, on any TF device.

    The chapter mixins hold the primitives; this class creates the driver's state and
    holds the runtime hooks."""

    name = "tensorflow"
    capabilities = Capabilities(
        float16=True,
        autodiff=True,
        jit=True,
        vmap=True,
        mutable=False,
        data_dependent_shapes=True,
        multi_device=True,
        subnormals=False,  # TF's CPU kernels flush subnormal inputs and results to zero
        max_dimensions=254,  # TensorShape's limit (kernels limited to 8 get a fallback)
    )
    transforms = TFTransforms()

    def __init__(self, *, _emulate: frozenset[tuple[str, str]] = frozenset()) -> None:
        """``_emulate``: (TF op name, dtype name) pairs to treat as having no kernel, so
        tests can run the emulation paths on a CPU that has every kernel."""
        self._init_devices()
        kinds = frozenset(d.kind.upper() for d in self._devices)
        forced = frozenset((op, tf.dtypes.as_dtype(d)) for op, d in _emulate)
        self._k = KernelTable(kinds, forced)
        self._scalars: dict[Any, tf.Tensor] = {}  # asarray's cache of Python scalars
        first_of_kind: dict[str, str] = {}
        for dev in self._devices:
            first_of_kind.setdefault(dev.kind, dev.native)
        nan_elementwise, nan_reductions = elementwise.propagates_nan(list(first_of_kind.values()))
        prims = elementwise.build(self._k, nan_elementwise)
        prims.update(gradients.elementwise(prims))  # the contract's gradients
        for prim_name, fn in prims.items():
            setattr(self, prim_name, fn)
        self._init_statistics(nan_reductions)
        self._init_sorting()
        super().__init__()
        self._install_gradients()
        if len(self._devices) > 1:
            self._install_pinning()

    # ------------------------------------------------------------------ runtime
    def dtype_of(self, x: Any) -> np.dtype:
        try:
            if x.__class__ is _EagerTensor:  # an int key: tf.DType hashes in Python
                return NP_OF_ENUM[x._datatype_enum()]
            return NP_OF[x.dtype]
        except KeyError:
            raise TypeError(f"arraykit does not support TensorFlow's {x.dtype.name}") from None

    def shape_of(self, x: Any) -> tuple[int | None, ...]:
        if x.__class__ is _EagerTensor:
            known: tuple[int, ...] = x._shape_tuple()  # a typed local: no cast on a hot path
            return known
        dims = x.shape.as_list() if x.shape.rank is not None else None
        if dims is None:
            raise ValueError("arraykit arrays need a known number of dimensions (rank)")
        return tuple(dims)

    def is_native(self, obj: object) -> bool:
        return obj.__class__ is _EagerTensor or isinstance(obj, tf.Tensor)

    def to_scalar(self, x: Any) -> Any:
        if x.__class__ is not _EagerTensor:
            return self.to_numpy(x).item()  # raises the symbolic-tensor TypeError
        try:  # free in Python 3.11 unless it raises
            return x._numpy().item()
        except tf.errors.UnimplementedError:  # split over a mesh (a DTensor): gathered
            return self.to_numpy(x).item()

    def astype(self, x: Any, dtype: np.dtype) -> Any:
        tfd = TF_OF[dtype]
        if x.dtype == tfd:
            return ga.identity(x)
        if tfd == tf.bool and x.dtype in S.COMPLEX:
            return gm.not_equal(x, S.scalar_like(0, x))
        return casts.cast(x, tfd)

    def copy(self, x: Any) -> Any:
        return S.fresh(x)

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def bitcast(self, x: Any, dtype: np.dtype) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        if dtype.kind == "b" or x.dtype == tf.bool:
            return None  # tf.bitcast refuses bool
        return tf.bitcast(x, TF_OF[dtype])
