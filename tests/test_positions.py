"""Findings in embedded shell point at the exact line and column in the host file."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from auditor.engine import audit_text
from auditor.kinds import FileKind

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def locate(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """1-based line and column of the `occurrence`-th `needle` in `text`."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


WORKFLOW = """\
name: agent
on: push
jobs:
  run:
    runs-on: ubuntu-latest
    steps:
      - name: run the agent
        run: |
          echo "starting"
          gptme --non-interactive "fix it" 2>&1 |
            tee agent.log
      - run: >
          echo folded;
          curl -s https://example.com | jq .
"""

DOCKERFILE = """\
FROM python:3.12
RUN apt-get update \\
    && curl -fsSL https://example.com/install.sh \\
       | bash \\
    && rm -rf /var/lib/apt/lists/*
"""

MAKEFILE = """\
run:
\t@echo "agent" ; \\
\t  gptme --non-interactive "$$TASK" 2>&1 | \\
\t  tee agent.log
"""

UNIT = """\
[Unit]
Description=agent

[Service]
ExecStart=/bin/bash -c 'cd /srv && \\
    gptme --non-interactive "go" | tee -a /var/log/agent.log'
"""


@pytest.mark.parametrize(
    ("text", "kind", "name", "stages"),
    [
        (WORKFLOW, FileKind.ACTIONS, ".github/workflows/agent.yml", ["gptme", "curl"]),
        (DOCKERFILE, FileKind.DOCKERFILE, "Dockerfile", ["curl"]),
        (MAKEFILE, FileKind.MAKEFILE, "Makefile", ["gptme"]),
        (UNIT, FileKind.SYSTEMD, "agent.service", ["gptme"]),
    ],
)
def test_masked_stage_position_in_host(
    text: str, kind: FileKind, name: str, stages: list[str]
) -> None:
    result = audit_text(text, name, kind)
    found = [f for f in result.findings if f.code == "RA101"]
    assert len(found) == len(stages), [f.message for f in result.findings]
    for finding, stage in zip(found, stages, strict=True):
        related = finding.related[0].span.start
        assert (related.line, related.column) == locate(text, stage)
        assert f"`{stage}`" in finding.message


def test_pipeline_span_in_a_block_scalar_is_exact() -> None:
    result = audit_text(WORKFLOW, ".github/workflows/a.yml", FileKind.ACTIONS)
    first = result.findings[0]
    assert (first.span.start.line, first.span.start.column) == locate(WORKFLOW, "gptme")
    end = locate(WORKFLOW, "tee agent.log")
    assert (first.span.end.line, first.span.end.column) == (end[0], end[1] + len("tee agent.log"))


def test_shell_inside_a_shell_string_maps_through_both_levels() -> None:
    script = textwrap.dedent(
        """\
        #!/bin/bash
        set -e
        bash -c "cd /srv; gptme \\"go\\" | tee -a log"
        """
    )
    (finding,) = audit_text(script, "run.sh", FileKind.SHELL).findings
    assert (finding.span.start.line, finding.span.start.column) == locate(script, "gptme")
    assert "`bash -c` string" in finding.message


def _valid_python(path: Path) -> bool:
    try:
        return bool(ast.parse(path.read_text(encoding="utf-8")).body)
    except SyntaxError:
        return False


# The corpus's Python files with statements (not the deliberately broken one, not empty ones).
PYTHON_CORPUS = [path for path in sorted(CORPUS.rglob("*.py")) if _valid_python(path)]

SPAN_CASES = [
    "# header comment\n\nimport os\n\n\ndef f(x):\n    return f'{x} é 𝄞'\n",
    "x = 1\nclass A:\n    def m(self):\n        return 'ü'  # no trailing newline",
    "import sys\r\nsys.exit(0)\r\n",
    "",
    "\n\n# only comments\n",
    "@decorator\nasync def g():\n    async with a as b:\n        await c('𝄞', d)\n",
    "x = ['é', '𝄞', 'ü', '日本'] + [f'{y}é𝄞{z}' for y in 'ß'] ; w = {'€': 1}\n",
]


@pytest.mark.parametrize(
    "text",
    SPAN_CASES + [p.read_text(encoding="utf-8") for p in PYTHON_CORPUS],
)
def test_python_spans_are_the_source_of_each_node(text: str) -> None:
    """A node's span, in characters, covers exactly the text `ast` says it was parsed from
    (its own columns are UTF-8 bytes: the span turns them into characters)."""
    from auditor.python.unit import parse_python
    from auditor.source import SourceFile

    unit = parse_python(SourceFile("t.py", text))
    assert unit.module is not None
    module = unit.module
    nodes = [node for node in module.parents if hasattr(node, "end_col_offset")]
    assert nodes or not module.tree.body
    for node in reversed(nodes):
        start, end = module.span(node)
        expected = ast.get_source_segment(text, node)
        assert text[start:end] == expected, ast.dump(node)


@pytest.mark.parametrize("path", PYTHON_CORPUS, ids=lambda p: p.name)
def test_ends_before_agrees_with_positions(path: Path) -> None:
    """Whether one node ends before another starts is the order of their spans."""
    from auditor.python.unit import parse_python
    from auditor.source import SourceFile

    unit = parse_python(SourceFile(path.name, path.read_text(encoding="utf-8")))
    assert unit.module is not None
    module = unit.module
    nodes = [node for node in module.parents if isinstance(node, ast.expr | ast.stmt)]
    nodes = nodes[:: max(1, len(nodes) // 80)]  # about 80 nodes: pairs stay in the thousands
    assert len(nodes) > 1

    def holds(outer: object, inner: object) -> bool:
        while inner is not None:
            if inner is outer:
                return True
            inner = module.parents.get(inner)  # type: ignore[call-overload]
        return False

    for first in nodes:
        for second in nodes:
            if holds(first, second) or holds(second, first):
                assert not module.ends_before(first, second)
                continue
            expected = module.span(first)[1] <= module.span(second)[0]
            assert module.ends_before(first, second) == expected, (first, second)


LITERAL_CASES = [
    "x = 'a\\tb\\\\c\\x41\\u00e9\\N{BULLET}\\101\\q'\n",
    'x = r"a\\tb\\"c"\n',
    "x = ('one'  # a comment, 'not a string'\n     \"two\" \\\n     '''three\n''')\n",
    "x = f'{a!r:>{w}} {{literal}} é\\N{BULLET} \\{b}'\n",
    'x = rf"\\d{n}" f"{d[\'k\']}" "plain"\n',
    'x = f"""multi\n{line}\n"""\n',
    "x = 'caf\\u00e9' 'ü' \"𝄞\"\n",
    "x = f\"claude -p {x:'>10} | tee log\" f'a {y:)>10} b' f'{z:[>4}{w!r}'\n",
]


@pytest.mark.parametrize(
    "text", LITERAL_CASES + [p.read_text(encoding="utf-8") for p in PYTHON_CORPUS]
)
def test_string_literals_decode_to_the_parsers_value(text: str) -> None:
    """Every string expression's text, scanned from the source and decoded character by
    character (each character mapped to its place), is the text CPython parsed."""
    from auditor.python.model.literals import decode_body, string_pieces
    from auditor.python.unit import parse_python
    from auditor.source import SourceFile

    unit = parse_python(SourceFile("t.py", text))
    assert unit.module is not None
    module = unit.module
    for node in module.strings:
        pieces = string_pieces(text, *module.span(node))
        assert pieces is not None, ast.dump(node)
        decoded = [
            decode_body(text[p.start : p.end], p.start, raw=p.raw, braces=p.braces)
            for p in pieces
            if not p.field
        ]
        for part in decoded:  # each character maps to a place holding it (or its escape)
            assert all(0 <= offset < len(text) for offset in part.offsets)
        if isinstance(node, ast.JoinedStr):
            fields = [v for v in node.values if isinstance(v, ast.FormattedValue)]
            assert len(fields) == sum(p.field for p in pieces)
            expected = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        else:
            expected = node.value
        assert "".join(part.text for part in decoded) == expected
