"""Sphinx extension for arraykit's reference pages.

* ``.. arraykit-names:: <module>`` documents every name of the module's ``__all__`` (or of
  ``:names:``) as ``<prefix>.<name>`` (``:prefix:``, default ``arraykit``), so a function
  added to a chapter appears in the reference without editing the page.
* ``.. arraykit-contract::`` renders the driver contract, the comment blocks of the
  ``Driver`` class in ``arraykit/drivers/_base.py``, as one entry per primitive, and warns
  about a primitive of ``PRIMITIVES`` whose contract it cannot find.
* When the build finishes reading, every public name of ``arraykit``, ``arraykit.linalg``,
  ``arraykit.fft`` and ``arraykit.drivers`` (and ``arraykit.random`` once it exists) must be
  documented somewhere; a missing one is a warning (an error under ``-W``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
import types
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

logger = logging.getLogger(__name__)

PUBLIC_MODULES = ("arraykit", "arraykit.linalg", "arraykit.fft", "arraykit.drivers")


def _kind(obj: Any) -> str:
    if isinstance(obj, type):
        return "autoclass"
    if callable(obj):
        return "autofunction"
    return "autodata"


class NamesDirective(SphinxDirective):
    """Document the names of a module's ``__all__`` under a public prefix."""

    required_arguments = 1
    option_spec = {  # noqa: RUF012 - docutils' interface
        "prefix": directives.unchanged,
        "names": directives.unchanged,
        "exclude": directives.unchanged,
        "members": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        module = importlib.import_module(self.arguments[0])
        prefix = self.options.get("prefix", "arraykit")
        public = importlib.import_module(prefix)
        names = (self.options.get("names") or "").split() or list(module.__all__)
        excluded = set((self.options.get("exclude") or "").split())
        lines: list[str] = []
        for name in names:
            if name in excluded:
                continue
            obj = getattr(public, name)
            lines.append(f".. {_kind(obj)}:: {prefix}.{name}")
            if isinstance(obj, type) and "members" in self.options:
                lines.append("   :members:")
            lines.append("")
        container = nodes.container()
        source = self.get_source_info()[0]
        nested_parse_with_titles(self.state, StringList(lines, source), container)
        return container.children


# --------------------------------------------------------------------- the driver contract
_RULE = re.compile(r"^-{8,}\s+(.*)$")
_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\(")


def contract_sections(source: str) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """``[(section title, [(signature, description lines), ...]), ...]`` from the comment
    block of ``Driver`` whose sections start with ``# ---- <title>`` rules."""
    body: list[str] = []
    started = False
    for raw in source.splitlines():
        stripped = raw.strip()
        if not started:
            if stripped.startswith("#") and _RULE.match(stripped.lstrip("# ")):
                started = True
            else:
                continue
        if not stripped.startswith("#"):
            if stripped:  # first code line after the block
                break
            continue
        text = stripped[1:]
        body.append(text[1:] if text.startswith(" ") else text)

    sections: list[tuple[str, list[tuple[str, list[str]]]]] = []
    entry: tuple[str, list[str]] | None = None
    for line in body:
        rule = _RULE.match(line)
        if rule:
            sections.append((rule.group(1).strip(), []))
            entry = None
            continue
        if not line.strip():
            if entry is not None:
                entry[1].append("")
            continue
        if line.startswith(" "):  # description of the current entry
            if entry is not None:
                entry[1].append(line[4:] if line.startswith("    ") else line.strip())
            continue
        # A signature line, possibly with a parenthesised note after two or more spaces,
        # or the continuation of a signature list that ended with ';'.
        match = re.match(r"^(.*?\S)\s{2,}(\(.*)$", line)
        sig, note = (match.group(1), match.group(2)) if match else (line, "")
        sig, note = sig.strip(), note.strip()
        current = sections[-1][1]
        if (
            entry is not None
            and current
            and current[-1][0].rstrip().endswith(";")
            and not (entry[1])
        ):
            merged = (current[-1][0] + " " + sig, current[-1][1])
            current[-1] = merged
            entry = merged
        else:
            entry = (sig, [])
            current.append(entry)
        if note:
            entry[1].append(note)
    return sections


def _unwrap_note(desc: list[str]) -> list[str]:
    """Drop the parentheses around a note that followed a signature (it may span lines)."""
    if not desc or not desc[0].startswith("("):
        return desc
    out = list(desc)
    out[0] = out[0][1:]
    for i, line in enumerate(out):
        if line.rstrip().endswith(")"):
            out[i] = line.rstrip()[:-1]
            break
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _blocks(lines: list[str]) -> list[str]:
    """Blank lines where the comment's indentation changes, so that an indented line under
    a term reads as reStructuredText's definition list (and a dedent ends it)."""
    out: list[str] = []
    for line in lines:
        if line.strip() and out and out[-1].strip():
            if _indent(line) < _indent(out[-1]):
                out.append("")
            elif _indent(line) > _indent(out[-1]) and len(out) > 1 and out[-2].strip():
                out.insert(len(out) - 1, "")
        out.append(line)
    return out


def primitive_sections(cls: type) -> tuple[list[tuple[str, list[tuple[str, list[str]]]]], set[str]]:
    """``contract_sections``' shape from a class of typed declarations: each
    ``name: Callable[...]`` (its docstring the description) under the last ``# ----
    <title>`` rule above it; the elementwise ones (``_Unary``/``_Binary``) are left to the
    tuples' entry.  Also the set of names declared."""
    source = textwrap.dedent(inspect.getsource(cls))
    lines = source.splitlines()
    rules = [(i + 1, m.group(1).strip()) for i, line in enumerate(lines)
             if (m := _RULE.match(line.strip().lstrip("# ")))]  # fmt: skip
    body = ast.parse(source).body[0].body  # type: ignore[attr-defined]
    sections: dict[str, list[tuple[str, list[str]]]] = {title: [] for _, title in rules}
    declared: set[str] = set()
    for k, node in enumerate(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        name = node.target.id
        declared.add(name)
        annotation = ast.get_source_segment(source, node.annotation) or ""
        if annotation in ("_Unary", "_Binary"):
            continue
        title = max((r for r in rules if r[0] < node.lineno), default=(0, "runtime"))[1]
        nxt = body[k + 1] if k + 1 < len(body) else None
        doc = (nxt.value.value if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
               and isinstance(nxt.value.value, str) else "")  # fmt: skip
        sections.setdefault(title, []).append(
            (f"{name}: {annotation}", inspect.cleandoc(doc).splitlines() if doc else [])
        )
    out = [(title, entries) for title, entries in sections.items()]
    for title, entries in out:
        if title == "elementwise":
            entries.insert(0, ("UNARY_ELEMENTWISE", []))
    return out, declared


def contract_rst(sections: list[tuple[str, list[tuple[str, list[str]]]]]) -> list[str]:
    lines: list[str] = []
    for title, entries in sections:
        heading = "FFT" if title == "fft" else title[0].upper() + title[1:]
        lines += [heading, "~" * len(heading), ""]
        for sig, desc in entries:
            lines.append("; ".join(f"``{part.strip()}``" for part in sig.split("; ")))
            text = _blocks(_unwrap_note(desc))
            while text and not text[-1]:
                text.pop()
            lines += ["   " + d if d else "" for d in text]
            lines.append("")
    return lines


def contract_names(sections: list[tuple[str, list[tuple[str, list[str]]]]]) -> set[str]:
    """The primitive names whose signatures the contract states."""
    found: set[str] = set()
    for _, entries in sections:
        for sig, _desc in entries:
            found.update(_NAME.findall(sig))
    return found


def _tuple_text(base: Any, which: str) -> list[str]:
    """The attribute docstring of ``UNARY_ELEMENTWISE``/``BINARY_ELEMENTWISE`` and its names."""
    from sphinx.pycode import ModuleAnalyzer

    name = f"{which}_ELEMENTWISE"
    doc = ModuleAnalyzer.for_module(base.__name__).find_attr_docs()[("", name)]
    return [line for line in doc if line.strip()] + [
        "",
        ", ".join(f"``{n}``" for n in getattr(base, name)),
    ]


class ContractDirective(SphinxDirective):
    """The comment blocks of ``Primitives`` (``arraykit/drivers/_primitives.py``) and
    ``Driver`` (``arraykit/drivers/_base.py``), one entry per primitive (signature as the
    term, its conditions as the definition)."""

    def run(self) -> list[nodes.Node]:
        from arraykit.drivers import _base, _primitives

        # the required primitives' contract (drivers/_primitives.py: typed declarations
        # with docstrings), then Driver's comment blocks: its optional fast paths and
        # defaults (drivers/_base.py)
        sections, declared = primitive_sections(_primitives.Primitives)
        sections += contract_sections(inspect.getsource(_base.Driver))
        for _title, entries in sections:  # the elementwise tuples, spelled out
            for i, (sig, _desc) in enumerate(entries):
                if "UNARY_ELEMENTWISE" in sig:
                    entries[i : i + 1] = [
                        ("f(x) -> x, f in UNARY_ELEMENTWISE", _tuple_text(_base, "UNARY")),
                        ("f(x1, x2) -> x, f in BINARY_ELEMENTWISE", _tuple_text(_base, "BINARY")),
                    ]
        stated = contract_names(sections) | declared | set(_base.UNARY_ELEMENTWISE)
        stated |= set(_base.BINARY_ELEMENTWISE)
        missing = [p for p in _base.PRIMITIVES if p not in stated]
        if missing:
            logger.warning(
                "driver contract: no contract text found for primitive(s) %s",
                ", ".join(missing),
                location=(self.env.docname, self.lineno),
            )
        for module in (_primitives, _base):
            if path := inspect.getsourcefile(module):
                self.env.note_dependency(path)
        container = nodes.container()
        nested_parse_with_titles(
            self.state, StringList(contract_rst(sections), "arraykit/drivers/_base.py"), container
        )
        return container.children


# --------------------------------------------------------------------- completeness check
def public_names(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if module_name == "arraykit" or names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
        names.append("__array_namespace_info__")
    out = []
    for name in names:
        obj = getattr(module, name)
        if isinstance(obj, types.ModuleType):
            continue
        if getattr(obj, "__module__", "") in ("typing", "__future__") or name in (
            "annotations",
            "Any",
        ):
            continue
        out.append(name)
    return out


def check_complete(app: Sphinx, env: Any) -> None:
    documented = set(env.domaindata["py"]["objects"])
    modules = list(PUBLIC_MODULES)
    if app.config.html_context.get("have_random"):
        modules.append("arraykit.random")
    for module_name in modules:
        for name in public_names(module_name):
            if f"{module_name}.{name}" not in documented:
                logger.warning("reference: public name %s.%s is not documented", module_name, name)


def escape_elementwise(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """The element-wise docstrings are generated from ``_elementwise.TABLE``, whose summaries
    use ``|x|`` for absolute values: escaped here, where reStructuredText would read a
    substitution."""
    if getattr(obj, "__module__", None) == "arraykit" and what == "function":
        lines[:] = [line.replace("|", "\\|") for line in lines]


def add_random(app: Sphinx, docname: str, source: list[str]) -> None:
    """List ``ak.random``'s page in the reference's toctree once the module exists."""
    if docname == "reference/index":
        have = app.config.html_context.get("have_random")
        source[0] = source[0].replace("{random}", "random" if have else "")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("source-read", add_random)
    app.connect("autodoc-process-docstring", escape_elementwise)
    app.add_directive("arraykit-names", NamesDirective)
    app.add_directive("arraykit-contract", ContractDirective)
    app.connect("env-check-consistency", check_complete)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
