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
primitive runs its forward computation as before, after one check (~0.5 us); under a
tape it records its own gradient function (``record.record_operation``, what
``tf.custom_gradient`` does eagerly, without that wrapper's ~1 ms per call); inside
``tf.function`` it is a ``tf.custom_gradient`` (a cost when tracing only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf
from tensorflow.python.eager import record
from tensorflow.python.framework.ops import EagerTensor
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import support as S
from .support import COMPLEX, FLOATING, Prim

_select = S.select

_recording = record.could_possibly_record


def _with_gradient(forward: Prim, backward: Callable[..., Any]) -> Prim:
    """``forward`` with ``backward(g, y, *xs) -> grads`` as its gradient wherever a
    gradient may be taken: eagerly while a tape records (the forward computation unseen
    by the tape, then ``backward`` recorded as its gradient, as ``tf.custom_gradient``
    does, without its per-call cost of ~1 ms), and in graphs (``tf.custom_gradient``)."""

    @tf.custom_gradient  # type: ignore[untyped-decorator]  # tf is Any (typings/)
    def in_graph(*xs: Any) -> Any:
        def grads(*gs: Any) -> list[Any]:
            # ``backward`` reads ``y`` as this primitive's result again, so that a gradient
            # of the gradient differentiates it by this rule, not by ``forward``'s own ops
            # (``hypot``'s second derivative at a tie of |x1| and |x2| was 0 under jit)
            return _backward(backward, in_graph(*xs), xs)(*gs)

        return forward(*xs), grads

    def prim(*xs: Any) -> Any:
        x = xs[0]
        eager = x.__class__ is EagerTensor
        if (eager and not _recording()) or x.dtype not in FLOATING:
            return forward(*xs)
        if eager:
            return _recorded(forward, backward, xs)
        return in_graph(*xs)

    prim.__name__ = getattr(forward, "__name__", "primitive")
    return prim


def _recorded(forward: Prim, backward: Callable[..., Any], xs: tuple[Any, ...]) -> Any:
    with record.stop_recording():
        y = forward(*xs)
    outputs = list(y) if isinstance(y, tuple) else [y]
    record.record_operation("arraykit", outputs, list(xs), _backward(backward, y, xs))
    return y


def _backward(
    backward: Callable[..., Any], y: Any, xs: tuple[Any, ...]
) -> Callable[..., list[Any]]:
    """The gradient function of one call: output gradients -> input gradients."""

    def grads(*gs: Any) -> list[Any]:
        out = backward(*gs, y, *xs)
        return list(out) if isinstance(out, tuple) else [out]

    return grads


def _sum_to(g: Any, x: Any) -> Any:
    """``g`` (of the broadcast shape) summed back to ``x``'s shape."""
    gs, xs = g.shape, x.shape
    if gs.is_fully_defined() and xs.is_fully_defined():
        gl, xl = gs.as_list(), xs.as_list()
        if gl == xl:
            return g
        lead = len(gl) - len(xl)
        axes = [*range(lead), *(lead + i for i, d in enumerate(xl) if d == 1 != gl[lead + i])]
        if axes:
            g = gm._sum(g, S.int_list(tuple(axes)), False)
        return ga.reshape(g, S.int_list(tuple(xl)))
    gd, xd = ga.shape(g, out_type=tf.int64), ga.shape(x, out_type=tf.int64)
    _, axes = ga.broadcast_gradient_args(gd, xd)
    return ga.reshape(gm._sum(g, axes, False), xd)


def _split(g: Any, d: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    """``g`` to ``x1`` where ``d > 0``, to ``x2`` where ``d < 0``, half each at a tie:
    ``(sign(d) + 1) / 2`` to ``x1``."""
    w1 = gm.mul(gm.add_v2(gm.sign(d), S.scalar_like(1.0, g)), S.scalar_like(0.5, g))
    g1 = gm.mul(g, w1)
    return _sum_to(g1, x1), _sum_to(gm.sub(g, g1), x2)


def _maximum_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return _split(g, gm.sub(x1, x2), x1, x2)


def _minimum_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return _split(g, gm.sub(x2, x1), x1, x2)


def _copysign_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return _sum_to(gm.mul(g, gm.mul(gm.sign(x1), gm.sign(y))), x1), S.zeros_like(x2)


def _sign_grad(g: Any, y: Any, x: Any) -> Any:
    if x.dtype not in COMPLEX:
        return S.zeros_like(x)
    r = gm.complex_abs(x, Tout=S.REAL_OF[x.dtype])
    zero = gm.equal(r, S.zeros_like(r))
    safe = S.cast(_select(zero, S.scalar_like(1.0, r), r), x.dtype)
    along = gm.mul(S.cast(gm.real(gm.mul(gm.conj(y), g), Tout=r.dtype), x.dtype), y)
    return _select(zero, S.zeros_like(g), gm.real_div(gm.sub(g, along), safe))


def _sqrt_grad(g: Any, y: Any, x: Any) -> Any:
    y = gm.conj(y) if y.dtype in COMPLEX else y
    return gm.real_div(gm.mul(g, S.scalar_like(0.5, g)), y)


def _conj(x: Any) -> Any:
    return gm.conj(x) if x.dtype in COMPLEX else x


def _pow_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    zero, one = S.scalar_like(0, x1), S.scalar_like(1, x1)
    d1 = _select(gm.equal(x2, zero), zero, gm.mul(x2, gm._pow(x1, gm.sub(x2, one))))
    d2 = gm.mul(y, gm.log(_select(gm.equal(x1, zero), one, x1)))
    return _sum_to(gm.mul(g, _conj(d1)), x1), _sum_to(gm.mul(g, _conj(d2)), x2)


def _hypot_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    zero = gm.equal(y, S.zeros_like(y))
    w = _select(zero, S.zeros_like(g), gm.real_div(g, _select(zero, S.scalar_like(1.0, y), y)))
    return _sum_to(gm.mul(w, x1), x1), _sum_to(gm.mul(w, x2), x2)


def _logaddexp_grad(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    return (
        _sum_to(gm.mul(g, gm.exp(gm.sub(x1, y))), x1),
        _sum_to(gm.mul(g, gm.exp(gm.sub(x2, y))), x2),
    )


def _remainder(floor_divide: Prim) -> Callable[..., Any]:
    def backward(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
        return _sum_to(g, x1), _sum_to(gm.neg(gm.mul(g, floor_divide(x1, x2))), x2)

    return backward


def elementwise(P: dict[str, Prim]) -> dict[str, Prim]:
    """The elementwise primitives whose gradients this module defines, wrapped."""
    out = {
        "maximum": _with_gradient(P["maximum"], _maximum_grad),
        "minimum": _with_gradient(P["minimum"], _minimum_grad),
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


def _slogdet_grad(g_sign: Any, g_logabs: Any, y: tuple[Any, ...], x: Any) -> Any:
    sign = y[0]
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


class Gradients(Part):
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
        det, slogdet = self.det, self.slogdet  # the other mixins' forward computations
        self.det = _with_gradient(det, _det_grad)

        self.slogdet = _with_gradient(slogdet, _slogdet_grad)
