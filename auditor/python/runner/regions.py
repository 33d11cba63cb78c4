"""Where a call runs with respect to a construct around it (read with `ast`).

Inside it, or in a function or class it defines (which runs elsewhere, when
called); and whether a failure of the call can leave it at all: a `try` that
catches every exception and returns (`except Exception as e: return e`)
keeps it in.
"""

from __future__ import annotations

import ast
import re

from auditor.python.model.ast_values import class_names, descendants
from auditor.python.model.module import PythonModule
from auditor.python.runner.error_tests import class_errors


def swallowed(
    module: PythonModule, call: ast.AST, region: ast.AST, blanket: frozenset[str]
) -> bool:
    """Whether a failure of `call` never leaves `region`: a `try` around it catches every
    exception and returns (`except Exception as e: return e`), so nothing is retried."""
    child, current = call, module.parent(call)
    while current is not None and current is not region:
        if isinstance(current, ast.Try) and any(s is child for s in current.body):
            for handler in current.handlers:
                classes = class_names(handler.type) if handler.type else []
                every = class_errors(classes, blanket).every
                if every and _returns(module, handler):
                    return True
        child, current = current, module.parent(current)
    return False


def _returns(module: PythonModule, handler: ast.ExceptHandler) -> bool:
    """Whether an `except` clause ends in a line with a `return` and raises nowhere.

    A clause written on the line of its `except` (`except E: return e`) has no
    line of its own: it does not count.
    """
    body = handler.body
    if not body or isinstance(body[-1], _COMPOUND) or _on_except_line(module, body[0]):
        return False
    last = [body[-1]]  # the statements of the last line: `log(e); return e`
    for statement in reversed(body[:-1]):
        if statement.end_lineno != last[0].lineno:
            break
        last.append(statement)
    ends = any(isinstance(s, ast.Return) for s in last)
    return ends and not any(isinstance(node, ast.Raise) for node in descendants(handler))


# Statements with a block of their own: a line ending with one ends no simple line.
_COMPOUND = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.Try,
    ast.TryStar,
    ast.With,
    ast.AsyncWith,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Match,
)
_BEFORE_SUITE = re.compile(r"(?:[ \t\f]|\\\r?\n)*\Z")  # blanks and `\` line joins


def _on_except_line(module: PythonModule, first: ast.stmt) -> bool:
    """Whether a clause's first statement follows its colon on the same (logical) line."""
    text, start = module.source.text, module.span(first)[0]
    colon = text.rfind(":", 0, start)
    return colon >= 0 and _BEFORE_SUITE.match(text, colon + 1, start) is not None


def inside(module: PythonModule, node: ast.AST, container: ast.AST) -> bool:
    """Whether `node` runs as part of `container` (not in a function or lambda it defines)."""
    current = module.parent(node)
    while current is not None:
        if current is container:
            return True
        if isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            return False
        current = module.parent(current)
    return False
