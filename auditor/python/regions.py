"""Where a call runs with respect to a construct around it (libcst).

Inside it, or in a function or class it defines (which runs elsewhere, when
called); and whether a failure of the call can leave it at all: a `try` that
catches every exception and returns (`except Exception as e: return e`)
keeps it in.
"""

from __future__ import annotations

import libcst as cst

from auditor.python.cst_values import class_names
from auditor.python.error_tests import class_errors
from auditor.python.module import PythonModule, descendants


def swallowed(
    module: PythonModule, call: cst.CSTNode, region: cst.CSTNode, blanket: frozenset[str]
) -> bool:
    """Whether a failure of `call` never leaves `region`: a `try` around it catches every
    exception and returns (`except Exception as e: return e`), so nothing is retried."""
    child, current = call, module.parent(call)
    while current is not None and current is not region:
        if isinstance(current, cst.Try) and child is current.body:
            for handler in current.handlers:
                classes = class_names(handler.type) if handler.type else []
                every = class_errors(classes, blanket).every
                if every and _returns(handler):
                    return True
        child, current = current, module.parent(current)
    return False


def _returns(handler: cst.ExceptHandler) -> bool:
    """Whether an `except` clause ends in a `return` and raises nowhere."""
    last = handler.body.body[-1] if handler.body.body else None
    if not isinstance(last, cst.SimpleStatementLine):
        return False
    ends = any(isinstance(small, cst.Return) for small in last.body)
    return ends and not any(isinstance(node, cst.Raise) for node in descendants(handler.body))


def inside(module: PythonModule, node: cst.CSTNode, container: cst.CSTNode) -> bool:
    """Whether `node` runs as part of `container` (not in a function or lambda it defines)."""
    current = module.parent(node)
    while current is not None:
        if current is container:
            return True
        if isinstance(current, cst.FunctionDef | cst.Lambda | cst.ClassDef):
            return False
        current = module.parent(current)
    return False
