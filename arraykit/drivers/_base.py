"""The driver contract: what every driver provides, with the exact meaning of each primitive.

Core decides, drivers execute.  Every primitive below receives *native* values of its
driver (``np.ndarray``, ``tf.Tensor``, ``jax.Array``, tracers), already validated by
core, already cast to the dtypes core chose, and all on one device.  A primitive never
promotes, never validates the spec's rules and never sees an ``Array``.  It returns
native values whose dtype is the one stated here (usually: the input's).

Conventions used in the contract:

* ``axes`` are tuples of non-negative ints, already checked against ``ndim``; a single
  ``axis`` is a non-negative int.
* ``dtype`` arguments are canonical ``np.dtype`` objects of ``arraykit._dtypes``.
* Broadcasting among same-dtype inputs of elementwise primitives is the driver's job
  (every backend does it natively); core reports incompatible shapes.
* Returned 0-d results are native arrays, never Python or NumPy scalars.

A driver subclasses ``Driver``, sets ``name`` and ``capabilities`` and implements every
name in ``PRIMITIVES`` (as methods or as instance attributes set in ``__init__``), with
the signature and meaning ``_primitives.Primitives`` gives it.  A missing primitive
raises ``TypeError`` when the driver is created.  The names in
``COMPOSITES`` are built by core from primitives; a driver may define any of them with
the same signature as the core function's native part to replace core's composition
with a native fast path.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

import numpy as np

from .._devices import Device
from .._dtypes import canonical
from ._primitives import Native, Primitives


@dataclass(frozen=True)
class Capabilities:
    """What a driver can do; tests and core branch on these flags, never on driver names.

    Examples
    --------
    >>> caps = ak.drivers.get("numpy").capabilities
    >>> caps.float64, caps.autodiff
    (True, False)
    """

    float64: bool = True
    complex: bool = True
    bfloat16: bool = False
    float16: bool = False  # holds and computes the extra float16 (not in the standard)
    autodiff: bool = False
    jit: bool = False
    vmap: bool = False
    mutable: bool = False
    """Values can be updated in place (``setitem`` mutates and views see it); the driver has
    ``strides_of``, and its views are its backend's own (core keeps them on the others)."""
    lazy: bool = False
    """Operations build a task graph and values are computed on demand (a Python scalar, a
    host copy, ``ak.compute``): a size that depends on data is ``None`` in ``shape`` until
    then, and each operation costs graph building (~0.1-1 ms) rather than a kernel call."""
    data_dependent_shapes: bool = True
    """Boolean indexing, ``nonzero`` and ``unique_*`` work (eagerly, at least)."""
    multi_device: bool = False
    """More than one device may exist: core checks that inputs share one."""
    python_scalars: bool = False
    """Binary elementwise primitives accept a Python scalar as either operand, taking the
    other operand's dtype (as NEP 50 weak scalars do); core passes one only when the value
    fits that dtype.  Saves converting every scalar operand to a native 0-d array."""
    subnormals: bool = True
    """Arithmetic keeps subnormal floats; ``False``: results flush them to zero (XLA does,
    on CPU and GPU).  Tests comparing with NumPy draw no subnormals then."""
    traced_index_checks: bool = True
    """Out-of-range indices inside ``ak.jit``/``ak.vmap`` (where core cannot read them)
    raise ``IndexError`` when the program runs, on the driver's CPU devices at least;
    ``False``: they are clamped or filled silently (XLA's gathers and scatters) unless the
    function is compiled or mapped with ``checked=True`` (``Transforms.checks``)."""
    max_dimensions: int | None = None
    """The most dimensions an array may have; ``None``: no limit (``info.capabilities()``)."""
    sort_kinds: frozenset[str] = field(
        default_factory=lambda: frozenset({"quicksort", "mergesort", "heapsort", "stable"})
    )


UNARY_ELEMENTWISE: tuple[str, ...] = (
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "ceil",
    "conj", "cos", "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan",
    "log", "log1p", "log2", "log10", "logical_not", "negative", "real", "reciprocal",
    "round", "sign", "signbit", "sin", "sinh", "square", "sqrt", "tan", "tanh", "trunc",
)  # fmt: skip
"""``f(x)``: the spec's function of the same name, elementwise, with the spec's special
cases.  The output dtype is ``x``'s, except: ``isfinite``/``isinf``/``isnan``/``signbit``
return bool; ``real``/``imag``/``abs`` of complex return the real dtype of the precision."""

BINARY_ELEMENTWISE: tuple[str, ...] = (
    "add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "copysign", "divide", "equal", "floor_divide",
    "greater", "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and",
    "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter",
    "not_equal", "pow", "remainder", "subtract",
)  # fmt: skip
"""``f(x1, x2)``: inputs of one dtype, broadcast together.  Comparisons return bool; the
rest the input dtype.  ``maximum``/``minimum`` (``max``, ``min``, ``clip``): -0 < +0."""

PRIMITIVES: tuple[str, ...] = (
    # runtime
    "devices", "default_device", "device_of", "dtype_of", "shape_of", "is_native",
    "asarray", "to_numpy", "to_device", "to_scalar", "astype", "copy",
    "dlpack", "dlpack_device", "from_dlpack",
    # indexing
    "getitem", "setitem", "take", "take_along_axis",
    # elementwise
    *UNARY_ELEMENTWISE, *BINARY_ELEMENTWISE, "clip", "complex",
    # creation
    "arange", "full", "empty", "eye", "linspace", "tril", "triu",
    # manipulation
    "reshape", "permute_dims", "broadcast_to", "concat", "expand_dims", "squeeze",
    "flip", "roll", "repeat", "tile",
    # searching
    "argmax", "argmin", "nonzero", "where", "searchsorted", "count_nonzero",
    # sets and sorting
    "unique_all", "unique_counts", "unique_inverse", "unique_values", "isin",
    "sort", "argsort",
    # statistics and utility
    "sum", "prod", "max", "min", "mean", "var", "std", "cumulative_sum", "cumulative_prod",
    "all", "any",
    # linear algebra
    "matmul", "tensordot", "cholesky", "det", "eig", "eigvals", "eigh", "eigvalsh", "inv",
    "qr", "slogdet", "solve", "svd", "svdvals", "pinv", "cross", "diagonal",
    "matrix_power", "vector_norm", "matrix_norm",
    # fft
    "fftn", "ifftn", "rfftn", "irfftn",
)  # fmt: skip

COMPOSITES: tuple[str, ...] = (
    "stack",
    "vecdot",
    "outer",
    "trace",
    "matrix_rank",
    "meshgrid",
    "moveaxis",
    "unstack",
    "broadcast_arrays",
    "diff", "bincount",  # bincount: x int64 in [0, minlength), weights None or float64
    "hfft",
    "ihfft",
    "fftshift",
    "ifftshift",
)  # fmt: skip
"""Core builds these from primitives; a driver attribute of the same name, if not
``None``, is used instead.  Its arguments are those of the public function with arrays
replaced by natives, after core's validation and promotion."""


JIT_OPTIONS = frozenset({"jit_compile"})
"""The ``jit`` options every built-in driver accepts (TensorFlow acts on ``jit_compile``)."""


def check_jit_options(options: dict[str, Any], known: frozenset[str], driver: str) -> None:
    """``TypeError`` for an option ``jit`` does not know on ``driver``."""
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(
            f"jit: unknown option(s) {', '.join(unknown)} for the {driver!r} driver; "
            f"known: {', '.join(sorted(known)) or 'none'}"
        )


class Transforms:
    """The function-transform hooks of a driver (its ``transforms`` attribute).

    Core (``arraykit/_transforms.py``) flattens the user's arguments, validates them,
    records dtypes and wraps/unwraps ``Array``s; every function a hook takes or returns
    works on *native* values only.  Core calls ``value_and_grad`` and ``jacobian`` only on
    drivers whose ``capabilities.autodiff`` is true, so a driver without autodiff leaves
    them out; a driver without a compiler or a vectoriser still provides ``jit`` and
    ``vmap`` as eager stand-ins (run ``fn``; loop and stack)."""

    def value_and_grad(
        self, fn: Callable[..., Any], argnums: tuple[int, ...], has_aux: bool
    ) -> Callable[..., Any]:
        """``fn(*args)`` takes one tuple of natives per argument and returns a 0-d real
        floating-point native (with ``has_aux``: the pair ``(value, aux)``, ``aux`` a
        tuple of natives).  ``argnums``: distinct non-negative ints naming arguments that
        hold float or complex natives only.

        Returns a callable taking the same arguments and returning ``(value, grads)``
        (``((value, aux), grads)``), ``grads`` a tuple over ``argnums`` of tuples of
        natives shaped and typed like that argument's.  An input the value does not
        depend on has a zero gradient.  For a complex input ``z = x + iy`` the gradient
        is ``df/dx + i df/dy`` (TensorFlow's and PyTorch's convention; JAX returns the
        conjugate), so ``z - lr * g`` descends, as for the pair of reals ``(x, y)``.
        """
        raise NotImplementedError

    def jacobian(self, fn: Callable[..., Any], argnums: tuple[int, ...]) -> Callable[..., Any]:
        """``fn`` as for ``value_and_grad`` but returning a tuple of real floating-point
        natives (the outputs; core refuses complex ones).  The callable returns, per
        output, a tuple over ``argnums`` of tuples of natives of shape
        ``out.shape + in.shape`` (reverse mode; complex inputs as in ``value_and_grad``).
        """
        raise NotImplementedError

    def jit(
        self, fn: Callable[..., Any], static_argnums: tuple[int, ...], options: dict[str, Any]
    ) -> Callable[..., Any]:
        """``fn(*args)`` with the arguments at ``static_argnums`` passed by value (hashable
        Python objects: trace again when they change) and the others nested tuples of
        natives; it returns a tuple of natives.  The static values determine the
        structure, shapes and dtypes of the other arguments (core's trace key includes
        them), so a driver may trace once per static value.  ``options``: driver options
        (``JIT_OPTIONS``); an unknown one raises ``TypeError`` naming those known
        (``check_jit_options``), and ``"checked"`` (see ``checks``).  Core calls the
        result many times: it is where tracing is cached.
        """
        raise NotImplementedError

    def vmap(
        self,
        fn: Callable[..., Any],
        in_axes: tuple[int | None, ...],
        out_axes: int,
        checked: bool = False,
    ) -> Callable[..., Any]:
        """``fn(*leaves)`` takes natives and returns a tuple of natives; ``in_axes`` has one
        entry per leaf, a non-negative axis or ``None`` (not mapped), and the mapped sizes
        agree (core checked).  The callable maps ``fn`` over those axes and stacks every
        output along ``out_axes`` (an int; core passes 0).  Core keeps the callable and
        calls it again for arguments of the same structure and dtypes (shapes may differ),
        so a driver may trace it once per shape.  ``checked``: see ``checks``.
        """
        raise NotImplementedError

    def stop_gradient(self, x: Any) -> Any:
        """``x``, a constant for the gradient hooks."""
        raise NotImplementedError

    def traced(self, x: Any) -> bool:
        """Whether the native ``x`` is a value being traced (a tracer, a symbolic tensor)."""
        return False

    checks: bool = False
    """Whether ``jit``/``vmap`` take ``checked`` (``ak.jit(f, checked=True)``; core passes
    ``options["checked"]``, ``vmap(..., checked=True)`` to such drivers only): they trace
    inside ``traced_checking``, and raise the first failed ``check`` after running."""

    _checking = contextvars.ContextVar("arraykit_checking", default=False)

    def tracing_checks(self) -> bool:
        """Whether a checked function is being traced (core adds checks only then)."""
        return self._checking.get()

    def traced_checking(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn``, run with ``tracing_checks()`` true."""

        def body(*args: Any) -> Any:
            token = self._checking.set(True)
            try:
                return fn(*args)
            finally:
                self._checking.reset(token)

        return body

    def check(
        self, ok: Any, error: type[Exception], message: str, guarded: Any, **values: Any
    ) -> Any:
        """While ``tracing_checks()``: the program raises ``error(message)`` (``{name}``
        fields filled from ``values``, 0-d natives) where the 0-d bool ``ok`` is false; it
        returns ``guarded`` (the checked index), after the check where ops are ordered."""
        return guarded

    jit_traces_by_signature: bool = False
    """Whether ``jit``'s callable traces ``fn`` again whenever the shapes or dtypes of its
    non-static arguments change, caching per signature itself (JAX).  Core then also
    compiles ``f`` with positional natives in, natives out (its flat form)."""

    jit_arrays: Callable[..., Any] | None = None
    """Optional fast path of ``jit``, for a compiler that flattens arraykit arrays itself
    (JAX: ``Array`` is a registered pytree), saving core's Python flattening per call.
    ``jit_arrays(f, static_argnums, static_argnames)`` (the user's ``f`` on Arrays; the
    static arguments as core completed them) returns ``call(args, kwargs)``, which runs
    ``f`` compiled (its result, Arrays included) or returns ``NOT_HANDLED``: every
    traced leaf must be an arraykit array of one driver with these hooks (a Python scalar
    or other constant among them takes core's general path, where constants are static),
    and ``f`` must return arraykit arrays only.  Core tries it once a call has shown the
    driver, after its flat form (``jit_traces_by_signature``)."""


NOT_HANDLED: Any = object()
"""Returned by ``Transforms.jit_arrays``'s callable for arguments it cannot take."""


class Driver(Primitives):
    """Base class of every driver.  See the module docstring for the rules of the contract.

    Subclasses document nothing they inherit: the meaning of every primitive is stated
    once, here.

    Examples
    --------
    >>> drv = ak.asarray(0).driver            # the driver of an array
    >>> isinstance(drv, ak.drivers.Driver), drv is ak.drivers.get(drv.name)
    (True, True)
    """

    name: ClassVar[str]
    capabilities: ClassVar[Capabilities]
    transforms: ClassVar[Transforms | None] = None
    """The function-transform hooks (``ak.grad``, ``ak.jit``, ``ak.vmap``...); ``None``:
    the driver has none, and the transforms raise ``TypeError``."""

    # Optional native fast paths for core's composites (see COMPOSITES).
    stack: Callable[..., Native] | None = None
    vecdot: Callable[..., Native] | None = None
    outer: Callable[..., Native] | None = None
    trace: Callable[..., Native] | None = None
    matrix_rank: Callable[..., Native] | None = None
    meshgrid: Callable[..., list[Native]] | None = None
    moveaxis: Callable[..., Native] | None = None
    unstack: Callable[..., tuple[Native, ...]] | None = None
    broadcast_arrays: Callable[..., list[Native]] | None = None
    diff: Callable[..., Native] | None = None
    hfft: Callable[..., Native] | None = None
    ihfft: Callable[..., Native] | None = None
    fftshift: Callable[..., Native] | None = None
    ifftshift: Callable[..., Native] | None = None
    bincount: Callable[..., Native] | None = None
    # Optional fast paths of primitives, used by core when not None:
    # integer_pow(x, n) -> x   ``pow(x, n)`` for a real floating-point ``x`` and a Python
    #     int ``n`` in int32 range, by repeated multiplication (the spec's special cases
    #     hold; correctly rounded for n in -1, 0, 1, 2).
    integer_pow: Callable[[Native, int], Native] | None = None
    gcd: Callable[[Native, Native], Native] | None = (
        None  # NumPy's, integer natives of one dtype/shape
    )
    # philox4x32_10(key, counter, n, device) -> x: the first ``n`` words (uint32, shape (n,)) of
    #     Philox4x32-10 (``random/_philox.py``), ``key`` two ints < 2**32, from block ``counter``
    #     (an int < 2**128, or in a transform a native uint64 (low, high 64 bits)).  Optional
    #     too: philox_uniform(key, counter, n, dtype, device), philox_integers(key, counter,
    #     low, r, n, dtype, device) -> x | None: ``random``'s floats, ``integers``' values for
    #     r <= 2**32 from those words (``random/_generator.py``); None: core maps the words.
    philox4x32_10: Callable[..., Native] | None = None
    philox_uniform: Callable[..., Native | None] | None = None
    philox_integers: Callable[..., Native | None] | None = None
    # bitcast(x, dtype) -> x | None   ``x``'s bytes as ``dtype`` (``x.view``), ``tf.bitcast``'s
    #     shapes (itemsizes ``r`` times smaller: a last axis of ``r`` added; larger: one
    #     dropped); None: not this pair (core composes bool, complex).  Mutable: a view.
    bitcast: Callable[[Native, np.dtype[Any]], Native | None] | None = None
    # full_like(x, fill_value, dtype, device) -> x   an array of ``x``'s shape filled with
    #     ``fill_value`` (a Python scalar of ``dtype``'s kind) on ``device``; core calls it
    #     for ``*_like`` of an ``x`` whose shape has unknown (``None``) sizes, and raises a
    #     ``ValueError`` naming the function without it.
    full_like: Callable[[Native, Any, np.dtype[Any], Device], Native] | None = None
    # compute(xs) -> tuple[x, ...]   ``ak.compute``: the natives ``xs`` (a tuple) with their
    #     values computed and held by the driver (a lazy driver runs its graph once for all
    #     of them; sizes unknown before are known after).  ``None``: values are computed
    #     when made, and ``ak.compute`` returns its arguments.
    compute: Callable[[tuple[Any, ...]], tuple[Any, ...]] | None = None
    strides_of: Callable[[Any], tuple[int, ...]] | None = None  # mutable drivers: see above
    # make_sharding(sharding) -> native   the driver's native sharding (JAX's NamedSharding)
    #     for an ``ak.Sharding`` over a mesh of its devices; the driver's primitives then take
    #     that ``Sharding`` wherever they take a ``Device`` (its ``native``), and ``device_of``
    #     of a value split over several devices returns one.  ``None``: one device per array
    #     (core refuses a ``Sharding``, naming the driver).
    make_sharding: Callable[[Any], Any] | None = None
    # constrain(x, sharding) -> x   ``x`` split as ``sharding`` (an ``ak.Sharding`` with its
    #     native made), eagerly or inside a compiled function (JAX's
    #     ``with_sharding_constraint``); with ``make_sharding``.
    constrain: Callable[[Any, Any], Any] | None = None

    options: ClassVar[frozenset[str]] = frozenset()
    """The names of the settings ``ak.use(driver, name=value)`` takes for this driver (the
    Dask driver's ``chunks``); the driver reads the active ones with ``core_link().options``."""

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` (names in ``self.options``) checked and normalised, for ``ak.use``;
        ``TypeError`` for an unknown name, ``ValueError`` for a bad value."""
        unknown = sorted(set(options) - self.options)
        if unknown:
            raise TypeError(
                f"use: unknown option(s) {', '.join(unknown)} for the {self.name!r} driver; "
                f"known: {', '.join(sorted(self.options)) or 'none'}"
            )
        return dict(options)

    def __init__(self) -> None:
        missing = [p for p in PRIMITIVES if not callable(getattr(self, p, None))]
        if missing:
            raise TypeError(
                f"driver {type(self).__name__} is missing required primitives: "
                + ", ".join(missing)
            )

    def __repr__(self) -> str:
        return f"<arraykit driver {self.name!r}>"


if TYPE_CHECKING:
    Part = Driver
else:
    Part = object
"""The base of a driver's chapter mixins: ``Driver`` for type checkers, so that a mixin's
primitives are checked against the contract and may call the driver's others; ``object``
when running (the driver class adds ``Driver`` itself)."""


SortKind = Literal["quicksort", "mergesort", "heapsort", "stable"]


class LinAlgSignal(np.linalg.LinAlgError):
    """A linear-algebra failure a driver signals to core (see the linalg part of the
    contract, ``_primitives``); core catches it and raises ``ak.linalg.LinAlgError`` naming the
    function.  A subclass of NumPy's ``LinAlgError``, so that one escaping core still
    lands in every ``except numpy.linalg.LinAlgError``."""

    def __init__(self, index: tuple[int, ...] | None = None) -> None:
        super().__init__(index)
        self.index = index
        """The stack index of the first failing matrix (``()``: a single matrix), or
        ``None`` where the backend does not say which."""


class SingularMatrix(LinAlgSignal):
    """``inv``/``solve``: an exact zero pivot in the LU factorisation (getrf's ``info > 0``)."""


class NotPositiveDefinite(LinAlgSignal):
    """``cholesky``: a pivot <= 0 in the factorisation (potrf's ``info > 0``)."""


class NoConvergence(LinAlgSignal):
    """An eigenvalue or singular value algorithm the backend reports as failed."""


def first_failing(flags: np.ndarray) -> tuple[int, ...] | None:
    """A signal's ``index``: the first true entry of ``flags`` (shaped like the stack)."""
    if not flags.any():
        return None
    return tuple(int(i) for i in np.unravel_index(int(np.argmax(flags)), flags.shape))


def host_unique(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``unique_all``'s contract on host data: ``(values, indices, inverse_indices,
    counts)``, values sorted with NaNs last, each the first occurrence of its value.

    For drivers that compute data-dependent shapes on the host (NumPy, JAX eagerly).
    NumPy's own ``unique_values``/``unique_counts`` hash integers and return them
    unsorted since NumPy 2.3; ``np.unique`` with ``return_index`` sorts stably, so the
    first occurrence represents each run of equal values."""
    values, indices, inverse, counts = np.unique(
        x.reshape(-1), return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    return values, indices, inverse.reshape(x.shape), counts


def canonical_dtype(dt: np.dtype) -> np.dtype:
    """Map a backend-reported NumPy dtype to arraykit's canonical object."""
    return canonical(dt)


# ---------------------------------------------------------------------- what core lends
class CoreLink(NamedTuple):
    """What core lends the drivers that must know arraykit's array class: a compiler that
    flattens arguments itself (JAX registers the class as a pytree), a hook that checks
    what a user's function returned.  Every other driver needs none of it.

    Drivers never import the class: they get it here, so the layers stay one-way (core
    imports the contract, the contract imports no core chapter).
    """

    array_type: type
    """arraykit's ``Array`` (test ``x.__class__ is array_type``: no subclasses exist)."""
    flatten: Callable[[Any], tuple[tuple[Any], tuple[Driver, np.dtype]]]
    """``flatten(a) -> ((native,), (driver, dtype))``: an array's one leaf and its
    auxiliary data, the form pytree registries take (JAX calls it on every ``jax.jit``
    call over arrays, so core writes it to read its slots directly)."""
    new: Callable[[Any, Driver, np.dtype], Any]
    """``new(native, driver, dtype)``: a new array; ``dtype`` is the native's canonical
    dtype.  No validation (JAX rebuilds pytrees with placeholder leaves)."""
    options: Callable[[str], dict[str, Any]] = lambda name: {}
    """``options(driver_name)``: the settings ``ak.use`` holds for that driver in the active
    context (checked by its ``check_options``; ``{}`` when none were given)."""


_linked: CoreLink | None = None


def link_core(link: CoreLink) -> None:
    """Called once by core while ``arraykit`` is imported, before any driver exists."""
    global _linked
    _linked = link


def core_link() -> CoreLink:
    """What core lends drivers (see ``CoreLink``)."""
    if _linked is None:  # only if a driver module is run outside arraykit
        raise RuntimeError("arraykit's core has not linked itself to the drivers yet")
    return _linked
