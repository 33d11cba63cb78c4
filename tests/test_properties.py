"""Properties that hold on any input: random bytes, token soup and mutated corpus files.

For every kind of file (each host parser) and for the Python string resolver
under it: nothing raises, no internal error is reported, every position of a
finding lies inside its file, every embedded shell maps back into its host,
and every output format renders the result. Budgets stay small for CI; set
`RUNAUDIT_FUZZ_EXAMPLES` to search harder locally.
"""

from __future__ import annotations

import ast
import json
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.discover import classify
from auditor.engine import audit_text
from auditor.finding import (
    Applicability,
    Diagnostic,
    DiagnosticKind,
    Edit,
    Finding,
    Fix,
    Position,
    RelatedLocation,
    Report,
    Severity,
    Span,
)
from auditor.hosts import extractor_for
from auditor.hosts.mapped import MappedText, UnreadableHost
from auditor.kinds import FileKind
from auditor.output import FORMATS, render
from auditor.output.escape import printable, replace_surrogates
from auditor.output.junit import xml_text
from auditor.registry import all_rules
from auditor.source import SourceFile, decode

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
# Under CI the examples are derandomized, so a landing never depends on luck; a
# developer's run explores new inputs (and RUNAUDIT_FUZZ_EXAMPLES searches harder).
BUDGET = settings(
    max_examples=int(os.environ.get("RUNAUDIT_FUZZ_EXAMPLES", "60")),
    derandomize=bool(os.environ.get("CI")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FILENAMES = {
    FileKind.SHELL: "fuzz.sh",
    FileKind.PYTHON: "fuzz.py",
    FileKind.SYSTEMD: "fuzz.service",
    FileKind.ACTIONS: ".github/workflows/fuzz.yml",
    FileKind.DOCKERFILE: "Dockerfile",
    FileKind.MAKEFILE: "Makefile",
}
# A first line that gets past each kind's prefilters, so the parsers run on the junk.
HEADERS = {
    FileKind.SHELL: "#!/bin/bash\nset -e\ngptme x | tee log\n",
    FileKind.PYTHON: "import subprocess\nsubprocess.run('gptme x | tee log', shell=True)\n",
    FileKind.SYSTEMD: "[Service]\nExecStart=/bin/bash -c 'gptme x | tee log'\nRestart=always\n",
    FileKind.ACTIONS: "jobs:\n  a:\n    steps:\n      - run: gptme x | tee log\n",
    FileKind.DOCKERFILE: "FROM x\nRUN gptme x | tee log\n",
    FileKind.MAKEFILE: "all:\n\tgptme x | tee log\n",
}
COMMON_TOKENS = (
    "gptme", "claude -p", "timeout 5 ", "|", "|&", "||", "&&", ";", "&", " ", "\t", "\n", "\r\n",
    "'", '"', "`", "\\", "\\\n", "$?", "$(", ")", "(", "{", "}", "[", "]", "#", "=", "%", ":",
    ",", "tee log", "bash -c ", "sh -c '", "tmux new-session ", "|| true", "set -e\n",
    "set -o pipefail\n", "\x00", "\x1b[31m", "\x07", "\u202e", "\ufffd", "\udcff", "日本",
    "# runaudit: ignore[RA101]\n", "# runaudit: ignore-file[RA1]\n", "# expect: RA101\n",
    "\U0001f680", "{\U00031860", "\U0010ffff",
)  # fmt: skip
KIND_TOKENS = {
    FileKind.SHELL: (
        "if ", "then ", "elif ", "else ", "fi", "while ", "until ", "do ", "done", "for x in ",
        "case $x in ", "a) ", ";;", "esac", "function f ", "f() ", "return 75", "exit 1",
        "<<EOF\n", "\nEOF\n", "<<-'X'\n", "${PIPESTATUS[0]}", "${PIPESTATUS[@]}", "rc=$?",
        "[ $rc -eq 75 ]", "[[ ", " ]]", "(( ", " ))", "$((", "wait $!", "!", "shopt -so pipefail",
        'AGENT=("gptme")\n', '"${AGENT[@]}"', "grep -q 429 log", "<(", ">(", "2>&1",
    ),
    FileKind.PYTHON: (
        "import subprocess\n", "import shlex, os\n", "subprocess.run(", "subprocess.Popen(",
        "subprocess.check_call(", "os.system(", "shell=True", "check=True", ").returncode",
        "f'", 'f"', "'''", '"""', "r'", "b'", "{x}", "{{", "}}", "{x!r:>{w}}", " + ", " % ",
        ".format(", '" ".join([', "shlex.quote(", "shlex.join(", "x = ", "def f():\n    ",
        "    ", "return ", "for i in range(3):\n    ", "try:\n    ",
        "except Exception:\n    pass\n",
        "while True:\n    ", "['bash', '-c', ", "['gptme', ", "shutil.which('gptme')", "\\n",
        "\\x1b", "\\u202e", "\\N{BELL}", "'#!/bin/bash\\n", "'[Service]\\nExecStart=", "lambda: ",
        "@retry\n", "from tenacity import retry\n", "OpenAI(max_retries=3)", "if rc == 75:\n    ",
    ),
    FileKind.SYSTEMD: (
        "[Service]\n", "[Unit]\n", "ExecStart=", "ExecStartPre=-", "ExecStart=@", "ExecStart=+",
        "ExecStart=!!", "/bin/bash -c ", "/usr/bin/env ", "Restart=on-failure\n", "%i", "%%",
        "%h", "${X}", "$X", "Environment=X=gptme\n", "; comment\n", " \\\n", "\\x41", "\\;",
    ),
    FileKind.ACTIONS: (
        "jobs:\n", "  a:\n", "    runs-on: windows-latest\n", "    steps:\n", "      - run: ",
        "      - run: |\n", "      - run: >-\n", "        ", "        shell: bash\n",
        "        shell: sh -e {0}\n", "defaults:\n  run:\n    shell: bash\n", "${{ x }}", "&a ",
        "*a", "!!str ", "? ", "- ", ": ", "{a: b}", "[a, b]", "'it''s'", '"\\n\\t\\x41\\u263a"',
        "--- ", "...", "|2-", ">+",
    ),
    FileKind.DOCKERFILE: (
        "FROM x\n", "RUN ", "RUN --mount=type=cache,target=/x ", 'SHELL ["/bin/bash", "-o", '
        '"pipefail", "-c"]\n', 'RUN ["bash", "-c", "', '"]', "# escape=`\n", "`\n", " \\\n",
        "RUN <<EOF\n", "\nEOF\n", "RUN <<-'X' bash\n", "ONBUILD RUN ", "CMD ", "ENTRYPOINT ",
    ),
    FileKind.MAKEFILE: (
        "all:", "all: dep\n", "\t", "\t@", "\t-", "\t+", "SHELL := /bin/bash\n",
        ".SHELLFLAGS := -eo pipefail -c\n", ".ONESHELL:\n", "$(", "$$", "${", "$@", "$(VAR)",
        "define X\n", "endef\n", "ifeq (a,b)\n", "endif\n", "VAR = ", "VAR := ", "x: ; ",
        "include x.mk\n", "$(shell gptme)", ".RECIPEPREFIX = >\n", ">",
    ),
}  # fmt: skip
# Nesting that tempts a recursive parser: openers repeated, then (sometimes) their closers.
NESTINGS = (
    ("(", ")"), ("$(", ")"), ("[", "]"), ("{", "}"), ("`", "`"), ('"$(', ')"'),
    ("if true; then ", "; fi"), ("f'{", "}'"), ("bash -c '", "'"), ("(lambda: ", ")"),
)  # fmt: skip


@cache
def corpus_files() -> dict[FileKind, tuple[str, ...]]:
    """The corpus, decoded and grouped by the kind discovery gives each file."""
    grouped: dict[FileKind, list[str]] = {kind: [] for kind in FileKind}
    for path in sorted(CORPUS.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        kind = classify(path, data[:256])
        if kind is not None:
            grouped[kind].append(data.decode("utf-8", "replace"))
    return {kind: tuple(texts) for kind, texts in grouped.items()}


def test_corpus_has_seeds_for_every_kind() -> None:
    assert all(corpus_files()[kind] for kind in FileKind)


# Checking one audit


def inside(source: SourceFile, position: Position) -> bool:
    """Whether a position names a character of the file, or the end of one of its lines.

    A line is what lies between two `\n`: a `\r` before the `\n` counts as a character
    of it, as `SourceFile` counts columns.
    """
    if not 1 <= position.line <= source.line_count:
        return False
    start = source.line_start(position.line)
    end = source.text.find("\n", start)
    length = (len(source.text) if end < 0 else end) - start
    return 1 <= position.column <= length + 1


def span_inside(source: SourceFile, span: Span) -> bool:
    return inside(source, span.start) and inside(source, span.end) and span.start <= span.end


def check_finding(source: SourceFile, finding: Finding) -> None:
    assert finding.path == source.path
    assert span_inside(source, finding.span), (finding.code, finding.span, finding.message)
    for related in finding.related:
        assert related.path == source.path
        assert span_inside(source, related.span), (finding.code, related)
    if finding.fix is not None:
        for edit in finding.fix.edits:
            assert 0 <= edit.start_offset <= edit.end_offset <= len(source.text), edit


def renders_everywhere(report: Report) -> None:
    """Every format renders the report, and the structured ones parse back."""
    rules = all_rules()
    for fmt in FORMATS:
        text = render(fmt, report, rules)
        assert isinstance(text, str)
        text.encode("utf-8")  # nothing unencodable (lone surrogates) leaks out
        if fmt in ("json", "sarif"):
            json.loads(text)
        elif fmt == "junit":
            ET.fromstring(text)
        elif fmt == "github":
            assert all(line.startswith("::") for line in text.splitlines())
    render("text", report, rules, statistics=True)


def audit_and_check(text: str, kind: FileKind) -> None:
    """Audit `text` as a file of `kind` and check every property on the result."""
    filename = FILENAMES[kind]
    result = audit_text(text, filename, kind)
    internal = [d for d in result.diagnostics if d.kind is DiagnosticKind.INTERNAL]
    assert not internal, internal
    source = SourceFile(filename, text)
    for finding in result.findings:
        check_finding(source, finding)
    sources = {filename: text} if result.findings else {}
    renders_everywhere(Report(result.findings, result.diagnostics, 1, sources))


def check_embedded_offsets(text: str, kind: FileKind) -> None:
    """Every character of every embedded shell maps to a character of the host (or its end)."""
    for code in embedded_codes(text, kind):
        assert len(code.text) == len(code.offsets)
        assert all(0 <= offset <= len(text) for offset in code.offsets), code


def embedded_codes(text: str, kind: FileKind) -> Iterable[MappedText]:
    if kind is FileKind.PYTHON:
        from auditor.hosts.python_commands import python_shells
        from auditor.python.unit import parse_python

        unit = parse_python(SourceFile(FILENAMES[kind], text))
        if unit.module is not None:
            yield from (embedded.code for embedded in python_shells(unit.module, unit.catalog))
        return
    extractor = extractor_for(kind, text)
    if extractor is not None:
        try:
            yield from (embedded.code for embedded in extractor(MappedText.verbatim(text, 0)))
        except UnreadableHost as unreadable:  # reported as RA900, at a place in the file
            assert 0 <= unreadable.error.start <= len(text)


# Strategies


def token_soup(kind: FileKind) -> st.SearchStrategy[str]:
    """Text built from the tokens that matter to this kind's parser, in random order."""
    tokens = st.sampled_from(COMMON_TOKENS + KIND_TOKENS[kind])
    words = st.text(st.characters(codec="utf-8"), max_size=6)
    pieces = st.lists(st.one_of(tokens, tokens, tokens, words), max_size=80)
    return pieces.map("".join)


@st.composite
def mutated(draw: st.DrawFn, kind: FileKind) -> str:
    """A corpus file of `kind` after a few random edits, of bytes or of text."""
    data = bytearray(draw(st.sampled_from(corpus_files()[kind])).encode("utf-8", "surrogatepass"))
    extra = st.sampled_from(COMMON_TOKENS + KIND_TOKENS[kind]).map(
        lambda token: token.encode("utf-8", "surrogatepass")
    )
    inserts = st.one_of(
        extra,
        st.binary(max_size=12),
        st.sampled_from([b"\x00", b"\x1b[2J", b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\r"]),
    )
    for _ in range(draw(st.integers(1, 6))):
        size = len(data)
        start = draw(st.integers(0, size))
        end = draw(st.integers(start, min(size, start + 200)))
        action = draw(st.sampled_from(["delete", "insert", "duplicate", "nest", "replace"]))
        if action == "delete":
            del data[start:end]
        elif action == "insert":
            data[start:start] = draw(inserts)
        elif action == "duplicate":
            data[start:start] = data[start:end] * draw(st.integers(1, 3))
        elif action == "replace":
            data[start:end] = draw(inserts)
        else:
            opener, closer = draw(st.sampled_from(NESTINGS))
            depth = draw(st.integers(1, 120))
            closing = closer * depth if draw(st.booleans()) else ""
            data[start:start] = (opener * depth + "x" + closing).encode()
    # Through the real decoder: invalid UTF-8 becomes U+FFFD as it does for a file on disk.
    return decode(FILENAMES[kind], bytes(data)).text


def random_bytes(kind: FileKind) -> st.SearchStrategy[str]:
    """Random bytes after a header that passes the prefilters, decoded as a file would be."""
    header = HEADERS[kind].encode()
    return st.binary(max_size=800).map(lambda junk: decode("f", header + junk).text)


KINDS = list(FileKind)


# The properties


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.value)
@BUDGET
@given(data=st.data())
def test_mutated_corpus_files(kind: FileKind, data: st.DataObject) -> None:
    text = data.draw(mutated(kind), label="text")
    audit_and_check(text, kind)
    check_embedded_offsets(text, kind)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.value)
@BUDGET
@given(data=st.data())
def test_token_soup(kind: FileKind, data: st.DataObject) -> None:
    text = HEADERS[kind] + data.draw(token_soup(kind), label="text")
    audit_and_check(text, kind)
    check_embedded_offsets(text, kind)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.value)
@settings(BUDGET, max_examples=max(10, BUDGET.max_examples // 3))
@given(data=st.data())
def test_random_bytes(kind: FileKind, data: st.DataObject) -> None:
    text = data.draw(random_bytes(kind), label="text")
    audit_and_check(text, kind)
    check_embedded_offsets(text, kind)


PY_LITERAL_PIECES = (
    "a", " ", "|", "'", '"', "\\", "{", "}", "%", "s", "n", "x", "N", "u", "0", "7", "\n",
    "gptme", "tee", "$", "\x00", "\x1b", "\udcff", "日",
)  # fmt: skip
PY_LITERAL_BODY = st.lists(st.sampled_from(PY_LITERAL_PIECES), max_size=30).map("".join)
PY_PREFIX = st.sampled_from(["", "r", "f", "rf", "u", "b", "F", "Rb"])
PY_QUOTE = st.sampled_from(["'", '"', "'''", '"""'])


@st.composite
def python_command_strings(draw: st.DrawFn) -> str:
    """A Python module whose shell command string is built from arbitrary literals."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        quote = draw(PY_QUOTE)
        body = draw(PY_LITERAL_BODY).replace(quote[0], "\\" + quote[0])
        literal = f"{draw(PY_PREFIX)}{quote}{body}{quote}"
        parts.append(literal)
    joiner = draw(st.sampled_from([" + ", " ", " % ", ".format(", " or "]))
    expression = joiner.join(parts) + (")" if joiner == ".format(" else "")
    wrapper = draw(
        st.sampled_from(
            [
                "subprocess.run({}, shell=True)",
                "subprocess.run(['bash', '-c', {}], check=True)",
                "os.system({})",
                "subprocess.run(shlex.quote({}), shell=True)",
                "subprocess.run(' '.join([{}, 'gptme | tee log']), shell=True)",
                "rc = subprocess.call(f'gptme {{{}}} | tee', shell=True)",
            ]
        )
    )
    call = wrapper.format("cmd" if draw(st.booleans()) else expression)
    return (
        "import os, shlex, subprocess\n\n"
        f"def run(x):\n    cmd = {expression}\n    {call}\n    return x\n"
    )


@BUDGET
@given(text=python_command_strings())
def test_python_string_resolver(text: str) -> None:
    audit_and_check(text, FileKind.PYTHON)
    check_embedded_offsets(text, FileKind.PYTHON)


# Python string literals: scanned from the source, decoded to what CPython parsed

LITERAL_TEXT = st.text(
    st.sampled_from(["a", " ", "{", "}", "\\", "'", '"', "\n", "\t", "é", "𝄞", "\x00", "\u2028"])
    | st.characters(),
    max_size=12,
)
STRING_PREFIXES = ("", "r", "R", "u", "f", "rf", "Fr")
QUOTES = ("'", '"', "'''", '"""')


@st.composite
def python_literals(draw: st.DrawFn) -> str:
    """One or more string literals joined by juxtaposition (with blanks, a comment or a
    continuation between them), each of any prefix and quote; f-strings get fields."""
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        prefix, quote = draw(st.sampled_from(STRING_PREFIXES)), draw(st.sampled_from(QUOTES))
        body = repr(draw(LITERAL_TEXT))[1:-1]  # escapes in place; no quote left unescaped
        if "r" in prefix.lower():
            body = body.replace("\\", "/")  # a raw body cannot end in, or escape with, `\\`
        body = body.replace(quote[0], "\\" + quote[0]) if "r" not in prefix.lower() else body
        if "r" in prefix.lower() and quote[0] in body:
            body = body.replace(quote[0], "q")
        if "f" in prefix.lower():
            body = body.replace("{", "{{").replace("}", "}}")
            body += draw(st.sampled_from(["", "{x}", "{x!r:>{w}}", "{d['k']}"]))
        parts.append(f"{prefix}{quote}{body}{quote}")
    gap = draw(st.sampled_from([" ", "  # note\n    ", " \\\n    ", "\n    "]))
    return gap.join(parts)


@BUDGET
@given(literal=python_literals())
def test_python_literals_decode_to_what_cpython_parsed(literal: str) -> None:
    from auditor.python.model.literals import decode_body, string_pieces
    from auditor.python.unit import parse_python

    text = f"x = (\n    {literal}\n)\n"
    try:
        compile(text, "fuzz.py", "exec")
    except (SyntaxError, ValueError):
        return  # not Python (a drawn body CPython rejects): nothing to compare
    unit = parse_python(SourceFile("fuzz.py", text))
    assert unit.module is not None
    (node,) = unit.module.strings
    pieces = string_pieces(text, *unit.module.span(node))
    assert pieces is not None, literal
    decoded = [
        decode_body(text[p.start : p.end], p.start, raw=p.raw, braces=p.braces)
        for p in pieces
        if not p.field
    ]
    if isinstance(node, ast.JoinedStr):
        expected = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    else:
        expected = node.value
    assert "".join(part.text for part in decoded) == expected, literal
    assert all(0 <= offset < len(text) for part in decoded for offset in part.offsets)


# Every text field of a report, hostile, in every format

HOSTILE_PIECES = (
    "a", " ", "\t", "\n", "\r", "\r\n", "\x1b[31m", "\x00", "\x07", "\x0c", "\x7f", "\x9b",
    "\u202e", "\u2066", "\u2028", "\udcff", "|", "`", "```", "%", "%0A", "%25", ":", "::",
    ",", "=", "[bold]", "[/]", "[link=http://x]", "*", "_", "<", ">", "&", "]]>", '"', "'",
    "\\", "#", "@", "日本", "e\u0301", "::error::x", "\n::warning file=a::b",
)  # fmt: skip
HOSTILE_TEXT = st.lists(st.sampled_from(HOSTILE_PIECES), max_size=12).map("".join)
TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028-\u202e\u2066-\u2069]")


def unescape_github(text: str) -> str:
    """What the Actions runner makes of an escaped workflow-command value."""
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


@BUDGET
@given(
    message=HOSTILE_TEXT,
    hint=HOSTILE_TEXT,
    path=HOSTILE_TEXT.filter(bool),
    related=HOSTILE_TEXT,
    fix=HOSTILE_TEXT,
    note=HOSTILE_TEXT,
    source=HOSTILE_TEXT,
)
def test_every_field_is_escaped_in_every_format(
    message: str, hint: str, path: str, related: str, fix: str, note: str, source: str
) -> None:
    where = Span(Position(1, 1), Position(1, 3))
    finding = Finding(
        path,
        where,
        "RA101",
        "pipeline-status-masked",
        Severity.ERROR,
        message,
        hint=hint or None,
        fix=Fix((Edit(0, 1, fix),), Applicability.UNSAFE, fix),
        related=(RelatedLocation(path, where, related),),
    )
    diagnostic = Diagnostic(path + note, DiagnosticKind.INTERNAL, note)
    report = Report([finding], [diagnostic], 1, {path: source})
    rules = all_rules()
    for fmt in ("text", "concise", "grouped", "markdown"):
        text = render(fmt, report, rules)
        assert not TERMINAL_UNSAFE.search(text), fmt
    for fmt in ("json", "sarif"):
        text = render(fmt, report, rules)
        assert not TERMINAL_UNSAFE.search(text), fmt
        document = json.loads(text)
        if fmt == "json":
            (entry,) = document["findings"]
            assert entry["message"] == replace_surrogates(message)
            assert entry["fix"]["edits"][0]["content"] == replace_surrogates(fix)
            assert document["diagnostics"][0]["message"] == replace_surrogates(note)
    # GitHub: one command per finding and per diagnostic, values round-trip exactly.
    lines = render("github", report, rules).split("\n")
    assert lines[-1] == "" and len(lines) == 3
    full = message if not hint else f"{message}\nhelp: {hint}"
    full += f"\nfix available (unsafe): {fix}"  # every format shows the fix
    for line, expected_data, expected_file in (
        (lines[0], full, path),
        (lines[1], note, path + note),
    ):
        assert line.startswith(("::error ", "::warning ", "::notice "))
        properties, separator, data = line.split(" ", 1)[1].partition("::")
        assert separator
        assert unescape_github(data) == printable(expected_data, keep_newlines=True)
        fields = dict(item.split("=", 1) for item in properties.split(","))
        assert unescape_github(fields["file"]) == printable(expected_file, keep_newlines=True)
    # JUnit: well-formed, attributes round-trip through the XML parser.
    suite = ET.fromstring(render("junit", report, rules))
    failure = next(suite.iter("failure"))
    assert failure.attrib["message"] == xml_text(f"RA101: {message}")
    # Markdown: the finding's table row keeps its four cells whatever the text holds.
    markdown = render("markdown", report, rules).splitlines()
    header = markdown.index("| Line | Code | Severity | Message |")
    cells = re.split(r"(?<!\\)\|", markdown[header + 2].strip())[1:-1]
    assert len(cells) == 4
