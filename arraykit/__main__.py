"""``python -m arraykit info | bench | conformance``."""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import subprocess
import sys
from pathlib import Path

import arraykit as ak

from . import _config
from ._quiet import quiet_startup

__all__ = ["main", "quiet_startup"]

_FRAMEWORKS = {"numpy": "numpy", "tensorflow": "tensorflow", "jax": "jax"}


def _framework_version(framework: str) -> str | None:
    """The framework's version as the imported module states it (``tensorflow-cpu`` and
    ``tensorflow`` both import as ``tensorflow``), or ``None`` where it does not import."""
    try:
        module = importlib.import_module(framework)
    except Exception:
        return None
    version = getattr(module, "__version__", None)
    if version is None:
        try:
            version = importlib.metadata.version(framework)
        except importlib.metadata.PackageNotFoundError:
            version = "(version unknown)"
    return str(version)


def info(_: argparse.Namespace) -> int:
    """Print arraykit's version, every driver with its framework and devices, and the
    active settings."""
    with quiet_startup():
        return _info()


def _info() -> int:
    cfg = _config.get()
    print(f"arraykit {ak.__version__} (array API {ak.__array_api_version__})")
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    print(
        f"active: driver={cfg.driver.name} device={cfg.placement()} "
        f"promotion={cfg.promotion.name} default_float={cfg.default_float} "
        f"default_int={cfg.default_int}"
    )
    print("drivers:")
    available = ak.drivers.available()
    for name in ak.drivers._names():
        framework = _FRAMEWORKS.get(name, name)
        version = _framework_version(framework) or "not installed"
        if name not in available:
            print(f"  {name:<11} {framework} {version}: not available")
            continue
        try:
            drv = ak.drivers.get(name)
            devices = ", ".join(str(d) for d in drv.devices())
            caps = drv.capabilities
            flags = [
                f
                for f in ("float64", "complex", "autodiff", "jit", "vmap", "mutable")
                if getattr(caps, f)
            ]
            print(f"  {name:<11} {framework} {version}: devices [{devices}]; {', '.join(flags)}")
        except Exception as e:
            print(f"  {name:<11} {framework} {version}: fails to start: {e}")
    return 0


def bench(args: argparse.Namespace) -> int:
    from . import _bench

    return _bench.main(args.rest)


def conformance(args: argparse.Namespace) -> int:
    runner = Path.cwd() / "conformance" / "run.py"
    if not runner.exists():
        print(
            "conformance: run this from an arraykit source checkout (conformance/run.py)",
            file=sys.stderr,
        )
        return 2
    return subprocess.call([sys.executable, str(runner), *args.rest])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m arraykit",
        description="arraykit's commands: info (versions, drivers, devices, settings), "
        "bench (the NumPy-vs-accelerator study; bench --help for its options) and "
        "conformance (the array API conformance suite, from a source checkout).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="versions, drivers, devices, settings").set_defaults(fn=info)
    for name, fn, text in (
        ("bench", bench, "the NumPy-vs-accelerator study (see --help)"),
        ("conformance", conformance, "run the array API conformance suite (source checkout)"),
    ):
        p = sub.add_parser(name, help=text, add_help=False)
        p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(fn=fn)
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("bench", "conformance"):
        # Their options are their own: REMAINDER drops a leading "--option" (argparse).
        return {"bench": bench, "conformance": conformance}[argv[0]](
            argparse.Namespace(rest=argv[1:])
        )
    args = parser.parse_args(argv)
    code: int = args.fn(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
