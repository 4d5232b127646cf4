"""The JAX driver's linear algebra (core's ``_linalg_core.py`` and ``linalg.py``), with
the native fast path of core's composite ``vecdot``.

Products ask for ``HIGHEST`` precision: exact float32 on GPU and TPU too, where XLA's
default would use TF32 or bfloat16 passes.  Every primitive is a kernel bound as it is,
except ``eig`` and ``eigvals``: JAX computes non-symmetric eigen-decompositions on the
CPU only, and elsewhere they raise an error saying so; ``inv``, ``solve`` and
``cholesky``, which return the contract's evidence with their result; and ``eigh``,
``eigvalsh`` and ``cholesky``, which read one triangle.

``jax.numpy`` reports no failure: a singular matrix gives inf/NaN, a Cholesky factor
that fails is NaN.  So these kernels also return the contract's evidence, the pivots of
their factorisation and the matrix's size, which core reads on the host when the values
are concrete (the call then waits for its result) and XLA drops when traced.  ``inv``
and ``solve`` compute their result from the LU factorisation whose pivots they return
(``|u_kk|``, and ``|x|_F``), as ``jax.numpy`` does (``stop_gradient``-ed factors inside
``custom_linear_solve``, so gradients reuse them): one factorisation.  ``cholesky``
returns ``l_kk**2`` and ``max x_kk``: LAPACK's and cuSOLVER's ``info > 0`` becomes a NaN
factor in JAX, so a failure's pivots are NaN.

``jnp.linalg.eigh`` and ``cholesky`` symmetrize their input, ``(x + x^H) / 2``, where
NumPy reads one triangle: the kernels build the Hermitian matrix of that triangle
(``_hermitian``) and factor it as it is, which also makes the gradient that of the
triangle alone.  The eigensolvers and the SVD report nothing either: core finds the
matrices with NaN or inf entries before calling them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes
from ..._devices import Device
from .._base import Part
from .gradients import abs_
from .kernels import HIGHEST, KernelTable, compile_table, kernel_jit

_T = TypeVar("_T")


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


def _hermitian(x: Any, upper: bool = False) -> Any:
    """The Hermitian matrix of ``x``'s lower triangle (``upper``: its upper one), as
    LAPACK reads it: the diagonal's imaginary part is dropped.  Differentiated, the other
    triangle has gradient 0 and each entry of this one counts twice."""
    strict = jnp.triu(x, 1) if upper else jnp.tril(x, -1)
    diag = jnp.real(jnp.diagonal(x, axis1=-2, axis2=-1)).astype(x.dtype)
    return (
        strict
        + jnp.conj(jnp.swapaxes(strict, -1, -2))
        + diag[..., None] * jnp.eye(x.shape[-1], dtype=x.dtype)
    )


def _eigh(x: Any) -> tuple[Any, Any]:
    """The eigen-decomposition of the Hermitian matrix of ``x``'s lower triangle; NaN for
    a matrix with NaN or inf entries there (LAPACK returns what its arithmetic gave:
    core decides such matrices eagerly, so this is what a traced call gives)."""
    h = _hermitian(x)
    bad = ~jnp.all(jnp.isfinite(h), axis=(-2, -1))
    w, v = jnp.linalg.eigh(jnp.where(bad[..., None, None], 0, h), symmetrize_input=False)
    return jnp.where(bad[..., None], jnp.nan, w), jnp.where(bad[..., None, None], jnp.nan, v)


def _eigvalsh(x: Any) -> Any:
    return _eigh(x)[0] if x.shape[-1] else jnp.linalg.eigvalsh(x)


def _slogdet(x: Any) -> tuple[Any, Any]:
    """NumPy's (LAPACK's) way for every size: the LU's pivots give the sign and the sum
    of their logs ``logabsdet``.  ``jnp.linalg.slogdet`` takes ``log(abs(det))`` of 1x1
    and 2x2 matrices, which overflows with the determinant (``[[0, 2], [3.4e38, 0]]`` in
    float32: inf where NumPy gives 89.4; complex: sign NaN)."""
    n = x.shape[-1]
    lu, pivots, _ = lax.linalg.lu(x)
    d = jnp.diagonal(lu, axis1=-2, axis2=-1)
    zero = jnp.any(d == 0, axis=-1)
    swaps = jnp.count_nonzero(pivots != jnp.arange(n, dtype=pivots.dtype), axis=-1)
    if jnp.iscomplexobj(x):
        a = jnp.abs(d)
        phase = jnp.prod(d / jnp.where(a == 0, 1, a).astype(d.dtype), axis=-1)
    else:
        phase = jnp.ones((), x.dtype)
        swaps = swaps + jnp.count_nonzero(d < 0, axis=-1)
    sign = jnp.where(zero, jnp.zeros((), x.dtype), jnp.where(swaps % 2 == 1, -phase, phase))
    logabs = jnp.where(zero, -jnp.inf, jnp.sum(jnp.log(jnp.abs(d)), axis=-1))
    return sign, logabs


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


def _frobenius(a: Any) -> Any:
    return jnp.sqrt(jnp.sum(jnp.real(a * jnp.conj(a)), axis=(-2, -1)))


def _solve(a: Any, b: Any) -> tuple[Any, Any]:
    """``(a^-1 b, (pivots, size))``: the contract's evidence, ``|u_kk|`` of ``a``'s LU
    (0 for an exact zero pivot, getrf's ``info > 0``; NaN for NaN entries) and ``|a|_F``.
    ``b`` is ``(..., n, k)`` with ``a``'s stack."""
    lu, _, perm = lax.linalg.lu(lax.stop_gradient(a))
    pivots = jnp.abs(jnp.diagonal(lu, axis1=-2, axis2=-1))
    out = lax.custom_linear_solve(
        lambda v: jnp.matmul(a, v, precision=HIGHEST),
        b,
        solve=lambda _, v: _lu_solve(lu, perm, v, False),
        transpose_solve=lambda _, v: _lu_solve(lu, perm, v, True),
    )
    return out, (pivots, _frobenius(lax.stop_gradient(a)))


def _inv(a: Any) -> tuple[Any, Any]:
    return _solve(a, jnp.broadcast_to(jnp.eye(a.shape[-1], dtype=a.dtype), a.shape))


@jax.custom_jvp  # type: ignore[untyped-decorator]  # jax is Any in typings/
def _det(x: Any) -> Any:
    """The product of the LU pivots, times the permutation's sign: NumPy's LU, where
    ``jnp.linalg.det`` takes ``sign * exp(logabsdet)`` beyond 3 x 3 and for 1 x 1 (off
    by |logabsdet| eps, 5e-6 in float32 near 1e38, and inf at FLT_MAX).  Derivative:
    ``jnp.linalg.det``'s (finite at singular matrices, where the LU's is not)."""
    n = x.shape[-1]
    if n == 0:
        return jnp.linalg.det(x)
    lu, pivots, _ = lax.linalg.lu(x)
    diag = jnp.diagonal(lu, axis1=-2, axis2=-1)
    d = jnp.prod(diag, axis=-1)
    swaps = jnp.sum(pivots != jnp.arange(n, dtype=pivots.dtype), axis=-1)
    d = jnp.where(swaps % 2 == 1, -d, d)
    # A zero pivot among finite ones: 0, as NumPy's sign 0 * exp(-inf), where the others'
    # product may overflow first (XLA flushes a subnormal multiplier: pivots MAX, 2, 0)
    singular = jnp.any(diag == 0, axis=-1) & jnp.all(jnp.isfinite(diag), axis=-1)
    return jnp.where(singular, jnp.zeros_like(d), d)


@_det.defjvp  # type: ignore[untyped-decorator]  # jax is Any in typings/
def _det_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    return _det(primals[0]), jax.jvp(jnp.linalg.det, primals, tangents)[1]


def _cholesky(x: Any, upper: bool) -> tuple[Any, Any]:
    """``(factor, (pivots, size))`` of the Hermitian matrix of ``x``'s lower triangle
    (``upper``: its upper one, and the upper factor): the contract's evidence,
    ``l_kk**2`` (NaN where the factorisation met a pivot <= 0: JAX's factor is NaN
    there) and ``max x_kk``."""
    low = lax.linalg.cholesky(_hermitian(x, upper), symmetrize_input=False)
    factor = jnp.conj(jnp.swapaxes(low, -1, -2)) if upper else low
    d = lax.stop_gradient(jnp.real(jnp.diagonal(low, axis1=-2, axis2=-1)))
    diag = lax.stop_gradient(jnp.real(jnp.diagonal(x, axis1=-2, axis2=-1)))
    return factor, (d * d, jnp.max(diag, axis=-1, initial=-jnp.inf))


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
    "det": (_det, ()),
    "eigh": (_eigh, ()),
    "eigvalsh": (_eigvalsh, ()),
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


class Linalg(Part):
    """``eig`` and ``eigvals``, with an error that says where JAX cannot run them;
    ``inv``, ``solve`` and ``cholesky``, which return ``(result, rcond)``."""

    # From JAXDriver's other parts (devices.py).
    device_of: Callable[[Any], Device]

    inv = staticmethod(_inv_kernel)
    solve = staticmethod(_solve_kernel)
    cholesky = staticmethod(_cholesky_kernel)

    def eig(self, x: Any) -> tuple[Any, Any]:
        pair: tuple[Any, Any] = self._cpu_only(_eig, x, "eig")  # _eig is jitted: Any
        return pair

    def eigvals(self, x: Any) -> Any:
        return self._cpu_only(_eigvals, x, "eigvals")

    def _cpu_only(self, kernel: Callable[[Any], _T], x: Any, fn: str) -> _T:
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
