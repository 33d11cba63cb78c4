"""Variables followed across function calls, environment defaults and `+=` in the shell model."""

from __future__ import annotations

import pytest

from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript


def build(text: str) -> ShellScript:
    return ShellScript.build(text, default_catalog())


def agents(text: str) -> list[str]:
    """The agents the model recognises, one per agent command, in source order."""
    return [c.agent.name for c in build(text).commands if c.agent is not None]


def test_an_array_built_and_extended_in_two_functions_runs_the_agent_in_a_third() -> None:
    text = (
        "build() { CMD=(claude); }\n"
        'add() { CMD+=(-p "$T"); }\n'
        'run() { "${CMD[@]}"; }\n'
        "build; add; run\n"
    )
    script = build(text)
    (command,) = [c for c in script.commands if c.agent is not None]
    assert command.argv == ("claude", "-p", "")
    assert script.env["CMD"] == ("claude", "-p", "")


def test_a_function_body_applies_where_it_is_called_not_where_it_is_defined() -> None:
    assert agents('build() { CMD=(claude); }\n"${CMD[@]}" -p x\n') == []
    assert agents('build() { CMD=(claude); }\nbuild\n"${CMD[@]}" -p x\n') == ["claude"]


def test_a_later_call_changes_the_value_for_what_follows_it() -> None:
    text = (
        "use_agent() { CMD=(gptme); }\n"
        "use_linter() { CMD=(shellcheck); }\n"
        'use_agent; use_linter\n"${CMD[@]}"\n'
    )
    assert agents(text) == []


def test_calls_inside_a_called_function_apply_in_order() -> None:
    text = (
        "build() { CMD=(claude); }\n"
        'add() { CMD+=(-p "$T"); }\n'
        "setup() { build; add; }\n"
        'setup\n"${CMD[@]}"\n'
    )
    assert agents(text) == ["claude"]


def test_a_local_variable_ends_with_its_function() -> None:
    text = (
        "f() { local CMD=(gptme); \"${CMD[@]}\" 'x' || :; }\n"
        'CMD=(shellcheck)\nf\n"${CMD[@]}" run.sh\n'
    )
    script = build(text)
    assert [c.argv[0] for c in script.commands if c.agent is not None] == ["gptme"]
    assert script.env["CMD"] == ("shellcheck",)


def test_assignments_in_a_subshell_stay_there() -> None:
    assert agents('f() { (CMD=(claude)); }\nf\n"${CMD[@]}"\n') == []


def test_recursion_ends() -> None:
    assert agents('f() { CMD+=(x); f; }\nCMD=(claude -p)\nf\n"${CMD[@]}"\n') == ["claude"]


@pytest.mark.parametrize(
    "text",
    [
        'CLAUDE=${CLAUDE_CMD:-claude}\n"$CLAUDE" -p x\n',
        'CLAUDE=${CLAUDE_CMD-claude}\n"$CLAUDE" -p x\n',
        ': "${AGENT:=claude}"\n$AGENT -p x\n',
        ": ${AGENT=claude}\n$AGENT -p x\n",
        'f() { : "${AGENT:=claude}"; }\nf\n$AGENT -p x\n',
    ],
)
def test_a_variable_from_an_environment_default_resolves_to_its_default(text: str) -> None:
    assert agents(text) == ["claude"]


def test_an_assigning_default_keeps_a_known_value() -> None:
    assert agents('AGENT=shellcheck\n: "${AGENT:=claude}"\n$AGENT x\n') == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A=(a); A+=(b c)", ("a", "b", "c")),
        ("A=a; A+=b", "ab"),
        ("A=(a b); A+=c", ("ac", "b")),
        ("A=a; A+=(b)", ("a", "b")),
    ],
)
def test_appending_assignments(text: str, value: str | tuple[str, ...]) -> None:
    assert build(text + "\n").env["A"] == value


def test_an_array_element_is_read_at_the_key_it_was_written_to() -> None:
    text = (
        'declare -A CMD=([lint]="ruff check" [agent]="claude -p")\n'
        "CMD[fix]=aider\n"
        "declare -a ORDER=([2]=gemini [0]=true)\nORDER+=(codex)\n"
    )
    env = build(text).env
    assert env["CMD"] == ("ruff check", "claude -p", "aider")
    assert agents(text + "${CMD[lint]} x\n${CMD[agent]} x\n") == ["claude"]
    assert agents(text + "${CMD[fix]} x\n${CMD[missing]} x\n") == ["aider"]
    assert agents(text + "${ORDER[0]} x\n${ORDER[2]} x\n${ORDER[3]} x\n") == ["gemini", "codex"]
    assert agents(text + 'CMD[agent]="echo"\n${CMD[agent]} x\n') == []


def test_an_element_read_at_a_key_known_only_at_run_time_may_be_any_element() -> None:
    text = 'declare -A CMD=([lint]="ruff check" [agent]="claude -p")\n'
    assert agents(text + "${CMD[$STEP]} x\n") == ["claude"]
    assert agents(text + 'RUN="${CMD[$STEP]}"\n$RUN x\n') == ["claude"]
    assert agents('declare -A CMD=([lint]="ruff check" [fmt]="ruff format")\n${CMD[$S]} x\n') == []


def test_a_variable_holds_the_value_of_every_arm_that_sets_it() -> None:
    arms = 'if [ -n "$FAST" ]; then A="claude -p"; else A=true; fi\n'
    assert agents(arms + "$A x\n") == ["claude"]
    assert agents('case "$T" in a) A=codex ;; *) A=cat ;; esac\n$A x\n') == ["codex"]
    assert agents("pick() {\n" + arms + "}\npick\n$A x\n") == ["claude"]
    # on every path the later value replaces the earlier one
    assert agents('A="claude -p"\nA=true\n$A x\n') == []
    assert agents(arms + "A=true\n$A x\n") == []


def test_keyed_elements_added_with_plus_equals_replace_what_their_keys_held() -> None:
    text = 'declare -A M=([a]=true [b]=ls)\nM+=([a]="claude -p" [c]=cat)\n'
    assert build(text).env["M"] == ("claude -p", "ls", "cat")
    assert agents(text + "${M[a]} x\n${M[c]} x\n") == ["claude"]


def test_the_other_arms_values_apply_after_the_if_not_inside_an_arm() -> None:
    arms = 'if [ -n "$FAST" ]; then A="claude -p"; else A=true; $A inside; fi\n'
    assert agents(arms) == []
    assert agents(arms + "$A after\n") == ["claude"]


def test_a_variable_set_again_keeps_no_values_of_earlier_arms() -> None:
    arms = 'if [ -n "$FAST" ]; then A="claude -p"; else A=true; fi\n'
    assert agents(arms + "A=$(cat tool.txt)\n$A x\n") == []
    assert agents(arms + "unset A\n$A x\n") == []
    assert agents(arms + "read -r A\n$A x\n") == []
    assert agents(arms + "for A in ls cat; do $A x; done\n") == []


@pytest.mark.parametrize(
    "other_arm",
    [
        "use_echo",  # a function's assignment, applied at its call
        "unset A",
        "read -r A",
        ': "${A:=echo}"',
    ],
)
def test_every_write_in_an_arm_joins_the_values_after_the_if(other_arm: str) -> None:
    """However an arm writes the variable (a call of a function that assigns it, `unset`,
    `read`, an assigning default), the value the other arm gave it is still one it may
    hold after the statement."""
    text = (
        "use_echo() { A=echo; }\n"
        f'if [ -n "$FAST" ]; then A="claude -p"; else {other_arm}; fi\n'
        "$A x\n"
    )
    assert agents(text) == ["claude"]


def test_a_colon_default_is_a_possible_value_of_a_variable_set_at_run_time() -> None:
    """`X="$(config)"` may print nothing: `${X:-claude}` is then `claude`; without the
    colon a set variable keeps its value, whatever it is."""
    script = build('X="$(config agent)"\nX="${X:-claude}"\n')
    assert "X" not in script.env
    assert script.env["X\0alternatives"] == ("claude",)
    assert agents('X="$(config agent)"\n"${X:-claude}" -p hi\n') == ["claude"]
    assert agents('X="$(config agent)"\nX="${X-claude}"\n"$X" -p hi\n') == []


def test_variables_with_other_values_vary_together() -> None:
    """An optional wrapper in one variable and the command in another: the command runs
    the agent where both take their other values (an empty unquoted word is no word)."""
    text = (
        'T=""\nif [ -n "$J" ]; then T="timeout $J"; fi\n'
        'X="$(config agent)"\nX="${X:-claude}"\nCMD=("$X" -p hi)\n'
        '$T "${CMD[@]}"\n'
    )
    (command,) = [c for c in build(text).commands if c.agent is not None]
    assert command.argv == ("claude", "-p", "hi")


def test_a_colon_default_adds_to_the_values_of_other_paths() -> None:
    text = 'X=claude\nif [ -f agent.cfg ]; then X="$(cat agent.cfg)"; fi\n"${X:-foo}" -p hi\n'
    assert agents(text) == ["claude"]


def test_every_element_is_tried_when_another_variable_varies_too() -> None:
    """Ten tools by key, claude the tenth, and an optional flag word beside them."""
    tools = " ".join(f"[t{n}]=tool{n}" for n in range(9))
    text = (
        f"declare -A AI_CMD=({tools} [c]=claude)\n"
        'FLAGS=""\nif [ -n "$V" ]; then FLAGS="--verbose"; fi\n'
        '${AI_CMD[$AI_TOOL]} -p "fix it" $FLAGS\n'
    )
    assert agents(text) == ["claude"]
