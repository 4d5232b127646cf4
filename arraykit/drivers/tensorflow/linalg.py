"""Linear algebra primitives of the TensorFlow driver: ``matmul``, ``tensordot`` and the
linalg extension's primitives.

Linear algebra runs on ``tf.linalg``'s kernels (``BatchMatMulV3``, ``Cholesky``, ``Eig``,
``Svd`` ...).  ``Eig`` has CPU kernels only: on another device it runs on the host and
the results are copied back, so they stay on the input's device.  TF returns complex
eigenvalues/singular values/log-determinants of complex input in the complex dtype; the
standard wants them real, so the real part is taken.

Failures (the contract's evidence).  Eigen's LU rounds otherwise than NumPy's LAPACK, so
whether a rank-deficient matrix has an exact zero pivot differs (``[[1, 2, 3], [4, 5,
6], [7, 8, 9]]``: LAPACK's is 0, Eigen's 4e-16): ``inv``, ``solve`` and ``cholesky``
return, eagerly, the contract's ``rcond`` for core to weigh, on the host (on the CPU
from views of the tensors, no op): ``1 / (|x|_F |x^-1|_F)`` for ``inv`` (``_kappa``);
the pivots ``|u_kk|`` of ``Lu`` and ``|x|_F`` for ``solve`` (``MatrixSolve`` keeps its
factors: one more factorisation); ``l_kk**2`` and ``max x_kk`` for ``cholesky``.
``MatrixInverse``, ``MatrixSolve`` and
``Lu`` refuse a stack with an ``InvalidArgumentError`` when Eigen's LU of one of its
matrices meets a pivot that is not > 0 in magnitude (zero or NaN): ``_lu_guarded`` then
finds those matrices with ``LogMatrixDeterminant`` (``-inf`` or NaN), computes the
others and gives the refused ones ``rcond`` 0, so that core lets NumPy decide and compute
them.  ``Cholesky`` raises nothing: where Eigen's LLT meets a pivot <= 0 it fills the
lower triangle with NaN (zeros for complex dtypes, whose NaN Eigen makes 0), so ``rcond``
is NaN or 0; inside ``tf.function`` such a factor is made NaN.  ``Eig`` and
``SelfAdjointEigV2`` raise when their solver fails (NaN entries, which core keeps from
them eagerly: inside ``tf.function``, ``_finite_or_nan`` gives such a matrix NaN
results); ``Svd`` only logs it and returns NaN.  Inside ``tf.function`` a matrix Eigen's
LU finds singular still raises as the graph runs (``SingularMatrix``, via the hooks).

``Cholesky`` and ``SelfAdjointEigV2`` read the lower triangle, as NumPy; ``cholesky(x,
upper=True)`` factors the adjoint, whose lower triangle is ``x``'s upper one, as
NumPy's.  TF's gradient of ``Cholesky`` is that of a symmetric input (half of it on
each triangle), so while a tape records, or in a graph, the factor is taken of the
Hermitian matrix built from the triangle (``_hermitian``): its gradient is that
triangle's alone.  ``SelfAdjointEigV2``'s gradient already is.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_linalg_ops as gl
from tensorflow.python.ops import gen_math_ops as gm

from ... import _dtypes
from .._base import NoConvergence, Part
from . import support as S
from .indexing import basic_slice, basic_spec, strided
from .mesh import on_a_mesh
from .support import COMPLEX, MODULAR_WORK, NUMERIC, lift

_select = S.select
_HOST = "/device:CPU:0"
_Refused = tf.errors.InvalidArgumentError
_CORNER = (Ellipsis, 0, 0)
_NAN = {tf.float32: math.nan, tf.float64: math.nan}
_NAN_COMPLEX = complex(math.nan, math.nan)  # one object: the constant cache finds it


def _real(x: Any) -> Any:
    return gm.real(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else x


def _swap_last(x: Any) -> Any:
    nd = len(S.static_shape(x))
    perm = (*range(nd - 2), nd - 1, nd - 2)
    return ga.transpose(x, S.int_list(perm))


def _adjoint(x: Any) -> Any:
    t = _swap_last(x)
    return gm.conj(t) if t.dtype in COMPLEX else t


def _last2(x: Any) -> Any:
    nd = len(S.static_shape(x))
    return S.int_list((nd - 2, nd - 1))


def _on_cpu(x: Any) -> bool:
    return "CPU" in x.device.rsplit("/", 1)[-1]


def _sign_and_logabs(x: Any) -> tuple[Any, Any]:
    """TF's ``(sign, logabsdet)``, logabsdet real, and a singular matrix's sign +0, as
    NumPy's (TF's real one was -0)."""
    sign, logabs = gl.log_matrix_determinant(x)
    zero = S.zeros_like(sign)
    return S.select(gm.equal(sign, zero), zero, sign), _real(logabs)


def _pivots(x: Any, finite: Any, real: Any) -> tuple[Any, Any]:
    """The LU pivots (U's diagonal) of the matrices of ``x`` and their permutation's sign
    (dtype ``real``), where ``finite`` (their logabsdet is): TF's LU raises for a
    singular matrix, so the others are the identity's."""
    n = x.shape[-1]
    safe = S.select(finite[..., None, None], x, tf.eye(n, dtype=x.dtype))
    lu, perm = gl.lu(safe, output_idx_type=tf.int32)
    d = ga.matrix_diag_part_v3(lu, S.const(0, tf.int32), S.scalar_like(0, lu))
    return d, gl.matrix_determinant(tf.one_hot(perm, n, dtype=real))


def _diagonal(x: Any) -> np.ndarray[Any, Any]:
    """The diagonals of an eager stack of matrices, on the host (on the CPU a view of
    the tensor: no op)."""
    if _on_cpu(x):
        return np.diagonal(x._numpy(), axis1=-2, axis2=-1)
    host: np.ndarray[Any, Any] = ga.matrix_diag_part_v3(
        x, S.const(0, tf.int32), S.scalar_like(0, x)
    )._numpy()
    return host


def _frobenius(x: Any) -> Any:
    """``|x|_F`` of each matrix of an eager stack, on the host (on the CPU NumPy's, of a
    view of the tensor; a Python float for one matrix)."""
    if _on_cpu(x):
        a = x._numpy()
        with np.errstate(all="ignore"):
            if a.ndim == 2:
                return math.sqrt(np.vdot(a, a).real)
            return np.sqrt(np.add.reduce((a * a.conj()).real, axis=(-2, -1)))
    return np.abs(gm.euclidean_norm(x, _last2(x), keep_dims=False)._numpy())


def _kappa(a: Any, inverse: Any) -> Any:
    """``1 / (|a|_F |a^-1|_F)`` per matrix: ``inv``'s evidence (NaN for 0 * inf)."""
    norm_a, norm_inverse = _frobenius(a), _frobenius(inverse)
    if norm_a.__class__ is float:
        norms = norm_a * norm_inverse
        return 1.0 / norms if norms else math.nan
    with np.errstate(all="ignore"):
        return 1.0 / (norm_a * norm_inverse)


def _lu_guarded(x: Any, compute: Callable[[Any], tuple[Any, Any]]) -> tuple[Any, Any]:
    """``compute(x)`` (an LU kernel's result and evidence); where TF's LU kernels refuse
    ``x`` (a zero or NaN pivot in Eigen's LU of some matrix), the result of the others,
    and ``rcond`` 0 for those matrices, found with ``LogMatrixDeterminant``."""
    try:
        return compute(x)
    except _Refused:
        pass
    logdet = _real(gl.log_matrix_determinant(x)[1])._numpy()
    refused = ~(logdet > -np.inf)
    eye = tf.eye(S.static_shape(x)[-1], dtype=x.dtype)
    try:
        out, rcond = compute(_select(tf.constant(refused[..., None, None]), eye, x))
    except _Refused:  # the two kernels disagree: NumPy decides every matrix
        out, rcond = compute(ga.broadcast_to(eye, ga.shape(x, out_type=tf.int64)))
        refused = np.ones_like(refused)
    if isinstance(rcond, tuple):  # (pivots, size): a zero pivot makes it 0
        return out, (np.where(refused[..., None], 0.0, rcond[0]), rcond[1])
    return out, np.where(refused, 0.0, rcond)


def _hermitian(x: Any) -> Any:
    """The Hermitian matrix of ``x``'s lower triangle (the diagonal's imaginary part
    dropped, as LAPACK reads it); differentiated, the upper triangle's gradient is 0."""
    low = ga.matrix_band_part(x, S.const(-1, tf.int64), S.const(0, tf.int64))
    diag = ga.matrix_band_part(x, S.const(0, tf.int64), S.const(0, tf.int64))
    twice = gm.add(diag, _adjoint(diag))  # twice the diagonal's real part
    return gm.sub(gm.add(low, _adjoint(low)), gm.mul(twice, S.scalar_like(0.5, twice)))


def _finite_or_nan(x: Any, fn: Callable[[Any], Any]) -> Any:
    """Traced: ``fn(x)`` with NaN results for the matrices with NaN or inf entries, which
    TF's eigensolvers would refuse as the graph runs (eagerly, core keeps them away)."""
    if x.__class__ is _EagerTensor:
        return fn(x)
    if x.dtype in COMPLEX:
        finite = gm.logical_and(
            gm.is_finite(_real(x)), gm.is_finite(gm.imag(x, Tout=S.REAL_OF[x.dtype]))
        )
    else:
        finite = gm.is_finite(x)
    bad = gm.logical_not(gm._all(finite, _last2(x), True))  # (..., 1, 1)
    out = fn(_select(bad, S.zeros_like(x), x))
    vector = ga.squeeze(bad, axis=[-1])
    filled = [
        _select(bad if len(S.static_shape(o)) == len(S.static_shape(x)) else vector,
                S.scalar_like(_nan(o.dtype), o), o)
        for o in (out if isinstance(out, tuple) else (out,))
    ]  # fmt: skip
    return tuple(filled) if isinstance(out, tuple) else filled[0]


def _nan(dtype: tf.DType) -> Any:
    return _NAN.get(dtype, _NAN_COMPLEX)


def _on_host(fn: Any, x: Any) -> Any:
    """Run ``fn(x)`` on the CPU (for CPU-only kernels); results go back to ``x``'s device."""
    dev = x.device
    if not dev or "CPU" in dev.rsplit("/", 1)[-1]:
        return fn(x)
    with tf.device(_HOST):
        out = fn(x)
    with tf.device(dev):
        return tuple(ga.identity(o) for o in out) if isinstance(out, tuple) else ga.identity(out)


class Linalg(Part):
    """The linear algebra primitives.  ``cross`` uses elementwise ``multiply``/``subtract``,
    ``qr`` creation's ``triu``."""

    _k: S.KernelTable  # the driver's (set in its __init__)

    # ------------------------------------------------------------------ products
    def _bmm(self, a: Any, b: Any) -> Any:
        mm = getattr(self, "_bmm_lifted", None)
        if mm is None:

            def raw(x: Any, y: Any) -> Any:
                if on_a_mesh(x):  # DTensor splits V2, not V3 (the same product here)
                    return gm.batch_mat_mul_v2(x, y)
                return gm.batch_mat_mul_v3(x, y, Tout=x.dtype)

            # the result dtype is the inputs': it must be allowed for both Ta and Tout
            k = self._k
            both = k.native("BatchMatMulV3", "Ta") & k.native("BatchMatMulV3", "Tout")
            k.override("BatchMatMulV3", both)
            mm = self._bmm_lifted = lift(k, "BatchMatMulV3", raw, NUMERIC, MODULAR_WORK)
        return mm(a, b)

    def matmul(self, x1: Any, x2: Any) -> Any:
        n1, n2 = len(S.static_shape(x1)), len(S.static_shape(x2))
        a = ga.expand_dims(x1, S.const(0, tf.int64)) if n1 == 1 else x1
        b = ga.expand_dims(x2, S.const(-1, tf.int64)) if n2 == 1 else x2
        out = self._bmm(a, b)
        if n1 == 1 and n2 == 1:
            return ga.reshape(out, S.int_list(()))
        if n1 == 1:
            return ga.squeeze(out, axis=[-2])
        if n2 == 1:
            return ga.squeeze(out, axis=[-1])
        return out

    def tensordot(self, x1: Any, x2: Any, axes: Any) -> Any:
        a1, a2 = tuple(axes[0]), tuple(axes[1])
        s1, s2 = S.sizes(x1), S.sizes(x2)  # (unknown while tracing: run-time sizes)
        free1 = tuple(i for i in range(len(s1)) if i not in a1)
        free2 = tuple(i for i in range(len(s2)) if i not in a2)
        k = S.product([s1[i] for i in a1])
        t1 = ga.transpose(x1, S.int_list(free1 + a1))
        t2 = ga.transpose(x2, S.int_list(a2 + free2))
        m = S.product([s1[i] for i in free1])
        n = S.product([s2[i] for i in free2])
        out = self._bmm(ga.reshape(t1, S.shape_vector((m, k))),
                        ga.reshape(t2, S.shape_vector((k, n))))  # fmt: skip
        return ga.reshape(out, S.shape_vector([s1[i] for i in free1] + [s2[i] for i in free2]))

    def cross(self, x1: Any, x2: Any, axis: int) -> Any:
        def comp(x: Any, i: int) -> Any:
            return ga.gather_v2(x, S.const(i, tf.int64), S.const(axis, tf.int64))

        a = [comp(x1, i) for i in range(3)]
        b = [comp(x2, i) for i in range(3)]
        mul, sub = self.multiply, self.subtract
        c = [
            sub(mul(a[1], b[2]), mul(a[2], b[1])),
            sub(mul(a[2], b[0]), mul(a[0], b[2])),
            sub(mul(a[0], b[1]), mul(a[1], b[0])),
        ]
        return ga.pack(c, axis=axis)

    def diagonal(self, x: Any, offset: int) -> Any:
        n, m = S.static_shape(x)[-2:]
        if (m is not None and offset >= m) or (n is not None and -offset >= n):
            # empty: (*batch, 0), also where a matrix axis has size 0 (no row 0 to slice)
            spec = basic_spec((Ellipsis, slice(0, 0), slice(0, 0)))
            assert spec is not None  # a basic key has one
            empty = strided(x, spec)
            batch = tf.shape(x, out_type=tf.int64)[:-2]
            return tf.reshape(empty, tf.concat([batch, tf.zeros(1, tf.int64)], 0))
        return ga.matrix_diag_part_v3(
            x, S.const(offset, tf.int32), S.scalar_like(0, x), align="RIGHT_LEFT"
        )

    def matrix_power(self, x: Any, n: int) -> Any:
        if n == 0:
            m = S.static_shape(x)[-1]
            rows = ga.expand_dims(S.iota(m), S.const(1, tf.int64))
            eye = S.cast(gm.equal(rows, S.iota(m)), x.dtype)
            return ga.broadcast_to(eye, ga.shape(x, out_type=tf.int64))
        result = None
        base = x
        while n:
            if n & 1:
                result = base if result is None else self._bmm(result, base)
            n >>= 1
            if n:
                base = self._bmm(base, base)
        return result

    # ------------------------------------------------------------------ decompositions
    def cholesky(self, x: Any, upper: bool) -> tuple[Any, Any]:
        eager = x.__class__ is _EagerTensor
        a = _adjoint(x) if upper else x  # the upper triangle is the adjoint's lower one
        low = gl.cholesky(_hermitian(a) if not (eager and S.no_tape()) else a)
        rcond = None
        if eager:
            d = _diagonal(low).real
            rcond = (d * d, np.max(_diagonal(x).real, axis=-1, initial=-np.inf))
        elif S.static_shape(x)[-1] != 0:  # traced: NaN where it failed
            l00, x00 = _real(basic_slice(low, _CORNER)), _real(basic_slice(a, _CORNER))
            # not ``logical_not(greater)``: Grappler rewrites that to ``less_equal``,
            # which is false for NaN
            bad = gm.logical_or(gm.is_nan(l00), gm.less_equal(l00, S.zeros_like(l00)))
            failed = gm.logical_and(bad, gm.logical_not(gm.is_nan(x00)))
            failed = ga.expand_dims(
                ga.expand_dims(failed, S.const(-1, tf.int64)), S.const(-1, tf.int64)
            )
            low = _select(failed, S.scalar_like(_nan(low.dtype), low), low)
        return (_adjoint(low) if upper else low), rcond

    def det(self, x: Any) -> Any:
        # NumPy's: the product of the LU pivots times the permutation's sign.  TF's is 0
        # for a complex matrix whose |det|**2 overflows (its sign is 0 there) and inf at
        # FLT_MAX; sign * exp(logabsdet) is inexact (exp of a rounded log of 88 is 5e-6
        # off in float32, and inf at FLT_MAX).  Where logabsdet is not finite (singular:
        # TF's LU refuses those) that formula serves, with a singular matrix's +0 sign.
        sign, logabs = _sign_and_logabs(x)
        finite = gm.is_finite(logabs)
        d, parity = _pivots(x, finite, logabs.dtype)
        product = gm.mul(gm.prod(d, S.const(-1, tf.int32), False), S.cast(parity, x.dtype))
        return S.select(finite, product, gm.mul(sign, S.cast(gm.exp(logabs), x.dtype)))

    def slogdet(self, x: Any) -> tuple[Any, Any]:
        sign, logabs = _sign_and_logabs(x)
        if x.dtype in COMPLEX:
            # TF's complex sign is 0 where the determinant overflows its dtype (NumPy:
            # the product of the pivots' phases): that product, times the permutation's
            # sign, where logabsdet is finite; each phase is d / |d| by a true division
            # (div_no_nan is 0 where |d|**2 underflows: 1e-255j's phase came out 0).
            finite = gm.is_finite(logabs)
            d, parity = _pivots(x, finite, logabs.dtype)
            a = gm.complex_abs(d, Tout=logabs.dtype)
            a = S.cast(S.select(gm.equal(a, S.zeros_like(a)), S.scalar_like(1, a), a), d.dtype)
            phase = gm.prod(gm.real_div(d, a), S.const(-1, tf.int32), False)
            sign = S.select(finite, gm.mul(phase, S.cast(parity, x.dtype)), sign)
        return sign, logabs

    def eig(self, x: Any) -> tuple[Any, Any]:
        ct = S.COMPLEX_OF.get(x.dtype, x.dtype)
        try:
            pair: tuple[Any, Any] = _finite_or_nan(
                x, lambda a: _on_host(lambda v: tuple(gl.eig(v, Tout=ct, compute_v=True)), a)
            )
            return pair
        except _Refused:  # Eigen's solver failed; TF does not say where
            raise NoConvergence(None) from None

    def eigvals(self, x: Any) -> Any:
        ct = S.COMPLEX_OF.get(x.dtype, x.dtype)
        try:
            return _finite_or_nan(
                x, lambda a: _on_host(lambda v: gl.eig(v, Tout=ct, compute_v=False)[0], a)
            )
        except _Refused:
            raise NoConvergence(None) from None

    def eigh(self, x: Any) -> tuple[Any, Any]:
        try:
            e, v = _finite_or_nan(x, lambda a: tuple(gl.self_adjoint_eig_v2(a, compute_v=True)))
        except _Refused:
            raise NoConvergence(None) from None
        return _real(e), v

    def eigvalsh(self, x: Any) -> Any:
        try:
            e = _finite_or_nan(x, lambda a: gl.self_adjoint_eig_v2(a, compute_v=False)[0])
        except _Refused:
            raise NoConvergence(None) from None
        return _real(e)

    def inv(self, x: Any) -> tuple[Any, Any]:
        if x.__class__ is not _EagerTensor:  # the kernel raises as the graph runs
            return gl.matrix_inverse(x, adjoint=False), None

        def compute(a: Any) -> tuple[Any, np.ndarray]:
            out = gl.matrix_inverse(a, adjoint=False)
            return out, _kappa(a, out)

        return _lu_guarded(x, compute)

    def qr(self, x: Any, mode: str) -> tuple[Any, Any]:
        # Eigen's Householder QR squares column norms: scale each matrix by a power of two
        # near its largest magnitude (exact) so that large values do not overflow
        a = gm.complex_abs(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else gm._abs(x)
        nd = len(S.static_shape(x))
        m = gm._max(a, S.axis_list((nd - 2, nd - 1)), True)
        ok = gm.logical_and(gm.is_finite(m), gm.greater(m, S.zeros_like(m)))
        e = gm.floor(gm.real_div(gm.log(_select(ok, m, S.scalar_like(1.0, m))),
                                 S.scalar_like(math.log(2.0), m)))  # fmt: skip
        scale = S.cast(gm._pow(S.scalar_like(2.0, m), e), x.dtype)
        q, r = gl.qr(gm.real_div(x, scale), full_matrices=mode == "complete")
        # exact zeros below the diagonal, as LAPACK gives
        return q, self.triu(gm.mul(r, scale), 0)

    def solve(self, x1: Any, x2: Any) -> tuple[Any, Any]:
        if x1.__class__ is not _EagerTensor:  # the kernel raises as the graph runs
            return gl.matrix_solve(x1, x2, adjoint=False), None
        if S.static_shape(x1)[-1] == 0:
            batch = cast("tuple[int, ...]", S.static_shape(x1)[:-2])  # eager: sizes known
            return gl.matrix_solve(x1, x2, adjoint=False), np.ones(batch)

        def compute(a: Any) -> tuple[Any, Any]:
            pivots = np.abs(_diagonal(gl.lu(a, output_idx_type=tf.int32)[0]))
            return gl.matrix_solve(a, x2, adjoint=False), (pivots, _frobenius(a))

        return _lu_guarded(x1, compute)

    def svd(self, x: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
        s, u, v = gl.svd(x, compute_uv=True, full_matrices=full_matrices)
        return u, _real(s), _adjoint(v)

    def svdvals(self, x: Any) -> Any:
        return _real(gl.svd(x, compute_uv=False, full_matrices=False)[0])

    def pinv(self, x: Any, rtol: Any) -> Any:
        s, u, v = gl.svd(x, compute_uv=True, full_matrices=False)
        s = _real(s)
        if rtol is None:
            eps = float(np.finfo(s.dtype.as_numpy_dtype).eps)
            m, n = S.sizes(x)[-2:]
            if isinstance(m, int) and isinstance(n, int):
                rtol = S.scalar_like(max(m, n) * eps, s)
            else:  # a size unknown while tracing: max(m, n) at run time
                mn = S.shape_vector((m, n))
                rtol = gm.mul(S.cast(gm._max(mn, S.axis_list((0,)), False), s.dtype),
                              S.scalar_like(eps, s))  # fmt: skip
        else:
            rtol = ga.expand_dims(rtol, S.const(-1, tf.int64))
        smax = gm._max(s, S.axis_list((-1,)), True) if S.static_shape(s)[-1] != 0 else s
        keep = gm.greater(s, gm.mul(rtol, smax))
        inv_s = _select(
            keep, gm.reciprocal(_select(keep, s, S.scalar_like(1.0, s))), S.zeros_like(s)
        )
        inv_s = S.cast(inv_s, x.dtype)
        scaled = gm.mul(v, ga.expand_dims(inv_s, S.const(-2, tf.int64)))  # v * diag(1/s)
        return self._bmm(scaled, _adjoint(u))

    # ------------------------------------------------------------------ norms
    def vector_norm(self, x: Any, axes: Any, keepdims: bool, ord: Any) -> Any:
        a = _real(gm.complex_abs(x, Tout=S.REAL_OF[x.dtype])) if x.dtype in COMPLEX else gm._abs(x)
        if axes is None:
            axes = tuple(range(len(S.static_shape(x))))
        ax = S.axis_list(tuple(axes))
        if ord == math.inf:
            return gm._max(a, ax, keepdims)
        if ord == -math.inf:
            return gm._min(a, ax, keepdims)
        if ord == 0:
            return gm._sum(S.cast(gm.not_equal(a, S.zeros_like(a)), a.dtype), ax, keepdims)
        if ord == 1:
            return gm._sum(a, ax, keepdims)
        # TF flushes subnormal results to zero, so the powers of tiny (normal) values vanish
        # where NumPy keeps them: the 2-norm of [1e-160] was 0.  Where the largest power
        # could be that small, the norm is taken of ``a`` divided by its largest magnitude
        # and scaled back, as LAPACK's nrm2 does; elsewhere ``scale`` is 1 and the result
        # is bit for bit the plain sum's, as NumPy's.
        m = gm._max(a, ax, True)
        one = S.scalar_like(1.0, m)
        small = S.scalar_like(_dtypes.subnormal_power_bound(a.dtype.as_numpy_dtype, ord), m)
        usable = gm.logical_and(gm.greater(m, S.zeros_like(m)), gm.less(m, small))
        scale = gm.select_v2(usable, m, one)
        a = gm.real_div(a, scale)
        if ord == 2:
            out = gm.sqrt(gm._sum(gm.square(a), ax, True))
        else:
            p = S.scalar_like(float(ord), a)
            out = gm._pow(gm._sum(gm._pow(a, p), ax, True), gm.reciprocal(p))
        out = gm.mul(out, scale)
        return out if keepdims else ga.squeeze(out, axis=list(axes))

    def matrix_norm(self, x: Any, keepdims: bool, ord: Any) -> Any:
        nd = len(S.static_shape(x))
        last2 = S.axis_list((nd - 2, nd - 1))
        if ord in ("fro", "nuc", 2, -2):
            if ord == "fro":
                a = gm.complex_abs(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else gm._abs(x)
                out = gm.sqrt(gm._sum(gm.square(a), last2, False))
            else:
                s = self.svdvals(x)
                ax = S.axis_list((nd - 2,))
                red = {"nuc": gm._sum, 2: gm._max, -2: gm._min}[ord]
                out = red(s, ax, False)
        else:
            a = gm.complex_abs(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else gm._abs(x)
            sum_axis, red_axis = (nd - 2, nd - 2) if abs(ord) == 1 else (nd - 1, nd - 2)
            sums = gm._sum(a, S.axis_list((sum_axis,)), False)
            red = gm._max if ord > 0 else gm._min
            out = red(sums, S.axis_list((red_axis,)), False)
        if keepdims:
            out = ga.expand_dims(ga.expand_dims(out, S.const(-1, tf.int64)), S.const(-1, tf.int64))
        return out
