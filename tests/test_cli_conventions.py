"""The conventions a ruff, ShellCheck or Bandit user reaches for, end to end.

Output format from a flag, the environment or the config; per-rule severity;
`--force-exclude`; `-q`/`-v`; `--show-settings`, `--show-files`, `--show-fixes`;
`--fix-only` and `--exit-non-zero-on-fix`; `-` for standard input.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invoke import Result, invoke

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'
RESPAWN = '#!/bin/bash\nuntil gptme "$PROMPT"; do sleep 5; done\n'


def check(*args: str, input: str | None = None) -> Result:
    return invoke(["check", "--no-cache", *args], input=input)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUNAUDIT_OUTPUT_FORMAT", raising=False)
    (tmp_path / "bad.sh").write_text(MASKED)
    return tmp_path


# Per-rule severity


def test_config_severity_applies_before_fail_on_and_in_every_format(tree: Path) -> None:
    (tree / "respawn.sh").write_text(RESPAWN)
    assert check("respawn.sh", "--fail-on", "error").exit_code == 0  # RA302 is a warning
    (tree / "runaudit.toml").write_text('[severity]\nRA302 = "error"\n')
    result = check("respawn.sh", "--fail-on", "error", "-f", "json")
    assert result.exit_code == 1
    (finding,) = json.loads(result.stdout)["findings"]
    assert (finding["code"], finding["severity"]) == ("RA302", "error")
    shown = {  # every format that shows a severity (concise and JUnit show none)
        "text": "RA302 [error]",
        "github": "::error file=respawn.sh",
        "sarif": '"level": "error"',
        "markdown": "| RA302 | agent-respawn-loop | error | 1 |",
    }
    for fmt, text in shown.items():
        result = check("respawn.sh", "-f", fmt)
        assert result.exit_code == 1, fmt
        assert text in result.stdout, fmt


def test_an_unknown_code_in_the_severity_table_exits_2(tree: Path) -> None:
    (tree / "runaudit.toml").write_text('[severity]\nRA309 = "error"\n')
    result = check("bad.sh")
    assert result.exit_code == 2
    assert "unknown rule selector `RA309` in `severity` in `runaudit.toml`" in result.stderr


# Output format: flag > RUNAUDIT_OUTPUT_FORMAT > `output-format` > text


def test_output_format_flag_then_environment_then_config_then_text(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert check("bad.sh").stdout.startswith("bad.sh:3:1: RA101 [error]")  # text
    (tree / "runaudit.toml").write_text('output-format = "concise"\n')
    assert check("bad.sh").stdout.splitlines()[-1] == "Found 1 finding."
    monkeypatch.setenv("RUNAUDIT_OUTPUT_FORMAT", "json")
    assert json.loads(check("bad.sh").stdout)["version"] == 1
    for flag in ("-f", "--format", "--output-format"):
        assert check("bad.sh", flag, "github").stdout.startswith("::error file=bad.sh"), flag


def test_an_unknown_output_format_from_the_environment_or_config_exits_2(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RUNAUDIT_OUTPUT_FORMAT", "yaml")
    result = check("bad.sh")
    assert result.exit_code == 2
    assert "RUNAUDIT_OUTPUT_FORMAT: unknown format `yaml`" in result.stderr
    assert check("bad.sh", "--output-format", "text").exit_code == 1  # the flag wins
    monkeypatch.delenv("RUNAUDIT_OUTPUT_FORMAT")
    (tree / "runaudit.toml").write_text('output-format = "yaml"\n')
    result = check("bad.sh")
    assert result.exit_code == 2
    assert "`output-format` in runaudit.toml must be one of" in result.stderr


# Standard input


def test_a_dash_reads_standard_input(tree: Path) -> None:
    result = check("-", "-f", "concise", input=MASKED)
    assert result.exit_code == 1
    assert result.stdout.startswith("-:3:1: RA101")  # classified by its shebang, named `-`
    named = check("-", "--stdin-filename", "sub/run.sh", "-f", "concise", input=MASKED)
    assert named.stdout.startswith("sub/run.sh:3:1: RA101")
    assert check("-", input="print('not a runner')\n").exit_code == 0


def test_standard_input_takes_the_config_of_the_file_it_stands_for(tree: Path) -> None:
    (tree / "sub").mkdir()
    (tree / "sub" / "runaudit.toml").write_text('ignore = ["RA101"]\n')
    assert check("--stdin-filename", "run.sh", input=MASKED).exit_code == 1
    assert check("--stdin-filename", "sub/run.sh", input=MASKED).exit_code == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-", "bad.sh"), "`-` reads standard input: it cannot be combined with other paths"),
        (("--stdin-filename", "x.sh", "bad.sh"), "--stdin-filename names standard input"),
        (("-", "--fix"), "--fix, --fix-only and --diff work on files, not on standard input"),
        (("-", "--fix-only"), "work on files, not on standard input"),
        (("bad.sh", "--fix-only", "-o", "r.txt"), "--fix-only reports nothing"),
        (("bad.sh", "-q", "-v"), "not allowed with argument"),
    ],
)
def test_combinations_that_cannot_work_exit_2(
    tree: Path, args: tuple[str, ...], message: str
) -> None:
    result = check(*args, input=MASKED)
    assert result.exit_code == 2
    assert message in result.stderr


# --show-settings and --show-files


def test_show_settings_prints_the_settings_in_effect_as_toml(tree: Path) -> None:
    import tomllib

    (tree / "runaudit.toml").write_text(
        'extend-exclude = ["legacy/"]\nfail-on = "error"\n[severity]\nRA302 = "error"\n'
        '[agents.mine]\ncommands = ["my-agent"]\nexit-codes = { 0 = "ok", 75 = "later" }\n'
    )
    result = check("--show-settings", "--ignore", "RA2", "--force-exclude", "-f", "json")
    assert result.exit_code == 0 and result.stderr == ""
    shown = tomllib.loads(result.stdout)["tool"]["runaudit"]
    assert shown["extend-exclude"] == ["legacy/"]
    assert shown["fail-on"] == "error"
    assert shown["severity"] == {"RA302": "error"}
    assert shown["force-exclude"] is True
    assert shown["output-format"] == "json"
    assert shown["agents"]["mine"]["exit-codes"] == {"0": "ok", "75": "later"}
    assert "# config file: " in result.stdout and "runaudit.toml" in result.stdout
    assert "# command line: --ignore RA2" in result.stdout
    enabled = next(line for line in result.stdout.splitlines() if "rules enabled" in line)
    assert "RA101" in enabled and "RA201" not in enabled and "RA102" not in enabled


def test_show_files_lists_what_would_be_audited(tree: Path) -> None:
    (tree / "notes.txt").write_text("hello\n")
    (tree / "legacy").mkdir()
    (tree / "legacy" / "old.sh").write_text(MASKED)
    (tree / "runaudit.toml").write_text('extend-exclude = ["legacy/"]\n')
    result = check("--show-files")
    assert (result.exit_code, result.stdout) == (0, "bad.sh\n")
    named = ("bad.sh", "legacy/old.sh", "notes.txt")
    assert check("--show-files", *named).stdout == "bad.sh\nlegacy/old.sh\n"
    assert check("--show-files", "--force-exclude", *named).stdout == "bad.sh\n"
    assert check("--show-files", "-", "--stdin-filename", "x.sh").stdout == "x.sh\n"


# --force-exclude


def test_force_exclude_applies_config_excludes_to_named_files(tree: Path) -> None:
    (tree / "legacy").mkdir()
    (tree / "legacy" / "old.sh").write_text(MASKED)
    (tree / "runaudit.toml").write_text('extend-exclude = ["legacy/"]\n')
    assert check("legacy/old.sh").exit_code == 1  # a named file is audited by default
    for args in (("--force-exclude", "legacy/old.sh"), ("--force-exclude", "legacy")):
        result = check(*args, "-f", "concise")
        assert (result.exit_code, result.output) == (0, ""), args
    result = check("--force-exclude", "legacy/old.sh", "bad.sh", "-f", "concise")
    assert result.exit_code == 1 and "legacy" not in result.output
    stdin = check("--force-exclude", "--stdin-filename", "legacy/x.sh", input=MASKED)
    assert stdin.exit_code == 0
    (tree / "runaudit.toml").write_text('extend-exclude = ["legacy/"]\nforce-exclude = true\n')
    assert check("legacy/old.sh").exit_code == 0  # the config key does the same


# What is reported about files that are not audited


def test_a_named_file_that_is_no_runner_is_noted_only_when_verbose(tree: Path) -> None:
    (tree / "LICENSE").write_text("MIT\n")
    quiet = check("LICENSE", "bad.sh", "-f", "concise")
    assert quiet.exit_code == 1 and "LICENSE" not in quiet.output
    loud = check("LICENSE", "bad.sh", "-f", "concise", "-v")
    assert "runaudit: LICENSE: not audited: not a recognized runner file" in loud.stderr
    assert "LICENSE" not in loud.stdout


def test_skipped_files_are_notes_and_unaudited_runners_findings(tree: Path) -> None:
    (tree / "broken.sh").symlink_to(tree / "missing.sh")
    (tree / "big.sh").write_text("#!/bin/bash\n" + "echo x\n" * 100)
    (tree / "runaudit.toml").write_text("max-file-size = 200\n")
    result = check(".", "-f", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    kinds = {d["path"]: d["kind"] for d in report["diagnostics"]}
    assert kinds == {"broken.sh": "skipped"}  # a broken link is skipped on purpose
    assert [(f["path"], f["code"]) for f in report["findings"]] == [
        ("bad.sh", "RA101"),
        ("big.sh", "RA901"),
    ]
    (tree / "bad.sh").unlink()
    assert check(".").exit_code == 1  # a runner file that was not audited fails the gate
    assert check(".", "--ignore", "RA901").exit_code == 0


# -q and -v


def test_quiet_prints_only_the_findings(tree: Path) -> None:
    (tree / "broken.sh").symlink_to(tree / "missing.sh")
    full = check(".")
    assert "Found 1 finding" in full.stdout and "broken.sh: skipped" in full.stdout
    text = check(".", "-q")
    assert text.exit_code == 1
    assert text.stdout.startswith("bad.sh:3:1: RA101 [error]") and "^^^" in text.stdout
    assert "Found" not in text.stdout and "broken" not in text.output and "Code" not in text.stdout
    concise = check(".", "--quiet", "-f", "concise")
    (line,) = concise.output.splitlines()  # no count, no note on broken.sh
    assert line.startswith("bad.sh:3:1: RA101 [error] [*] exit status of `gptme` is lost")
    (tree / "bad.sh").write_text(MASKED.replace("set -e", "set -euo pipefail"))
    assert check(".", "-q").output == ""  # clean: nothing at all
    assert json.loads(check(".", "-q", "-f", "json").stdout)["diagnostics"]  # machine: whole


def test_quiet_still_says_why_the_run_failed(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from auditor.engine import Auditor

    def explode(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(Auditor, "_units", explode)
    result = check("bad.sh", "-q")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert (
        "runaudit: bad.sh: internal-error: analysis failed: RuntimeError('boom')" in result.stderr
    )


def test_verbose_notes_sourced_files_and_timings(tree: Path) -> None:
    (tree / "lib").mkdir()
    (tree / "lib" / "common.sh").write_text("LOG_DIR=logs\n")
    (tree / "run.sh").write_text(
        '#!/bin/bash\nsource lib/common.sh\n. "$(dirname "$0")/env.sh"\ngptme "$P" | tee log\n'
    )
    result = check("run.sh", "lib/common.sh", "-v", "-f", "json")
    assert json.loads(result.stdout)["findings"]  # stdout is the report alone
    lines = result.stderr.splitlines()
    assert "runaudit: config: none, the defaults" in lines
    assert (
        "runaudit: run.sh: sources `lib/common.sh`, followed (its functions, variables and "
        "options hold after it) and audited as a file of its own"
    ) in lines
    assert (
        # resolved as the audit resolves it (issue 24: it used to say "known only at run time")
        'runaudit: run.sh: sources `"$(dirname "$0")/env.sh"`, which is not among the audited files'
    ) in lines
    timing = lines[-1]
    assert timing.startswith("runaudit: 2 files audited in ") and "analysis" in timing
    assert check("run.sh", "-f", "json").stderr == ""  # none of it without -v


# Fixes: --show-fixes, --exit-non-zero-on-fix, --fix-only


def test_show_fixes_lists_the_fixes_available_then_those_applied(tree: Path) -> None:
    available = check("bad.sh", "--show-fixes", "-f", "json")
    assert json.loads(available.stdout)["findings"]
    assert available.stderr == (
        "Fixes available for 1 finding:\n"
        "- bad.sh:3:1: RA101 (with --unsafe-fixes): "
        "change `set -e` to `set -eo pipefail` (line 2)\n"
    )
    applied = check("bad.sh", "--fix", "--unsafe-fixes", "--show-fixes")
    assert applied.exit_code == 0
    assert "Fixed 1 finding:\n- bad.sh:\n    1 x RA101 (pipeline-status-masked)\n" in applied.stderr
    assert "set -eo pipefail" in (tree / "bad.sh").read_text()


def test_exit_non_zero_on_fix(tree: Path) -> None:
    (tree / "again.sh").write_text(MASKED)
    assert check("bad.sh", "--fix", "--unsafe-fixes").exit_code == 0  # nothing remains
    flags = ("--fix", "--unsafe-fixes", "--exit-non-zero-on-fix")
    assert check("again.sh", *flags).exit_code == 1  # a file was changed
    assert check("again.sh", *flags).exit_code == 0  # nothing left to change
    (tree / "third.sh").write_text(MASKED)
    assert check("third.sh", *flags, "--exit-zero").exit_code == 0  # --exit-zero wins


def test_fix_only_applies_fixes_and_reports_nothing_else(tree: Path) -> None:
    (tree / "respawn.sh").write_text(RESPAWN)  # RA302: no fix
    result = check("bad.sh", "respawn.sh", "--fix-only", "--unsafe-fixes")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "runaudit: fixed 1 finding in 1 file.\n"
    assert "set -eo pipefail" in (tree / "bad.sh").read_text()
    (tree / "bad.sh").write_text(MASKED)
    flags = ("--fix-only", "--unsafe-fixes", "--exit-non-zero-on-fix", "-q")
    result = check("bad.sh", "respawn.sh", *flags)
    assert (result.exit_code, result.output) == (1, "")
    assert check("respawn.sh", "--fix-only").exit_code == 0  # findings left, none fixable


def test_settings_print_as_toml_that_reads_back_and_cannot_drive_a_terminal() -> None:
    import tomllib

    from auditor.show import toml_value

    value = {"a\u202eb": ["x\x1b\x85y\u2028", "é"], "n": 2, "t": 1.5, "ok": True}
    text = f"k = {toml_value(value)}"
    assert tomllib.loads(text)["k"] == value
    assert not any(char in text for char in "\x1b\x85\u2028\u202e")


def test_every_check_flag_is_in_the_readme() -> None:
    import re

    help_text = invoke(["check", "--help"]).stdout
    flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", help_text)) | {"--output-format"}
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert {flag for flag in flags if flag not in readme} == set()
