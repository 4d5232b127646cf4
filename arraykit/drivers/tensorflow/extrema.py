"""The contract's order of signed zeros, ``-0 < +0`` (IEEE 754-2019's maximum and
minimum), on TF's ``Maximum``/``Minimum`` and ``Max``/``Min`` reductions, which return
either zero on ties: the first operand in Eigen's scalar loop, the second in its vector
loop, and a reduction whichever its tree meets last.

An eager 0-d zero operand (``maximum(x, 0.0)``, ReLU) takes one compare and one select
(``x <= 0 ? +0 : x``, NaN kept).  Elsewhere, where both operands of ``maximum`` are
zeros, ``x1 + x2`` is the answer (``-0`` only if both are), for ``minimum``
``-(-x1 - x2)``: a few elementwise ops on floating dtypes.  A
reduction whose result is zero looks for a ``+0`` (max) or ``-0`` (min) among the zeros
it reduced.  Eagerly, both look first whether the result holds a zero at all (two ops on
it) and do nothing more where it does not; a ``tf.function`` has the fix in its graph.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor
from tensorflow.python.ops import gen_math_ops as gm

from . import support as S

Prim = Callable[..., tf.Tensor]


def ordered(prim: Prim, is_max: bool) -> Prim:
    """``maximum``/``minimum`` with ``-0 < +0``."""

    def f(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        if x1.dtype in S.REAL_FLOATING:
            zero = _zero_operand(x1, x2)
            if zero is not None:  # maximum(x, 0.0) and its kin: one compare, one select
                s, x = zero
                neg = bool(S.signbit(s))
                test = (
                    (gm.less if neg else gm.less_equal)
                    if is_max
                    else (gm.greater_equal if neg else gm.greater)
                )
                return S.select(test(x, s), s, x)
        out = prim(x1, x2)
        if out.dtype not in S.REAL_FLOATING or _no_zero(out):
            return out
        both = gm.logical_and(
            gm.equal(x1, S.scalar_like(0, x1)), gm.equal(x2, S.scalar_like(0, x2))
        )
        tie = gm.add_v2(x1, x2) if is_max else gm.neg(gm.sub(gm.neg(x1), x2))
        return S.select(both, tie, out)

    return f


def reduced(x: tf.Tensor, out: tf.Tensor, axes: Any, keepdims: bool, is_max: bool) -> Any:
    """``out``, the max (min) of ``x`` over ``axes``, with a zero made ``+0`` (``-0``)
    where one of the zeros of ``x`` it reduced is."""
    if x.dtype not in S.REAL_FLOATING or _no_zero(out):
        return out
    sign = S.signbit(x)
    wanted = gm.logical_and(
        gm.equal(x, S.scalar_like(0, x)), gm.logical_not(sign) if is_max else sign
    )
    found = gm._any(wanted, axes, keepdims)
    # the wrong zeros only: the others keep TF's result, and so its gradient
    wrong = gm.logical_and(
        gm.equal(out, S.scalar_like(0, out)),
        gm.equal(found, S.signbit(out) if is_max else gm.logical_not(S.signbit(out))),
    )
    return S.select(wrong, gm.neg(out), out)


def _no_zero(out: tf.Tensor) -> bool:
    """Whether the eager ``out`` holds no zero, so needs no fix (two ops on it); inside a
    ``tf.function`` the fix is always in the graph."""
    if out.__class__ is not _EagerTensor:
        return False
    zero = gm.equal(out, S.scalar_like(0, out))
    return not bool(gm._any(zero, S.all_axes(zero), False))


def _zero_operand(x1: tf.Tensor, x2: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor] | None:
    """``(s, x)`` where one operand is an eager 0-d zero ``s`` (a Python ``0.0``, as core
    passes it) and ``x`` the other; else None."""
    for s, x in ((x2, x1), (x1, x2)):
        if s.__class__ is _EagerTensor and not s._shape_tuple() and not s.numpy():
            return s, x
    return None
