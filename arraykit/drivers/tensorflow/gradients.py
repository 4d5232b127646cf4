"""Gradients the TensorFlow driver defines itself, where TF's registered ones differ from
the contract's (core's ``_transforms_grad``; docs/reference/transforms.rst): each
primitive keeps its forward computation and gets a ``tf.custom_gradient``.

What TF gets wrong, and the fix here:

* ``maximum``/``minimum`` (so ``clip``): TF gives a tie wholly to ``x1``; the contract
  splits it, half to each operand.
* ``hypot`` and ``logaddexp`` go through ``Maximum``, so a tie of the operands gives the
  whole gradient to ``x1``: here ``x / hypot`` (0 at the origin, as ``abs``) and
  ``exp(x - logaddexp)``.
* ``copysign`` works on bit patterns (no gradient): ``d/dx1`` is ``sign(x1) * s(x2)``
  (0 at ``x1 == 0``, as ``abs``), ``d/dx2`` is 0.
* ``remainder``: TF has no gradient for ``TruncateMod``: ``d/dx1`` is 1, ``d/dx2`` is
  ``-floor_divide(x1, x2)``.
* complex ``sign`` (TF: 0): ``z / |z|``'s, 0 at 0.
* ``sqrt``: TF's ``SqrtGrad`` gives 0 for a zero upstream gradient, so a ``where`` that
  masks ``sqrt`` of a negative number (or of 0) gives 0 there, where every other function
  gives ``0 * NaN = NaN``, as JAX does: the plain chain rule, ``g / (2 conj(sqrt(x)))``.
* ``pow``: TF's ``d/dx2`` is 0 for a negative real base (the derivative does not exist:
  NaN, as ``log(x1)`` says), its ``d/dx1`` NaN at ``0 ** 0`` (0: ``x ** 0`` is constant),
  and complex integer powers (square and multiply) lose ``d/dx2``.
* ``linalg.det``: TF multiplies by ``det`` where the conjugate is due (complex input) and
  inverts the matrix, so a singular one fails: here ``g * adj(x)^H``, the adjugate from
  the SVD (defined for every matrix).
* ``linalg.slogdet``: complex input, as ``det``: ``(g_logabs + i Im(g_sign conj(sign)))
  * inv(x)^H``.
* ``cumulative_prod``: TF divides by ``x`` (NaN or 0 at zeros) and conjugates wrongly:
  here the reverse cumulative sum of ``g * conj(y)``, divided by ``conj(x)`` before the
  first zero, the product of the others at the first zero, 0 after it.

Cost: eagerly, with no ``GradientTape`` recording (``could_possibly_record``), a
primitive runs its forward computation as before, after one check (~0.1 us); under a tape
or inside ``tf.function`` it goes through ``tf.custom_gradient``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf
from tensorflow.python.eager import record
from tensorflow.python.framework.ops import EagerTensor

from .support import COMPLEX, FLOATING, Prim

_recording = record.could_possibly_record


def _differentiable(x: Any) -> bool:
    return x is not None and not isinstance(x, (int, float)) and x.dtype in FLOATING


def _with_gradient(forward: Prim, backward: Callable[..., Any]) -> Prim:
    """``forward`` with ``backward(g, y, *xs) -> grads`` as its gradient wherever a
    gradient may be taken (a tape recording eagerly, or a graph being built)."""

    @tf.custom_gradient
    def custom(*xs: Any) -> Any:
        y = forward(*xs)
        return y, lambda g: backward(g, y, *xs)

    def prim(*xs: Any) -> Any:
        x = xs[0]
        if (x.__class__ is EagerTensor and not _recording()) or x.dtype not in FLOATING:
            return forward(*xs)
        return custom(*xs)

    prim.__name__ = getattr(forward, "__name__", "primitive")
    return prim


def _sum_to(g: Any, x: Any) -> Any:
    """``g`` (of the broadcast shape) summed back to ``x``'s shape."""
    if g.shape == x.shape and g.shape.is_fully_defined():
        return g
    gs, xs = tf.shape(g), tf.shape(x)
    _, axes = tf.raw_ops.BroadcastGradientArgs(s0=gs, s1=xs)
    return tf.reshape(tf.reduce_sum(g, axes), xs)


def _half_on_ties(pick1: Callable[[Any, Any], Any]) -> Callable[..., Any]:
    """maximum/minimum's gradient: to the operand picked, half to each at a tie."""

    def backward(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
        one, half, zero = (tf.constant(v, g.dtype) for v in (1.0, 0.5, 0.0))
        w1 = tf.where(tf.equal(x1, x2), half, tf.where(pick1(x1, x2), one, zero))
        return _sum_to(g * w1, x1), _sum_to(g * (one - w1), x2)

    return backward


def _copysign_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return _sum_to(g * tf.sign(x1) * tf.sign(y), x1), tf.zeros_like(x2)


def _sign_grad(g: Any, y: Any, x: Any) -> Any:
    if x.dtype not in COMPLEX:
        return tf.zeros_like(x)
    r = tf.abs(x)
    safe = tf.where(tf.equal(r, 0), tf.ones_like(r), r)
    along = tf.cast(tf.math.real(tf.math.conj(y) * g), x.dtype) * y
    return tf.where(tf.equal(r, 0), tf.zeros_like(g), (g - along) / tf.cast(safe, x.dtype))


def _sqrt_grad(g: Any, y: Any, x: Any) -> Any:
    return g * tf.constant(0.5, g.dtype) / tf.math.conj(y)


def _pow_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    zero = tf.zeros([], x1.dtype)
    one = tf.ones([], x1.dtype)
    d1 = tf.where(tf.equal(x2, zero), zero, x2 * tf.pow(x1, x2 - one))
    d2 = y * tf.math.log(tf.where(tf.equal(x1, zero), one, x1))
    return _sum_to(g * tf.math.conj(d1), x1), _sum_to(g * tf.math.conj(d2), x2)


def _hypot_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    zero = tf.equal(y, 0)
    w = tf.where(zero, tf.zeros_like(g), g / tf.where(zero, tf.ones_like(y), y))
    return _sum_to(w * x1, x1), _sum_to(w * x2, x2)


def _logaddexp_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return _sum_to(g * tf.exp(x1 - y), x1), _sum_to(g * tf.exp(x2 - y), x2)


def _remainder(floor_divide: Prim) -> Callable[..., Any]:
    def backward(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
        return _sum_to(g, x1), _sum_to(-g * floor_divide(x1, x2), x2)

    return backward


def elementwise(P: dict[str, Prim]) -> dict[str, Prim]:
    """The elementwise primitives whose gradients this module defines, wrapped."""
    out = {
        "maximum": _with_gradient(P["maximum"], _half_on_ties(tf.greater)),
        "minimum": _with_gradient(P["minimum"], _half_on_ties(tf.less)),
        "copysign": _with_gradient(P["copysign"], _copysign_grad),
        "remainder": _with_gradient(P["remainder"], _remainder(P["floor_divide"])),
        "sign": _with_gradient(P["sign"], _sign_grad),
        "sqrt": _with_gradient(P["sqrt"], _sqrt_grad),
        "pow": _with_gradient(P["pow"], _pow_grad),
        "hypot": _with_gradient(P["hypot"], _hypot_grad),
        "logaddexp": _with_gradient(P["logaddexp"], _logaddexp_grad),
    }
    maximum, minimum = out["maximum"], out["minimum"]

    def clip(x: Any, lo: Any, hi: Any) -> Any:
        if lo is not None:
            x = maximum(x, lo)
        if hi is not None:
            x = minimum(x, hi)
        return x

    out["clip"] = clip
    return out


# ------------------------------------------------------------------ linalg
def _adjugate(x: Any) -> Any:
    """``adj(x)`` (``det(x) inv(x)`` where invertible) from the SVD ``u s vh``:
    ``det(u) det(vh) vh^H diag(prod_{j != i} s_j) u^H``; defined for singular ``x``."""
    s, u, v = tf.linalg.svd(x)
    others = tf.math.cumprod(s, axis=-1, exclusive=True) * tf.math.cumprod(
        s, axis=-1, exclusive=True, reverse=True
    )
    phase = tf.linalg.det(u) * tf.math.conj(tf.linalg.det(v))
    scaled = v * tf.cast(others, x.dtype)[..., None, :]
    adj = tf.linalg.matmul(scaled, u, adjoint_b=True)
    return adj * phase[..., None, None]


def _det_grad(g: Any, y: Any, x: Any) -> Any:
    if x.shape[-1] == 0:
        return tf.zeros_like(x)
    return g[..., None, None] * tf.linalg.adjoint(_adjugate(x))


def _slogdet_grad(g_sign: Any, g_logabs: Any, sign: Any, x: Any) -> Any:
    if g_logabs is None:
        g_logabs = tf.zeros_like(tf.math.real(sign))
    w = tf.cast(g_logabs, x.dtype)
    if x.dtype in COMPLEX and g_sign is not None:
        w = w + tf.complex(tf.zeros_like(g_logabs), tf.math.imag(g_sign * tf.math.conj(sign)))
    return w[..., None, None] * tf.linalg.adjoint(tf.linalg.inv(x))


def _cumprod_grad(axis: Any) -> Callable[..., Any]:
    def backward(g: Any, y: Any, x: Any) -> Any:
        zero = tf.equal(x, tf.zeros([], x.dtype))
        seen = tf.cumsum(tf.cast(zero, tf.int32), axis=axis)  # zeros up to here
        before = tf.equal(seen, 0)
        first = tf.logical_and(zero, tf.equal(seen, 1))
        one = tf.ones([], x.dtype)

        def rsum(v: Any) -> Any:
            return tf.cumsum(v, axis=axis, reverse=True)

        safe = tf.where(before, x, one)
        before_grad = rsum(g * tf.math.conj(y)) / tf.math.conj(safe)
        others = tf.math.cumprod(tf.where(first, one, x), axis=axis)  # the first zero as 1
        at_first = rsum(tf.where(seen >= 1, g * tf.math.conj(others), tf.zeros_like(g)))
        return tf.where(before, before_grad, tf.where(first, at_first, tf.zeros_like(g)))

    return backward


class Gradients:
    """The linalg and statistics primitives whose gradients this module defines (a mixin
    of ``TensorFlowDriver``: its forward computations are the other mixins')."""

    _cumprod: Prim

    def _install_gradients(self) -> None:
        cumprod = self._cumprod
        by_axis: dict[int, Prim] = {}  # one custom gradient per axis (a constant tensor)

        def cumprod_with_gradient(x: Any, axis: Any) -> Any:
            if (x.__class__ is EagerTensor and not _recording()) or x.dtype not in FLOATING:
                return cumprod(x, axis)
            key = int(axis)
            if key not in by_axis:
                by_axis[key] = _with_gradient(lambda v: cumprod(v, axis), _cumprod_grad(axis))
            return by_axis[key](x)

        self._cumprod = cumprod_with_gradient
        det, slogdet = self.det, self.slogdet
        self.det = _with_gradient(det, _det_grad)

        @tf.custom_gradient
        def slogdet_custom(x: Any) -> Any:
            sign, logabs = slogdet(x)
            return (sign, logabs), lambda gs, gl: _slogdet_grad(gs, gl, sign, x)

        def slogdet_with_gradient(x: Any) -> Any:
            if (x.__class__ is EagerTensor and not _recording()) or x.dtype not in FLOATING:
                return slogdet(x)
            return slogdet_custom(x)

        self.slogdet = slogdet_with_gradient
