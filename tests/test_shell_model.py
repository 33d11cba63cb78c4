"""The shell model: options in effect, wrappers, agents, status use."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.engine import audit_text
from auditor.kinds import FileKind
from auditor.profiles import default_catalog, load_catalog
from auditor.shell.model import ShellScript
from auditor.shell.options import (
    ShellOptions,
    apply_set,
    apply_shopt,
    shebang_options,
    shell_shebang,
)
from auditor.shell.parse import ShellText
from auditor.shell.status import ends_on_failure, pipestatus_indices, status_use


def build(text: str) -> ShellScript:
    return ShellScript.build(text, default_catalog())


@pytest.mark.parametrize(
    ("words", "errexit", "pipefail"),
    [
        (["-e"], True, False),
        (["-euo", "pipefail"], True, True),
        (["-o", "errexit", "-o", "pipefail"], True, True),
        (["-Eeuxo", "pipefail"], True, True),
        (["-o", "pipefail"], False, True),
        (["-x"], False, False),
        (["--", "-e"], False, False),
    ],
)
def test_apply_set(words: list[str], errexit: bool, pipefail: bool) -> None:
    options = apply_set(ShellOptions(), words)
    assert (options.errexit, options.pipefail) == (errexit, pipefail)


def test_set_plus_turns_options_off() -> None:
    on = apply_set(ShellOptions(), ["-eo", "pipefail"])
    assert apply_set(on, ["+o", "pipefail"]) == ShellOptions(errexit=True)
    assert apply_set(on, ["+e"]) == ShellOptions(pipefail=True)


@pytest.mark.parametrize(
    ("words", "pipefail"),
    [(["-so", "pipefail"], True), (["-s", "-o", "pipefail"], True), (["-s", "pipefail"], False)],
)
def test_apply_shopt(words: list[str], pipefail: bool) -> None:
    assert apply_shopt(ShellOptions(), words).pipefail is pipefail


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("#!/bin/bash -e", ShellOptions(errexit=True)),
        ("#!/bin/bash -eo pipefail", ShellOptions(errexit=True, pipefail=True)),
        ("#!/usr/bin/env -S bash -euo pipefail", ShellOptions(errexit=True, pipefail=True)),
        ("#!/usr/bin/env bash", ShellOptions()),
        ("#!/usr/bin/env -u HOME LC_ALL=C bash -e", ShellOptions(errexit=True)),  # env's own
        ("echo hi", ShellOptions()),
    ],
)
def test_shebang_options(line: str, expected: ShellOptions) -> None:
    assert shebang_options(line) == expected


@pytest.mark.parametrize(
    ("line", "shell"),
    [
        ("#!/bin/bash", True),
        ("#!/usr/bin/env bash", True),
        ("#!/usr/bin/env -S bash -eo pipefail", True),
        ("#!/usr/bin/env -i bash", True),
        ("#!/usr/bin/env -u HOME bash", True),
        ("#!/usr/bin/env LC_ALL=C sh -e", True),
        ("#!/bin/busybox sh", True),
        ("#!/bin/sh -", True),
        ("#!/usr/bin/python3", False),
        ("#!/usr/bin/env node", False),
        ("#!/bin/bash is the first line of every script", False),  # prose, in a prompt
        ("# !/bin/bash", False),
    ],
)
def test_shell_shebang(line: str, shell: bool) -> None:
    assert shell_shebang(line) is shell


@pytest.mark.parametrize(
    ("line", "program", "agent"),
    [
        ("gptme 'hi'", "gptme", "gptme"),
        ("timeout -k 5 1800 gptme hi", "gptme", "gptme"),
        ("timeout --signal=KILL 60 gptme", "gptme", "gptme"),
        ("env FOO=1 -u BAR nice -n 10 gptme", "gptme", "gptme"),
        ("uv run --with x gptme", "gptme", "gptme"),
        ("python3 -m gptme --model x", "gptme", "gptme"),
        ("python3 -m gptme --help", "gptme", None),  # a probe, not a run
        ("time -p gptme --version", "gptme", None),
        ("python3 script.py", "python3", None),
        ("sudo -u bob /home/bob/.local/bin/gptme", "/home/bob/.local/bin/gptme", "gptme"),
        ("flock -w 10 /tmp/lock claude -p x", "claude", "claude"),
        ("command -v gptme", "command", None),
        ("npx -y codex exec", "codex", "codex"),
        ("stdbuf -oL aider --yes --message fix", "aider", "aider"),
    ],
)
def test_wrappers_and_agents(line: str, program: str, agent: str | None) -> None:
    command = build(line + "\n").commands[-1]
    assert command.program == program
    assert (command.agent.name if command.agent else None) == agent


@pytest.mark.parametrize(
    ("line", "interactive"),
    [
        # none of the profile's headless words, the terminal as input and output
        ("stdbuf -oL aider --yes", True),
        ("claude --continue", True),
        ("codex 'fix the test'", True),
        ("opencode", True),
        ("claude --print=text x", False),
        ("goose run -t x", False),
        ("aider --message fix", False),
        ("claude $FLAGS", False),  # a word not known: it may be `-p`
        ("claude < PROMPT.md", False),  # fed: not a terminal session
        ("cat PROMPT.md | claude", False),
        ("claude &", False),
        ("out=$(codex 'review')", False),
        ("gptme 'fix it'", False),  # no headless words in its profile: never a session
    ],
)
def test_interactive_sessions(line: str, interactive: bool) -> None:
    command = build(line + "\n").commands[-1]
    assert command.agent is not None
    assert command.interactive is interactive


@pytest.mark.parametrize(
    ("script", "name"),
    [
        ('GPTME=$(command -v gptme)\n"$GPTME" x\n', "gptme"),
        ('C="${C_BIN:-$(command -v claude 2>/dev/null || true)}"\n"$C" -p x\n', "claude"),
        ('AGENT=(gptme --non-interactive)\n"${AGENT[@]}" x\n', "gptme"),
        ("AGENT_BIN=/opt/bin/gptme\n${AGENT_BIN} x\n", "gptme"),
        ('"${GPTME:-gptme}" x\n', "gptme"),
        ('CMD="gptme -n"\n$CMD x\n', "gptme"),
    ],
)
def test_agent_through_variables(script: str, name: str) -> None:
    agent = build(script).commands[-1].agent
    assert agent is not None and agent.name == name


def test_a_lookup_that_prints_nothing_names_no_program() -> None:
    """`command -v claude >/dev/null` prints nothing: the variable holds no program."""
    agent = build('C="$(command -v claude >/dev/null)"\n"$C" -p x\n').commands[-1].agent
    assert agent is None


def test_config_profile_adds_an_agent() -> None:
    catalog = load_catalog({"myagent": {"commands": ["my-agent"], "exit-codes": {"3": "busy"}}})
    command = ShellScript.build("my-agent run\n", catalog).commands[0]
    assert command.agent is not None and command.agent.exit_codes == {3: "busy"}


def _pipeline_reason(text: str) -> str | None:
    script = build(text)
    pipeline = script.pipelines[0]
    use = status_use(pipeline.node, pipeline.options, script, negated=pipeline.negated)
    if use is None:
        return None
    return f"{use.via}: {use.reason}" if use.via else use.reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("set -e\na | b\necho\n", "errexit"),
        ("if a | b; then :; fi\necho\n", "`if` condition"),
        ("if x; then :; elif a | b; then :; fi\necho\n", "`elif` condition"),
        ("while a | b; do :; done\necho\n", "`while` condition"),
        ("until a | b; do :; done\necho\n", "`until` condition"),
        ("a | b && c\necho\n", "operand of `&&`"),
        ("a | b || exit 1\necho\n", "operand of `||`"),
        ("! a | b\necho\n", "negated"),
        ("a | b\nrc=$?\n", "reads `$?`"),
        ("a | b\n", "last command of the script"),
        ("f() {\n  a | b\n}\necho\n", "last command of function `f`"),
        ("set -e\nx=$(a | b)\necho\n", "`x=$(…)`: errexit"),
        ("a | b\necho\n", None),
        ("a | b || true\necho\n", None),
        ("set -e\na | b || :\necho\n", None),
        ("set -e\nif a | b; then :; fi\necho\n", "`if` condition"),
        ("set -e\nlocal x=$(a | b)\necho\n", None),
        ("a | b &\necho\n", None),
        ("set -e\n( set +e; a | b; echo )\necho\n", None),
        ("f() { curl u | jq . >/dev/null; }\necho\n", "last command of function `f`"),
        ("a | b > f && c\necho\n", "operand of `&&`"),
        ("if x; then\n  a | b\nelse\n  c\nfi\n", "last command of the script"),
        ("if x; then c; elif y; then a | b  # why\nfi\n", "last command of the script"),
        ("case $m in x) a | b ;; esac\n", "last command of the script"),
        ("f() {\n  if x; then a | b; fi\n}\necho\n", "last command of function `f`"),
        ("if x; then a | b; c; fi\n", None),
        ("if x; then a | b; fi\necho\n", None),
        ("for i in 1 2; do a | b; done\n", None),
        ("! a | b > f\necho\n", "negated"),
    ],
)
def test_status_use(text: str, reason: str | None) -> None:
    found = _pipeline_reason(text)
    if reason is None:
        assert found is None
    else:
        assert found is not None and reason in found


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("set -e\ngptme x\necho\n", True),
        ("gptme x\necho\n", False),
        ("set -e\ngptme x || rc=$?\n", False),
        ("set -e\ncd d && gptme x\n", True),
        ("set -e\nif gptme x; then :; fi\n", False),
        ("set -e\n! gptme x\n", False),
        ("set -e\ngptme x &\n", False),
        ("set -e\ngptme x | tee log\n", False),
        ("set -eo pipefail\ngptme x | tee log\n", True),
        ("set -e\necho x | gptme -\n", True),
        ("set -e\nout=$(gptme x)\n", False),
        ("set -e\n( gptme x ) &\n", False),
        ("set -e\n{ gptme x; } > log\n", True),
        ("set -e\nwhile true; do gptme x; done\n", True),
        ("f() { gptme x; }\nset -e\nf\n", True),
        ("f() { gptme x; }\nset -e\nf || exit 1\n", False),
    ],
)
def test_ends_on_failure(text: str, ends: bool) -> None:
    script = build(text)
    agent = next(c for c in script.commands if c.command_name == "gptme")
    assert ends_on_failure(agent.node, script.options_at(agent.node)) is ends


def test_subshell_options_do_not_leak() -> None:
    script = build("( set -o pipefail; a | b )\nc | d\n")
    assert [p.options.pipefail for p in script.pipelines] == [True, False]


def test_pipestatus_reads() -> None:
    script = build('a | b | c\necho "${PIPESTATUS[0]} ${PIPESTATUS[2]}"\nd | e\nx=$PIPESTATUS\n')
    first, second = script.pipelines
    assert pipestatus_indices(first.node) == {0, 2}
    assert pipestatus_indices(second.node) == {0}


def test_redirected_pipelines_are_flattened() -> None:
    script = build("a | b > f | c 2>&1\n")
    (pipeline,) = script.pipelines
    assert [stage.label for stage in pipeline.stages] == ["a", "b", "c"]


def test_heredoc_pipeline_stages() -> None:
    script = build("cat <<EOF | claude -p | tee log\nhi\nEOF\n")
    (pipeline,) = script.pipelines
    assert [stage.label for stage in pipeline.stages] == ["cat", "claude", "tee"]
    assert [stage.trivial for stage in pipeline.stages] == [True, False, False]


def test_swallowed_lines_are_repaired() -> None:
    # tree-sitter-bash reads the lines after a 3-stage pipeline as arguments when a
    # here-doc follows; the parser repairs that and positions still map exactly.
    text = "a | b | c\nx é\ncat <<EOF > f\nhi\nEOF\n"
    script = build(text)
    assert [c.command_name for c in script.commands] == ["a", "b", "c", "x", "cat"]
    x = script.commands[3]
    start, end = script.parsed.span(x.node)
    assert text[start:end] == "x é"


def test_error_recovery_is_not_taken_for_a_swallowed_newline() -> None:
    # Around a real parse error (a stray `)`) tree-sitter's recovery also yields
    # commands across newlines; without a here-doc no `;` is inserted for them (one
    # per re-parse, each a whole-file parse, made a long script take seconds).
    text = (
        "f() {\n"
        "    cat x | while read -r line; do\n"
        '        a="" b=""\n'
        '        if [ -f "$s" ]; then\n'
        "            a=1\n"
        "        fi\n"
        "    done\n"
        "}\n"
        'if [ -z "$p" ]) || [ "$p" = "$n" ]; then\n'
        "    echo x\n"
        "fi\n"
    )
    parsed = ShellText(text)
    assert parsed.data == text.encode()  # nothing inserted
    region = parsed.unread_region()
    assert region is not None
    assert text.count("\n", 0, region[0]) == 8  # on the line of the `)`


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('#!/bin/bash\necho "a" )\necho b\n', "runaudit could not read line 2"),
        (
            "#!/bin/bash\necho a\ncase x in\n  a) echo ;;\n  b echo\nesac\n",
            "runaudit could not read lines 4-5",
        ),
    ],
)
def test_what_still_fails_is_named_by_its_lines(text: str, message: str) -> None:
    (finding,) = audit_text(text, "run.sh", FileKind.SHELL).findings
    assert (finding.code, finding.severity.value) == ("RA900", "info")
    assert finding.message == f"{message}; the rest of the file was audited"
    assert finding.span.start.line == int(message.rsplit(" ", 1)[1].split("-")[0])


def test_a_script_unread_as_a_whole_is_named_so() -> None:
    # a group opened and never closed: the grammar's error spans the whole script
    text = "#!/bin/bash\n{\n  echo a\n  claude -p review | tee log\n"
    unread = [f for f in audit_text(text, "run.sh", FileKind.SHELL).findings if f.code == "RA900"]
    assert [f.message for f in unread] == [
        "runaudit could not read lines 2-4, every command of the script"
    ]


@pytest.mark.parametrize(
    ("line", "unread"),
    [
        ("{{SETUP_COMMANDS}}", False),
        ("{{SETUP}}  # filled in", False),
        ("{{TIMEOUT}} claude", True),
    ],
)
def test_a_placeholder_is_mended_only_as_a_whole_command(line: str, unread: bool) -> None:
    # `{{X}}` alone is one word to bash; with words after it, what it stands for (a
    # wrapper, a `sudo`) decides what runs, so the line stays unread
    text = f"#!/bin/bash\necho start\n{line}\nclaude -p review | tee log\n"
    codes = [f.code for f in audit_text(text, "run.sh", FileKind.SHELL).findings]
    assert ("RA900" in codes) is unread


def test_pipelines_before_and_or_are_regrouped() -> None:
    # tree-sitter-bash 0.25 reads `a | b | c || d` as `a | (b | c || d)`; the parser
    # braces the pipeline so the tree is bash's, and positions still map exactly.
    text = "gptme é | tee f | cat || echo failed\nx | y | z && w\n"
    script = build(text)
    assert [[s.label for s in p.stages] for p in script.pipelines] == [
        ["gptme", "tee", "cat"],
        ["x", "y", "z"],
    ]
    first = script.pipelines[0]
    start, end = script.parsed.span(first.node)
    assert text[start:end] == "gptme é | tee f | cat"
    assert status_use(first.node, first.options, script) is not None  # `||` reads it
    echo = next(c for c in script.commands if c.command_name == "echo")
    start, end = script.parsed.span(echo.node)
    assert text[start:end] == "echo failed"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab|&;()!{}$?\n'\"` <>-e=x")), max_size=60))
def test_model_never_crashes_and_spans_stay_inside(text: str) -> None:
    script = build(text)
    for pipeline in script.pipelines:
        start, end = script.parsed.span(pipeline.node)
        assert 0 <= start <= end <= len(text)
        status_use(pipeline.node, pipeline.options, script)


def test_the_grammar_loaded_directly_is_the_packages() -> None:
    program = (
        "import sys, tree_sitter\n"
        "from auditor.shell.parse import _bash_grammar\n"
        "direct = tree_sitter.Language(_bash_grammar())\n"
        "print('tree_sitter_bash' in sys.modules)\n"
        "import tree_sitter_bash\n"
        "package = tree_sitter.Language(tree_sitter_bash.language())\n"
        "print(direct.name, direct.abi_version == package.abi_version,\n"
        "      direct.node_kind_count == package.node_kind_count > 100)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert result.stdout.split() == ["False", "bash", "True", "True"], result.stderr


@pytest.mark.parametrize(
    ("line", "agent"),
    [
        ('npx -y @anthropic-ai/claude-code@latest -p "$T"', "claude"),
        ("bunx @google/gemini-cli -p x", "gemini"),
        ("pnpm dlx @openai/codex exec x", "codex"),
        ("uvx aider-chat --message x", "aider"),
        ("pnpm run build", None),
        ("npx prettier --check .", None),
    ],
)
def test_agents_run_from_their_packages(line: str, agent: str | None) -> None:
    command = build(line + "\n").commands[-1]
    assert (command.agent.name if command.agent else None) == agent


@pytest.mark.parametrize(
    ("script", "hidden"),
    [
        ('source ~/.env\nclaude -p x\nrc=$?\necho "$rc"\n', False),  # read in sight
        ("source ~/.env\nclaude -p x\nrc=$?\nrm -f t\n", False),  # nothing may read it
        ("claude -p x\nrc=$?\nsource ~/.env\n", True),  # the file runs after it
        ("source ~/.env\nclaude -p x\nrc=$?\nreport_last\n", True),  # its function may
        ("f() { source ~/.env; }\nclaude -p x\nrc=$?\nf\n", True),  # runs again later
        ('claude -p x\nrc=$?\neval "$HOOK"\n', True),
        ("trap 'echo $rc' EXIT\nclaude -p x\nrc=$?\n", False),  # read in sight, as it runs
        ("trap 'eval \"$ON_EXIT\"' EXIT\nclaude -p x\nrc=$?\n", True),
        ('for i in "${!jobs[@]}"; do :; done\nclaude -p x\nrc=$?\n', False),  # only keys
        ('claude -p x\nrc=$?\necho "${!name}"\n', True),
    ],
)
def test_a_kept_status_is_out_of_sight_only_where_a_later_reader_may_run(
    script: str, hidden: bool
) -> None:
    model = ShellScript.build("#!/bin/bash\n" + script, default_catalog())
    assignment = next(node for node in model.parsed.nodes() if node.type == "variable_assignment")
    assert model.read_names().out_of_sight(assignment) is hidden
    if "trap 'echo $rc'" in script:
        assert "rc" in model.read_names().names
