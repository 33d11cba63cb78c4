"""Other people's checkouts: a hostile tree, absurd nesting, broken encodings and config.

runaudit must finish, say what it could not read, and never become the weak
point of the machine it runs on: it never opens a FIFO or device, never
follows a link out of the tree, never runs code named by a config file, and
turns recursion it cannot follow into RA900 rather than a crash.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from invoke import invoke

from auditor import config, config_file
from auditor.config import Settings
from auditor.discover import NotRegularFile, discover, read_bounded
from auditor.engine import audit_text
from auditor.finding import DiagnosticKind, Finding, Position, Report, Severity, Span
from auditor.kinds import FileKind
from auditor.output import FORMATS, render
from auditor.output.snippet import MAX_LINE_CHARS, snippet
from auditor.source import decode, python_encoding

GOOD = "#!/bin/bash\nset -e\ngptme x | tee log\n"  # RA101 at line 3
AGENT_PY = "subprocess.run('gptme x | tee log', shell=True, check=True)\n"
MAX_FILE_SIZE = config.DEFAULT_MAX_FILE_SIZE
HOSTILE_NAMES = (
    "[bold red]markup[blink].sh",
    "esc\x1b[31mape\x1b]0;title\x07.sh",
    "new\nline%0A::error::x.sh",
    "bidi\u202eevil.sh",
)


def run_cli(*args: str) -> tuple[int, str, float]:
    started = time.monotonic()
    result = invoke(list(args))
    elapsed = time.monotonic() - started
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback would have reached the user
    return result.exit_code, result.output, elapsed


def shell_nesting(depth: int) -> dict[str, str]:
    """Shell files nested `depth` levels deep in every way a block can nest."""
    agent = "gptme x | tee log"
    bodies = {
        "if": "if true; then\n" * depth + agent + "\n" + "fi\n" * depth,
        "while": "while true; do\n" * depth + agent + "\n" + "done\n" * depth,
        "subshell": "( " * depth + agent + " )" * depth + "\n",
        "group": "{ " * depth + agent + "; }" * depth + "\n",
        "function": "".join(f"f{i}() {{\n" for i in range(depth)) + agent + "\n}\n" * depth,
        "case": "case x in x)\n" * depth + agent + "\n" + ";; esac\n" * depth,
        "substitution": "x=" + "$(" * depth + agent + ")" * depth + "\n",
        "process-substitution": "cat " + "<(cat " * depth + agent + ")" * depth + "\n",
    }
    return {name: "#!/bin/bash\nset -e\n" + body for name, body in bodies.items()}


def python_nesting(depth: int) -> dict[str, str]:
    """Python files nested `depth` levels deep, each with runner code that passes prefilters."""
    head = "import subprocess\n"
    # Indentation grows with depth, so blocks stay at 400 (CPython stops at 100 anyway).
    blocks = "".join(" " * i + "if True:\n" for i in range(400))
    return {
        "parentheses": head + "x = " + "(" * depth + "1" + ")" * depth + "\n" + AGENT_PY,
        "lists": head + "x = " + "[" * depth + "]" * depth + "\n" + AGENT_PY,
        "calls": head + "x = " + "str(" * depth + "1" + ")" * depth + "\n" + AGENT_PY,
        "not": head + "x = " + "not " * depth + "1\n" + AGENT_PY,
        "attributes": head + "x = a" + ".b" * depth + "\n" + AGENT_PY,
        "operators": head + "x = 1" + " + 1" * depth + "\n" + AGENT_PY,
        "and": head + "x = a" + " and a" * depth + "\n" + AGENT_PY,
        "subscripts": head + "x = a" + "[0]" * depth + "\n" + AGENT_PY,
        "lambdas": head + "x = " + "lambda: " * depth + "1\n" + AGENT_PY,
        "blocks": head + blocks + " " * 400 + AGENT_PY,
        # Invalid for CPython: the syntax error is reported, wherever the nesting is.
        "invalid-and-deep": head + "def (:\n" + "x = " + "not " * depth + "1\n" + AGENT_PY,
    }


# Nesting: CPython's parser limits and trees deeper than runaudit walks become RA900


@pytest.mark.parametrize("depth", [400, 5000])
def test_deep_python_is_a_parse_error_not_a_crash(depth: int) -> None:
    for name, text in python_nesting(depth).items():
        result = audit_text(text, f"{name}.py", FileKind.PYTHON)
        assert not result.diagnostics, (name, result.diagnostics)
        codes = [finding.code for finding in result.findings]
        if name == "and":  # one `BoolOp` with `depth` operands: flat, so it is analysed
            assert codes == ["RA101"], codes
            continue
        assert codes.count("RA900") == 1, (name, codes)
        (parse_error,) = [f for f in result.findings if f.code == "RA900"]
        if name != "invalid-and-deep":  # the syntax error comes first
            assert "nested too deeply" in parse_error.message, (name, parse_error.message)
        assert parse_error.span.start.line <= text.count("\n") + 1


def test_deep_python_error_points_at_the_nesting() -> None:
    text = "import subprocess\nx = 1\ny = " + "(" * 5000 + "1" + ")" * 5000 + "\n" + AGENT_PY
    (finding,) = audit_text(text, "deep.py", FileKind.PYTHON).findings
    assert (finding.code, finding.span.start.line) == ("RA900", 3)
    assert "too many nested parentheses" in finding.message


def test_a_name_reassigned_hundreds_of_times_is_analysed_whole() -> None:
    """Reaching definitions stay cheap with many assignments of one name in one function
    (each use asks about every assignment: once cubic, past the time bound at 400)."""
    body = "".join(
        f"    cmd = 'gptme x{i} | tee log'\n    subprocess.run(cmd, shell=True, check=True)\n"
        for i in range(400)
    )
    result = audit_text(f"import subprocess\n\ndef f():\n{body}", "many.py", FileKind.PYTHON)
    assert not result.diagnostics
    assert [f.code for f in result.findings] == ["RA101"] * 400


def test_moderate_python_nesting_is_still_analysed() -> None:
    text = "import subprocess\nx = " + "(" * 150 + "1" + ")" * 150 + "\n" + AGENT_PY
    assert [f.code for f in audit_text(text, "ok.py", FileKind.PYTHON).findings] == ["RA101"]


@pytest.mark.parametrize("depth", [400, 2000])
def test_deep_shell_is_analysed_or_a_parse_error(depth: int) -> None:
    for name, text in shell_nesting(depth).items():
        result = audit_text(text, f"{name}.sh", FileKind.SHELL)
        assert not result.diagnostics, (name, result.diagnostics)
        codes = {finding.code for finding in result.findings}
        # Either the pipeline deep inside is found, or RA900 says why it could not be.
        assert codes & {"RA101", "RA900"}, (name, codes)
        lines = [finding.span.start.line for finding in result.findings]
        assert lines and all(1 <= line <= text.count("\n") + 1 for line in lines), lines


# Encodings


@pytest.mark.parametrize(
    ("cookie", "note"),
    [
        ("rot13", None),  # a codec, not a text encoding: read as UTF-8
        ("hex", None),
        ("undefined", "cannot decode as undefined"),
        ("unicode_escape", "unpaired surrogate"),
        ("no-such-codec", None),
    ],
)
def test_hostile_coding_cookies(cookie: str, note: str | None) -> None:
    data = f"# coding: {cookie}\nimport subprocess\nx = '\\udcff'\n".encode() + AGENT_PY.encode()
    source = decode("x.py", data, python_encoding(data))
    assert "\udcff" not in source.text
    assert (source.decode_error is None) == (note is None)
    if note is not None:
        assert source.decode_error is not None and note in source.decode_error
    result = audit_text(source.text, "x.py", FileKind.PYTHON)
    assert not result.diagnostics


def test_invalid_utf8_and_nul_bytes_are_reported_and_audited() -> None:
    data = b"#!/bin/bash\nset -e\necho \xff\xfe\xc3 \x00\ngptme x | tee log\n"
    source = decode("x.sh", data)
    assert source.decode_error == "invalid utf-8 at line 3 (byte 24); replaced with U+FFFD"
    result = audit_text(source.text, "x.sh", FileKind.SHELL)
    assert not result.diagnostics
    assert ("RA101", 4) in [(f.code, f.span.start.line) for f in result.findings]


@pytest.mark.parametrize("kind", list(FileKind), ids=lambda kind: kind.value)
def test_four_byte_characters_after_a_brace_do_not_crash_the_shell_parser(kind: FileKind) -> None:
    # tree-sitter-bash 0.25 reads out of bounds on `{` + a 4-byte UTF-8 character
    # (tree-sitter/tree-sitter-bash#337): a SIGSEGV, which no `except` can catch.
    for point in (0x1F680, 0x31860, 0x60000, 0xBB6FC, 0xE0000, 0xE3C7A, 0x10FFFF):
        char = chr(point)
        text = f"#!/bin/bash\nset -e\necho {{{char} a{{{char}}} {{{{{char}\ngptme x | tee log\n"
        text += f"RUN echo {{{char}\nExecStart=/bin/sh -c 'x {{{char}'\n  - run: echo {{{char}\n"
        text += f"\techo {{{char}\nsubprocess.run('echo {{{char}', shell=True)\n"
        result = audit_text(text, "x", kind)
        assert not [d for d in result.diagnostics if d.kind is DiagnosticKind.INTERNAL]
    line = "gptme {\U0001f680} | tee log"
    (finding,) = audit_text(f"#!/bin/bash\n{line}\n", "x.sh", FileKind.SHELL).findings
    assert (finding.span.start.column, finding.span.end.column) == (1, len(line) + 1)


@pytest.mark.parametrize("kind", list(FileKind), ids=lambda kind: kind.value)
def test_lone_surrogates_in_text_are_harmless(kind: FileKind) -> None:
    # Text that never went through `decode` (stdin, rule examples) may hold them.
    text = "#!/bin/bash\n# \udcff\ngptme \udcff | tee log\nsubprocess.run('\udcff', shell=True)\n"
    result = audit_text(text, "x", kind)
    assert not [d for d in result.diagnostics if d.kind is DiagnosticKind.INTERNAL]


# Output size: proportional to the findings, never to the length of a line


def test_findings_on_a_megabyte_line_print_a_window_of_it() -> None:
    line = "gptme x | tee log; " * 50_000  # a minified file: about 1 MB on one line
    findings = [
        Finding(
            "min.sh",
            Span(Position(2, 1 + i * 19), Position(2, 18 + i * 19)),
            "RA101",
            "pipeline-status-masked",
            Severity.ERROR,
            "exit status of `gptme` is lost",
        )
        for i in range(0, 50_000, 500)
    ]
    report = Report(findings, [], 1, {"min.sh": f"#!/bin/bash\n{line}\n"})
    started = time.monotonic()
    for fmt in ("text", "markdown"):
        text = render(fmt, report, [])
        assert len(text) < 1_000 * len(findings), fmt
    assert time.monotonic() - started < 10
    (shown,) = snippet(report.sources["min.sh"], findings[40].span)
    assert shown.text.startswith("...") and shown.text.endswith("...")
    assert len(shown.text) <= MAX_LINE_CHARS + 6
    assert shown.text[shown.caret_start : shown.caret_start + shown.caret_width] == (
        "gptme x | tee log"
    )


# Discovery: ignore files cannot make the walk crawl


def test_deeply_stacked_ignore_files_stay_fast(tmp_path: Path) -> None:
    directory = tmp_path
    for depth in range(300):
        directory /= "d"
        directory.mkdir()
        (directory / ".gitignore").write_text("*.log\n" + ("top.sh\n" if depth == 0 else ""))
    (directory / ".gitignore").write_text("deep.sh\n")
    for name in ("run.sh", "top.sh", "deep.sh"):
        (directory / name).write_text(GOOD)
    started = time.monotonic()
    candidates, diagnostics, *_ = discover([tmp_path], Settings(root=tmp_path), cwd=tmp_path)
    assert time.monotonic() - started < 20
    # The ignore files nearest the top apply; deeper ones are not used, each one reported.
    assert sorted(c.path.name for c in candidates) == ["deep.sh", "run.sh"]
    assert {d.message for d in diagnostics} == {
        "ignore file not used: more than 32 nested ignore files"
    }
    assert len(diagnostics) == 300 - 32


def test_huge_ignore_file_is_reported_not_used(tmp_path: Path) -> None:
    patterns = "".join(f"generated-{i}/\n" for i in range(50_000))  # about 800 kB
    (tmp_path / ".gitignore").write_text("# comment\nrun.sh\n" + patterns)
    (tmp_path / "run.sh").write_text(GOOD)
    started = time.monotonic()
    candidates, diagnostics, *_ = discover([tmp_path], Settings(root=tmp_path), cwd=tmp_path)
    assert time.monotonic() - started < 10
    assert [c.display for c in candidates] == ["run.sh"]  # audits more, never less
    (note,) = diagnostics
    assert (note.path, note.kind) == (".gitignore", DiagnosticKind.SKIPPED)
    assert note.message.startswith("ignore file not used: 50,001 patterns, above the limits")


# The hostile tree, end to end


def _socket(path: Path) -> bool:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
            server.bind(str(path))
    except OSError:  # a path too long for AF_UNIX, or no UNIX sockets
        return False
    return True


def _device(path: Path) -> bool:
    try:  # /dev/null's numbers; needs root (or CAP_MKNOD)
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        return False
    return True


def _write_bytes_name(directory: Path, name: bytes, text: str) -> None:
    descriptor = os.open(os.fsencode(directory) + b"/" + name, os.O_WRONLY | os.O_CREAT, 0o644)
    with open(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)


@pytest.fixture
def hostile_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """A checkout holding everything runaudit must survive, and what it must then say."""
    root = tmp_path / "checkout"
    (root / "sub").mkdir(parents=True)
    expected: dict[str, Any] = {"findings": set(), "skipped": {}, "unreadable": set()}
    findings, skipped = expected["findings"], expected["skipped"]

    (root / "good.sh").write_text(GOOD)
    findings.add(("good.sh", 3, "RA101"))
    os.mkfifo(root / "fifo.sh")
    skipped["fifo.sh"] = "not a regular file (a FIFO)"
    if _socket(root / "sock.sh"):
        skipped["sock.sh"] = "not a regular file (a socket)"
    if _device(root / "dev.sh"):
        skipped["dev.sh"] = "not a regular file (a character device)"
    (root / "loop_a.sh").symlink_to("loop_b.sh")
    (root / "loop_b.sh").symlink_to("loop_a.sh")
    skipped["loop_a.sh"] = skipped["loop_b.sh"] = "symbolic link loop"
    (root / "sub" / "up").symlink_to("..")  # a directory loop: never followed
    (root / "sub" / "self").symlink_to(".")
    (root / "passwd.sh").symlink_to("/etc/passwd")
    (root / "etc").symlink_to("/etc")
    skipped["passwd.sh"] = "link points outside the audited tree (to /etc/passwd)"
    skipped["etc"] = f"link points outside the audited tree (to {os.path.realpath('/etc')})"
    (root / "big.sh").write_bytes(b"#!/bin/bash\n" + b"#" * MAX_FILE_SIZE)
    findings.add(("big.sh", 1, "RA901"))  # runner files not audited are findings
    (root / "locked.sh").write_text(GOOD)
    findings.add(("locked.sh", 1, "RA901"))
    (root / "vanishing.sh").write_text(GOOD)
    findings.add(("vanishing.sh", 1, "RA901"))

    for name, text in python_nesting(5000).items():
        (root / f"deep-{name}.py").write_text(text)
        # `and` is one flat `BoolOp`: analysed; its agent line is the last one
        findings.add((f"deep-{name}.py", None, "RA101" if name == "and" else "RA900"))
    for name, text in shell_nesting(400).items():
        (root / f"deep-{name}.sh").write_text(text)
    (root / "nul.sh").write_bytes(b"#!/bin/bash\nset -e\necho \x00\ngptme x | tee log\n")
    findings.add(("nul.sh", 4, "RA101"))
    (root / "utf8.sh").write_bytes(b"#!/bin/bash\nset -e\necho \xff\xfe\xc3\ngptme x | tee log\n")
    findings.add(("utf8.sh", 4, "RA101"))
    escapes = "#!/bin/bash\nset -e\necho '\x1b[2J\x1b]0;pwned\x07 [bold]x[/]'\ngptme x | tee log\n"
    (root / "escapes.sh").write_text(escapes)
    findings.add(("escapes.sh", 4, "RA101"))
    for name in HOSTILE_NAMES:
        (root / name).write_text(GOOD)
        findings.add((name, 3, "RA101"))
    _write_bytes_name(root, b"undecodable\xff.sh", GOOD)
    findings.add(("undecodable\\udcff.sh", 3, "RA101"))  # JSON shows the byte as an escape
    # A config that would load code if config could: --isolated must not even read it.
    (root / "pyproject.toml").write_text('[tool.runaudit]\nplugins = ["os"]\n')
    (root / "runaudit.toml").write_text("select = [\n")

    real_open = os.open

    def hostile_open(path: Any, flags: int, mode: int = 0o777, **kwargs: Any) -> int:
        name = os.path.basename(os.fsdecode(path))
        if name == "locked.sh":  # root reads through chmod 000, so refuse it here
            raise PermissionError(13, "Permission denied", os.fsdecode(path))
        if name == "vanishing.sh" and os.path.exists(path):  # gone between discovery and read
            os.unlink(path)
        return real_open(path, flags, mode, **kwargs)

    monkeypatch.setattr(os, "open", hostile_open)
    monkeypatch.chdir(root)
    yield expected


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_hostile_tree_finishes_and_reports_the_good_files(
    hostile_tree: dict[str, Any], jobs: str
) -> None:
    code, output, elapsed = run_cli(
        "check", "--isolated", "--no-cache", "--jobs", jobs, "-f", "json"
    )
    assert elapsed < 60
    assert code == 1, output
    assert "Traceback" not in output
    report = json.loads(output)
    found = {(f["path"], f["start"]["line"], f["code"]) for f in report["findings"]}
    for path, line, code_ in hostile_tree["findings"]:
        if line is None:
            assert any(p == path and c == code_ for p, _, c in found), (path, code_)
        else:
            assert (path, line, code_) in found, (path, line, code_)
    notes = {(d["path"], d["kind"]): d["message"] for d in report["diagnostics"]}
    assert not [key for key in notes if key[1] == DiagnosticKind.INTERNAL.value], notes
    for path, message in hostile_tree["skipped"].items():
        assert notes.get((path, "skipped"), "").startswith(message), (path, notes)
    for path in hostile_tree["unreadable"]:
        assert (path, "unreadable") in notes, (path, notes)
    assert notes[("utf8.sh", "decoding")].startswith("invalid utf-8 at line 3")
    # Nothing was read through a link that leaves the tree.
    assert "root:" not in output


@pytest.mark.parametrize("fmt", FORMATS)
def test_hostile_tree_prints_names_and_source_literally(
    hostile_tree: dict[str, Any], fmt: str
) -> None:
    code, output, _ = run_cli("check", "--isolated", "--no-cache", "-f", fmt)
    assert code == 1
    assert "Traceback" not in output
    assert "\x1b" not in output and "\x07" not in output and "\x00" not in output
    assert "\u202e" not in output and "\udcff" not in output
    if fmt == "github":
        # One workflow command per line: no name or message starts a line of its own.
        assert all(line.startswith("::") for line in output.splitlines())
    if fmt in ("text", "concise", "grouped", "markdown"):
        assert "[bold red]markup[blink]" in output.replace("\\", "")


def test_device_node_is_never_opened(tmp_path: Path) -> None:
    device = tmp_path / "zero.sh"
    if not _device(device):  # without root no node can be made: the system's own will do
        device = Path("/dev/null")
    with pytest.raises(NotRegularFile, match="character device"):
        read_bounded(device, 100)


def test_files_that_change_after_discovery_are_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("ok.sh", "swapped.sh", "growing.sh"):
        (tmp_path / name).write_text(GOOD)
    real_open = os.open

    def racing_open(path: Any, flags: int, mode: int = 0o777, **kwargs: Any) -> int:
        name = os.path.basename(os.fsdecode(path))
        if name == "swapped.sh" and not stat.S_ISFIFO(os.stat(path).st_mode):
            os.unlink(path)  # stat saw a regular file; open finds a FIFO
            os.mkfifo(path)
        elif name == "growing.sh" and os.path.getsize(path) <= MAX_FILE_SIZE:
            with open(path, "ab") as handle:  # grows past the cap after the size check
                handle.write(b"#" * MAX_FILE_SIZE)
        return real_open(path, flags, mode, **kwargs)

    monkeypatch.setattr(os, "open", racing_open)
    monkeypatch.chdir(tmp_path)
    code, output, elapsed = run_cli("check", "--isolated", "--no-cache", "-f", "concise")
    assert elapsed < 60
    assert code == 1
    assert "ok.sh:3:1: RA101" in output
    assert "swapped.sh: skipped: not a regular file (a FIFO)" in output
    assert "growing.sh:1:1: RA901 [error] file not audited: it is " in output


def test_deep_constant_expressions_do_not_crash_the_project_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Valid for CPython (so `ast` accepts it), far deeper than Python recursion.
    (tmp_path / "consts.py").write_text(
        "import subprocess\nRETRIES = 1" + " + 1" * 1500 + "\nx = " + "-" * 1500 + "1\n"
    )
    (tmp_path / "run.sh").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    code, output, _ = run_cli("check", "--isolated", "--no-cache", "-f", "concise")
    assert code == 1
    assert "run.sh:3:1: RA101" in output


@pytest.mark.parametrize("value", ["1" * 5000, "0x" + "f" * 5000])
def test_huge_integer_literals_are_unknown_values(value: str) -> None:
    text = (
        "import subprocess\nfrom openai import OpenAI\nfrom tenacity import retry\n"
        f"client = OpenAI(max_retries={value})\n\n@retry\ndef ask():\n"
        "    return client.chat.completions.create(model='x', messages=[])\n\n"
        f"for i in range({value}):\n    try:\n"
        "        subprocess.run(['gptme', 'x'], check=True)\n    except Exception:\n        pass\n"
        f"rc = subprocess.call(['gptme', 'x'])\nif rc == {value}:\n    pass\n"
    )
    result = audit_text(text, "huge.py", FileKind.PYTHON)
    assert not [d for d in result.diagnostics if d.kind is DiagnosticKind.INTERNAL]


# Configuration is data


def test_malformed_toml_exits_2_naming_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "run.sh").write_text(GOOD)
    (tmp_path / "runaudit.toml").write_text("select = ['RA1']\nfail-on = \n")
    monkeypatch.chdir(tmp_path)
    code, output, _ = run_cli("check", "run.sh")
    assert code == 2
    assert output.startswith("runaudit: error: runaudit.toml:2:")
    assert "invalid TOML" in output and "Traceback" not in output


@pytest.mark.parametrize(
    ("table", "key", "suggestion"),
    [
        ("", "fail_on = 'error'", "fail-on"),
        ("", "exlude = []", "exclude"),
        ("[agents.claude]\n", "exitcodes = {}", "exit-codes"),
    ],
)
def test_unknown_keys_exit_2_with_a_suggestion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: str, key: str, suggestion: str
) -> None:
    (tmp_path / "run.sh").write_text(GOOD)
    (tmp_path / ".runaudit.toml").write_text(f"{table}{key}\n")
    monkeypatch.chdir(tmp_path)
    code, output, _ = run_cli("check", "run.sh")
    assert code == 2
    assert ".runaudit.toml" in output
    assert f"(did you mean `{suggestion}`?)" in output


@pytest.mark.parametrize(
    "text",
    [
        'plugins = ["evil_plugin"]',
        'extend-plugins = ["evil_plugin"]',
        'rules = ["evil_plugin:Rule"]',
        'entry-points = ["evil_plugin"]',
        'import = "evil_plugin"',
        'preload = ["evil_plugin"]',
        '[tool.runaudit.rules.evil]\nmodule = "evil_plugin"',
        '[tool.runaudit.agents.evil]\nplugin = "evil_plugin"',
        '[tool.runaudit.sdk]\nplugin = "evil_plugin"',
        '[tool.runaudit.steps]\nmodule = "evil_plugin"',
    ],
)
def test_config_cannot_load_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    marker = tmp_path / "pwned"
    (tmp_path / "evil_plugin.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (tmp_path / "run.sh").write_text(GOOD)
    (tmp_path / "pyproject.toml").write_text(f"[tool.runaudit]\n{text}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    code, output, _ = run_cli("check", "run.sh")
    assert code == 2
    assert "unknown key" in output and "Traceback" not in output
    assert not marker.exists()
    assert "evil_plugin" not in sys.modules


def test_config_values_are_never_evaluated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "pwned"
    payload = f"__import__('os').system('touch {marker}')"
    (tmp_path / "run.sh").write_text(GOOD)
    quoted = json.dumps(payload)
    (tmp_path / "runaudit.toml").write_text(
        f"exclude = [{quoted}]\n"
        f"[agents.evil]\ncommands = [{quoted}]\n"
        f"[agents.evil.exit-codes]\n75 = {quoted}\n"
    )
    monkeypatch.chdir(tmp_path)
    code, output, _ = run_cli("check", "run.sh", "-f", "concise")
    assert code == 1
    assert "run.sh:3:1: RA101" in output
    assert not marker.exists()
    # Where a value names code (a step callable, an SDK class), it must look like a name.
    for table in (
        f"[steps]\ncalls = [{quoted}]",
        f'[sdk.constructors.evil]\nmodule = {quoted}\nclasses = ["C"]',
        f'[sdk.constructors.evil]\nmodule = "m"\nclasses = [{quoted}]',
    ):
        (tmp_path / "runaudit.toml").write_text(table + "\n")
        code, output, _ = run_cli("check", "run.sh")
        assert code == 2, table
        assert "is not a dotted name" in output
    assert not marker.exists()


def test_config_keys_hold_no_code_loading_option() -> None:
    # A new key must be data; one that names a module or plugin needs a security review.
    assert set(config_file.FIELDS) == {
        "select", "ignore", "extend-select", "per-file-ignores", "exclude", "extend-exclude",
        "fail-on", "max-file-size", "respect-gitignore", "agents", "steps", "sdk", "pipelines",
        "timeout", "severity", "force-exclude", "output-format",
    }  # fmt: skip


@pytest.mark.parametrize(
    "configs",
    [
        {"pyproject.toml": "[tool.runaudit]\nplugins = ['os']\n"},
        {"runaudit.toml": "select = [\n"},
        {".runaudit.toml": "ignore = ['RA101']\n"},
        {
            "pyproject.toml": "[tool.runaudit\n",
            "runaudit.toml": "fail-on = 'nope'\n",
            ".runaudit.toml": "\x00",
        },
    ],
)
def test_isolated_ignores_every_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configs: dict[str, str]
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "run.sh").write_text(GOOD)
    for name, text in configs.items():
        (tmp_path / name).write_text(text)
        (tmp_path / "sub" / name).write_text(text)
    monkeypatch.chdir(tmp_path / "sub")
    assert run_cli("check", "run.sh")[0] in (0, 2)  # the config is read: broken or ignoring
    code, output, _ = run_cli("check", "--isolated", "run.sh", "-f", "concise")
    assert code == 1
    assert "run.sh:3:1: RA101" in output


def test_config_files_are_never_read_through_special_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "run.sh").write_text(GOOD)
    os.mkfifo(tmp_path / "runaudit.toml")  # opening it for reading would block forever
    monkeypatch.chdir(tmp_path)
    code, output, elapsed = run_cli("check", "run.sh", "-f", "concise")
    assert (code, elapsed < 60) == (1, True)  # not a config file: found, never opened
    assert "run.sh:3:1: RA101" in output
    code, output, elapsed = run_cli("check", "--config", "runaudit.toml", "run.sh")
    assert (code, elapsed < 60) == (2, True)
    assert "runaudit.toml: cannot read: not a regular file" in output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("select = " + "[" * 5000 + "]" * 5000, "invalid TOML: nested too deeply"),
        ("x = " + "{a = " * 5000 + "1" + "}" * 5000, "invalid TOML: nested too deeply"),
        ("select = ['RA1']\n\x00", "invalid TOML"),
        ("# " + "x" * config_file.CONFIG_SIZE_LIMIT, "larger than"),
    ],
)
def test_hostile_config_text_is_a_config_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    (tmp_path / "run.sh").write_text(GOOD)
    (tmp_path / "runaudit.toml").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, output, _ = run_cli("check", "run.sh")
    assert code == 2
    assert output.startswith("runaudit: error: runaudit.toml")
    assert message in output and "Traceback" not in output


def test_an_annotation_too_long_to_parse_is_not_known() -> None:
    """A string annotation is read as an expression when an attribute of a parameter is
    followed; one CPython cannot parse (too long, too deep) is unknown, never an error."""
    annotation = "-" * 10_000 + "Config"
    text = (
        "import subprocess\n\nclass Config:\n    claude_path = 'claude'\n\n\n"
        f"def run(config: {annotation!r}) -> None:\n"
        "    subprocess.run([config.claude_path, '-p', 'hi'])\n"
    )
    result = audit_text(text, "annotated.py", FileKind.PYTHON)
    assert not result.diagnostics, result.diagnostics


def test_a_common_method_name_does_not_fan_out_over_the_call_graph(tmp_path: Path) -> None:
    """300 classes override an abstract `search`, and 2,000 calls of `x.search()` on
    receivers of unknown class sit in retry loops: abstract dispatch is bounded (past 16
    overrides a call is not followed), so the run stays well inside the time bound."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(
        "from abc import ABC, abstractmethod\n\n\nclass Base(ABC):\n"
        "    @abstractmethod\n    def search(self, q):\n        ...\n"
    )
    subclasses = "".join(
        f"class S{i}(Base):\n    def search(self, q):\n"
        "        return client.chat.completions.create(q)\n\n"
        for i in range(300)
    )
    (package / "impl.py").write_text(
        "from openai import OpenAI\n\nfrom .base import Base\n\nclient = OpenAI()\n\n" + subclasses
    )
    loops = "".join(
        f"def f{i}(x, q):\n    for attempt in range(3):\n        try:\n"
        "            return x.search(q)\n        except Exception:\n            pass\n\n"
        for i in range(2000)
    )
    (package / "calls.py").write_text(loops)
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from auditor.cli import main; main()",
            "check",
            "--isolated",
            "--no-cache",
            str(package),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    assert "internal error" not in result.stderr
    assert time.perf_counter() - started < 60


# Status analysis on branchy scripts: one dataflow, not one walk per path or per code


def _retry_loop(decisions: str) -> str:
    return (
        "#!/bin/bash\nwhile true; do\n  claude -p task\n  rc=$?\n"
        '  if [ "$rc" -eq 0 ]; then break; fi\n' + decisions + "done\n"
    )


def _timed(text: str) -> tuple[set[str], float]:
    started = time.monotonic()
    result = audit_text(text, "hostile.sh", FileKind.SHELL)
    return {finding.code for finding in result.findings}, time.monotonic() - started


def test_two_hundred_nested_ifs_on_the_status_are_analysed_in_time() -> None:
    depth = 200
    decisions = "".join(f'  if [ "$rc" -ne {code} ]; then\n' for code in range(1, depth + 1))
    decisions += "  sleep 1\n" + "  fi\n" * depth
    codes, elapsed = _timed(_retry_loop(decisions))
    assert "RA302" in codes and "RA901" not in codes, codes  # every failure runs it again
    assert elapsed < 5, elapsed


def test_a_kept_status_read_three_hundred_ifs_deep_is_analysed() -> None:
    # the liveness of `rc` walks into every `if` before the read: deeper than Python's
    # stack, it says the value may be read (no finding), and the rest of the file runs
    depth = 300
    text = "#!/bin/bash\nclaude -p task || rc=$?\n"
    text += "".join(f"if [ -f f{i} ]; then\n" for i in range(depth))
    text += 'echo "$rc"\n' + "fi\n" * depth + "claude -p other || true\n"
    result = audit_text(text, "hostile.sh", FileKind.SHELL)
    found = [(f.code, f.span.start.line) for f in result.findings]
    assert found == [("RA203", 2 * depth + 4)], found  # the `|| true` run's alone, no RA900


def test_a_two_thousand_branch_case_on_the_status_is_analysed_in_time() -> None:
    arms = "".join(f"    {code}) sleep {code} ;;\n" for code in range(1, 2001))
    codes, elapsed = _timed(_retry_loop(f'  case "$rc" in\n{arms}  esac\n'))
    assert "RA302" in codes and "RA901" not in codes, codes
    assert elapsed < 5, elapsed


def test_two_thousand_ifs_in_a_row_are_analysed_in_time() -> None:
    decisions = "".join(
        f'  if [ "$rc" -eq {code} ]; then echo {code}; else echo not {code}; fi\n'
        for code in range(1, 2001)
    )
    codes, elapsed = _timed(_retry_loop(decisions))
    assert "RA302" in codes and "RA901" not in codes, codes
    assert elapsed < 5, elapsed


def test_a_function_handing_itself_an_attribute_of_its_argument_is_analysed(
    tmp_path: Path,
) -> None:
    """`transient(error.__cause__)` inside `transient(error: Exception)`: the call graph
    follows what callers pass a parameter a bounded number of steps, also through an
    attribute of an annotated parameter, instead of recursing until Python stops it."""
    (tmp_path / "chain.py").write_text(
        "import subprocess\n\n\n"
        "def transient(error: Exception) -> bool:\n"
        "    if error.__cause__ is not None:\n"
        "        return transient(error.__cause__)\n"
        "    return 'overloaded' in str(error)\n\n\n"
        "def run(prompt: str) -> bytes:\n"
        "    for _ in range(3):\n"
        "        try:\n"
        "            return subprocess.run(['claude', '-p', prompt], check=True).stdout\n"
        "        except subprocess.CalledProcessError as error:\n"
        "            if not transient(error):\n"
        "                raise\n"
        "    return b''\n"
    )
    code, output, _ = run_cli("check", "--isolated", "--no-cache", "--jobs", "1", str(tmp_path))
    assert code == 1, output
    assert "RA301" in output and "nested too deeply" not in output


def test_a_call_graph_past_the_stack_leaves_each_file_audited_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the project's call graph still nest past Python's stack, the run goes on:
    each Python file is audited on its own, and a warning says so."""
    from auditor.python.model import call_graph

    def too_deep(self: object, summaries: object) -> None:
        raise RecursionError

    monkeypatch.setattr(call_graph.CallGraph, "__init__", too_deep)
    (tmp_path / "run.py").write_text(
        "import subprocess\n\n\ndef go(prompt):\n"
        "    subprocess.run(['claude', '-p', prompt])\n    print('done')\n"
    )
    result = invoke(["check", "--isolated", "--no-cache", "--jobs", "1", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "RA203" in result.output
    assert "call graph nests deeper than Python's stack" in result.stderr
