"""Linear algebra and FFT calls for the differential fuzzer (see ``differential_ops``).

These are compared with ``rel`` checks: the error, per element, must stay within
``REL_TOL[dtype] * n`` of a scale (the result's max norm; ``|a| @ |b|`` for matmul), with
``n`` the problem size times, for inv/solve/det/qr, the input's condition number.  They
are drawn only on finite inputs of moderate magnitude (``moderate``): what LAPACK or an
FFT returns for non-finite, overflowing or underflowing (flushed) inputs is not
specified by any of the backends, and the condition number is capped (``COND_LIMIT``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from differential_ops import COND_LIMIT, Call, Elements, det_flush, kind, pick
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraykit as ak

# Magnitudes (of nonzero entries) linalg and FFT inputs are drawn within: a product of
# five such numbers neither overflows nor underflows (no flush-to-zero differences).
MAGNITUDE = {"f": (1e-6, 1e6), "d": (1e-30, 1e30)}


def moderate(x: np.ndarray) -> bool:
    if x.dtype.kind not in "fc" or not np.all(np.isfinite(x)):
        return False
    lo, hi = MAGNITUDE["f" if x.dtype in (np.float32, np.complex64) else "d"]
    m = np.abs(x[x != 0])
    return bool(m.size == 0 or (m.min() >= lo and m.max() <= hi))


def _wide(x: np.ndarray) -> np.ndarray:
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


def _cond(x: np.ndarray) -> float:
    with np.errstate(all="ignore"):
        c = np.linalg.cond(_wide(x))
    return float(np.max(c)) if np.size(c) else 1.0


def _max_scale(ref: Any) -> Any:
    """The result's max norm, one number for the whole output."""
    return lambda r: np.max(np.abs(_wide(np.asarray(ref(r)))), initial=0.0)


def _operand(data: Any, dtype: np.dtype, shape: tuple[int, ...], el: Elements) -> np.ndarray:
    lo, hi = MAGNITUDE["f" if dtype in (np.float32, np.complex64) else "d"]
    if dtype.kind in "iu":
        return data.draw(hnp.arrays(dtype, shape, elements=el(dtype)), label="operand")
    real = st.integers(-9, 9).map(float) | st.floats(-10.0, 10.0, width=32, allow_subnormal=False)
    elem = st.builds(complex, real, real) if dtype.kind == "c" else real
    out = data.draw(hnp.arrays(dtype, shape, elements=elem), label="operand")
    assert lo <= 1 <= hi
    return out


def _matmul(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if x.ndim == 0 or kind(x) not in "iufc" or (kind(x) in "fc" and not moderate(x)):
        return None
    n = x.shape[-1]
    k = data.draw(st.integers(1, 4), label="k")
    shapes = [(n,), (n, k)] + ([(*x.shape[:-2], n, k)] if x.ndim > 2 else [])
    y = _operand(data, x.dtype, data.draw(st.sampled_from(shapes), label="y shape"), el)
    ya = ak.asarray(y.copy())
    call = Call("matmul", lambda a: ak.matmul(a, ya), lambda r: np.matmul(r, y), extra={"y": y})
    if kind(x) in "fc":
        call.check, call.n = "rel", max(n, 1)
        call.scale = lambda r: np.matmul(np.abs(_wide(r)), np.abs(_wide(y)))
    return call


def _square(x: np.ndarray) -> bool:
    return x.ndim >= 2 and x.shape[-1] == x.shape[-2] and x.shape[-1] > 0 and x.size > 0


def draw_linalg(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    names = ["matmul"]
    if moderate(x) and x.ndim >= 2 and x.size:
        names.append("linalg.svdvals")
        cond = _cond(x)
        if _square(x):
            names.append("linalg.eigvalsh")
            if cond <= COND_LIMIT[x.dtype.name]:
                names += ["linalg.inv", "linalg.det", "linalg.solve"]
        if x.shape[-2] >= x.shape[-1] and cond <= COND_LIMIT[x.dtype.name]:
            names.append("linalg.qr")
    name = pick(data, names)
    if name == "matmul":
        return _matmul(data, x, el)
    n = x.shape[-1]
    if name == "linalg.svdvals":
        ref = lambda r: np.linalg.svd(r, compute_uv=False)  # noqa: E731
        return Call(name, ak.linalg.svdvals, ref, "rel", _max_scale(ref), max(x.shape[-2:]))
    if name == "linalg.eigvalsh":

        def sym(a: Any, lib: Any) -> Any:
            t = lib.matrix_transpose(a)
            return (a + (lib.conj(t) if kind(x) == "c" else t)) / 2

        ref = lambda r: np.linalg.eigvalsh(sym(r, np))  # noqa: E731
        return Call(
            name, lambda a: ak.linalg.eigvalsh(sym(a, ak)), ref, "rel", _max_scale(ref), 4 * n
        )
    scaled = max(1, int(n * _cond(x)))
    if name == "linalg.inv":
        ref = np.linalg.inv
        return Call(name, ak.linalg.inv, ref, "rel", _max_scale(ref), scaled)
    if name == "linalg.det":
        return Call(
            name,
            ak.linalg.det,
            np.linalg.det,
            "rel",
            lambda r: np.abs(np.linalg.det(_wide(r))),
            scaled,
            flush=det_flush,
        )
    if name == "linalg.solve":
        k = data.draw(st.integers(1, 3), label="k")
        b = _operand(data, x.dtype, (*x.shape[:-1], k), el)
        ba = ak.asarray(b.copy())
        ref = lambda r: np.linalg.solve(r, b)  # noqa: E731
        return Call(
            name,
            lambda a: ak.linalg.solve(a, ba),
            ref,
            "rel",
            _max_scale(ref),
            scaled,
            extra={"y": b},
        )
    # qr: unique once the diagonal of R is made non-negative (backends pick signs freely)
    return Call(
        name,
        lambda a: tuple(ak.linalg.qr(a)),
        lambda r: tuple(np.linalg.qr(r)),
        "rel",
        lambda r: np.max(np.abs(_wide(r)), initial=0.0),
        scaled * 4,
        post=_qr_signs,
    )


def _qr_signs(qr: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    q, r = qr
    d = np.diagonal(r, axis1=-2, axis2=-1)
    s = np.where(d == 0, 1, d / np.where(d == 0, 1, np.abs(d))).astype(q.dtype)
    return q * s[..., None, :], r * np.conj(s)[..., :, None]


def draw_fft(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if not moderate(x) or x.ndim == 0:
        return None
    names = ["fft.fft", "fft.ifft", "fft.fftn"] + (
        ["fft.rfft"] if kind(x) == "f" else ["fft.irfft"]
    )
    name = pick(data, names)
    norm = data.draw(st.sampled_from(["backward", "ortho", "forward"]), label="norm")
    fn = getattr(ak.fft, name[4:])
    ref_fn = getattr(np.fft, name[4:])
    if name == "fft.fftn":
        axes = data.draw(
            st.none() | st.lists(st.integers(0, x.ndim - 1), unique=True, min_size=1), label="axes"
        )
        if any(x.shape[a] == 0 for a in (axes if axes is not None else range(x.ndim))):
            return None
        kw: dict[str, Any] = {"axes": axes, "norm": norm}
        size = x.size
    else:
        axis = data.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
        n = data.draw(st.none() | st.integers(1, 8), label="n")
        length = n if n is not None else x.shape[axis]
        if name == "fft.irfft" and n is None:
            length = 2 * (x.shape[axis] - 1)
        if length < 1 or (name == "fft.irfft" and x.shape[axis] == 0):
            return None  # NumPy's irfft of an empty input padded to n returns uninitialised
            # memory (np.fft.irfft(np.zeros(0, np.complex64), n=1) gave 2.7e29): no reference
        kw = {"n": n, "axis": axis, "norm": norm}
        size = max(length, x.shape[axis])
    # float16 input: NumPy's result is complex64, but its "ortho" factor 1/sqrt(n) is
    # rounded to float16 (fftn of four 1.5703125 gives 3.1402895, not 3.140625);
    # arraykit transforms float16 as float32 (reported, not yet on the departures page)
    ref = lambda r: ref_fn(r.astype(np.float32) if r.dtype == np.float16 else r, **kw)  # noqa: E731
    return Call(name, lambda a: fn(a, **kw), ref, "rel", _max_scale(ref), 2 * size)
