"""The NumPy driver: arraykit's embedded default, needing nothing but NumPy.

Values are ``np.ndarray`` (never NumPy scalars: ufuncs run with ``out=...`` so 0-d
results stay arrays).  Most primitives are the NumPy function of the same name; the
rest bridge the places where NumPy's behaviour differs from the contract.

The primitives live in one module per chapter of core, named as core's (``sorting.py``
for ``arraykit/_sorting.py``), each holding one mixin class; ``NumPyDriver`` combines
them and adds the runtime hooks.  ``transforms.py`` holds the transform hooks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import _dtypes
from ..._devices import Device
from .._base import Capabilities, Driver
from . import casts, extrema
from .creation import Creation
from .elementwise import Elementwise, install_ufuncs
from .fft import FFT
from .indexing import Indexing
from .interop import Interop
from .linalg import Linalg
from .manipulation import Manipulation
from .random import Random
from .searching import Searching
from .sets import Sets
from .sorting import Sorting
from .statistics import Statistics
from .transforms import NumPyTransforms
from .utility import Utility

__all__ = ["NumPyDriver"]

_CPU = Device("numpy", "cpu", 0)


# (the ignore: mixins implement optional fast paths as methods; pyright holds Driver's
# ``Callable | None`` slots invariant, as mutable attributes.  mypy checks them.)
class NumPyDriver(  # pyright: ignore[reportIncompatibleVariableOverride]
    Creation,
    Elementwise,
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
    Random,
    Driver,
):
    """Runs arraykit on NumPy arrays, on the host CPU."""

    # The chapter mixins come before Driver: their methods (``stack``, say) replace the
    # ``None`` that Driver sets for optional fast paths.

    name = "numpy"
    capabilities = Capabilities(float16=True, mutable=True, python_scalars=True, max_dimensions=64)
    transforms = NumPyTransforms()

    def __init__(self) -> None:
        # Ufunc primitives as instance attributes: one attribute lookup, no bound method.
        install_ufuncs(self)
        self.maximum, self.minimum = extrema.maximum, extrema.minimum  # -0 < +0
        super().__init__()

    # ------------------------------------------------------------------ runtime
    def devices(self) -> list[Device]:
        return [_CPU]

    def default_device(self) -> Device:
        return _CPU

    def device_of(self, x: np.ndarray) -> Device:
        return _CPU

    def dtype_of(self, x: np.ndarray) -> np.dtype:
        return _dtypes.canonical(x.dtype)

    def shape_of(self, x: np.ndarray) -> tuple[int, ...]:
        return x.shape

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def strides_of(self, x: np.ndarray) -> tuple[int, ...]:  # pyright: ignore[reportIncompatibleVariableOverride]
        return x.strides

    def is_native(self, obj: object) -> bool:
        return type(obj) is np.ndarray

    def to_scalar(self, x: np.ndarray) -> Any:
        return x.item()

    def astype(self, x: np.ndarray, dtype: np.dtype) -> np.ndarray:
        if dtype.kind in "iu" and x.dtype.kind == "f":
            return casts.float_to_int(x, dtype)  # saturating, NaN to 0
        return x.astype(dtype)

    def copy(self, x: np.ndarray) -> np.ndarray:
        return x.copy()

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def bitcast(self, x: np.ndarray, dtype: np.dtype) -> np.ndarray:  # pyright: ignore[reportIncompatibleVariableOverride]
        a, b = x.dtype.itemsize, dtype.itemsize
        if a == b:
            return x.view(dtype)
        if a > b:  # NumPy's own views: a new last axis of a // b
            return x[..., None].view(dtype)
        return x.view(dtype)[..., 0]
