"""Every rule documents itself and its examples are its tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from auditor.config import Settings
from auditor.engine import audit_text, enabled_rules
from auditor.registry import RuleLoadError, all_rules
from auditor.rule import DOC_SECTIONS, Example, Rule

RULES = all_rules()
EXAMPLES = [
    pytest.param(rule, example, id=f"{rule.code}-{kind}{index}")
    for rule in RULES
    for kind, examples in (("bad", rule.BAD), ("good", rule.GOOD))
    for index, example in enumerate(examples)
]


def test_registry_is_derived_from_the_rule_modules() -> None:
    codes = [rule.code for rule in RULES]
    assert codes == sorted(codes)
    assert {"RA001", "RA101", "RA900"} <= set(codes)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_rule_metadata(rule: type[Rule[Any]]) -> None:
    assert rule.code[:2] == "RA" and rule.code[2:].isdigit() and len(rule.code) == 5
    assert rule.name == rule.name.lower() and " " not in rule.name and "_" not in rule.name
    assert rule.summary() and not rule.summary().endswith(" ")


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_rule_documents_every_section(rule: type[Rule[Any]]) -> None:
    doc = rule.documentation()
    missing = [section for section in DOC_SECTIONS if f"## {section}" not in doc]
    assert not missing, f"{rule.code} docstring lacks sections: {missing}"
    if rule.fixable:
        assert "## Fix safety" in doc


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_rule_has_bad_and_good_examples(rule: type[Rule[Any]]) -> None:
    assert rule.BAD, f"{rule.code} has no BAD example"
    assert rule.GOOD, f"{rule.code} has no GOOD example"
    assert all(example.expect for example in rule.BAD)
    assert all(not example.expect for example in rule.GOOD)


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_rule_example(rule: type[Rule[Any]], example: Example) -> None:
    # Every rule runs, so that the examples of opt-in rules (RA102) are checked too.
    result = audit_text(example.source, example.filename, example.kind, Settings(select=("ALL",)))
    assert not [d for d in result.diagnostics if d.is_error]
    found = sorted((f.code, f.span.start.line) for f in result.findings if f.code == rule.code)
    assert found == sorted(example.expect)


def test_opt_in_rules_run_only_when_selected() -> None:
    opt_in = {rule.code for rule in RULES if not rule.selected_by_default}
    assert opt_in == {"RA102"}
    default = {rule.code for rule in enabled_rules(Settings())}
    assert not default & opt_in and default | opt_in == {rule.code for rule in RULES}
    extended = {rule.code for rule in enabled_rules(Settings(extend_select=("RA102",)))}
    assert extended == default | {"RA102"}
    assert "RA102" in {rule.code for rule in enabled_rules(Settings(select=("RA1",)))}
    source = "#!/bin/bash\nset -e\nfiles=$(find . | sort)\n"
    assert not audit_text(source, "x.sh", RULES[0].BAD[0].kind).findings
    chosen = Settings(extend_select=("RA102",))
    codes = [f.code for f in audit_text(source, "x.sh", RULES[0].BAD[0].kind, chosen).findings]
    assert codes == ["RA102"]


def test_rule_reference_is_generated_from_the_rules() -> None:
    from pathlib import Path

    from auditor.docs import rules_markdown

    page = Path(__file__).parent.parent / "docs" / "rules.md"
    assert page.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is stale: run `python -m auditor.docs > docs/rules.md`"
    )
    for rule in RULES:
        assert f"## {rule.code} {rule.name}" in page.read_text(encoding="utf-8")


PLUGIN = '''
from auditor.finding import Severity
from auditor.kinds import Host
from auditor.rule import Rule


class PluginRule(Rule):
    """Flags nothing; proves that plugins load."""

    code = "RA999"
    name = "plugin-rule"
    severity = Severity.INFO
    hosts = frozenset({Host.SHELL})

    def check(self, unit):
        return iter(())
'''


def _install_plugin(tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution on sys.path declaring a `runaudit.rules` entry point."""
    (tmp_path / "demo_plugin.py").write_text(PLUGIN)
    info = tmp_path / "demo_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: demo-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[runaudit.rules]\ndemo = {target}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    all_rules.cache_clear()


def test_plugin_rules_come_from_entry_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install_plugin(tmp_path, "demo_plugin:PluginRule", monkeypatch)
    try:
        assert "RA999" in [rule.code for rule in all_rules()]
    finally:
        monkeypatch.undo()
        all_rules.cache_clear()
    assert "RA999" not in [rule.code for rule in all_rules()]


def test_plugin_that_fails_to_load_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install_plugin(tmp_path, "demo_plugin:Missing", monkeypatch)
    try:
        with pytest.raises(RuleLoadError, match="rule plugin demo failed to load"):
            all_rules()
    finally:
        monkeypatch.undo()
        all_rules.cache_clear()


def test_each_data_file_has_its_json_twin() -> None:
    import json

    import tomllib

    from rules import DATA

    sources = sorted(DATA.glob("*.toml"))
    assert [s.stem for s in sources] == ["agents", "sdk", "steps"]
    for source in sources:
        twin = source.with_suffix(".json")
        assert twin.is_file(), f"{twin.name} is missing: run `python -m rules`"
        expected = tomllib.loads(source.read_text(encoding="utf-8"))
        assert json.loads(twin.read_text(encoding="utf-8")) == expected, (
            f"{twin.name} is stale: run `python -m rules`"
        )
