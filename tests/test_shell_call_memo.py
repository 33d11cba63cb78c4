"""Function summaries: a call's body is walked once per distinct inputs, and a summary is
applied only where it holds (same arguments, same values read, the same functions)."""

from __future__ import annotations

import time

from auditor.profiles import default_catalog
from auditor.shell.call_memo import MAX_CONTEXTS, CallMemo
from auditor.shell.calls import apply_call
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, ShellText
from auditor.shell.words import Env, Value


def build(text: str) -> ShellScript:
    return ShellScript.build(text, default_catalog())


def agents(text: str) -> list[str]:
    return [c.agent.name for c in build(text).commands if c.agent is not None]


def _functions(text: str) -> dict[str, Node]:
    root = ShellText(text).root
    found = {}
    for node in root.named_children:
        name = node.child_by_field_name("name")
        if node.type == "function_definition" and name is not None:
            found[(name.text or b"").decode()] = node
    return found


def test_a_call_with_the_same_inputs_applies_the_summary_without_walking_the_body() -> None:
    functions = _functions('inner() { OUT="$1-$PREFIX"; }\nouter() { inner "$1"; echo; }\n')
    memo, seen = CallMemo(), []

    def count(node: Node, env: Env, ending: bool) -> None:
        seen.append(node.type)

    env: dict[str, Value] = {"PREFIX": "p"}
    apply_call("outer", functions, env, count, memo, ("a",))
    walked = len(seen)
    assert env["OUT"] == "a-p" and walked == 2
    env = {"PREFIX": "p"}
    apply_call("outer", functions, env, count, memo, ("a",))
    assert env["OUT"] == "a-p" and len(seen) == walked  # applied, not walked again
    env = {"PREFIX": "q"}  # a variable the body reads differs: walked again
    apply_call("outer", functions, env, count, memo, ("a",))
    assert env["OUT"] == "a-q" and len(seen) == 2 * walked


def test_a_summary_holds_for_the_values_its_body_read() -> None:
    text = (
        'pick() { CMD=("$AGENT" -p x); }\n'
        'AGENT=shellcheck; pick; "${CMD[@]}"\n'
        'AGENT=claude; pick; "${CMD[@]}"\n'
    )
    assert agents(text) == ["claude"]


def test_a_summary_made_before_a_function_existed_is_not_applied_after() -> None:
    text = 'setup() { configure; }\nsetup\nconfigure() { CMD=(claude); }\nsetup\n"${CMD[@]}" -p x\n'
    assert agents(text) == ["claude"]


def test_a_summary_made_before_a_function_was_defined_again_is_not_applied_after() -> None:
    text = (
        "setup() { configure; }\n"
        "configure() { CMD=(shellcheck); }\n"
        "setup\n"
        "configure() { CMD=(claude); }\n"
        'setup\n"${CMD[@]}" -p x\n'
    )
    assert agents(text) == ["claude"]


def test_positional_parameters_and_locals_end_with_the_call() -> None:
    script = build('f() { local X="$1"; Y="$2"; shift; }\nX=kept; set -- a b\nf one two\n')
    assert script.env["X"] == "kept"
    assert script.env["Y"] == "two"
    # the script's own positional parameters (`set -- a b`) are back after the call
    assert (script.env["1"], script.env["@"]) == ("a", ("a", "b"))
    assert "1" not in build('f() { X="$1"; }\nf one\n').env


def test_a_function_with_many_distinct_argument_lists_is_walked_a_bounded_number_of_times() -> None:
    calls = "".join(f'log "message {n}"\n' for n in range(200))
    functions = _functions('log() { LAST="$1"; echo "$1"; }\n')
    memo, seen = CallMemo(), []

    def count(node: Node, env: Env, ending: bool) -> None:
        seen.append(node.type)

    env: dict[str, Value] = {}
    for n in range(200):
        apply_call("log", functions, env, count, memo, (f"message {n}",))
    assert len(seen) == MAX_CONTEXTS
    assert build(f'log() {{ claude -p "$1"; }}\n{calls}').commands  # whole script too


def test_calls_whose_arguments_multiply_along_a_call_graph_stay_fast() -> None:
    # Each function calls the one before with two argument lists made from its own: the
    # paths through the call graph double with each level.
    lines = ['f_0() { OUT="$1"; claude -p "$1" | tee log; }']
    for n in range(1, 400):
        lines.append(f'f_{n}() {{ local t="$1"; f_{n - 1} "$t-a"; f_{n - 1} "$t-b"; }}')
    lines.append("f_399 start")
    started = time.monotonic()
    script = build("\n".join(lines) + "\n")
    assert time.monotonic() - started < 10
    assert [c.agent.name for c in script.commands if c.agent is not None] == ["claude"]
