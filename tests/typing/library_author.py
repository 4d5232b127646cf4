"""A library author's code against arraykit, checked by mypy --strict and pyright.

tests/test_typing.py runs both checkers on this file and expects no error: every
``assert_type`` here states a type the docs promise.  Not collected by pytest.
"""

from __future__ import annotations

from typing import assert_type

import arraykit as ak
from arraykit.typing import Array, Device, DType, Namespace


def softmax(xp: Namespace, x: Array, /, *, axis: int = -1) -> Array:
    """Written once against the standard's namespace: runs on any driver."""
    e = xp.exp(x - xp.max(x, axis=axis, keepdims=True))
    return e / xp.sum(e, axis=axis, keepdims=True)


def normalise(x: Array) -> Array:
    xp = x.__array_namespace__()  # the namespace an array belongs to
    assert_type(xp, Namespace)
    return x / xp.linalg.vector_norm(x)


xp: Namespace = ak  # the module is a Namespace
x = ak.asarray([1.0, 2.0, 3.0])
assert_type(x, Array)
assert_type(ak.add(x, 1.0), Array)
assert_type(ak.add(1, x), Array)
assert_type(ak.bitwise_and(ak.asarray([1, 2]), 1), Array)
assert_type(ak.logical_not(x > 1), Array)
assert_type(x + 1, Array)
assert_type(2.0 * x, Array)
assert_type(x @ x, Array)
assert_type(x < 2, Array)
assert_type(x == x, Array)
assert_type(-x, Array)
assert_type(x[0], Array)
assert_type(x[1:], Array)
assert_type(x[..., None], Array)
assert_type(x[x > 1], Array)
assert_type(x.T if x.ndim == 2 else x.mT, Array)
assert_type(x.shape, tuple[int | None, ...])
# NumPy's extras (from arraykit._numpy_api's modules) are typed too, not Any
assert_type(ak.median(x), Array)
assert_type(ak.sinc(x), Array)
assert_type(ak.diagonal(ak.eye(2)), Array)
assert_type(x.sharding, ak.Sharding | None)
assert_type(x.ndim, int)
assert_type(x.size, int | None)
assert_type(x.dtype, DType)
assert_type(x.device, Device)
assert_type(float(x[0]), float)
assert_type(ak.sum(x, axis=0), Array)
assert_type(ak.sum(x, axis=(0,), dtype=ak.float32), Array)
assert_type(ak.mean(x, axis=None, keepdims=True), Array)
assert_type(ak.asarray([1, 2]), Array)
assert_type(ak.zeros((2, 3), dtype=ak.int64), Array)
assert_type(ak.astype(x, ak.float32), Array)
assert_type(ak.float64, DType)
assert_type(ak.finfo(ak.float32).eps, float)
assert_type(ak.unique_counts(x).counts, Array)
a = ak.eye(3)
b = ak.ones((3, 1))
assert_type(ak.linalg.solve(a, b), Array)
assert_type(ak.linalg.eigh(a).eigenvalues, Array)
assert_type(ak.linalg.svd(a).S, Array)
assert_type(ak.fft.rfft(x), Array)
assert_type(softmax(ak, x), Array)
assert_type(normalise(x), Array)
assert_type(ak.namespace("numpy"), Namespace)
with ak.use("jax"):
    assert_type(ak.exp(x), Array)
