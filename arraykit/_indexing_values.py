"""What ``x[key] = value`` takes as ``value``, by NumPy's rules, on every driver.

NumPy drops a value's leading axes of length 1 beyond the indexed shape (``x[1:3] =
ak.asarray([[1.0, 2.0]])``), except from a nested list assigned to a view (it reads the
list only as deep as the view: ``x[1:3] = [[1.0, 2.0]]`` raises), for a single element
(an int for every axis takes a 0-D value only) and for one boolean index over every axis
(a 0-D or 1-D value).  TF and JAX refused the first, JAX and Dask took any value for an
empty selection: core decides here, before any driver sees the value.
"""

from __future__ import annotations

from typing import Any

from . import _dtypes as dt
from ._core import broadcast_shapes
from ._types import Shape


def indexed_shape(
    drv: Any, shape: Shape, key: tuple[Any, ...]
) -> tuple[tuple[int | None, ...], str]:
    """The shape of ``x[key]`` by NumPy's rules (``x`` of ``shape``, ``key`` normalised;
    ``None`` for a size that depends on data), and how NumPy assigns to it: ``"element"``
    (an int for every axis), ``"mask"`` (one boolean array over every axis), ``"basic"``
    (a view) or ``"advanced"``.  ``IndexError`` if index arrays do not broadcast."""
    ndim = len(shape)
    if len(key) == ndim and all(k.__class__ is int for k in key):
        return (), "element"
    natives = [k for k in key if not (k is None or k is Ellipsis or k.__class__ in (int, slice))]
    masks = [drv.dtype_of(k) == dt.bool for k in natives]
    if len(key) == 1 and natives and masks[0] and len(drv.shape_of(key[0])) == ndim:
        return (None,), "mask"
    consumed = sum(
        len(drv.shape_of(k)) if is_mask else 1 for k, is_mask in zip(natives, masks, strict=True)
    ) + sum(1 for k in key if k.__class__ in (int, slice))
    seq: list[tuple[bool, Shape]] = []  # per result item: (advanced?, its dims)
    axis = 0
    bools = iter(masks)
    for item in key:
        cls = item.__class__
        if item is None:
            seq.append((False, (1,)))
        elif item is Ellipsis:  # (False, ()): it parts advanced items even standing
            seq.append((False, ()))  # for no axes, as in NumPy (x[:, 0, ..., idx])
            seq.extend((False, (n,)) for n in shape[axis : axis + ndim - consumed])
            axis += ndim - consumed
        elif cls is int:
            if natives:
                seq.append((True, ()))
            axis += 1
        elif cls is slice:
            n = shape[axis]
            seq.append((False, (None if n is None else len(range(*item.indices(n))),)))
            axis += 1
        elif next(bools):
            seq.append((True, (None,)))  # as many as it has True values
            axis += len(drv.shape_of(item))
        else:
            seq.append((True, tuple(drv.shape_of(item))))
            axis += 1
    seq.extend((False, (n,)) for n in shape[axis:])
    if not natives:
        return tuple(n for _, dims in seq for n in dims), "basic"
    where = [i for i, (adv, _) in enumerate(seq) if adv]
    try:
        joint = broadcast_shapes(*(dims for adv, dims in seq if adv))
    except ValueError:
        shapes = " ".join(str(dims) for adv, dims in seq if adv and dims)
        raise IndexError(
            f"__setitem__: shape mismatch: indexing arrays could not be broadcast together "
            f"with shapes {shapes}"
        ) from None
    rest = [(i, dims) for i, (adv, dims) in enumerate(seq) if not adv]
    if where == list(range(where[0], where[-1] + 1)):  # together: the joint axes in place
        before = tuple(n for i, dims in rest if i < where[0] for n in dims)
        after = tuple(n for i, dims in rest if i > where[0] for n in dims)
        return before + joint + after, "advanced"
    return joint + tuple(n for _, dims in rest for n in dims), "advanced"


def fit_value(
    drv: Any, shape: Shape, key: tuple[Any, ...], native: Any, listed: bool, mask: bool
) -> Any:
    """``native`` ready to assign to ``x[key]`` (``x`` of ``shape``), as NumPy takes it:
    leading axes of length 1 beyond the indexed shape's are dropped, except from a nested
    list assigned to a view (NumPy reads it only as deep as the view) and for an element
    or a boolean index over every axis (a 0-D or 1-D value there); anything else must
    broadcast to the indexed shape, else ``ValueError`` on every driver."""
    vshape = drv.shape_of(native)
    if not vshape:
        return native  # a 0-D value fits every target
    target = _basic_shape(shape, key) if not mask else None
    if target is not None:  # ints and slices (x[i] = row, x[:, j] = column): the common case
        if target == vshape:
            return native
        kind = "basic" if target or len(key) < len(shape) else "element"
    else:
        target, kind = indexed_shape(drv, shape, key)
    if mask:
        kind = "mask"
    vshape = tuple(vshape)
    fn = "__setitem__"
    if kind == "element":
        raise ValueError(
            f"{fn}: setting an array element with a sequence: a value of shape {vshape} "
            "cannot be assigned to the single element an int for every axis selects"
        )
    if kind == "mask" and len(vshape) > 1:
        raise ValueError(
            f"{fn}: a boolean index over every axis takes a 0-D or 1-D value (one per True "
            f"element, or one for all), got shape {vshape}"
        )
    if listed and kind == "basic" and len(vshape) > len(target):
        raise ValueError(
            f"{fn}: a nested list {len(vshape)} deep cannot be assigned to the indexed shape "
            f"{target} ({len(target)} dimensions), as in NumPy; an array of that shape "
            "can (its leading length-1 axes are dropped)"
        )
    fitted = vshape
    # pyright keeps a tuple[()] from the len(vshape) > 1 test above, not this len guard
    while len(fitted) > len(target) and fitted[0] == 1:  # pyright: ignore[reportGeneralTypeIssues]
        fitted = fitted[1:]
    if len(fitted) > len(target) or any(
        v != t and v != 1 and v is not None and t is not None
        for v, t in zip(fitted[::-1], target[::-1], strict=False)
    ):
        raise ValueError(
            f"{fn}: a value of shape {vshape} cannot be broadcast to the indexed shape {target}"
        )
    return native if fitted == vshape else drv.reshape(native, fitted, None)


def _basic_shape(shape: Shape, key: tuple[Any, ...]) -> Shape | None:
    """``x[key]``'s shape for a key of ints and slices only, else None."""
    if len(key) > len(shape):
        return None
    out = []
    for k, n in zip(key, shape, strict=False):
        cls = k.__class__
        if cls is int:
            continue
        if cls is not slice:
            return None
        if n is None or (k.start is None and k.stop is None and k.step is None):
            out.append(n)
        else:
            out.append(len(range(*k.indices(n))))
    return (*out, *shape[len(key) :]) if out else tuple(shape[len(key) :])
