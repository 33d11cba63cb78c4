"""Newer syntax (3.12 types and f-strings, 3.14 `except A, B:`) rewritten for an older
`ast`, every other position kept."""

from __future__ import annotations

import ast

import pytest

from auditor.python.model.ast_values import class_names
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


def test_newer_fstrings_parse_with_every_line_and_position_kept() -> None:
    text = (
        'settings = {"model": "sonnet"}\n'
        'argv = f"claude -p {settings["model"]} --model {settings["model"]}"\n'
        "joined = f\"{'\\n'.join(lines)}\"\n"
        'spread = f"{\n'
        "    len(lines)  # a comment\n"
        '} lines"\n'
        'plain = f"{x!r:>{10}} \\N{EM DASH} {{kept}}"\n'
        "after = run(argv)\n"
    )
    older = older_syntax(text)
    assert older is not None and len(older) == len(text)
    assert [len(line) for line in older.splitlines()] == [len(s) for s in text.splitlines()]
    tree = ast.parse(older)
    argv = tree.body[1].value  # type: ignore[attr-defined]
    assert isinstance(argv, ast.JoinedStr)
    assert ast.literal_eval(ast.unparse(argv).removeprefix("f")).startswith("claude -p ")
    call = tree.body[-1].value  # type: ignore[attr-defined]
    assert (call.lineno, call.col_offset) == (8, 8)
    assert older.splitlines()[6] == text.splitlines()[6]  # an f-string 3.11 reads: as it was


def test_fstrings_invalid_in_every_version_are_reported_where_they_are() -> None:
    assert older_syntax('x = f"{d["k"]\n') is None  # unterminated: the parser's own error
    for text, place in (
        ("x = f'''{\n\n}'''\n", (1, 10)),  # an empty field
        ('y = 1\nx = f"{d["k"]} {a b}"\n', (2, 17)),  # two names with nothing between
        ('x = f"{d["k"]} {f"{a b}"}"\n', (1, 17)),  # in a nested f-string
    ):
        with pytest.raises(SyntaxError) as raised:
            older_syntax(text)
        assert (raised.value.lineno, raised.value.offset) == place


def test_unparenthesised_except_classes_parse_as_a_union_with_positions_kept() -> None:
    text = (
        "try:\n"
        "    run()\n"
        "except TimeoutError, OSError, subprocess.SubprocessError:\n"
        "    pass\n"
        "except (ValueError, KeyError) as error:\n"
        "    raise\n"
        "try:\n"
        "    run()\n"
        "except* Fatal, OSError:\n"
        "    pass\n"
    )
    older = older_syntax(text, (3, 13))
    assert older is not None and len(older) == len(text)
    tried, grouped = ast.parse(older).body
    first, second = tried.handlers  # type: ignore[attr-defined]
    assert class_names(first.type) == ["TimeoutError", "OSError", "SubprocessError"]
    assert class_names(second.type) == ["ValueError", "KeyError"]
    assert class_names(grouped.handlers[0].type) == ["Fatal", "OSError"]  # type: ignore[attr-defined]
    assert older_syntax(text, (3, 14)) is None  # the Python that reads it needs none
    assert older_syntax("try:\n    x()\nexcept (A, B):\n    pass\n") is None
