"""The release artefact, checked (``tox -e package`` runs this; issue 27 #4).

1. ``python -m build`` makes the sdist, then the wheel from the unpacked sdist (so the
   sdist holds what a rebuild needs);
2. ``twine check --strict`` (the metadata PyPI renders) and ``check-wheel-contents`` (no
   duplicates, bytecode, stray top-level modules...);
3. the sdist's and the wheel's file lists are exactly the files git tracks under
   ``arraykit/`` plus the few the build adds (a file git does not track is a stray);
4. the metadata: this version (``arraykit/_version.py``, the one place it is written, and
   CHANGELOG.md's newest section), the Pythons of pyproject's classifiers are those
   tox.ini tests and Requires-Python starts at the oldest, the ``arraykit.drivers`` entry
   point;
5. the wheel, installed with pip into a new virtual environment (no site packages), imports
   every public module, says its version, computes on the NumPy driver, and each other
   driver is either usable (its framework is installed) or says what to install.

Usage: ``python .ci/check_package.py WORKDIR`` (WORKDIR receives dist/ and venv/).
"""

from __future__ import annotations

import configparser
import email
import json
import re
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ["arraykit", "arraykit.random", "arraykit.linalg", "arraykit.fft", "arraykit.typing"]
# Beside arraykit/'s tracked files: what hatchling adds to the sdist (PKG-INFO; .gitignore,
# which a rebuild reads for its exclusions) and pyproject's only-include list.
SDIST_EXTRA = {"PKG-INFO", ".gitignore", "pyproject.toml", "README.md", "CHANGELOG.md"}
WHEEL_META = {"METADATA", "WHEEL", "RECORD", "entry_points.txt"}

# Run in the fresh environment: every public module imports, the version is the wheel's,
# and each built-in driver either works or names the extra to install.
PROBE = """
import importlib, importlib.metadata, importlib.resources, importlib.util, json, sys
out = {"modules": {}, "drivers": {}}
for name in MODULES:
    importlib.import_module(name)
    out["modules"][name] = True
import arraykit as ak
out["version"] = ak.__version__
out["metadata_version"] = importlib.metadata.version("arraykit-api")
out["file"] = ak.__file__
out["typed"] = importlib.resources.files("arraykit").joinpath("py.typed").is_file()
out["sum"] = int(ak.sum(ak.arange(10)))
for name, framework in [("numpy", "numpy"), ("tensorflow", "tensorflow"), ("jax", "jax"),
                        ("dask", "dask")]:
    if importlib.util.find_spec(framework) is None:
        try:
            ak.drivers.get(name)
            out["drivers"][name] = "usable without its framework?"
        except ValueError as e:
            out["drivers"][name] = "missing: " + str(e)
    else:
        importlib.import_module("arraykit.drivers." + name)
        with ak.use(name):
            out["drivers"][name] = "usable" if int(ak.sum(ak.ones(3))) == 3 else "wrong"
print(json.dumps(out))
"""


def run(*cmd: str | Path, cwd: Path = ROOT, quiet: bool = False) -> str:
    """``cmd``'s output; its exit status must be 0 (its output is shown unless ``quiet``,
    and always when it fails)."""
    words = [str(w) if len(str(w)) < 120 else "..." for w in cmd]
    print("$", " ".join(words), flush=True)
    done = subprocess.run(list(map(str, cmd)), cwd=cwd, text=True, capture_output=True)
    if done.returncode or not quiet:
        print(done.stdout + done.stderr, end="", flush=True)
    if done.returncode:
        sys.exit(f"check_package: {words[0]} failed with exit status {done.returncode}")
    return done.stdout


def fail(message: str) -> None:
    sys.exit(f"check_package: {message}")


def tracked(under: str) -> set[str]:
    if not (ROOT / ".git").exists():
        fail(f"{ROOT} is not a git checkout: the file lists are checked against git's")
    return set(run("git", "ls-files", "--", under, quiet=True).split())


def tested_pythons() -> set[str]:
    """The X.Y of every pyXY factor of tox.ini's env_list."""
    tox = configparser.ConfigParser(interpolation=None)
    tox.read(ROOT / "tox.ini")
    envs = tox["tox"]["env_list"]
    found = {f"3.{m}" for m in re.findall(r"\bpy3(\d+)", envs)}
    for alternatives in re.findall(r"\bpy3\{([\d,]+)\}", envs):
        found |= {f"3.{m}" for m in alternatives.split(",")}
    return found


def check_lists(sdist: Path, wheel: Path) -> None:
    package = tracked("arraykit")
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        in_sdist = {
            n.removeprefix(f"{top}/") for n in tar.getnames() if not tar.getmember(n).isdir()
        }
    want = package | SDIST_EXTRA
    if in_sdist != want:
        fail(f"the sdist's files differ: strays {sorted(in_sdist - want)}, "
             f"missing {sorted(want - in_sdist)}")  # fmt: skip
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    dist_info = {n for n in names if n.split("/")[0].endswith(".dist-info")}
    if names - dist_info != package:
        fail(f"the wheel's files differ: strays {sorted(names - dist_info - package)}, "
             f"missing {sorted(package - names)}")  # fmt: skip
    if {n.split("/", 1)[1] for n in dist_info} != WHEEL_META:
        fail(f"the wheel's .dist-info holds {sorted(dist_info)}")
    print(f"file lists: sdist {len(in_sdist)} files, wheel {len(names)}, as git tracks them")


def check_metadata(wheel: Path) -> None:
    version: dict[str, str] = {}
    exec((ROOT / "arraykit" / "_version.py").read_text(), version)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    with zipfile.ZipFile(wheel) as whl:
        info = f"arraykit_api-{version['__version__']}.dist-info"
        meta = email.message_from_bytes(whl.read(f"{info}/METADATA"))
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
    if meta["Name"] != project["name"] or meta["Version"] != version["__version__"]:
        fail(f"metadata says {meta['Name']} {meta['Version']}")
    classified = {
        c.rsplit(" :: ", 1)[1]
        for c in meta.get_all("Classifier", [])
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    if classified != (tested := tested_pythons()):
        fail(f"classifiers say Python {sorted(classified)}, tox.ini tests {sorted(tested)}")
    oldest = min(classified, key=lambda v: tuple(map(int, v.split("."))))
    if meta["Requires-Python"] != f">={oldest}":
        fail(f"Requires-Python is {meta['Requires-Python']}, the oldest tested is {oldest}")
    changelog = (ROOT / "CHANGELOG.md").read_text()
    newest = re.search(r"^## (\S+)", changelog, re.M)
    if not newest or newest[1] != version["__version__"]:
        fail(f"CHANGELOG.md's newest section is {newest and newest[1]}, not this version")
    if "numpy = arraykit.drivers.numpy:NumPyDriver" not in entry_points:
        fail(f"the arraykit.drivers entry point is missing:\n{entry_points}")
    print(f"metadata: {meta['Name']} {meta['Version']}, Python {sorted(classified)}")


def check_install(wheel: Path, work: Path) -> None:
    env = work / "venv"
    venv.create(env, clear=True, with_pip=True)
    python = env / "bin" / "python"
    run(python, "-m", "pip", "install", "--quiet", wheel)
    code = f"MODULES = {PUBLIC!r}\n{PROBE}"
    out = run(python, "-I", "-c", code, cwd=work, quiet=True)
    found = json.loads(out.strip().splitlines()[-1])
    if not found["file"].startswith(str(env)):
        fail(f"imported {found['file']}, not the installed wheel's")
    if found["version"] != found["metadata_version"]:
        fail(f"arraykit.__version__ {found['version']}, metadata {found['metadata_version']}")
    if not found["typed"] or found["sum"] != 45:
        fail(f"py.typed {found['typed']}, ak.sum(ak.arange(10)) {found['sum']}")
    for name, state in found["drivers"].items():
        if state != "usable" and f'pip install "arraykit-api[{name}]"' not in state:
            fail(f"driver {name}: {state}")
    print(f"installed wheel: imports {', '.join(PUBLIC)}; version {found['version']}; py.typed;")
    for name, state in found["drivers"].items():
        print(f"  driver {name}: {state}")


def main() -> None:
    work = Path(sys.argv[1]).resolve()
    dist = work / "dist"
    for old in dist.glob("*"):
        old.unlink()
    run(sys.executable, "-m", "build", "--outdir", dist, ROOT)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel)
    run(sys.executable, "-m", "check_wheel_contents", "--package", ROOT / "arraykit", wheel)
    check_lists(sdist, wheel)
    check_metadata(wheel)
    check_install(wheel, work)
    print(f"check_package: {sdist.name} and {wheel.name} pass")


if __name__ == "__main__":
    main()
