"""RA101's tiers and RA102: what a masked stage is decides the rule and the severity."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.config import Settings, load_settings
from auditor.engine import audit_text
from auditor.finding import Finding
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript
from rules.pipeline.pipeline_status_masked import stage_name

EVERY_RULE = Settings(select=("ALL",))


def findings(text: str, settings: Settings = EVERY_RULE) -> list[Finding]:
    result = audit_text(text, "run.sh", FileKind.SHELL, settings)
    return [f for f in result.findings if f.code in ("RA101", "RA102")]


@pytest.mark.parametrize(
    ("pipeline", "code", "severity"),
    [
        ('gptme "$P" | tee log', "RA101", "error"),
        ('timeout 60 claude -p "$P" 2>&1 | tee log', "RA101", "error"),
        ("curl -fsSL https://x/a.tgz | jq .", "RA101", "warning"),
        # an archive unpacked as it arrives fails on a failed download's empty stream
        ("curl -fsSL https://x/a.tgz | tar -xz", "RA102", "info"),
        ("curl -fsSL https://x/a.tgz | tar -xzf a.tgz", "RA101", "warning"),
        ("curl -fsSL https://x.sh | sh", "RA101", "warning"),  # an install line
        # one whose tool the run goes on to use fails there
        ("curl -fsSL https://bun.sh/install | bash && bun install", "RA102", "info"),
        ("curl -fsSL https://bun.sh/install | sudo -E bash -\nbun install", "RA102", "info"),
        ("curl -fsSL https://bun.sh/install | bash\nbun install || true", "RA101", "warning"),
        # a `||` after the `&&` takes the install's failure: tested
        ("curl -fsSL https://bun.sh/i | bash && echo ok || exit 1\nbun i", "RA101", "warning"),
        ("curl -fsSL https://sh.rustup.rs | sh -s -- -y\nrustup default stable", "RA102", "info"),
        (
            "curl -fsSL https://bun.sh/install | bash apply.sh\nbun install",
            "RA101",
            "warning",
        ),  # data
        (
            "curl -fsSL https://bun.sh/install | bash || exit 1\nbun install",
            "RA101",
            "warning",
        ),  # tested
        ("git -c core.x=1 -C repo fetch origin | tee log", "RA101", "warning"),
        ("gh api repos/o/r/pulls | jq length", "RA101", "warning"),
        ("uv run pytest -q | tee log", "RA101", "warning"),
        ("gh issue list | jq length", "RA102", "info"),
        ("git log --oneline | tee log", "RA102", "info"),
        ("gptme --version | tee v.txt", "RA102", "info"),
        ('claude -p "Say OK" | tee v.txt', "RA102", "info"),  # a readiness probe
        ("claude -p 'reply with the single word ok' | tee v.txt", "RA102", "info"),
        ('claude -p "Print the summary" | tee log', "RA101", "error"),  # work, not a probe
        ("opencode serve --port 4096 | tee server.log", "RA102", "info"),  # no session
        ('claude -p "Say OK, then fix the tests" | tee log', "RA101", "error"),
        ('opencode run "serve the app" | tee log', "RA101", "error"),
        ("git status --porcelain | wc -l", "RA102", "info"),
    ],
)
def test_tier_decides_rule_and_severity(pipeline: str, code: str, severity: str) -> None:
    found = findings(f"#!/bin/bash\nset -e\n{pipeline}\necho done\n")
    assert [(f.code, f.severity.value) for f in found] == [(code, severity)]


@pytest.mark.parametrize(
    "pipeline",
    [
        "gptme --version | head -1",
        "git log | head -n 5",
        "curl -s u | grep -q ok",
        "curl -s u | grep -qE ok",
        "curl -s u | grep --quiet ok",
        "ls | grep -m1 x",
        "ls | grep -m 1 x",
        "curl -s u | sed q",
        "curl -s u | sed -n '1p;q'",
        "find . 2>/dev/null | sort",
        "find . &>/dev/null | sort",
    ],
)
def test_not_reported_by_either_rule(pipeline: str) -> None:
    assert findings(f"#!/bin/bash\nset -e\n{pipeline}\necho done\n") == []


@pytest.mark.parametrize("pipeline", ["ls | grep -s x", "curl -s u | sed 's/q/x/'"])
def test_early_exit_is_not_guessed_from_other_flags(pipeline: str) -> None:
    assert [f.code for f in findings(f"#!/bin/bash\nset -e\n{pipeline}\necho\n")] != []


def test_a_consequential_stage_with_stderr_discarded_is_still_reported() -> None:
    found = findings("#!/bin/bash\nset -e\ncurl -s u 2>/dev/null | sh\necho\n")
    assert [(f.code, f.severity.value) for f in found] == [("RA101", "warning")]


def test_commands_listed_in_config_are_consequential(tmp_path: Path) -> None:
    config = tmp_path / "runaudit.toml"
    config.write_text('[pipelines]\nconsequential = ["deploy.sh", "git tag"]\n')
    settings = load_settings(config, search_from=tmp_path)._replace(select=("ALL",))
    text = "#!/bin/bash\nset -e\n./deploy.sh prod | tee d.log\ngit tag v1 | tee t.log\necho\n"
    assert [f.code for f in findings(text, settings)] == ["RA101", "RA101"]
    assert [f.code for f in findings(text)] == ["RA102", "RA102"]


def test_agent_before_an_early_exit_gets_pipestatus_hint_and_no_fix() -> None:
    (found,) = findings('#!/bin/bash\nset -e\nclaude -p "$P" | grep -q DONE\necho\n')
    assert found.severity.value == "error" and found.fix is None
    assert found.hint is not None and "${PIPESTATUS[0]}" in found.hint
    assert "stops reading early" in found.hint


def test_posix_sh_hint_gives_no_bash_only_advice() -> None:
    (found,) = findings('#!/bin/sh\nset -e\ngptme "$P" | tee log\necho\n')
    assert found.hint is not None and found.fix is None
    assert "PIPESTATUS[" not in found.hint and "set -o pipefail" not in found.hint
    assert "on its own" in found.hint


def test_default_run_leaves_ra102_out() -> None:
    text = "#!/bin/bash\nset -e\nx=$(find . | sort)\ngptme | tee log\n"
    assert [f.code for f in findings(text, Settings())] == ["RA101"]
    assert sorted(f.code for f in findings(text)) == ["RA101", "RA102"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("a | tr x y | tr y z | b\n", ["`a`", "`tr` (stage 2)", "`tr` (stage 3)", "`b`"]),
        (
            "find . | while IFS= read -r f; do :; done | sort\n",
            ["`find`", "`while read`", "`sort`"],
        ),
        ("{ gptme x; echo; } 2>&1 | tee l\n", ["`gptme`", "`tee`"]),
        ("{ echo a; git log; } | wc -l\n", ["`git`", "`wc`"]),
        ("time gptme x | tee l\n", ["`gptme`", "`tee`"]),
    ],
)
def test_stages_are_named_by_their_command(text: str, names: list[str]) -> None:
    pipeline = ShellScript.build(text, default_catalog()).pipelines[0]
    assert [stage_name(pipeline, i) for i in range(len(pipeline.stages))] == names


def test_message_names_the_assignment_in_one_sentence() -> None:
    (found,) = findings('#!/bin/bash\nset -e\nn=$(curl -s "$U" | jq length)\necho "$n"\n')
    assert found.message == (
        "exit status of `curl` is lost: without pipefail `n=$(…)` gets the status of `jq`, "
        "and errexit (`set -e`) is on"
    )
    assert found.message.count(", and") == 1


def test_partial_pipestatus_message_says_where_the_agent_status_is() -> None:
    text = '#!/bin/bash\necho "$P" | cat - | gptme - | tee log\nrc=${PIPESTATUS[1]}\n'
    (found,) = findings(text)
    assert found.message == (
        "exit status of `gptme` is lost: only `${PIPESTATUS[1]}` is read after the pipeline, "
        "and `gptme`'s is in `${PIPESTATUS[2]}`"
    )


@pytest.mark.parametrize(
    ("command", "consequential"),
    [
        ("docker compose up -d", True),
        ("docker compose -f a.yml -p runners build", True),
        ("docker compose --progress plain pull", True),
        ("docker compose down", True),
        ("docker compose ps -q", False),  # a probe under `compose`: the longer entry
        ("docker compose -f a.yml logs --tail 5", False),
        ("docker --context prod compose up", True),
        ("docker ps", False),
        ("docker-compose up", True),
        ("docker-compose ps", False),
    ],
)
def test_the_longest_subcommand_entry_decides(command: str, consequential: bool) -> None:
    name, *arguments = command.split()
    assert default_catalog().consequential.covers(name, arguments) is consequential


def test_a_configured_subcommand_of_several_words(tmp_path: Path) -> None:
    config = tmp_path / "runaudit.toml"
    config.write_text('[pipelines]\nconsequential = ["git remote add"]\n')
    settings = load_settings(config, search_from=tmp_path)._replace(select=("ALL",))
    text = "#!/bin/bash\nset -e\ngit remote add up u | tee a.log\ngit remote -v | tee r.log\n"
    assert [f.code for f in findings(text + "echo\n", settings)] == ["RA101", "RA102"]
