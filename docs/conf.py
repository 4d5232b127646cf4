"""Sphinx configuration of arraykit's documentation site (``tox -e docs`` builds it).

The reference pages are generated from the docstrings (autodoc); ``_ext/arraykit_docs.py``
expands one chapter of the namespace per directive, renders the driver contract from the
comment blocks of ``arraykit/drivers/_base.py`` and fails the build (a warning, an error
under ``-W``) when a public name is missing from the reference.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
# Build the checkout's arraykit, not another installed copy.
sys.path.insert(0, str(HERE.parent))

import arraykit  # noqa: E402

project = "arraykit"
author = "the arraykit developers"
copyright = "the arraykit developers"
release = arraykit.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "arraykit_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "bench/*.csv"]

# ``ak.random`` is being written on another branch: its page joins the reference once the
# module exists, and the build does not need it before then.
HAVE_RANDOM = importlib.util.find_spec("arraykit.random") is not None
if not HAVE_RANDOM:
    exclude_patterns.append("reference/random.rst")

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
napoleon_google_docstring = False
napoleon_numpy_docstring = True

html_theme = "pydata_sphinx_theme"
html_title = f"arraykit {release}"
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version", "theme-version"],
}
html_static_path: list[str] = []
html_context = {"have_random": HAVE_RANDOM}
html_show_sourcelink = False
