"""Which names a function binds for itself (python/scopes.py)."""

from __future__ import annotations

import ast
import textwrap

from auditor.python.model.scopes import Scopes
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def local_names(code: str) -> dict[str, frozenset[str]]:
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    scopes = Scopes(unit.module)
    functions = [n for n in unit.module.parents if isinstance(n, ast.FunctionDef)]
    return {f.name: scopes.local_names(f) for f in functions}


def test_every_way_a_function_binds_a_name() -> None:
    found = local_names(
        """\
        import os

        def f(a, /, b, *args, c, **kwargs):
            x = y = 1
            (p, [q, *r]) = stuff
            total: int
            n += 1
            for item in items:
                pass
            with open(a) as handle, lock:
                pass
            try:
                pass
            except OSError as error:
                pass
            import json
            from os import path as osp
            if (m := match()):
                pass

            def helper():
                inner = 1

            class Local:
                attribute = 1

            squares = [k * k for k in range(3)]
        """
    )
    assert found["f"] == {
        *("a", "b", "args", "c", "kwargs", "x", "y", "p", "q", "r", "total", "n", "item"),
        *("handle", "error", "json", "osp", "m", "helper", "Local", "squares"),
    }
    assert found["helper"] == {"inner"}


def test_global_and_nonlocal_names_are_not_local() -> None:
    found = local_names(
        """\
        client = None

        def init():
            global client
            client = make()

        def outer():
            count = 0
            def bump():
                nonlocal count
                count += 1
        """
    )
    assert found["init"] == frozenset()
    assert found["bump"] == frozenset()
    assert found["outer"] == {"count", "bump"}
