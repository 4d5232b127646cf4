"""The JAX driver's linear algebra (core's ``_linalg_core.py`` and ``linalg.py``), with
the native fast path of core's composite ``vecdot``.

Products ask for ``HIGHEST`` precision: exact float32 on GPU and TPU too, where XLA's
default would use TF32 or bfloat16 passes.  Every primitive is a kernel bound as it is,
except ``eig`` and ``eigvals``: JAX computes non-symmetric eigen-decompositions on the
CPU only, and elsewhere they raise an error saying so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from ..._devices import Device
from .kernels import HIGHEST, KernelTable, compile_table, kernel_jit


def _matmul(x1: Any, x2: Any) -> Any:
    return jnp.matmul(x1, x2, precision=HIGHEST)


def _tensordot(x1: Any, x2: Any, axes: Any) -> Any:
    return jnp.tensordot(x1, x2, axes=axes, precision=HIGHEST)


def _vecdot(x1: Any, x2: Any, axis: int) -> Any:
    return jnp.vecdot(x1, x2, axis=axis, precision=HIGHEST)


def _qr(x: Any, mode: str) -> tuple[Any, Any]:
    q, r = jnp.linalg.qr(x, mode=mode)
    return q, r


def _svd(x: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return u, s, vh


def _eigh(x: Any) -> tuple[Any, Any]:
    w, v = jnp.linalg.eigh(x)
    return w, v


def _slogdet(x: Any) -> tuple[Any, Any]:
    s, ld = jnp.linalg.slogdet(x)
    return s, ld


_TABLE: KernelTable = {
    "matmul": (_matmul, ()),
    "tensordot": (_tensordot, (2,)),
    "cholesky": (lambda x, upper: jnp.linalg.cholesky(x, upper=upper), (1,)),
    "det": (jnp.linalg.det, ()),
    "eigh": (_eigh, ()),
    "eigvalsh": (jnp.linalg.eigvalsh, ()),
    "inv": (jnp.linalg.inv, ()),
    "qr": (_qr, (1,)),
    "slogdet": (_slogdet, ()),
    "solve": (jnp.linalg.solve, ()),
    "svd": (_svd, (1,)),
    "svdvals": (jnp.linalg.svdvals, ()),
    "pinv": (lambda x, rtol: jnp.linalg.pinv(x, rtol=rtol), ()),
    "cross": (lambda x1, x2, axis: jnp.linalg.cross(x1, x2, axis=axis), (2,)),
    "diagonal": (lambda x, offset: jnp.linalg.diagonal(x, offset=offset), (1,)),
    "matrix_power": (lambda x, n: jnp.linalg.matrix_power(x, n), (1,)),
    "vector_norm": (
        lambda x, axes, kd, ord: jnp.linalg.vector_norm(x, axis=axes, keepdims=kd, ord=ord),
        (1, 2, 3),
    ),
    "matrix_norm": (lambda x, kd, ord: jnp.linalg.matrix_norm(x, keepdims=kd, ord=ord), (1, 2)),
    # a composite with a native fast path (see drivers/_base.py COMPOSITES)
    "vecdot": (_vecdot, (2,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The linear-algebra primitives but ``eig``/``eigvals``, compiled (bound as they are)."""


def _complex_of(dtype: Any) -> Any:
    return np.complex64 if dtype in (np.float32, np.complex64) else np.complex128


@kernel_jit
def _eig(x: Any) -> tuple[Any, Any]:
    w, v = jnp.linalg.eig(x)
    ct = _complex_of(x.dtype)
    return w.astype(ct), v.astype(ct)


@kernel_jit
def _eigvals(x: Any) -> Any:
    return jnp.linalg.eigvals(x).astype(_complex_of(x.dtype))


class Linalg:
    """``eig`` and ``eigvals``, with an error that says where JAX cannot run them."""

    # From JAXDriver's other parts (devices.py).
    device_of: Callable[[Any], Device]

    def eig(self, x: Any) -> tuple[Any, Any]:
        return self._cpu_only(_eig, x, "eig")

    def eigvals(self, x: Any) -> Any:
        return self._cpu_only(_eigvals, x, "eigvals")

    def _cpu_only(self, kernel: Callable[[Any], Any], x: Any, fn: str) -> Any:
        """``kernel(x)``; where JAX cannot run it (off the CPU), an error that says so."""
        try:
            return kernel(x)
        except Exception as e:
            dev = self.device_of(x)
            if dev.kind not in ("gpu", "tpu"):
                raise
            raise NotImplementedError(
                f"linalg.{fn}: JAX computes non-symmetric eigen-decompositions on the CPU "
                f"only, and x is on {dev}; move it with x.to_device('cpu') (and the result "
                "back), or use linalg.eigh for symmetric/Hermitian matrices"
            ) from e
