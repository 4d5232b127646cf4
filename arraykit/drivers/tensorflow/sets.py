"""Set primitives of the TensorFlow driver: ``unique_all``, ``unique_counts``,
``unique_inverse``, ``unique_values``, ``isin``.

``unique_*`` sort the flattened input by its sort key (``sorting.sort_key``; complex
values lexicographically, by two stable sorts) and keep the first of each run of equal
keys, so values come out sorted with NaNs last, each NaN distinct and ``-0.0`` equal to
``0.0``.  ``isin`` binary-searches the sorted keys of ``x2`` (complex and bool inputs
compare all pairs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import support as S
from .sorting import sort_key
from .support import COMPLEX, REAL_FLOATING


class Sets(Part):
    """The set primitives, built on sorting's ``_argsort_last`` and ``_topk``."""

    _argsort_last: Callable[[Any, bool], Any]  # Sorting's
    _topk: Callable[[Any, Any], tuple[Any, Any]]

    def _unique(self, x: Any) -> tuple[Any, Any, Any, Any]:
        flat = ga.reshape(x, S.int_list((-1,)))
        n = S.static_shape(flat)[0]
        if n == 0:
            empty = S.cast(flat, tf.int64)
            return flat, empty, ga.reshape(empty, ga.shape(x, out_type=tf.int64)), empty
        if flat.dtype in COMPLEX:  # lexicographic: by imaginary part, then stably by real
            r = S.REAL_OF[flat.dtype]
            p1 = self._argsort_last(sort_key(gm.imag(flat, Tout=r)), False)
            re = ga.gather_v2(gm.real(flat, Tout=r), p1, S.const(0, tf.int64))
            p2 = self._argsort_last(sort_key(re), False)
            perm = ga.gather_v2(p1, p2, S.const(0, tf.int64))
        else:
            perm = self._argsort_last(sort_key(flat), False)
        s = ga.gather_v2(flat, perm, S.const(0, tf.int64))
        cmp = sort_key(s) if s.dtype in REAL_FLOATING else s  # -0.0 and 0.0 are one value
        first = ga.concat_v2(
            [S.const((True,), tf.bool, x.device), gm.not_equal(cmp[1:], cmp[:-1])],
            S.const(0, tf.int64),
        )
        if s.dtype in REAL_FLOATING or s.dtype in COMPLEX:
            nan = gm.not_equal(s, s)
            first = gm.logical_or(first, nan)
        starts = S.where_coords(first)[:, 0]
        values = ga.gather_v2(s, starts, S.const(0, tf.int64))
        indices = ga.gather_v2(perm, starts, S.const(0, tf.int64))
        total = ga.shape(flat, out_type=tf.int64)
        ends = ga.concat_v2([starts[1:], total], S.const(0, tf.int64))
        counts = gm.sub(ends, starts)
        seg = gm.sub(gm.cumsum(S.cast(first, tf.int64), S.const(0, tf.int64)), S.const(1, tf.int64))
        inverse = ga.scatter_nd(ga.expand_dims(perm, S.const(1, tf.int64)), seg, total)
        return values, indices, ga.reshape(inverse, ga.shape(x, out_type=tf.int64)), counts

    def unique_all(self, x: Any) -> tuple[Any, Any, Any, Any]:
        return self._unique(x)

    def unique_counts(self, x: Any) -> tuple[Any, Any]:
        values, _, _, counts = self._unique(x)
        return values, counts

    def unique_inverse(self, x: Any) -> tuple[Any, Any]:
        values, _, inverse, _ = self._unique(x)
        return values, inverse

    def unique_values(self, x: Any) -> Any:
        return self._unique(x)[0]

    def isin(self, x1: Any, x2: Any, invert: bool) -> Any:
        n = S.static_shape(x2)[0]
        if n == 0:
            out = ga.fill(ga.shape(x1, out_type=tf.int64), S.const(False, tf.bool, x1.device))
        elif x1.dtype in COMPLEX or x1.dtype == tf.bool:
            eq = gm.equal(ga.expand_dims(x1, S.const(-1, tf.int64)), x2)
            out = gm._any(eq, S.int_list((-1,)), False)
        else:
            k2 = sort_key(x2)
            sorted_k2 = gb.invert(
                self._topk(
                    gb.invert(k2), n if n is not None else ga.shape(k2, out_type=tf.int64)[0]
                )[0]
            )
            k1 = sort_key(x1)
            flat = ga.reshape(k1, S.int_list((1, -1)))
            pos = ga.lower_bound(
                ga.reshape(sorted_k2, S.int_list((1, -1))), flat, out_type=tf.int64
            )[0]
            size = ga.shape(sorted_k2, out_type=tf.int64)
            safe = gm.minimum(pos, gm.sub(size, S.const(1, tf.int64)))
            found = gm.equal(ga.gather_v2(sorted_k2, safe, S.const(0, tf.int64)), flat[0])
            out = ga.reshape(found, ga.shape(x1, out_type=tf.int64))
            if x1.dtype in REAL_FLOATING:
                out = gm.logical_and(out, gm.equal(x1, x1))  # NaN equals nothing
        return gm.logical_not(out) if invert else out
