"""The primitives of the driver contract, each with its signature and its meaning.

``Primitives`` declares every name in ``_base.PRIMITIVES`` as a typed attribute and no
value: type checkers read core's calls against these signatures (``drv.sum(x, axes,
dtype, keepdims)``), while a driver that leaves one out still fails when it is created
(``Driver.__init__`` looks each name up).  A driver provides each as a method or as an
instance attribute set in ``__init__`` (a ufunc, a backend function).  Natives are
``Native`` (``Any``): a primitive receives and returns its backend's values, which core
never looks into.  The rules common to all of them are in ``_base``'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._devices import Device

Native = Any  # a driver's native array value
DType = np.dtype[Any]
_Axes = tuple[int, ...]
X = Native
_Unary = Callable[[X], X]
_Binary = Callable[[X, X], X]


class Primitives:
    """The typed declarations of the contract's primitives (see the module docstring)."""

    # ---------------------------------------------------------------- runtime
    devices: Callable[[], list[Device]]
    """Every device this driver can place values on, the default first."""
    default_device: Callable[[], Device]
    """Where creation functions place values when the user chose no device."""
    device_of: Callable[[X], Device]
    dtype_of: Callable[[X], DType]
    """The canonical arraykit dtype of a native."""
    shape_of: Callable[[X], tuple[int | None, ...]]
    """``None``: a size unknown until computed."""
    is_native: Callable[[object], bool]
    """Whether ``obj`` is a value of this driver (tensors, tracers, ...)."""
    asarray: Callable[[object, DType, Device, bool | None], X]
    """``asarray(obj, dtype, device, copy)``: ``obj`` is a native value, a NumPy array, a
    Python scalar or a nested sequence of Python scalars; ``dtype`` is the result dtype
    (core inferred it); ``copy`` is the spec's: True always copies, False never (raise
    ValueError if it must), None copies only if needed."""
    to_numpy: Callable[[X], np.ndarray[Any, Any]]
    """A host copy or zero-copy view."""
    to_device: Callable[[X, Device], X]
    """A copy on ``device``; ``x`` if already there."""
    to_scalar: Callable[[X], Any]
    """``bool | int | float | complex`` of an ``x`` with exactly one element."""
    astype: Callable[[X, DType], X]
    """Ints wrap; floats round once; float to int: ``_dtypes.saturation_bounds``."""
    copy: _Unary
    """A fresh value not sharing memory with ``x``."""
    dlpack: Callable[[X, Any, Any, Any, bool | None], Any]
    """``dlpack(x, stream, max_version, dl_device, copy) -> PyCapsule``."""
    dlpack_device: Callable[[X], tuple[int, int]]
    from_dlpack: Callable[[Any, Device, bool | None], X]
    """``from_dlpack(obj, device, copy)``."""
    # strides_of(x) -> tuple[int, ...]: mutable drivers only, declared on Driver.

    # ---------------------------------------------------------------- indexing
    getitem: Callable[[X, tuple[Any, ...]], X]
    """``key`` is a tuple of ints, slices, None, Ellipsis (at most one), native integer
    arrays (already bounds-checked and non-negative) or one native boolean array; NumPy
    semantics."""
    setitem: Callable[[X, tuple[Any, ...], X], X]
    """``setitem(x, key, value)``: ``value`` is a native of ``x``'s dtype broadcastable to
    ``x[key]``.  Returns the value the Array holds afterwards: a mutable driver updates
    ``x`` in place (NumPy's ValueError for a read-only one), an immutable one returns an
    updated copy."""
    take: Callable[[X, X, int], X]
    """``take(x, indices, axis)`` (indices: non-negative, bounds-checked)."""
    take_along_axis: Callable[[X, X, int], X]

    # ---------------------------------------------------------------- elementwise
    # UNARY_ELEMENTWISE(x), BINARY_ELEMENTWISE(x1, x2): see the tuples in _base.
    abs: _Unary
    acos: _Unary
    acosh: _Unary
    asin: _Unary
    asinh: _Unary
    atan: _Unary
    atanh: _Unary
    bitwise_invert: _Unary
    ceil: _Unary
    conj: _Unary
    cos: _Unary
    cosh: _Unary
    exp: _Unary
    expm1: _Unary
    floor: _Unary
    imag: _Unary
    isfinite: _Unary
    isinf: _Unary
    isnan: _Unary
    log: _Unary
    log1p: _Unary
    log2: _Unary
    log10: _Unary
    logical_not: _Unary
    negative: _Unary
    real: _Unary
    reciprocal: _Unary
    round: _Unary
    sign: _Unary
    signbit: _Unary
    sin: _Unary
    sinh: _Unary
    square: _Unary
    sqrt: _Unary
    tan: _Unary
    tanh: _Unary
    trunc: _Unary
    add: _Binary
    atan2: _Binary
    bitwise_and: _Binary
    bitwise_left_shift: _Binary
    bitwise_or: _Binary
    bitwise_right_shift: _Binary
    bitwise_xor: _Binary
    copysign: _Binary
    divide: _Binary
    equal: _Binary
    floor_divide: _Binary
    greater: _Binary
    greater_equal: _Binary
    hypot: _Binary
    less: _Binary
    less_equal: _Binary
    logaddexp: _Binary
    logical_and: _Binary
    logical_or: _Binary
    logical_xor: _Binary
    maximum: _Binary
    minimum: _Binary
    multiply: _Binary
    nextafter: _Binary
    not_equal: _Binary
    pow: _Binary
    remainder: _Binary
    subtract: _Binary
    clip: Callable[[X, X | None, X | None], X]
    """``clip(x, min, max)``: ``min``/``max`` natives of ``x``'s dtype, or None."""
    complex: _Binary
    """``complex(re, im)``: float32 or float64, one dtype; exact: no ``inf * 0``."""

    # ---------------------------------------------------------------- creation
    arange: Callable[[Any, Any, Any, DType, Device], X]
    """``arange(start, stop, step, dtype, device)``: ``ceil((stop - start) / step)``
    elements (0 if negative) ``start + i*step``."""
    full: Callable[[_Axes, Any, DType, Device], X]
    """``full(shape, fill_value, dtype, device)`` (fill_value: a Python scalar)."""
    empty: Callable[[_Axes, DType, Device], X]
    """``empty(shape, dtype, device)`` (contents unspecified)."""
    eye: Callable[[int, int, int, DType, Device], X]
    """``eye(n_rows, n_cols, k, dtype, device)``."""
    linspace: Callable[[Any, Any, int, bool, DType, Device], X]
    """``linspace(start, stop, num, endpoint, dtype, device)``: NumPy's values, bit for
    bit."""
    tril: Callable[[X, int], X]
    """``tril(x, k)``, ``triu(x, k)``: over the last two axes."""
    triu: Callable[[X, int], X]

    # ---------------------------------------------------------------- manipulation
    reshape: Callable[[X, _Axes, bool | None], X]
    """``reshape(x, shape, copy)``: shape ints, at most one -1; copy as in ``asarray``."""
    permute_dims: Callable[[X, _Axes], X]
    broadcast_to: Callable[[X, tuple[int | None, ...]], X]
    concat: Callable[[list[X], int], X]
    """``concat(xs, axis)``: xs a list of natives of one dtype; axis an int."""
    expand_dims: Callable[[X, _Axes], X]
    """``axes``: positions in the *output*, sorted."""
    squeeze: Callable[[X, _Axes], X]
    """Every axis in ``axes`` has size 1."""
    flip: Callable[[X, _Axes], X]
    roll: Callable[[X, _Axes, _Axes], X]
    """``roll(x, shifts, axes)``: equal-length tuples of ints."""
    repeat: Callable[[X, Any, int], X]
    """``repeat(x, repeats, axis)``: repeats an int or a native int64 array; axis an int."""
    tile: Callable[[X, _Axes], X]
    """``tile(x, reps)``: ``len(reps) >= x.ndim``."""

    # ---------------------------------------------------------------- searching
    argmax: Callable[[X, int | None, bool], X]
    """``argmax(x, axis, keepdims)``, ``argmin``: the default integer dtype."""
    argmin: Callable[[X, int | None, bool], X]
    nonzero: Callable[[X], tuple[X, ...]]
    """One default-int index array per axis; ``x.ndim >= 1``."""
    where: Callable[[X, X, X], X]
    """``where(condition, x1, x2)``: condition bool; x1, x2 one dtype; broadcast."""
    searchsorted: Callable[[X, X, str, X | None], X]
    """``searchsorted(x1, x2, side, sorter)``: x1 1-D sorted, or sorted by ``sorter``."""
    count_nonzero: Callable[[X, _Axes | None, bool], X]
    """``count_nonzero(x, axes, keepdims)``: axes a tuple or None; default int dtype."""

    # ---------------------------------------------------------------- sets, sorting
    unique_all: Callable[[X], tuple[X, X, X, X]]
    """``(values, indices, inverse_indices, counts)``.  The spec's semantics: NaNs
    distinct, signed zeros equal, inverse_indices shaped like ``x``, index arrays of the
    default integer dtype.  Beyond the spec, what every major library does and clients
    rely on: values ascending (complex lexicographically), NaNs last; each value
    represented by, and ``indices`` pointing at, its first occurrence in ``x`` (so
    ``-0.0`` or ``0.0``, whichever comes first).  ``_base.host_unique`` computes exactly
    this on host data."""
    unique_counts: Callable[[X], tuple[X, X]]
    """``(values, counts)``; ``unique_inverse``: ``(values, inverse_indices)``."""
    unique_inverse: Callable[[X], tuple[X, X]]
    unique_values: _Unary
    isin: Callable[[X, X, bool], X]
    """``isin(x1, x2, invert)``: x1, x2 of one dtype."""
    sort: Callable[[X, int, bool, bool, str | None], X]
    """``sort(x, axis, descending, stable, kind)``, ``argsort(...)``: ``kind`` is None or
    one of ``capabilities.sort_kinds``; ``stable=True`` keeps equal elements in input
    order, for ``descending=True`` too."""
    argsort: Callable[[X, int, bool, bool, str | None], X]

    # ---------------------------------------------------------------- statistics
    sum: Callable[[X, _Axes | None, DType, bool], X]
    """``sum(x, axes, dtype, keepdims)``, ``prod``: axes a tuple or None; accumulate in
    and return ``dtype``, which core chose."""
    prod: Callable[[X, _Axes | None, DType, bool], X]
    max: Callable[[X, _Axes | None, bool], X]
    """``max(x, axes, keepdims)``; ``min``, ``mean`` alike."""
    min: Callable[[X, _Axes | None, bool], X]
    mean: Callable[[X, _Axes | None, bool], X]
    var: Callable[[X, _Axes | None, float, bool], X]
    """``var(x, axes, correction, keepdims)``; ``std`` alike."""
    std: Callable[[X, _Axes | None, float, bool], X]
    cumulative_sum: Callable[[X, int, DType, bool], X]
    """``cumulative_sum(x, axis, dtype, include_initial)``; ``cumulative_prod`` alike."""
    cumulative_prod: Callable[[X, int, DType, bool], X]
    all: Callable[[X, _Axes | None, bool], X]
    """``all(x, axes, keepdims)``, ``any``: bool results."""
    any: Callable[[X, _Axes | None, bool], X]

    # ---------------------------------------------------------------- linear algebra
    # The spec's linalg functions over the last two axes (stacks allowed), on inputs of
    # the result's dtype.  ``rtol`` is a native of the real dtype, or None.
    # ``matrix_power``'s ``n`` is >= 0: core inverts through ``inv`` for ``n < 0``.
    #
    # Failures.  Core raises ``ak.linalg.LinAlgError`` where NumPy raises
    # ``numpy.linalg.LinAlgError``; the rule is core's (``_linalg_checks.py``): a
    # primitive never raises its backend's own error for one.
    # inv(x), solve(x1, x2), cholesky(x, upper) return ``(result, rcond)``.  ``rcond``
    #     (natives, or NumPy arrays the driver computed on the host) tells core how
    #     far each matrix is from failing: ``1 / (|x| |x^-1|)`` per matrix, or the
    #     pair ``(pivots, size)``: the pivots of the driver's factorisation, ``|u_kk|``
    #     of LU with partial pivoting or ``l_kk**2`` of Cholesky, shaped
    #     ``(..., n)``, and ``|x|_F`` or ``max x_kk``; 0 or NaN where the backend's
    #     factorisation broke down (a zero or NaN pivot, a refused matrix: the result
    #     there may be anything).  Core lets NumPy decide (and compute) the matrices
    #     near failure.  ``None`` (traced values; a driver whose failures are NumPy's
    #     own): the driver raises ``SingularMatrix`` / ``NotPositiveDefinite`` itself.
    #     ``cholesky`` reads the lower triangle (``upper``: the upper one, as NumPy),
    #     ``eigh``/``eigvalsh`` the lower one; their gradients are that triangle's.
    # eig, eigvals, eigh, eigvalsh, svd, svdvals, pinv, matrix_norm (2, -2, "nuc"):
    #     core never passes them a matrix with NaN or inf entries eagerly; traced, such
    #     a matrix gives NaN.  Nor norms over no elements (core decides those).
    #     ``NoConvergence`` where the backend reports that its algorithm failed.
    # ``index``: the stack index of the first failing matrix (C order; ``()`` for one
    # matrix), or None.  Traced, a backend's own error may surface as the program runs.
    matmul: _Binary
    """The spec's matmul, incl. 1-D promotion."""
    tensordot: Callable[[X, X, tuple[_Axes, _Axes]], X]
    """``tensordot(x1, x2, axes)``: axes a pair of tuples of non-negative ints."""
    cholesky: Callable[[X, bool], tuple[X, Any]]
    """``cholesky(x, upper) -> (L, rcond)``."""
    det: _Unary
    eig: Callable[[X], tuple[X, X]]
    """``(eigenvalues, eigenvectors)``; ``eigh`` alike."""
    eigvals: _Unary
    eigh: Callable[[X], tuple[X, X]]
    eigvalsh: _Unary
    inv: Callable[[X], tuple[X, Any]]
    """``inv(x) -> (inverse, rcond)``."""
    qr: Callable[[X, str], tuple[X, X]]
    """``qr(x, mode) -> (Q, R)``."""
    slogdet: Callable[[X], tuple[X, X]]
    """``(sign, logabsdet)``."""
    solve: Callable[[X, X], tuple[X, Any]]
    """``solve(x1, x2) -> (x, rcond)``."""
    svd: Callable[[X, bool], tuple[X, X, X]]
    """``svd(x, full_matrices) -> (U, S, Vh)``."""
    svdvals: _Unary
    pinv: Callable[[X, X | None], X]
    """``pinv(x, rtol)``."""
    cross: Callable[[X, X, int], X]
    """``cross(x1, x2, axis)``."""
    diagonal: Callable[[X, int], X]
    """``diagonal(x, offset)``."""
    matrix_power: Callable[[X, int], X]
    vector_norm: Callable[[X, _Axes | None, bool, Any], X]
    """``vector_norm(x, axes, keepdims, ord)``."""
    matrix_norm: Callable[[X, bool, Any], X]
    """``matrix_norm(x, keepdims, ord)``."""

    # ---------------------------------------------------------------- fft
    fftn: Callable[[X, _Axes, _Axes, str], X]
    """``fftn(x, s, axes, norm)``, ``ifftn``: x complex; s, axes equal-length tuples."""
    ifftn: Callable[[X, _Axes, _Axes, str], X]
    rfftn: Callable[[X, _Axes, _Axes, str], X]
    """x real floating-point; a complex result."""
    irfftn: Callable[[X, _Axes, _Axes, str], X]
    """x complex; a real result; ``s``: the output sizes."""
