"""arraykit's version: the one place it is written.

The wheel's metadata reads it (pyproject.toml: ``[tool.hatch.version]``), and so do
``arraykit.__version__``, ``python -m arraykit info`` and the documentation's
``conf.py``; ``tests/test_typing.py`` checks that the installed metadata agrees.
"""

__version__ = "0.1.0"
