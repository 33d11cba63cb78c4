"""The command line end to end: exit codes, formats, isolation of failures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from invoke import invoke

from auditor import engine
from auditor.finding import Finding, Severity
from auditor.rule import Example, Rule
from auditor.shell.unit import ShellUnit

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'
CLEAN = '#!/bin/bash\nset -euo pipefail\ngptme "$PROMPT" 2>&1 | tee run.log\n'


def run(*args: str, cwd: Path | None = None, monkeypatch: Any = None) -> tuple[int, str]:
    if cwd is not None and monkeypatch is not None:
        monkeypatch.chdir(cwd)
    result = invoke(list(args))
    return result.exit_code, result.output


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "bad.sh").write_text(MASKED)
    (tmp_path / "good.sh").write_text(CLEAN)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_exit_1_on_findings_and_0_when_clean(tree: Path) -> None:
    code, output = run("check", "--isolated", "bad.sh", "good.sh", "-f", "concise")
    assert code == 1
    assert "bad.sh:3:1: RA101 [error] [*] exit status of `gptme` is lost" in output
    assert run("check", "--isolated", "good.sh")[0] == 0


def test_fail_on_and_exit_zero(tree: Path) -> None:
    (tree / "warn.sh").write_text("#!/bin/sh\nif curl -s x | jq .ok; then :; fi\n")
    assert run("check", "--isolated", "warn.sh", "--fail-on", "error")[0] == 0
    assert run("check", "--isolated", "warn.sh")[0] == 1
    assert run("check", "--isolated", "bad.sh", "--exit-zero")[0] == 0


def test_select_and_ignore(tree: Path) -> None:
    assert run("check", "--isolated", "bad.sh", "--ignore", "RA1")[0] == 0
    assert run("check", "--isolated", "bad.sh", "--select", "RA900,RA001")[0] == 0
    assert run("check", "--isolated", "bad.sh", "--select", "RA101")[0] == 1


@pytest.mark.parametrize(
    "args",
    [
        ("check", "--format", "yaml"),
        ("check", "--fail-on", "fatal"),
        ("check", "--select", "XYZ1"),
        ("explain", "RA999"),
        ("check", "--no-such-flag"),
    ],
)
def test_usage_errors_exit_2(tree: Path, args: tuple[str, ...]) -> None:
    code, _ = run(*args)
    assert code == 2


@pytest.mark.parametrize(
    ("args", "config", "message"),
    [
        (("--select", "RA110"), None, "unknown rule selector `RA110` in --select"),
        (("--ignore", "RA5"), None, "unknown rule selector `RA5` in --ignore"),
        (("--extend-select", "RA909"), None, "`RA909` in --extend-select (did you mean `RA901`?)"),
        ((), 'select = ["RA999"]\n', "`RA999` in `select` in `runaudit.toml`"),
        ((), '[per-file-ignores]\n"*.sh" = ["RA77"]\n', "`RA77` in `per-file-ignores`"),
    ],
)
def test_an_unknown_rule_selector_is_an_error_not_a_silent_pass(
    tree: Path, args: tuple[str, ...], config: str | None, message: str
) -> None:
    # A typo must not switch the gate off and print "All checks passed!".
    if config is not None:
        (tree / "runaudit.toml").write_text(config)
    flags = ("--isolated",) if config is None else ()
    code, output = run("check", *flags, *args, "bad.sh")
    assert code == 2
    assert message in output and "All checks passed" not in output


def test_known_prefixes_and_all_are_selectors(tree: Path) -> None:
    for selector in ("ALL", "RA", "RA1", "RA10", "RA101"):
        assert run("check", "--isolated", "--select", selector, "bad.sh")[0] == 1


def test_config_error_exits_2_naming_the_file(tree: Path) -> None:
    (tree / "runaudit.toml").write_text("fail-on = [\n")
    code, output = run("check", ".")
    assert code == 2
    assert "runaudit.toml" in output


def test_config_from_the_tree_applies_unless_isolated(tree: Path) -> None:
    (tree / "runaudit.toml").write_text('ignore = ["RA101"]\n')
    assert run("check", "bad.sh")[0] == 0
    assert run("check", "--isolated", "bad.sh")[0] == 1


class ExplodingRule(Rule[ShellUnit]):
    """A rule with a bug, for the isolation test."""

    code = "RA999"
    name = "exploding"
    severity = Severity.WARNING
    BAD = (Example("boom\n", (("RA999", 1),)),)

    def check(self, unit: ShellUnit) -> Iterator[Finding]:
        if "boom" in unit.text:
            raise ValueError("rule bug")
        yield from ()


def test_a_crashing_rule_is_isolated_to_its_file(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "boom.sh").write_text("#!/bin/bash\n# boom\necho hi\n")
    real = engine.enabled_rules
    monkeypatch.setattr(engine, "enabled_rules", lambda settings: [*real(settings), ExplodingRule])
    code, output = run("check", "--isolated", ".", "-f", "concise")
    assert code == 2
    assert "boom.sh" in output and "rule RA999 failed" in output
    assert "bad.sh:3:1: RA101" in output  # the other files were still audited


def test_source_and_file_names_print_literally(tree: Path) -> None:
    name = "[red]run\x1b[0m.sh"
    (tree / name).write_text(
        "#!/bin/bash\nset -e\ngptme '[bold]x[/]' \x1b[31m | tee log\n", encoding="utf-8"
    )
    for fmt in ("text", "concise", "markdown"):
        code, output = run("check", "--isolated", name, "-f", fmt)
        assert code == 1
        assert "\x1b" not in output, fmt
        assert "\\x1b" in output, fmt
        assert "[red]run" in output.replace("\\", ""), fmt
        if fmt != "concise":
            assert "[bold]x[/]" in output.replace("\\", ""), fmt


def test_json_and_sarif_reports(tree: Path) -> None:
    code, output = run("check", "--isolated", ".", "-f", "json")
    data = json.loads(output)
    assert code == 1 and data["version"] == 1
    (finding,) = data["findings"]
    assert finding["code"] == "RA101" and finding["severity"] == "error"
    assert finding["start"] == {"line": 3, "column": 1}
    code, output = run("check", "--isolated", ".", "-f", "sarif")
    sarif = json.loads(output)
    assert sarif["runs"][0]["results"][0]["ruleId"] == "RA101"


def test_output_file(tree: Path) -> None:
    code, output = run("check", "--isolated", ".", "-f", "json", "-o", "out.json")
    assert code == 1 and output == ""
    assert json.loads((tree / "out.json").read_text())["findings"]


def test_stdin_filename(tree: Path) -> None:
    result = invoke(
        ["check", "--isolated", "--stdin-filename", "x.sh", "-f", "concise"], input=MASKED
    )
    assert result.exit_code == 1
    assert "x.sh:3:1: RA101" in result.output


def test_rules_and_explain() -> None:
    code, output = run("rules")
    assert code == 0 and "RA101" in output and "pipeline-status-masked" in output
    code, output = run("explain", "ra101")
    assert code == 0 and "## Why is this bad?" in output and "pipefail" in output


def test_version() -> None:
    code, output = run("--version")
    assert code == 0 and output.startswith("runaudit ")


def test_help_and_bare_invocation() -> None:
    code, output = run("--help")
    assert code == 0 and "check" in output and "explain" in output
    code, output = run("check", "--help")
    assert code == 0 and "--stdin-filename" in output and "--baseline" in output
    code, output = run()
    assert (code, output) == (
        2,
        "runaudit: error: no command given (one of check, rules, explain, clean, server); "
        "see `runaudit --help`\n",
    )


def test_help_is_wrapped_to_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    widest = {}
    for columns in (50, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        code, output = run("check", "--help")
        assert code == 0
        widest[columns] = max(len(line) for line in output.splitlines())
    assert widest[50] <= 48 < widest[120] <= 118


def test_usage_error_names_the_problem() -> None:
    result = invoke(["check", "--jobs", "0"])
    assert result.exit_code == 2
    assert "--jobs: must be at least 1: 0" in result.stderr and result.stdout == ""


def test_stdin_is_read_only_up_to_the_size_limit(tree: Path) -> None:
    (tree / "runaudit.toml").write_text("max-file-size = 64\n")
    result = invoke(["check", "--stdin-filename", "x.sh", "-f", "concise"], input=MASKED * 1000)
    assert result.exit_code == 1  # not audited is a finding of its own (RA901)
    assert result.stdout.startswith(
        "x.sh:1:1: RA901 [error] file not audited: it is more than 64 bytes, above"
        " `max-file-size`; raise `max-file-size` in config to audit it\n"
    )
