"""Config discovery, validation, rule selection and per-file ignores."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor.config import (
    DEFAULT_MAX_FILE_SIZE,
    Settings,
    apply_overrides,
    check_selectors,
    find_config,
    load_settings,
)
from auditor.config_file import ConfigError
from auditor.finding import Severity


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def load(path: Path) -> Settings:
    return load_settings(path, search_from=path.parent)


# Discovery


def test_find_config_walks_upward_from_a_file(tmp_path: Path) -> None:
    config = write(tmp_path / "runaudit.toml", "")
    script = write(tmp_path / "a" / "b" / "run.sh", "")
    assert find_config(script) == config
    assert find_config(script.parent) == config


def test_find_config_prefers_dot_runaudit_then_runaudit_then_pyproject(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.runaudit]\n")
    assert find_config(tmp_path) == tmp_path / "pyproject.toml"
    write(tmp_path / "runaudit.toml", "")
    assert find_config(tmp_path) == tmp_path / "runaudit.toml"
    write(tmp_path / ".runaudit.toml", "")
    assert find_config(tmp_path) == tmp_path / ".runaudit.toml"


def test_pyproject_without_table_is_skipped(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[tool.runaudit]\nselect = ['RA1']\n")
    write(tmp_path / "sub" / "pyproject.toml", "[tool.ruff]\nline-length = 99\n")
    assert find_config(tmp_path / "sub") == config
    settings = load_settings(None, search_from=tmp_path / "sub")
    assert settings.select == ("RA1",)
    assert settings.config_path == config
    assert settings.root == tmp_path


def test_a_pyproject_that_never_names_runaudit_is_not_parsed(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[tool.runaudit]\nselect = ['RA1']\n")
    # Invalid TOML, but another tool's file: skipped unread, as it names no runaudit table.
    write(tmp_path / "sub" / "pyproject.toml", "[tool.ruff\nline-length = = 99\n")
    assert find_config(tmp_path / "sub") == config
    # Naming it (here in a comment) makes it read, and then its errors are reported.
    write(tmp_path / "sub" / "pyproject.toml", "# runaudit\n[tool.ruff\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        find_config(tmp_path / "sub")


def test_no_config_gives_defaults_rooted_at_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    settings = load_settings(None, search_from=tmp_path)
    assert settings.config_path is None
    assert settings.root == tmp_path
    assert settings.select is None  # the default selection
    assert settings.fail_on is Severity.WARNING
    assert settings.max_file_size == DEFAULT_MAX_FILE_SIZE
    assert settings.respect_gitignore is True


def test_isolated_ignores_config_files(tmp_path: Path) -> None:
    write(tmp_path / "runaudit.toml", "select = ['RA2']\n")
    assert load_settings(None, search_from=tmp_path).select == ("RA2",)
    settings = load_settings(None, search_from=tmp_path, isolated=True)
    assert settings.select is None
    assert settings.config_path is None


def test_isolated_conflicts_with_explicit_config(tmp_path: Path) -> None:
    config = write(tmp_path / "runaudit.toml", "")
    with pytest.raises(ConfigError, match="--isolated"):
        load_settings(config, search_from=tmp_path, isolated=True)


def test_explicit_config_file_is_used(tmp_path: Path) -> None:
    write(tmp_path / "runaudit.toml", "select = ['RA2']\n")
    other = write(tmp_path / "conf" / "ci.toml", "select = ['RA3']\nfail-on = 'error'\n")
    settings = load_settings(other, search_from=tmp_path)
    assert settings.select == ("RA3",)
    assert settings.fail_on is Severity.ERROR
    assert settings.root == tmp_path / "conf"


def test_explicit_pyproject_needs_the_table(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n")
    with pytest.raises(ConfigError, match=r"no \[tool\.runaudit\] table"):
        load(config)


def test_missing_explicit_config_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nope\.toml"):
        load(tmp_path / "nope.toml")


# Validation


def test_malformed_toml_names_file_line_and_column(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[tool.runaudit]\nselect = ['RA1']\nfail-on =\n")
    with pytest.raises(ConfigError) as error:
        find_config(tmp_path)
    message = str(error.value)
    assert message.startswith(f"{config}:3:10: invalid TOML: ")
    assert "(at line" not in message


def test_malformed_toml_path_is_relative_to_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "runaudit.toml", "select = [\n")
    with pytest.raises(ConfigError, match=r"^runaudit\.toml:\d+:\d+: invalid TOML"):
        load_settings(None, search_from=tmp_path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fail_on = 'error'", "unknown key `fail_on` in runaudit.toml (did you mean `fail-on`?)"),
        ("selct = []", "unknown key `selct` in runaudit.toml (did you mean `select`?)"),
        ("zzz = 1", "unknown key `zzz` in runaudit.toml"),
        ("select = 'RA1'", "`select` in runaudit.toml must be a list of strings"),
        ("select = ['E501']", "invalid rule code `E501` in `select`"),
        ("ignore = ['RA1000']", "invalid rule code `RA1000` in `ignore`"),
        ("fail-on = 'fatal'", "`fail-on` in runaudit.toml must be one of error, warning, info"),
        ("fail-on = 1", "must be one of error, warning, info, not `1`"),
        ("max-file-size = true", "`max-file-size` in runaudit.toml must be a positive number"),
        ("max-file-size = 0", "must be a positive number of bytes"),
        ("respect-gitignore = 'no'", "`respect-gitignore` in runaudit.toml must be true or false"),
        ("exclude = 'build'", "`exclude` in runaudit.toml must be a list of strings"),
        ("extend-exclude = ['!']", "invalid pattern `!` in `extend-exclude`"),
        ("per-file-ignores = ['x']", "`per-file-ignores` in runaudit.toml must be a table"),
        (
            "per-file-ignores = {'x' = 'RA1'}",
            "`per-file-ignores.x` in runaudit.toml must be a list",
        ),
        ("steps = ['x']", "`steps` in runaudit.toml must be a table"),
        ("[agents.claude]\ncommand = ['claude']", "unknown key `command` in [agents.claude]"),
        ("[agents.x]\ncommands = 'x'", "`commands` in [agents.x] must be a list of strings"),
        ("[agents.x]\ncommands = ['']", "`commands` in [agents.x] must be non-empty names"),
        ("[agents.x]\nread-only = ['']", "`read-only` in [agents.x] must be non-empty options"),
        ("[agents.x.exit-codes]\nabc = 'x'", "exit status `abc` in [agents.x] must be 0 to 255"),
        ("[agents.x.exit-codes]\n256 = 'x'", "exit status `256` in [agents.x] must be 0 to 255"),
        (
            "[agents.x.exit-codes]\n75 = 1",
            "`exit-codes.75` in [agents.x] must be a string",
        ),
        ("pipelines = ['make']", "`pipelines` in runaudit.toml must be a table"),
        ("[pipelines]\nconsequential = 'make'", "`consequential` in [pipelines] must be a list"),
        ("[pipelines]\nconsequential = ['  ']", "`consequential` in [pipelines] must be non-empty"),
        ("[pipelines]\nheavy = ['make']", "unknown key `heavy` in [pipelines]"),
    ],
)
def test_invalid_config_is_rejected(tmp_path: Path, text: str, message: str) -> None:
    config = write(tmp_path / "runaudit.toml", text + "\n")
    with pytest.raises(ConfigError) as error:
        load(config)
    assert message in str(error.value)
    assert str(error.value).startswith(f"{config}: ")


def test_unknown_key_in_pyproject_names_the_table(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[tool.runaudit]\nper_file_ignores = {}\n")
    with pytest.raises(ConfigError) as error:
        load(config)
    assert str(error.value) == (
        f"{config}: unknown key `per_file_ignores` in [tool.runaudit]"
        " (did you mean `per-file-ignores`?)"
    )


def test_unknown_agent_key_in_pyproject_names_the_nested_table(tmp_path: Path) -> None:
    text = "[tool.runaudit.agents.claude]\nexit_codes = {}\n"
    config = write(tmp_path / "pyproject.toml", text)
    with pytest.raises(ConfigError, match=r"in \[tool\.runaudit\.agents\.claude\] \(did you"):
        load(config)


def test_full_config_is_read(tmp_path: Path) -> None:
    config = write(
        tmp_path / "pyproject.toml",
        """
[tool.runaudit]
select = ["RA1", "RA2"]
ignore = ["RA203"]
extend-select = ["RA301"]
exclude = ["vendor/"]
extend-exclude = ["generated"]
fail-on = "error"
max-file-size = 1000
respect-gitignore = false

[tool.runaudit.per-file-ignores]
"tests/*.sh" = ["RA101"]

[tool.runaudit.agents.claude]
commands = ["claude", "claude-code"]
exit-codes = { "0" = "success", "75" = "rate limited" }

[tool.runaudit.steps]
calls = ["myproj.loop.run_step"]

[tool.runaudit.sdk]
retries = "forbid"
""",
    )
    settings = load(config)
    assert settings.select == ("RA1", "RA2")
    assert settings.ignore == ("RA203",)
    assert settings.extend_select == ("RA301",)
    assert settings.exclude == ("vendor/",)
    assert settings.extend_exclude == ("generated",)
    assert settings.fail_on is Severity.ERROR
    assert settings.max_file_size == 1000
    assert settings.respect_gitignore is False
    assert settings.per_file_ignores == {"tests/*.sh": ("RA101",)}
    assert settings.agents == {
        "claude": {
            "commands": ["claude", "claude-code"],
            "exit-codes": {"0": "success", "75": "rate limited"},
        }
    }
    assert settings.steps == {"calls": ["myproj.loop.run_step"]}
    assert settings.sdk == {"retries": "forbid"}


# Rule selection


@pytest.mark.parametrize(
    ("select", "ignore", "extend_select", "expected"),
    [
        (("ALL",), (), (), {"RA101": True, "RA203": True, "RA001": True}),
        (("RA1",), (), (), {"RA101": True, "RA203": False}),
        (("RA1",), ("RA101",), (), {"RA101": False, "RA102": True}),
        (("RA101",), ("RA1",), (), {"RA101": True, "RA102": False}),
        (("RA1",), ("RA1",), (), {"RA101": False}),  # a tie goes to ignore
        (("ALL",), ("RA2",), (), {"RA101": True, "RA201": False}),
        (("RA2",), ("ALL",), (), {"RA201": True, "RA101": False}),
        (("RA1",), (), ("RA203",), {"RA101": True, "RA203": True, "RA204": False}),
        ((), (), (), {"RA101": False}),
    ],
)
def test_rule_selected_by_most_specific_prefix(
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    expected: dict[str, bool],
) -> None:
    settings = Settings(select=select, ignore=ignore, extend_select=extend_select)
    assert {code: settings.rule_selected(code) for code in expected} == expected


def test_cli_select_replaces_config_selection() -> None:
    settings = Settings(select=("RA1",), ignore=("RA203",))
    overridden = apply_overrides(settings, select=["RA203"])
    assert overridden.rule_selected("RA203")
    assert not overridden.rule_selected("RA101")


def test_cli_ignore_applies_on_top_of_config() -> None:
    settings = apply_overrides(Settings(select=("RA1", "RA2")), ignore=["RA101"])
    assert not settings.rule_selected("RA101")
    assert settings.rule_selected("RA102")
    assert settings.rule_selected("RA201")
    assert not settings.rule_selected("RA301")


def test_cli_extend_select_adds_to_config() -> None:
    settings = apply_overrides(Settings(select=("RA1",)), extend_select=["RA301"])
    assert settings.rule_selected("RA301")
    assert settings.rule_selected("RA101")


def test_cli_fail_on_and_validation() -> None:
    settings = Settings()
    assert apply_overrides(settings, fail_on="error").fail_on is Severity.ERROR
    assert apply_overrides(settings, fail_on=Severity.INFO).fail_on is Severity.INFO
    assert apply_overrides(settings).fail_on is Severity.WARNING
    with pytest.raises(ConfigError, match="--fail-on must be one of"):
        apply_overrides(settings, fail_on="fatal")
    with pytest.raises(ConfigError, match="invalid rule code `X1` in --select"):
        apply_overrides(settings, select=["X1"])


# Paths


def test_per_file_ignores_match_relative_to_root(tmp_path: Path) -> None:
    settings = Settings(
        root=tmp_path,
        per_file_ignores={"tests/*.sh": ("RA1",), "legacy/": ("ALL",), "gen_*.py": ("RA203",)},
    )
    assert settings.ignored_for(tmp_path / "tests" / "run.sh", "RA101")
    assert not settings.ignored_for(tmp_path / "tests" / "run.sh", "RA201")
    assert not settings.ignored_for(tmp_path / "src" / "tests" / "run.sh", "RA101")
    assert settings.ignored_for(tmp_path / "legacy" / "deep" / "x.sh", "RA302")
    assert settings.ignored_for(tmp_path / "a" / "b" / "gen_unit.py", "RA203")
    assert not settings.ignored_for(tmp_path / "a" / "b" / "gen_unit.py", "RA204")
    assert not Settings(root=tmp_path).ignored_for(tmp_path / "x.sh", "RA101")


def test_per_file_ignores_from_config_file(tmp_path: Path) -> None:
    config = write(tmp_path / "runaudit.toml", "[per-file-ignores]\n'ci/*.sh' = ['RA101']\n")
    settings = load(config)
    assert settings.ignored_for(tmp_path / "ci" / "deploy.sh", "RA101")
    assert not settings.ignored_for(tmp_path / "deploy.sh", "RA101")


def test_is_excluded_uses_defaults_and_extensions(tmp_path: Path) -> None:
    settings = Settings(root=tmp_path, extend_exclude=("generated/*.sh", "/top.sh"))
    assert settings.is_excluded(tmp_path / ".venv", tmp_path, is_dir=True)
    assert settings.is_excluded(tmp_path / "a" / "node_modules", tmp_path, is_dir=True)
    assert settings.is_excluded(tmp_path / "x.egg-info", tmp_path, is_dir=True)
    # Default excludes name directories: a script called `build` is still audited.
    assert not settings.is_excluded(tmp_path / "build", tmp_path)
    assert settings.is_excluded(tmp_path / "generated" / "a.sh", tmp_path)
    assert settings.is_excluded(tmp_path / "top.sh", tmp_path)
    assert not settings.is_excluded(tmp_path / "sub" / "top.sh", tmp_path)
    assert not settings.is_excluded(tmp_path, tmp_path, is_dir=True)


def test_exclude_replaces_defaults(tmp_path: Path) -> None:
    settings = Settings(root=tmp_path, exclude=("vendor/",))
    assert settings.is_excluded(tmp_path / "vendor", tmp_path, is_dir=True)
    assert not settings.is_excluded(tmp_path / ".venv", tmp_path, is_dir=True)


# Per-rule severity


def test_severity_table_overrides_by_most_specific_prefix(tmp_path: Path) -> None:
    config = write(
        tmp_path / "runaudit.toml",
        '[severity]\nRA3 = "info"\nRA302 = "ERROR"\nALL = "warning"\n',
    )
    settings = load(config)
    assert settings.severity_of("RA302") is Severity.ERROR
    assert settings.severity_of("RA301") is Severity.INFO
    assert settings.severity_of("RA101") is Severity.WARNING
    assert Settings().severity_of("RA101") is None


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('severity = "error"', "`severity` in runaudit.toml must be a table"),
        ('[severity]\nRA302 = "fatal"', "`severity.RA302` in runaudit.toml must be one of"),
        ("[severity]\nRA302 = 3", "`severity.RA302` in runaudit.toml must be one of"),
        ('[severity]\nra302 = "error"', "invalid rule code `ra302` in `severity`"),
    ],
)
def test_severity_table_is_validated(tmp_path: Path, table: str, message: str) -> None:
    config = write(tmp_path / "runaudit.toml", table + "\n")
    with pytest.raises(ConfigError, match=re.escape(message)):
        load(config)


def test_an_unknown_code_in_the_severity_table_is_an_error(tmp_path: Path) -> None:
    config = write(tmp_path / "runaudit.toml", '[severity]\nRA309 = "error"\n')
    with pytest.raises(ConfigError, match=r"unknown rule selector `RA309` in `severity` in"):
        check_selectors(load(config), ["RA301", "RA302"])
