"""Configuration per file: the nearest config to each file, `extend`, inline overrides.

ruff's model: each file is audited under the config nearest to it, and the result never
depends on the order of the paths given (pre-commit passes them in any order).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from invoke import Result, invoke

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'
RESPAWN = '#!/bin/bash\nuntil gptme "$PROMPT"; do sleep 5; done\n'
STEP_LIB = "from mylib import run_step\n\n\ndef work():\n    run_step()\n"
RETRIED = "import tenacity\nfrom {lib} import work\n\n\n@tenacity.retry\ndef go():\n    work()\n"


def check(*args: str) -> Result:
    return invoke(["check", "--no-cache", *args])


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose `sub/` folder has a config of its own that ignores RA101."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUNAUDIT_OUTPUT_FORMAT", raising=False)
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "b.sh").write_text(MASKED)
    (tmp_path / "sub" / "a.sh").write_text(MASKED)
    (tmp_path / "sub" / "r.sh").write_text(RESPAWN)
    (tmp_path / "sub" / "runaudit.toml").write_text('ignore = ["RA101"]\n')
    return tmp_path


def codes(result: Result) -> list[tuple[str, str]]:
    return [(f["path"], f["code"]) for f in json.loads(result.stdout)["findings"]]


def test_each_file_is_audited_under_its_nearest_config(tree: Path) -> None:
    expected = [("b.sh", "RA101"), ("sub/r.sh", "RA302")]
    assert codes(check(".", "-f", "json")) == expected
    assert codes(check("sub/a.sh", "b.sh", "sub/r.sh", "-f", "json")) == expected


def test_the_result_never_depends_on_the_order_of_the_paths(tree: Path) -> None:
    outputs = set()
    for order in itertools.permutations(["sub/a.sh", "b.sh", "sub/r.sh"]):
        result = check(*order, "-f", "concise")
        outputs.add((result.exit_code, result.output))
    assert len(outputs) == 1
    ((status, output),) = outputs
    assert status == 1 and "b.sh" in output and "sub/a.sh" not in output


def test_a_config_outside_the_repository_is_not_read(tree: Path) -> None:
    (tree.parent / "runaudit.toml").write_text('select = ["RA3"]\n')
    try:
        assert ("b.sh", "RA101") in codes(check("b.sh", "-f", "json"))
    finally:
        (tree.parent / "runaudit.toml").unlink()


def test_extend_inherits_from_the_file_it_names(tree: Path) -> None:
    (tree / "pyproject.toml").write_text('[tool.runaudit]\nignore = ["RA302"]\n')
    (tree / "sub" / "runaudit.toml").write_text(
        'extend = "../pyproject.toml"\nextend-select = ["RA102"]\n'
    )
    assert codes(check("sub", "-f", "json")) == [("sub/a.sh", "RA101")]
    shown = check("--show-settings", "sub/a.sh").stdout
    assert 'ignore = ["RA302"]' in shown and 'extend-select = ["RA102"]' in shown


def test_extend_refuses_a_cycle(tree: Path) -> None:
    (tree / "runaudit.toml").write_text('extend = "sub/runaudit.toml"\n')
    (tree / "sub" / "runaudit.toml").write_text('extend = "../runaudit.toml"\n')
    result = check("b.sh")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "runaudit: error: config files extend each other in a cycle: runaudit.toml -> "
        "sub/runaudit.toml -> runaudit.toml\n"
    )


def test_extend_of_a_missing_file(tree: Path) -> None:
    (tree / "sub" / "runaudit.toml").write_text('extend = "../nope.toml"\n')
    result = check("sub")
    assert (result.exit_code, result.stderr) == (
        2,
        "runaudit: error: sub/runaudit.toml: `extend` names ../nope.toml: no such file\n",
    )


def test_a_tool_runaudit_table_in_runaudit_toml_says_where_it_belongs(tree: Path) -> None:
    (tree / "sub" / "runaudit.toml").write_text('[tool.runaudit]\nignore = ["RA101"]\n')
    result = check("sub")
    assert (result.exit_code, result.stderr) == (
        2,
        "runaudit: error: sub/runaudit.toml: `[tool.runaudit]` belongs in pyproject.toml; in "
        "runaudit.toml the keys go at the top level (`select = [...]`, no table)\n",
    )


def test_config_file_and_isolated_override_discovery_for_every_file(tree: Path) -> None:
    (tree / "ci.toml").write_text('select = ["RA3"]\n')
    assert codes(check(".", "--config", "ci.toml", "-f", "json")) == [("sub/r.sh", "RA302")]
    isolated = codes(check(".", "--isolated", "-f", "json"))
    assert ("sub/a.sh", "RA101") in isolated


def test_inline_config_overrides_every_file(tree: Path) -> None:
    assert check(".", "-f", "concise").exit_code == 1
    result = check(".", "-f", "concise", "--config", "fail-on = 'error'", "--ignore", "RA101")
    assert result.exit_code == 0  # RA302 is a warning
    result = check(".", "--config", "ignore = ['RA1', 'RA3']", "-f", "json")
    assert codes(result) == []
    result = check(".", "--config", "fail-on = 'fatal'")
    assert (result.exit_code, result.stderr) == (
        2,
        "runaudit: error: --config: `fail-on` in --config must be one of error, warning, "
        "info, not `fatal`\n",
    )
    result = check(".", "--config", "no such thing")
    assert result.exit_code == 2 and result.stderr.startswith("runaudit: error: --config:1:")


def test_exclude_flags_and_per_file_ignores_flag(tree: Path) -> None:
    everything = [("b.sh", "RA101"), ("sub/r.sh", "RA302")]
    assert codes(check(".", "-f", "json")) == everything
    assert codes(check(".", "--extend-exclude", "r.sh", "-f", "json")) == [("b.sh", "RA101")]
    assert codes(check(".", "--exclude", "b.sh,.git/", "-f", "json")) == [("sub/r.sh", "RA302")]
    result = check(".", "--per-file-ignores", "b.sh:RA101", "-f", "json")
    assert codes(result) == [("sub/r.sh", "RA302")]
    result = check(".", "--per-file-ignores", "b.sh")
    assert (result.exit_code, result.stderr) == (
        2,
        "runaudit: error: --per-file-ignores `b.sh`: expected PATTERN:CODES\n",
    )


def test_show_settings_follows_the_file(tree: Path) -> None:
    inner = check("--show-settings", "sub/a.sh").stdout
    outer = check("--show-settings", "b.sh").stdout
    assert f"# config file: {tree / 'sub' / 'runaudit.toml'}" in inner
    assert "# config file: none (the defaults)" in outer
    both = check("--show-settings", "sub/a.sh", "b.sh").stdout
    assert both.startswith("# for b.sh:\n") and "\n# for sub/a.sh:\n" in both


def test_the_project_index_reads_each_module_under_its_config(tree: Path) -> None:
    (tree / "sub" / "runaudit.toml").write_text('[steps]\ncalls = ["mylib.run_step"]\n')
    (tree / "other").mkdir()
    (tree / "sub" / "steps_lib.py").write_text(STEP_LIB)
    (tree / "sub" / "main.py").write_text(RETRIED.format(lib="steps_lib"))
    (tree / "other" / "plain_lib.py").write_text(STEP_LIB)
    (tree / "other" / "main.py").write_text(RETRIED.format(lib="plain_lib"))
    found = codes(check("other", "sub", "-f", "json"))
    assert ("sub/main.py", "RA301") in found and ("other/main.py", "RA301") not in found


def test_the_cache_follows_each_files_config(
    tree: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    cache = str(tmp_path_factory.mktemp("cache"))
    first = invoke(["check", "--cache-dir", cache, ".", "-f", "json"])
    (tree / "sub" / "runaudit.toml").write_text("")
    second = invoke(["check", "--cache-dir", cache, ".", "-f", "json"])
    assert ("sub/a.sh", "RA101") not in codes(first)
    assert ("sub/a.sh", "RA101") in codes(second)


def test_a_folder_without_runner_files_is_warned_about(tree: Path) -> None:
    (tree / "docs").mkdir()
    (tree / "docs" / "notes.txt").write_text("hello\n")
    result = check("docs")
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "All checks passed! (0 files checked)\n",
        "runaudit: warning: no runner files found under docs\n",
    )
