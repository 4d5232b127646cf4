"""The differential fuzzer's sweep: every public function of ``ak``, ``ak.linalg`` and
``ak.fft`` called once on the driver with valid inputs (``bad_input_cases.base_call``)
and compared with NumPy's function of the same name on the same inputs, so that every
public function is called in CI's run, whatever the random programs drew.

NumPy's function of the same name is the reference, except for the few in ``REFERENCES``
(arraykit-only functions, and the rules of ``docs/guides/departures.md``).  A new public
function is swept as soon as it exists; one whose NumPy reference cannot be found fails
``test_every_public_function_is_drawn_or_swept`` until it is added here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from bad_input_cases import EXCLUDED, FUNCTIONS, base_call, make
from differential_corners import astype_rule
from differential_ops import maximum_rule, minimum_rule, reduce_rule

import arraykit as ak


def _clip_rule(x: Any, min: Any = None, max: Any = None) -> Any:
    out = np.asarray(x)
    if min is not None:
        out = maximum_rule(out, min)
    if max is not None:
        out = minimum_rule(out, max)
    return out


# name -> NumPy reference, where it is not NumPy's function of the same name
REFERENCES: dict[str, Callable[..., Any]] = {
    "compute": lambda x, *more: (x, *more) if more else x,  # arraykit's: values as they are
    "stop_gradient": lambda x: x,  # arraykit's: the identity outside gradients
    "astype": lambda x, dtype, **kw: astype_rule(np.asarray(x), np.dtype(dtype)),
    "maximum": maximum_rule,
    "minimum": minimum_rule,
    "max": lambda x, **kw: reduce_rule("max")(x, **kw),
    "min": lambda x, **kw: reduce_rule("min")(x, **kw),
    "clip": _clip_rule,
    "argsort": lambda x, **kw: np.argsort(x, kind="stable", **kw),  # the standard's default
    "flatten": lambda a, order="C": np.asarray(a).flatten(order),  # tnp's: the method
}

# Results compared by a property rather than by value: name -> a function of (the
# arguments, arraykit's results, NumPy's results) that raises AssertionError.
Check = Callable[[tuple, list[np.ndarray], list[np.ndarray]], None]


def _eigh(args: tuple, got: list, want: list) -> None:
    a, (w, v) = args[0], got
    _close(w, want[0])  # eigenvalues; eigenvectors are not unique (repeated eigenvalues)
    _close((v * w[..., None, :]) @ np.conj(np.swapaxes(v, -1, -2)), a)


def _eig(args: tuple, got: list, want: list) -> None:
    """Eigenvalues in any order (sorted here), eigenvectors up to scale: ``A v = w v``."""
    a, w = args[0], got[0]
    _close(np.sort_complex(w), np.sort_complex(want[0]))
    if len(got) > 1:
        v = got[1]
        _close(a @ v, v * w[..., None, :])


def _svd(args: tuple, got: list, want: list) -> None:
    u, s, vh = got
    _close(s, want[1])
    _close((u[..., :, : s.shape[-1]] * s[..., None, :]) @ vh[..., : s.shape[-1], :], args[0])


def _qr(args: tuple, got: list, want: list) -> None:
    q, r = got
    _close(q @ r, args[0])
    _close(np.abs(r), np.abs(want[1]))


def _shape_only(args: tuple, got: list, want: list) -> None:
    for g, w in zip(got, want, strict=True):
        assert (g.dtype, g.shape) == (w.dtype, w.shape), (g, w)


CHECKS: dict[str, Check] = {
    "linalg.eigh": _eigh,
    "linalg.eig": _eig,
    "linalg.eigvals": _eig,
    "linalg.svd": _svd,
    "linalg.qr": _qr,
    "empty": _shape_only,
    "empty_like": _shape_only,
}


def reference(fname: str) -> Callable[..., Any] | None:
    if fname in REFERENCES:
        return REFERENCES[fname]
    mod: Any = np
    *path, leaf = fname.split(".")
    for p in path:
        mod = getattr(mod, p, None)
    return getattr(mod, leaf, None)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, (tuple, list)):
        return [v for item in value for v in _leaves(item)]
    return [value]


def _host(value: Any) -> Any:
    if isinstance(value, ak.Array):
        return np.array(ak.compute(value), copy=True)
    return value


def _close(g: Any, w: Any) -> None:
    g, w = np.asarray(g), np.asarray(w)
    assert g.shape == w.shape, f"shape {g.shape}, NumPy {w.shape}"
    if w.dtype.kind in "fc":
        single = np.finfo(w.dtype).dtype != np.float64
        np.testing.assert_allclose(g, w, rtol=1e-5 if single else 1e-10, atol=1e-12,
                                   equal_nan=True)  # fmt: skip
    else:
        assert np.array_equal(g, w), f"{g!r} != NumPy's {w!r}"


def _same(g: Any, w: Any) -> None:
    if isinstance(w, np.ndarray) or isinstance(g, np.ndarray):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype, f"dtype {g.dtype}, NumPy {w.dtype}"
        _close(g, w)
    elif hasattr(w, "bits") or hasattr(w, "eps"):  # finfo, iinfo
        for field in ("bits", "max", "min", "eps", "smallest_normal", "dtype"):
            if hasattr(w, field):
                assert getattr(g, field) == getattr(w, field), field
    elif isinstance(w, np.dtype) or isinstance(g, np.dtype):
        assert np.dtype(g) == np.dtype(w), f"{g}, NumPy {w}"
    else:
        assert g == w or (g != g and w != w), f"{g!r}, NumPy {w!r}"


def sweep(fname: str) -> None:
    """Call ``fname`` on the active driver with its base call, and NumPy's reference on
    the same inputs; raise AssertionError where they differ."""
    ref = reference(fname)
    assert ref is not None, f"no NumPy reference for {fname}: add one to REFERENCES"
    call = base_call(fname)
    args = tuple(make(a, ak.asarray) for a in call.args)
    kwargs = {k: make(v, ak.asarray) for k, v in call.kwargs.items()}
    np_kwargs = {k: v for k, v in call.kwargs.items() if k != "device"}
    with np.errstate(all="ignore"):
        want = ref(*call.args, **np_kwargs)
    got = FUNCTIONS[fname](*args, **kwargs)
    got_l, want_l = [_host(g) for g in _leaves(got)], [np.asarray(w) if isinstance(
        w, np.generic) else w for w in _leaves(want)]  # fmt: skip
    assert len(got_l) == len(want_l), f"{len(got_l)} results, NumPy {len(want_l)}"
    if fname in CHECKS:
        CHECKS[fname](call.args, got_l, want_l)
        return
    for g, w in zip(got_l, want_l, strict=True):
        _same(g, w)


# ------------------------------------------------------------------ the transforms
def _x() -> np.ndarray:
    return np.linspace(-1.0, 1.0, 6).reshape(2, 3)


def _transforms(driver: Any) -> dict[str, Callable[[], None]]:
    caps = driver.capabilities
    x = _x()

    def grads(name: str) -> None:
        f = getattr(ak, name)(lambda v: ak.sum(v * v))
        if not caps.autodiff:  # the documented refusal
            try:
                f(ak.asarray(x))
            except TypeError:
                return
            raise AssertionError(f"{name} on a driver without autodiff did not raise")
        out = _leaves(f(ak.asarray(x)))
        want = {"grad": [2 * x], "value_and_grad": [np.sum(x * x), 2 * x],
                "jacobian": [2 * x]}[name]  # fmt: skip
        for g, w in zip(out, want, strict=True):
            _close(_host(g), w)

    def jit() -> None:
        _close(_host(ak.jit(lambda v: ak.sin(v) + 1.0)(ak.asarray(x))), np.sin(x) + 1.0)

    def vmap() -> None:
        _close(_host(ak.vmap(lambda v: ak.sum(v))(ak.asarray(x))), np.sum(x, axis=1))

    def use() -> None:
        with ak.use(driver.name):
            _close(_host(ak.cumulative_sum(ak.asarray(x[0]))), np.cumulative_sum(x[0]))

    def set_defaults() -> None:
        ak.set_defaults()  # no argument: keeps the defaults, returns them

    def namespace() -> None:
        xp = ak.namespace(driver.name)
        _close(_host(xp.sum(xp.asarray(x), axis=0)), np.sum(x, axis=0))

    def info() -> None:
        got = ak.__array_namespace_info__().default_dtypes()
        assert {k: np.dtype(v) for k, v in got.items()} == dict(
            np.__array_namespace_info__().default_dtypes()
        )

    def make_mesh() -> None:  # the first device of the default kind, as jax.make_mesh
        mesh = ak.make_mesh((1,), ("d",))
        assert mesh.shape == {"d": 1} and mesh.devices[0] == driver.default_device()

    return {
        "make_mesh": make_mesh,
        "grad": lambda: grads("grad"),
        "value_and_grad": lambda: grads("value_and_grad"),
        "jacobian": lambda: grads("jacobian"),
        "jit": jit,
        "vmap": vmap,
        "use": use,
        "set_defaults": set_defaults,
        "namespace": namespace,
        "__array_namespace_info__": info,
    }


def sweep_other(fname: str, driver: Any) -> None:
    _transforms(driver)[fname]()


SWEPT = sorted(FUNCTIONS) + sorted(EXCLUDED)
