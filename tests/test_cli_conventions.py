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
