"""Agent profiles: the options that let a run change nothing (`read-only`)."""

from __future__ import annotations

import pytest

from auditor.profiles import default_catalog, load_catalog, names_script, reads_only


@pytest.mark.parametrize(
    ("agent", "words", "expected"),
    [
        ("aider", ["--chat-mode", "ask", "--message", "why?"], True),
        ("aider", ["--chat-mode=ask", "-m", "why?"], True),
        ("aider", ["--dry-run", "-m", "fix it"], True),
        ("aider", ["--chat-mode", "code", "-m", "fix it"], False),
        ("aider", ["--chat-mode", "ask", "--chat-mode", "code", "-m", "fix"], False),  # the last
        ("aider", ["--dry-run", "--no-dry-run", "-m", "fix it"], False),
        ("aider", ["-m", "remove the --dry-run flag"], False),  # a prompt's words
        ("aider", ["-m", "default=--dry-run"], False),
        ("aider", ["--chat-mode", None, "-m", "x"], False),  # a value runaudit cannot know
        ("claude", ["-p", "--permission-mode", "plan", "plan it"], True),
        ("claude", ["-p", "--permission-mode", "acceptEdits", "do it"], False),
        # `--dangerously-skip-permissions` is `--permission-mode bypassPermissions`
        (
            "claude",
            ["-p", "x", "--permission-mode", "plan", "--dangerously-skip-permissions"],
            False,
        ),
        (
            "claude",
            ["-p", "x", "--dangerously-skip-permissions", "--permission-mode", "plan"],
            True,
        ),
        ("codex", ["exec", "-s", "read-only", "review"], True),
        ("codex", ["exec", "--sandbox=workspace-write", "fix"], False),
        ("codex", ["exec", "review the read-only mode"], False),
    ],
)
def test_read_only_options(agent: str, words: list[str | None], expected: bool) -> None:
    profile = default_catalog().agent_for(agent)
    assert profile is not None and profile.reads_only(words) is expected


def test_read_only_options_from_config_may_join_their_value_with_equals() -> None:
    catalog = load_catalog({"gemini": {"read-only": ["--approval-mode=plan"]}})
    profile = catalog.agent_for("gemini")
    assert profile is not None and profile.read_only == (("--approval-mode", "plan"),)
    assert profile.reads_only(["--approval-mode", "plan", "-p", "x"])
    assert profile.reads_only(["--approval-mode=plan", "-p", "x"])


def test_reads_only_reads_options_not_prompts() -> None:
    assert reads_only(["--mode", "ro"], [("--mode", "ro")])
    assert not reads_only(["say --mode ro"], [("--mode", "ro")])


@pytest.mark.parametrize(
    ("program", "expected"),
    [
        ("./agents/run.sh", True),  # the script's last two path parts
        ("/srv/repo/agents/run.sh", True),
        ("run.sh", True),  # a bare name: its one part
        ("./deploy/run.sh", False),  # another folder's script of the same name
        ("fix.sh", False),
    ],
)
def test_tree_agent_scripts_are_programs_by_their_last_path_parts(
    program: str, expected: bool
) -> None:
    scripts = ["repo/agents/run.sh"]
    assert names_script(program, scripts) is expected
    catalog = default_catalog().with_scripts(scripts)
    found = catalog.agent_for(program)
    assert (found is not None) is expected
    assert found is None or found.commands == frozenset({"run.sh"})
    assert default_catalog().agent_for(program) is None  # only with the tree's scripts
