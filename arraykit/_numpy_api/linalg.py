"""NumPy's linear algebra functions of the main namespace (NumPy reference: "Linear
algebra": matrix and vector products, norms and other numbers): ``dot``, ``vdot``,
``inner``, ``outer``, ``kron``, ``einsum``, ``trace``.

Each is a composition of the standard's ``matmul``, ``tensordot``, ``vecdot`` and
elementwise products, so they run on every driver and device and differentiate where the
driver does.  ``outer`` and ``kron`` multiply elementwise as NumPy does (bit for bit);
the contractions add in the backend's order (within rounding of NumPy's).
"""

from __future__ import annotations

import math
from typing import Any

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array
from .._data_types import astype
from .._linalg_core import matmul, tensordot, vecdot
from .._manipulation import broadcast_to, expand_dims, moveaxis, permute_dims, reshape
from .._statistics import sum as sum_
from ..linalg import diagonal as _diagonal
from ._base import known, namespace, no_out, numpy_function, renamed

__all__ = ["dot", "einsum", "inner", "kron", "outer", "trace", "vdot"]

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


@numpy_function("ak.matmul(a, b) (2-D), ak.vecdot(a, b) (1-D), ak.tensordot(a, b, axes=...)")
def dot(a: Array, b: Array, out: Any = None) -> Array:
    """NumPy's ``dot``: the product of scalars, the inner product of vectors, the matrix
    product of matrices, and for N-D arrays a sum over the last axis of ``a`` and the
    second-to-last of ``b``.  Also ``x.dot(y)``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.dot.html

    Examples
    --------
    >>> ak.dot(ak.asarray([1.0, 2.0]), ak.asarray([3.0, 4.0]))
    Array(11., dtype=float64)
    >>> ak.dot(ak.asarray([[1, 2], [3, 4]]), ak.asarray([1, 1]))
    Array([3, 7], dtype=int64)
    """
    from .._ndarray import _dot

    check_array(a, "dot", "a")
    check_array(b, "dot", "b")
    no_out("dot", out)
    try:
        return _dot(namespace(), a, b)
    except _ERRORS as e:
        err = renamed(renamed(e, "tensordot", "dot"), "matmul", "dot")
        raise renamed(err, "multiply", "dot") from None


@numpy_function("ak.vecdot(ak.reshape(a, (-1,)), ak.reshape(b, (-1,)))")
def vdot(a: Array, b: Array) -> Array:
    """The dot product of ``a`` and ``b`` flattened, with ``a`` conjugated: ``sum(conj(a)
    * b)``.  They must have the same number of elements.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.vdot.html

    Examples
    --------
    >>> ak.vdot(ak.asarray([1j, 2]), ak.asarray([1j, 3]))
    Array(7.+0.j, dtype=complex128)
    """
    check_array(a, "vdot", "a")
    check_array(b, "vdot", "b")
    fa, fb = reshape(a, (-1,)), reshape(b, (-1,))
    if fa.shape[0] != fb.shape[0]:
        raise ValueError(f"vdot: 'a' and 'b' have different sizes, shapes {a.shape} and {b.shape}")
    try:
        return vecdot(fa, fb)
    except _ERRORS as e:
        raise renamed(e, "vecdot", "vdot") from None


@numpy_function("ak.tensordot(a, b, axes=([-1], [-1]))")
def inner(a: Array, b: Array) -> Array:
    """Inner product over the last axes (no conjugation): ``a.shape[:-1] +
    b.shape[:-1]``; the product for a 0-D argument.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.inner.html

    Examples
    --------
    >>> ak.inner(ak.asarray([[1, 2], [3, 4]]), ak.asarray([1, 10]))
    Array([21, 43], dtype=int64)
    """
    check_array(a, "inner", "a")
    check_array(b, "inner", "b")
    try:
        if a.ndim == 0 or b.ndim == 0:
            return ew.multiply(a, b)
        if a.shape[-1] != b.shape[-1]:
            raise ValueError(f"inner: shapes {a.shape} and {b.shape} differ along their last axes")
        return tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))
    except _ERRORS as e:
        raise renamed(renamed(e, "tensordot", "inner"), "multiply", "inner") from None


@numpy_function("ak.linalg.outer(ak.reshape(a, (-1,)), ak.reshape(b, (-1,)))")
def outer(a: Array, b: Array, out: Any = None) -> Array:
    """The outer product of ``a`` and ``b`` flattened: ``a[i] * b[j]``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.outer.html

    Examples
    --------
    >>> ak.outer(ak.asarray([1, 2]), ak.asarray([[1, 10, 100]]))
    Array([[  1,  10, 100],
           [  2,  20, 200]], dtype=int64)
    """
    check_array(a, "outer", "a")
    check_array(b, "outer", "b")
    no_out("outer", out)
    try:
        return ew.multiply(reshape(a, (-1, 1)), reshape(b, (1, -1)))
    except _ERRORS as e:
        raise renamed(e, "multiply", "outer") from None


@numpy_function(None)
def kron(a: Array, b: Array) -> Array:
    """The Kronecker product: blocks ``a[i, j] * b``, for arrays of any rank (the smaller
    rank padded with leading axes of size 1), NumPy's algorithm.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.kron.html

    Examples
    --------
    >>> ak.kron(ak.eye(2, dtype=ak.int64), ak.asarray([[1, 2], [3, 4]]))
    Array([[1, 2, 0, 0],
           [3, 4, 0, 0],
           [0, 0, 1, 2],
           [0, 0, 3, 4]], dtype=int64)
    """
    check_array(a, "kron", "a")
    check_array(b, "kron", "b")
    _core.same_driver((a, b), "kron")
    if a.ndim == 0 or b.ndim == 0:
        return ew.multiply(a, b)
    nd = max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + known(a.shape, "kron")
    sb = (1,) * (nd - b.ndim) + known(b.shape, "kron")
    a, b = reshape(a, sa), reshape(b, sb)
    shape = tuple(m * n for m, n in zip(sa, sb, strict=True))
    a = expand_dims(a, axis=tuple(range(1, 2 * nd, 2)))
    b = expand_dims(b, axis=tuple(range(0, 2 * nd, 2)))
    return reshape(ew.multiply(a, b), shape)


@numpy_function("ak.sum(ak.linalg.diagonal(x, offset=offset), axis=-1)")
def trace(
    a: Array,
    offset: int = 0,
    axis1: int = 0,
    axis2: int = 1,
    dtype: Any = None,
    out: Any = None,
) -> Array:
    """Sum along a diagonal of ``a`` in the plane of ``axis1`` and ``axis2`` (NumPy's
    defaults: the first two axes; ``ak.linalg.trace`` takes the last two).  Integers sum
    in the default integer, as ``ak.sum``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.trace.html

    Examples
    --------
    >>> ak.trace(ak.reshape(ak.arange(9), (3, 3)))
    Array(12, dtype=int64)
    >>> ak.trace(ak.reshape(ak.arange(8), (2, 2, 2)), axis1=1, axis2=2)
    Array([ 3, 11], dtype=int64)
    """
    from .indexing import diagonal

    check_array(a, "trace", "a")
    no_out("trace", out)
    try:
        d = diagonal(a, offset=offset, axis1=axis1, axis2=axis2)
    except _ERRORS as e:
        raise renamed(e, "diagonal", "trace") from None
    try:
        return sum_(d, axis=-1, dtype=dtype)
    except _ERRORS as e:
        raise renamed(e, "sum", "trace") from None


# ---------------------------------------------------------------------- einsum
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _parse(subscripts: str, operands: tuple[Array, ...]) -> tuple[list[list[str]], list[str]]:
    """Each operand's labels (one per axis; an ellipsis's axes get labels of their own)
    and the output's, checked against the operands' ranks."""
    text = subscripts.replace(" ", "")
    if "->" in text:
        lhs, rhs = text.split("->", 1)
        if "->" in rhs or "-" in rhs or ">" in rhs:
            raise ValueError(f"einsum: invalid subscripts {subscripts!r}")
    else:
        lhs, rhs = text, None
    inputs = lhs.split(",")
    if len(inputs) != len(operands):
        raise ValueError(
            f"einsum: {len(inputs)} operands in subscripts {subscripts!r}, {len(operands)} given"
        )
    ell_rank = 0
    labels: list[list[str]] = []
    for term, op in zip(inputs, operands, strict=True):
        plain = term.replace("...", "")
        bad = set(plain) - _LETTERS
        if bad or term.count("...") > 1:
            raise ValueError(f"einsum: invalid subscripts {subscripts!r}")
        if "..." in term:
            k = op.ndim - len(plain)
            if k < 0:
                raise ValueError(
                    f"einsum: operand of shape {op.shape} has too few axes for {term!r}"
                )
            ell_rank = max(ell_rank, k)
            head, tail = term.split("...")
            labels.append([*head, *(f"...{ell_rank - k + i}" for i in range(k)), *tail])
        else:
            if len(term) != op.ndim:
                raise ValueError(
                    f"einsum: subscripts {term!r} do not match an operand of shape {op.shape}"
                )
            labels.append(list(term))
    ellipsis = [f"...{i}" for i in range(ell_rank)]
    if rhs is None:
        counts: dict[str, int] = {}
        for ls in labels:
            for lab in ls:
                counts[lab] = counts.get(lab, 0) + 1
        out = ellipsis + sorted(lab for lab, c in counts.items() if c == 1 and lab in _LETTERS)
    else:
        if set(rhs.replace("...", "")) - _LETTERS or rhs.count("...") > 1:
            raise ValueError(f"einsum: invalid output subscripts {rhs!r}")
        head, _, tail = rhs.partition("...") if "..." in rhs else (rhs, "", "")
        out = [*head, *(ellipsis if "..." in rhs else []), *tail]
        if "..." not in rhs and ellipsis:
            out = ellipsis + out  # NumPy: broadcast axes lead the output
        if len(set(out)) != len(out):
            raise ValueError(f"einsum: output subscript {rhs!r} repeats a label")
        known = {lab for ls in labels for lab in ls}
        for lab in out:
            if lab not in known:
                raise ValueError(f"einsum: output label {lab!r} is in no operand")
    return labels, out


def _diagonals(x: Array, labels: list[str]) -> tuple[Array, list[str]]:
    """``x`` with each repeated label reduced to one axis (its diagonal, as the last)."""
    while len(set(labels)) != len(labels):
        lab = next(lab for lab in labels if labels.count(lab) > 1)
        i = labels.index(lab)
        j = labels.index(lab, i + 1)
        x = _diagonal(moveaxis(x, (i, j), (-2, -1)))
        labels = [m for k, m in enumerate(labels) if k not in (i, j)] + [lab]
    return x, labels


def _contract(
    x: Array, lx: list[str], y: Array, ly: list[str], keep: set[str]
) -> tuple[Array, list[str]]:
    """``x`` and ``y`` multiplied and summed over their shared labels not in ``keep``, by
    one batched ``matmul``; the result and its labels."""
    batch = [lab for lab in lx if lab in ly and lab in keep]
    summed = [lab for lab in lx if lab in ly and lab not in keep]
    fx = [lab for lab in lx if lab not in ly]
    fy = [lab for lab in ly if lab not in lx]
    size: dict[str, int] = {}
    for arr, ls in ((x, lx), (y, ly)):
        for lab, n in zip(ls, known(arr.shape, "einsum"), strict=True):
            if size.get(lab, 1) == 1:
                size[lab] = n
            elif n not in (1, size[lab]):
                raise ValueError(f"einsum: label {lab!r} has sizes {size[lab]} and {n}")
    x = broadcast_to(x, tuple(size[lab] for lab in lx))
    y = broadcast_to(y, tuple(size[lab] for lab in ly))
    x = permute_dims(x, tuple(lx.index(lab) for lab in (*batch, *fx, *summed)))
    y = permute_dims(y, tuple(ly.index(lab) for lab in (*batch, *summed, *fy)))
    bshape = tuple(size[lab] for lab in batch)
    m = math.prod(size[lab] for lab in fx)
    k = math.prod(size[lab] for lab in summed)
    n = math.prod(size[lab] for lab in fy)
    z = matmul(reshape(x, (*bshape, m, k)), reshape(y, (*bshape, k, n)))
    return reshape(z, (*bshape, *(size[lab] for lab in (*fx, *fy)))), [*batch, *fx, *fy]


@numpy_function(None)
def einsum(
    subscripts: str,
    *operands: Array,
    out: Any = None,
    dtype: Any = None,
    order: str = "K",
    casting: str = "safe",
    optimize: Any = False,
) -> Array:
    """Einstein summation: ``einsum("ij,jk->ik", a, b)`` is ``a @ b``, ``"ii"`` the
    trace, ``"ij->ji"`` the transpose (a view of ``a``, as NumPy's), ``"...ij,...jk"``
    batched products.  Labels shared by operands and absent from the output are summed;
    without ``->`` the output has the labels that occur once, in alphabetical order.
    Operands are contracted left to right, each pair by one batched ``matmul``.  NumPy's
    interleaved form (``einsum(a, [0, 1], b, [1, 2])``) is not taken; ``optimize`` is
    accepted and ignored; a repeated label of one operand (``"ii->i"``) gives a read-only
    view or a copy where NumPy gives a writable view.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.einsum.html

    Examples
    --------
    >>> a = ak.reshape(ak.arange(6.0), (2, 3))
    >>> ak.einsum("ij,kj->ik", a, a)
    Array([[ 5., 14.],
           [14., 50.]], dtype=float64)
    >>> ak.einsum("ii", ak.reshape(ak.arange(9), (3, 3)))
    Array(12, dtype=int64)
    """
    if not isinstance(subscripts, str):
        raise TypeError(
            f"einsum: 'subscripts' must be a string, got {type(subscripts).__name__} "
            "(the interleaved form is not supported)"
        )
    no_out("einsum", out)
    if not operands:
        raise ValueError("einsum: at least one operand is required")
    for i, op in enumerate(operands):
        check_array(op, "einsum", f"operands[{i}]")
    _core.same_driver(operands, "einsum")
    labels, output = _parse(subscripts, operands)
    target = _core.result_dtype(operands, "einsum", "operands")
    if dtype is not None:
        try:
            target = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"einsum: 'dtype': {e}") from None
    # booleans: NumPy's sums of products are ORs of ANDs; counted in integers here
    work = _core.default_index_dtype() if target.kind == "b" else target
    ops = [astype(op, work) if op._dtype is not work else op for op in operands]
    pieces = []
    for i, (op, ls) in enumerate(zip(ops, labels, strict=True)):
        op, ls = _diagonals(op, ls)
        others = {lab for j, lab_s in enumerate(labels) if j != i for lab in lab_s}
        alone = [k for k, lab in enumerate(ls) if lab not in others and lab not in output]
        if alone:
            op = sum_(op, axis=tuple(alone), dtype=work)
            ls = [lab for k, lab in enumerate(ls) if k not in alone]
        pieces.append((op, ls))
    x, lx = pieces[0]
    for j, (y, ly) in enumerate(pieces[1:], start=1):
        keep = set(output) | {lab for _, lr in pieces[j + 1 :] for lab in lr}
        x, lx = _contract(x, lx, y, ly, keep)
    perm = tuple(lx.index(lab) for lab in output)
    if perm != tuple(range(len(perm))):
        x = permute_dims(x, perm)
    if work is not target:
        return ew.not_equal(x, 0)
    return x[...] if x is operands[0] else x  # a view of an unchanged operand, as NumPy's
