"""Python 3.12 type syntax rewritten for an older `ast`, every other position kept."""

from __future__ import annotations

import ast

from auditor.python.model.newer_syntax import older_syntax


def test_type_aliases_and_type_parameters_parse_with_positions_kept() -> None:
    text = (
        "type Key = tuple[str, int]\n"
        "type Pair[K, V] = tuple[K, V]; type N = int\n"
        "class Box[T: (int, str)]:\n"
        "    def get[\n"
        "        U\n"
        "    ](self, x: U) -> U:\n"
        "        return x\n"
    )
    older = older_syntax(text)
    assert older is not None and len(older) == len(text)
    tree = ast.parse(older)
    assert [type(node).__name__ for node in tree.body] == [
        "AnnAssign",
        "Assign",
        "AnnAssign",
        "Assign",
        "AnnAssign",
        "Assign",
        "ClassDef",
    ]
    method = tree.body[-1].body[0]  # type: ignore[attr-defined]
    assert isinstance(method, ast.FunctionDef) and method.name == "get"
    returned = method.body[0]
    assert (returned.lineno, returned.col_offset) == (7, 8)
    assert text.splitlines()[6][returned.col_offset :] == "return x"


def test_type_as_a_name_and_code_without_the_syntax_are_left_alone() -> None:
    assert older_syntax("type = 3\nprint(type(x))\nx[0] = type\n") is None
    assert older_syntax('f"{x!r}"\n') is None
    assert older_syntax('"unterminated\n') is None
