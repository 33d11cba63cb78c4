"""`.format()` templates: which string literals are formatted, and their literal text.

A generated script written as a template (`SCRIPT.format(log=…)`) is read as
the string `.format()` returns: its doubled braces stand for one.
"""

from __future__ import annotations

import ast
import re

from auditor.hosts.mapped import MappedText
from auditor.python.model.module import PythonModule

_DOUBLED_BRACE = re.compile(r"\{\{|\}\}")


def unescape_braces(template: MappedText) -> MappedText:
    """A `.format()` template's literal text: `{{`/`}}` become `{`/`}`, fields stay."""
    parts: list[MappedText] = []
    position = 0
    for match in _DOUBLED_BRACE.finditer(template.text):
        parts.append(template.slice(position, match.start() + 1))
        position = match.end()
    parts.append(template.slice(position, len(template)))
    return MappedText.join(parts)


def format_templates(module: PythonModule) -> frozenset[str]:
    """Names whose value some call formats: the `TEMPLATE` of `TEMPLATE.format(…)`."""
    return frozenset(
        call.func.value.id
        for call in module.calls
        if isinstance(call.func, ast.Attribute)
        and call.func.attr == "format"
        and isinstance(call.func.value, ast.Name)
    )


def is_format_template(module: PythonModule, node: ast.expr, formatted: frozenset[str]) -> bool:
    """Whether a string literal is formatted: `"…".format(…)`, or bound to a name in `formatted`.

    A template is read with its braces unescaped, as the string `.format()` returns.
    """
    parent = module.parent(node)
    if isinstance(parent, ast.Attribute) and parent.attr == "format":
        return True
    if isinstance(parent, ast.AnnAssign):
        return isinstance(parent.target, ast.Name) and parent.target.id in formatted
    return isinstance(parent, ast.Assign) and any(
        isinstance(target, ast.Name) and target.id in formatted for target in parent.targets
    )
