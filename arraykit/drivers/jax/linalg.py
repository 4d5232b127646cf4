"""The JAX driver's linear algebra (core's ``_linalg_core.py`` and ``linalg.py``), with
the native fast path of core's composite ``vecdot``.

Products ask for ``HIGHEST`` precision: exact float32 on GPU and TPU too, where XLA's
default would use TF32 or bfloat16 passes.  Every primitive is a kernel bound as it is,
except ``eig`` and ``eigvals``: JAX computes non-symmetric eigen-decompositions on the
CPU only, and elsewhere they raise an error saying so; and ``inv``, ``solve`` and
``cholesky``, which check their result (the contract's failures).

``jax.numpy`` reports no failure: a singular matrix gives inf/NaN, a Cholesky factor
that fails is NaN.  So these kernels also return one flag per matrix, read on the host
when the values are concrete (the call then waits for its result) and dropped by XLA
when traced.  ``inv`` and ``solve`` compute their result from the LU factorisation whose
diagonal the flag reads, as ``jax.numpy`` does (``stop_gradient``-ed factors inside
``custom_linear_solve``, so gradients reuse them): one factorisation, as before.
``cholesky``'s flag reads the factor itself: LAPACK's and cuSOLVER's ``info > 0``
becomes a NaN factor in JAX, ``L[0, 0]`` included, while a successful one has
``L[0, 0] = sqrt(x[0, 0]) > 0``; a NaN ``x[0, 0]`` gives NaN without a failure.
Non-symmetric and symmetric eigensolvers and the SVD report nothing either; JAX fills
their results with NaN where LAPACK fails, which cannot be told from NaN input, so they
stay unchecked (no cost added).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes
from ..._devices import Device
from .._base import LinAlgSignal, NotPositiveDefinite, SingularMatrix, first_failing
from .gradients import abs_
from .kernels import HIGHEST, KernelTable, compile_table, kernel_jit
from .tracing import ArrayImpl


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


_triangular_solve = lax.linalg.triangular_solve


def _lu_solve(lu: Any, perm: Any, b: Any, transpose: bool) -> Any:
    """``a^-1 b`` (``transpose``: ``a^-T b``) from ``a``'s LU factors and row permutation;
    ``b`` is ``(..., n, k)`` with ``a``'s stack."""
    if not transpose:
        x = jnp.take_along_axis(b, perm[..., :, None], axis=-2)  # P b
        x = _triangular_solve(lu, x, left_side=True, lower=True, unit_diagonal=True)
        return _triangular_solve(lu, x, left_side=True, lower=False)
    x = _triangular_solve(lu, b, left_side=True, lower=False, transpose_a=True)
    x = _triangular_solve(lu, x, left_side=True, lower=True, unit_diagonal=True, transpose_a=True)
    return jnp.take_along_axis(x, jnp.argsort(perm, axis=-1)[..., :, None], axis=-2)


def _solve(a: Any, b: Any) -> tuple[Any, Any]:
    """``(a^-1 b, singular)``: ``singular`` flags each matrix of ``a`` whose LU has an
    exact zero pivot (getrf's ``info > 0``).  ``b`` is ``(..., n, k)`` with ``a``'s stack."""
    lu, _, perm = lax.linalg.lu(lax.stop_gradient(a))
    singular = jnp.any(jnp.diagonal(lu, axis1=-2, axis2=-1) == 0, axis=-1)
    out = lax.custom_linear_solve(
        lambda v: jnp.matmul(a, v, precision=HIGHEST),
        b,
        solve=lambda _, v: _lu_solve(lu, perm, v, False),
        transpose_solve=lambda _, v: _lu_solve(lu, perm, v, True),
    )
    return out, singular


def _inv(a: Any) -> tuple[Any, Any]:
    return _solve(a, jnp.broadcast_to(jnp.eye(a.shape[-1], dtype=a.dtype), a.shape))


def _cholesky(x: Any, upper: bool) -> tuple[Any, Any]:
    """``(factor, failed)``: ``failed`` flags each matrix whose factorisation met a pivot
    <= 0, which JAX turns into a NaN factor (see the module docstring)."""
    factor = jnp.linalg.cholesky(x, upper=upper)
    if x.shape[-1] == 0:
        return factor, jnp.zeros(x.shape[:-2], bool)
    l00, x00 = jnp.real(factor[..., 0, 0]), jnp.real(x[..., 0, 0])
    return factor, ~(l00 > 0) & ~jnp.isnan(x00)


def _vector_norm(x: Any, axes: Any, kd: bool, ord: Any) -> Any:
    """jnp's vector norm.  XLA's CPU flushes subnormal results to zero, so the powers of
    tiny (normal) values vanish where NumPy keeps them: the 2-norm of [1e-160] was 0.  Where
    the largest power could be that small (p > 0), the norm is taken of ``x`` divided by
    its largest magnitude and scaled back, as LAPACK's ``nrm2`` does; elsewhere the scale
    is 1 and the result is bit for bit jnp's, as NumPy's."""
    a = abs_(x)  # the same values; the contract's derivative at 0 (gradients.py)
    if ord in (0, 1, np.inf, -np.inf) or ord < 0:
        return jnp.linalg.vector_norm(a, axis=axes, keepdims=kd, ord=ord)
    small = _dtypes.subnormal_power_bound(a.dtype, ord)
    m = jnp.max(a, axis=axes, keepdims=True, initial=0)
    scale = jnp.where((m > 0) & (m < small), m, jnp.ones_like(m))
    out = jnp.linalg.vector_norm(a / scale, axis=axes, keepdims=True, ord=ord) * scale
    return out if kd else jnp.squeeze(out, axis=axes)


_TABLE: KernelTable = {
    "matmul": (_matmul, ()),
    "tensordot": (_tensordot, (2,)),
    "det": (jnp.linalg.det, ()),
    "eigh": (_eigh, ()),
    "eigvalsh": (jnp.linalg.eigvalsh, ()),
    "qr": (_qr, (1,)),
    "slogdet": (_slogdet, ()),
    "svd": (_svd, (1,)),
    "svdvals": (jnp.linalg.svdvals, ()),
    "pinv": (lambda x, rtol: jnp.linalg.pinv(x, rtol=rtol), ()),
    "cross": (lambda x1, x2, axis: jnp.linalg.cross(x1, x2, axis=axis), (2,)),
    "diagonal": (lambda x, offset: jnp.linalg.diagonal(x, offset=offset), (1,)),
    "matrix_power": (lambda x, n: jnp.linalg.matrix_power(x, n), (1,)),
    "vector_norm": (_vector_norm, (1, 2, 3)),
    "matrix_norm": (lambda x, kd, ord: jnp.linalg.matrix_norm(x, keepdims=kd, ord=ord), (1, 2)),
    # a composite with a native fast path (see drivers/_base.py COMPOSITES)
    "vecdot": (_vecdot, (2,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The linear-algebra primitives bound as they are, compiled (all but ``eig``,
``eigvals``, ``inv``, ``solve`` and ``cholesky``: the ``Linalg`` mixin's)."""

_inv_kernel = kernel_jit(_inv)
_solve_kernel = kernel_jit(_solve)
_cholesky_kernel = kernel_jit(_cholesky, static_argnums=(1,))


def _checked(out: Any, failed: Any, signal: type[LinAlgSignal]) -> Any:
    """``out``, or ``signal`` for the first matrix flagged in ``failed`` when the flags
    are concrete (reading them waits for the kernel); traced, ``out`` as it is."""
    if failed.__class__ is ArrayImpl:
        flags = np.asarray(failed)  # NumPy's 0-d ``any()`` costs more than the rest
        if flags.item() if flags.ndim == 0 else np.logical_or.reduce(flags, axis=None):
            raise signal(first_failing(flags))
    return out


def _complex_of(dtype: Any) -> Any:
    return np.complex64 if dtype in (np.float32, np.complex64) else np.complex128


@kernel_jit
def _eig(x: Any) -> tuple[Any, Any]:
    # jnp.linalg.eig, with the eigenvectors' derivatives (valid for distinct eigenvalues,
    # as TensorFlow's; JAX refuses them by default)
    w, v = lax.linalg.eig(
        jnp.asarray(x, jnp.result_type(x, 1.0)),
        compute_left_eigenvectors=False,
        enable_eigvec_derivs=True,
    )
    ct = _complex_of(x.dtype)
    return w.astype(ct), v.astype(ct)


@kernel_jit
def _eigvals(x: Any) -> Any:
    return jnp.linalg.eigvals(x).astype(_complex_of(x.dtype))


class Linalg:
    """``eig`` and ``eigvals``, with an error that says where JAX cannot run them;
    ``inv``, ``solve`` and ``cholesky``, which check their result."""

    # From JAXDriver's other parts (devices.py).
    device_of: Callable[[Any], Device]

    def inv(self, x: Any) -> Any:
        return _checked(*_inv_kernel(x), SingularMatrix)

    def solve(self, x1: Any, x2: Any) -> Any:
        return _checked(*_solve_kernel(x1, x2), SingularMatrix)

    def cholesky(self, x: Any, upper: bool) -> Any:
        return _checked(*_cholesky_kernel(x, upper), NotPositiveDefinite)

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
