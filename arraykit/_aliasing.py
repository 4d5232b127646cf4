"""Which results share memory with an input: NumPy's answer, one rule for every driver.

``RULES`` is the table: every public function, ``Array`` method and attribute whose result
can share memory with an input, and NumPy's rule for it.  Every name not in it returns a
new array (a copy): a write to it never reaches an input, a write to an input never
reaches it.  ``tests/test_aliasing.py`` checks the table against NumPy itself for every
name NumPy has, on every input layout, and every driver against the table.

On the NumPy driver (``capabilities.mutable``) the views are NumPy's own; core still
decides where NumPy itself cannot be asked (``ravel``'s contiguity, ``reshape``'s
``copy=False``) from ``layout_of``.  On TensorFlow, JAX and Dask the functions below link
each view to its base (``_views``), so writes go both ways as in NumPy.
"""

from __future__ import annotations

from typing import Any, cast

from ._array import Array
from ._views import (
    Layout,
    c_contiguous,
    is_view_key,
    layout_of,
    link,
    reshaped,
    whole_view,
)
from ._views import identity_view as identity_view  # _manipulation.squeeze's

VIEW = "a view: writes go both ways"
READ_ONLY = "a read-only view: it follows writes to the input and refuses its own"
LAYOUT = "a view where NumPy can reshape without copying (its strides allow it), else a copy"
CONTIGUOUS = "a view if the input is C-contiguous, else a copy"
SAME = "the input itself (or a view of all of it) where nothing needs to change"

RULES: dict[str, str] = {
    "__getitem__": "a view for basic keys (ints, slices, None, ...) unless integers address "
    "every axis (a scalar copy); a copy for index arrays, boolean masks and Python bools",
    "reshape": LAYOUT + "; copy=False raises ValueError where NumPy copies, copy=True copies",
    "Array.reshape": LAYOUT,
    "Array.ravel": CONTIGUOUS,
    "permute_dims": VIEW,
    "matrix_transpose": VIEW,
    "linalg.matrix_transpose": VIEW,
    "moveaxis": VIEW,
    "Array.transpose": VIEW,
    "Array.swapaxes": VIEW,
    "Array.T": VIEW,
    "Array.mT": VIEW,
    "expand_dims": VIEW,
    "squeeze": VIEW,
    "Array.squeeze": VIEW,
    "flip": VIEW + " (negative strides; of a 0-D array, a copy)",
    "unstack": VIEW + " each (of a 1-D array, 0-D copies: NumPy's scalars)",
    "broadcast_to": READ_ONLY,
    "broadcast_arrays": SAME + " for an array of the broadcast shape; " + READ_ONLY + " for "
    "the others (NumPy's are writable with a DeprecationWarning, read-only in its future)",
    "linalg.diagonal": READ_ONLY,
    "real": VIEW + " of complex input; " + SAME + " for real input",
    "imag": VIEW + " of complex input; for real input a read-only array of zeros (a copy)",
    "Array.real": VIEW + " of complex input; " + SAME + " for real input",
    "Array.imag": VIEW + " of complex input; for real input a read-only array of zeros",
    "asarray": SAME + " (copy=None or False, the same dtype, device and driver)",
    "astype": SAME + " (copy=False and the same dtype and device)",
    "Array.astype": SAME + " (copy=False and the same dtype)",
    "from_dlpack": VIEW + " of an arraykit array of the same driver, unless copy=True",
    "Array.conj": SAME + " for real input (ak.conj copies, as np.conj does)",
    "Array.to_device": SAME + " (the same device)",
    "compute": SAME + " (values already computed; a lazy driver's computed value is new)",
    # NumPy extensions (arraykit/_numpy_api): composed of the views above, so they follow
    "transpose": VIEW,
    "swapaxes": VIEW,
    "ravel": CONTIGUOUS + " (order='F': a view where the transpose is C-contiguous)",
    "atleast_1d": VIEW + " (of 0-D input), else " + SAME,
    "atleast_2d": VIEW + " (of 0-D and 1-D input), else " + SAME,
    "atleast_3d": VIEW + " (of 0-D, 1-D and 2-D input), else " + SAME,
    "fliplr": VIEW,
    "flipud": VIEW,
    "rot90": VIEW + " (flips and transposes)",
    "split": VIEW + " each (basic slices along the axis)",
    "array_split": VIEW + " each",
    "hsplit": VIEW + " each",
    "vsplit": VIEW + " each",
    "dsplit": VIEW + " each",
    "diagonal": READ_ONLY,
    "diag": READ_ONLY + " of 2-D input (its diagonal); a new array of 1-D input",
    "asanyarray": SAME + " (as asarray)",
    "ascontiguousarray": SAME + " where the input is C-contiguous and at least 1-D; a view of "
    "0-D input (shape (1,)); else a copy",
    "array": SAME + " with copy=False or None where nothing changes; with ndmin, a view",
    "einsum": VIEW + " for one operand whose labels are only permuted ('ij->ji'); a read-only "
    "view for one operand's diagonal ('ii->i': NumPy's is writable); else a new array",
    # ---- issue 25, part B (np-extras): NumPy's ndarray methods
    "Array.view": VIEW + " (of the bytes, as another dtype: _reinterpret)",
    "Array.diagonal": READ_ONLY,
    "Array.conjugate": SAME + " for real input (as Array.conj)",
}


# ---------------------------------------------------------------------- layouts of views
def permuted(axes: tuple[int, ...]) -> Any:
    def layout(base: Layout) -> Layout:
        return Layout(
            tuple(base.shape[a] for a in axes), tuple(base.strides[a] for a in axes), base.itemsize
        )

    return layout


def _shaped(shape: tuple[int | None, ...]) -> Any:
    """The layout of a view that only adds or drops size-1 axes (their strides are moot)."""

    def layout(base: Layout) -> Layout:
        strides = iter(s for n, s in zip(base.shape, base.strides, strict=True) if n != 1)
        sizes = cast("tuple[int, ...]", shape)  # a layout's base has known sizes
        return Layout(sizes, tuple(0 if n == 1 else next(strides) for n in shape), base.itemsize)

    return layout


def resized(x: Array, out: Array, forward: Any, backward: Any) -> Array:
    """``out``, ``x`` with size-1 axes added or dropped (``expand_dims``, ``squeeze``)."""
    return whole_view(x, out, forward, backward, _shaped(tuple(out.shape)))


# ---------------------------------------------------------------------- reshape, ravel
def reshape(x: Array, shape: tuple[int, ...], copy: bool | None) -> Array:
    """NumPy's reshape of a validated ``shape``: a view exactly where NumPy gives one."""
    drv = x._driver
    if copy is True:
        return Array._new(drv.reshape(x._value, shape, True), drv, x._dtype)
    layout = layout_of(x)
    if layout is None:  # sizes a lazy driver does not know yet: no views there
        return Array._new(drv.reshape(x._value, shape, copy), drv, x._dtype)
    size = 1
    for n in layout.shape:
        size *= n
    known = 1
    for n in shape:
        known *= n if n != -1 else 1
    target = tuple(size // known if n == -1 else n for n in shape) if known else shape
    view = reshaped(layout, target)
    if view is None:
        if copy is False:
            raise ValueError(
                f"reshape: copy=False, but an array of shape {x.shape} with strides "
                f"{layout.strides} cannot be viewed as shape {target} (NumPy copies here)"
            )
        return Array._new(drv.reshape(x._value, target, True), drv, x._dtype)
    out = Array._new(drv.reshape(x._value, target, None), drv, x._dtype)
    base = layout.shape
    return whole_view(
        x,
        out,
        lambda d, v: d.reshape(v, target, None),
        lambda d, v, b: d.reshape(v, base, None),
        lambda b: reshaped(b, target) or b,
    )


def is_c_contiguous(x: Array) -> bool | None:
    """NumPy's ``x.flags.c_contiguous`` (``None`` where a lazy size is unknown)."""
    layout = layout_of(x)
    return None if layout is None else c_contiguous(layout)


# ---------------------------------------------------------------------- other views
def flipped(x: Array, out: Array, axes: tuple[int, ...]) -> Array:
    """``out``, ``x`` flipped along ``axes``: a view with negative strides, as NumPy's."""
    if x._driver.capabilities.mutable:
        return out
    if None in x.shape:  # a lazy driver's unknown sizes: a view that refuses writes
        return whole_view(x, out, lambda d, v: d.flip(v, axes), lambda d, v, b: v)
    key = tuple(slice(None, None, -1) if a in axes else slice(None) for a in range(x.ndim))
    return link(x, out, key) if is_view_key(key, x.ndim) else out


def unstacked(x: Array, outs: tuple[Array, ...], axis: int) -> tuple[Array, ...]:
    """``outs``, the slices of ``x`` along ``axis``: views, as NumPy's ``unstack``."""
    if x._driver.capabilities.mutable:
        return outs
    head = (slice(None),) * axis
    keys = [(*head, i) for i in range(len(outs))]
    if None in x.shape:  # a lazy driver's unknown sizes: views that refuse writes
        return tuple(
            whole_view(x, out, _getter(k), lambda d, v, b: v)
            for out, k in zip(outs, keys, strict=True)
        )
    return tuple(
        link(x, out, key) if is_view_key(key, x.ndim) else out
        for out, key in zip(outs, keys, strict=True)
    )


def _getter(key: tuple[Any, ...]) -> Any:
    """The forward function of a view ``x[key]``."""
    return lambda d, v: d.getitem(v, key)


def broadcast(x: Array, out: Array) -> Array:
    """``out``, ``x`` broadcast to ``out.shape``: a read-only view (NumPy's)."""
    shape = tuple(out.shape)
    lead = len(shape) - x.ndim

    def layout(base: Layout) -> Layout:
        strides = tuple(
            0 if n != m else s
            for n, m, s in zip(base.shape, shape[lead:], base.strides, strict=True)
        )
        sizes = cast("tuple[int, ...]", shape)  # a layout's base has known sizes
        return Layout(sizes, (0,) * lead + strides, base.itemsize)

    return whole_view(x, out, lambda d, v: d.broadcast_to(v, shape), None, layout)


def diagonal(x: Array, out: Array, offset: int) -> Array:
    """``out``, the diagonals of ``x``: a read-only view (NumPy's ``diagonal``)."""

    def layout(base: Layout) -> Layout:
        s1, s2 = base.strides[-2:]
        sizes = cast("tuple[int, ...]", tuple(out.shape))  # a layout's base has known sizes
        return Layout(sizes, (*base.strides[:-2], s1 + s2), base.itemsize)

    return whole_view(x, out, lambda d, v: d.diagonal(v, offset), None, layout)


def dlpack(x: Any, out: Array, copy: bool | None) -> Array:
    """``out``, ``from_dlpack(x)``: a view of ``x`` if it is an arraykit array of the same
    driver and device (NumPy's shares memory) unless ``copy=True``."""
    if x.__class__ is not Array or x._driver is not out._driver or copy:
        return out
    if out.device != x.device:
        return out
    return whole_view(x, out, lambda d, v: v, lambda d, v, b: v)


def _half(base: Layout) -> Layout:
    return Layout(base.shape, base.strides, base.itemsize // 2)


def part(x: Array, out: Array, which: str) -> Array:
    """``out``, ``x.real`` or ``x.imag`` (``which``): NumPy's views, writable for complex
    input; ``real`` of real input is all of ``x``, ``imag`` read-only zeros."""
    if x._dtype.kind != "c":
        if which == "real":
            return identity_view(x)
        return whole_view(x, out, lambda d, v: d.imag(v), None)
    if which == "real":
        backward = lambda d, v, b: d.complex(v, d.imag(b))  # noqa: E731
    else:
        backward = lambda d, v, b: d.complex(d.real(b), v)  # noqa: E731
    return whole_view(x, out, lambda d, v: getattr(d, which)(v), backward, _half)
