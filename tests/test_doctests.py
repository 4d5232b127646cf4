"""Every example in the public docstrings and in the documentation's pages, run as a doctest
on every driver of the ``driver`` fixture (the same example; the test switches the driver).

What is collected:

* the docstring of every public name of ``arraykit``, ``arraykit.linalg``, ``arraykit.fft``,
  ``arraykit.drivers`` (and ``arraykit.random`` once it exists), and of ``Array``'s
  methods and properties;
* the ``pycon`` code blocks of ``docs/**/*.md`` (the blocks of one page share their names,
  in order, as a reader's session would) and the ``>>>`` examples of
  ``docs/**/*.rst``.

Output is compared as NumPy-style text, with two normalisations (``ArraykitChecker``):
an array's repr ends in ``device=..., driver=...)``, which depends on the driver, so that
suffix is dropped from both the expected and the actual output (examples are written
without it); and whitespace is normalised (``NORMALIZE_WHITESPACE``), since an array's
repr may wrap at another column when the suffix is longer.

An example that cannot run on some drivers says so in a comment the runner reads, naming
a capability flag of ``Capabilities`` (never a driver's name) and the reason::

    >>> # requires: autodiff -- the NumPy driver does not differentiate

The whole docstring (or ``pycon`` block) is then skipped on drivers lacking the flag, with
the reason in the skip message.  Every public name must have such an example
(``test_every_public_name_has_an_example``).  ``docs/guides/writing-examples.md`` is the
contributors' guide to these rules.
"""

from __future__ import annotations

import contextvars
import doctest
import importlib
import importlib.util
import inspect
import re
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraykit as ak

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

MODULES = ["arraykit", "arraykit.linalg", "arraykit.fft", "arraykit.drivers"]
if importlib.util.find_spec("arraykit.random") is not None:
    MODULES.append("arraykit.random")

_SUFFIX = re.compile(r",\s*device=[^,()\s]+,\s*driver=\w+\)")
_REQUIRES = re.compile(r"#\s*requires:\s*([\w\s,]+?)\s+--\s+(.+)$", re.M)
_PYCON = re.compile(r"^```pycon[^\n]*\n(.*?)^```", re.M | re.S)
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class ArraykitChecker(doctest.OutputChecker):
    """Compare outputs with the ``device=..., driver=...`` suffix of array reprs removed."""

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        return super().check_output(_SUFFIX.sub(")", want), _SUFFIX.sub(")", got), optionflags)


def _public_objects() -> list[tuple[str, Any]]:
    """``(qualified name, object)`` for every public name whose docstring is collected."""
    seen: set[int] = set()
    out: list[tuple[str, Any]] = []

    def add(name: str, obj: Any) -> None:
        if id(obj) in seen or not isinstance(getattr(obj, "__doc__", None), str):
            return
        if isinstance(obj, types.ModuleType) and name != "arraykit":
            return
        seen.add(id(obj))
        out.append((name, obj))

    for module_name in MODULES:
        module = importlib.import_module(module_name)
        add(module_name, module)
        names = getattr(module, "__all__", None) or [
            n for n in dir(module) if not n.startswith("_")
        ]
        for name in names:
            obj = getattr(module, name)
            if inspect.isfunction(obj) or inspect.isclass(obj) or isinstance(obj, ak.use):
                add(f"{module_name}.{name}", obj)
            if inspect.isclass(obj) and module_name == "arraykit.random":  # its methods too
                for method, member in inspect.getmembers(obj, inspect.isfunction):
                    if not method.startswith("_"):
                        add(f"{module_name}.{name}.{method}", member)
    add("arraykit.__array_namespace_info__", ak.__array_namespace_info__)
    for name, member in vars(ak.Array).items():
        if name.startswith("_") and name not in ("__getitem__", "__setitem__"):
            continue
        add(f"arraykit.Array.{name}", member)
    return out


def _origin(obj: Any) -> str:
    """The module that defines ``obj`` (a property: its getter's)."""
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    target = obj.fget if isinstance(obj, property) else obj
    return getattr(target, "__module__", None) or ""


def _docstring_tests() -> list[doctest.DocTest]:
    parser = doctest.DocTestParser()
    tests = []
    for name, obj in _public_objects():
        if not _origin(obj).startswith("arraykit"):
            continue  # re-exported from NumPy (ak.float_ is np.float64): NumPy's own examples
        doc = inspect.getdoc(obj) if not isinstance(obj, property) else obj.__doc__
        if not doc or ">>>" not in doc:
            continue
        tests.append(parser.get_doctest(doc, {}, name, None, None))
    return tests


def _page_tests() -> list[tuple[str, list[doctest.DocTest]]]:
    """Per page, its examples: one DocTest per ``pycon`` block (Markdown) or one for the
    whole page (reStructuredText)."""
    parser = doctest.DocTestParser()
    pages = []
    for path in sorted(DOCS.rglob("*")):
        if "_build" in path.parts or path.suffix not in (".md", ".rst"):
            continue
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(ROOT))
        if path.suffix == ".md":
            blocks = [m.group(1) for m in _PYCON.finditer(text)]
        else:
            blocks = [text] if ">>>" in text else []
        tests = [parser.get_doctest(b, {}, f"{rel}[{i}]", rel, 0) for i, b in enumerate(blocks)]
        tests = [t for t in tests if t.examples]
        if tests:
            pages.append((rel, tests))
    return pages


DOCSTRING_TESTS = _docstring_tests()
PAGE_TESTS = _page_tests()


def _unmet(test: doctest.DocTest, driver: ak.drivers.Driver) -> str | None:
    """The reason this example cannot run on ``driver``, or ``None``."""
    # doctest drops comment-only examples, so the marker is read from the text itself.
    for match in _REQUIRES.finditer(test.docstring or ""):
        flags = [f.strip() for f in match.group(1).split(",") if f.strip()]
        for flag in flags:
            if not hasattr(driver.capabilities, flag):
                raise AssertionError(f"{test.name}: unknown capability {flag!r} in a marker")
            if not getattr(driver.capabilities, flag):
                return f"{test.name} needs {flag} ({match.group(2).strip()})"
    return None


def _globs() -> dict[str, Any]:
    return {"ak": ak, "np": np, "__name__": "__doctest__"}


def _run(
    test: doctest.DocTest, globs: dict[str, Any], context: contextvars.Context
) -> tuple[int, str]:
    """Run ``test`` with ``globs`` in ``context``, a copy of the test's context, so that an
    example's ``ak.use(...)`` call cannot leak out of its docstring or page; returns
    (failures, report)."""
    report: list[str] = []
    runner = doctest.DocTestRunner(checker=ArraykitChecker(), optionflags=OPTIONS)
    test.globs = globs
    result = context.run(runner.run, test, out=report.append, clear_globs=False)
    return result.failed, "".join(report)


def test_examples_were_collected():
    """The collection finds the docstring and guide examples (a broken collector would
    otherwise pass vacuously)."""
    names = {t.name for t in DOCSTRING_TESTS}
    assert {"arraykit.sort", "arraykit.fft.fft", "arraykit.use", "arraykit.Array"} <= names
    pages = {rel for rel, _ in PAGE_TESTS}
    assert {"docs/guides/tf-numpy.md", "docs/reference/linalg.rst"} <= pages


def test_every_public_name_has_an_example():
    """Every public function, class and ``Array`` member (and the package) has an
    ``Examples`` section with at least one ``>>>`` in its docstring, so a name added later
    without one fails here (issue 19; docs/guides/writing-examples.md says where to write
    it when the module is at the 600-line cap)."""
    lacking = []
    for name, obj in _public_objects():
        if not _origin(obj).startswith("arraykit"):
            continue  # imported from elsewhere (typing.Any): not arraykit's to document
        doc = inspect.cleandoc(obj.__doc__ or "")
        section = re.search(r"^Examples\n-{8}\n(.*)", doc, re.M | re.S)
        if section is None or ">>>" not in section.group(1):
            lacking.append(name)
    assert not lacking, f"docstrings without an Examples section: {', '.join(lacking)}"


@pytest.mark.parametrize("test", DOCSTRING_TESTS, ids=lambda t: t.name)
def test_docstring_example(driver, test):
    reason = _unmet(test, driver)
    if reason:
        pytest.skip(reason)
    failed, report = _run(test, _globs(), contextvars.copy_context())
    assert not failed, report


@pytest.mark.parametrize(("page", "tests"), PAGE_TESTS, ids=[p for p, _ in PAGE_TESTS])
def test_page_examples(driver, page, tests):
    globs = _globs()
    context = contextvars.copy_context()  # one reader's session per page
    skipped = []
    for test in tests:
        reason = _unmet(test, driver)
        if reason:
            skipped.append(reason)
            continue
        failed, report = _run(test, globs, context)
        assert not failed, report
    if skipped and len(skipped) == len(tests):
        pytest.skip("; ".join(skipped))
