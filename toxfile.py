"""tox's inline plugin (tox 4 loads ``toxfile.py`` next to ``tox.ini`` by itself).

It lets tox find the CPython versions that pyenv installed, with no action from the user:
``py312`` and ``py313`` need ``python3.12`` and ``python3.13``, and pyenv puts them on
``PATH`` only as shims, which answer "command not found" unless that version is selected
(``pyenv global``, ``.python-version``), so tox's own discovery misses them.  Here every
``$PYENV_ROOT/versions/X.Y.Z`` (default ``~/.pyenv``) of Python 3.11 or later goes on the
list of interpreters tox tries first (its ``--discover``), newest first, after any the user
names; tox still takes one only where it is the version an environment asks for.  Nothing
changes where pyenv is absent, and an environment whose Python is nowhere still fails
(``skip_missing_interpreters = false``).  Elsewhere, name the interpreters yourself:
``tox --discover /path/to/python3.12 /path/to/python3.13 -e ...`` (or ``TOX_DISCOVER``), or
put them on ``PATH``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from tox.plugin import impl

if TYPE_CHECKING:
    from tox.config.sets import ConfigSet
    from tox.session.state import State

OLDEST = (3, 11)  # pyproject.toml's requires-python
_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)")


def pyenv_interpreters(root: Path) -> list[str]:
    """``root/versions/X.Y.Z/bin/pythonX.Y`` of every CPython X.Y >= OLDEST, newest first."""
    found = []
    for version in root.glob("versions/*"):
        if not (m := _VERSION.fullmatch(version.name)):
            continue  # pypy3.10-7.3, 3.13.0t, miniconda3-latest...: not tox's CPython
        major, minor, micro = map(int, m.groups())
        exe = version / "bin" / f"python{major}.{minor}"
        if (major, minor) >= OLDEST and os.access(exe, os.X_OK):
            found.append(((major, minor, micro), str(exe)))
    return [exe for _, exe in sorted(found, reverse=True)]


@impl
def tox_add_core_config(core_conf: ConfigSet, state: State) -> None:
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    options = state.conf.options
    named = list(getattr(options, "discover", None) or [])
    options.discover = named + [exe for exe in pyenv_interpreters(root) if exe not in named]
