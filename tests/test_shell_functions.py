"""Options in a function body are those of its calls, not of its definition; functions
that never return."""

from __future__ import annotations

import pytest

from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions


def _options_of(text: str, name: str) -> list[ShellOptions]:
    """The options at each command named `name`, in source order."""
    script = ShellScript.build(text, default_catalog())
    return [script.options_at(c.node) for c in script.commands if c.command_name == name]


def test_a_function_defined_above_set_e_runs_under_errexit_where_it_is_called() -> None:
    text = "run() {\n  gptme x\n}\nset -e\nrun\n"
    assert [o.errexit for o in _options_of(text, "gptme")] == [True]


def test_a_function_called_as_a_condition_runs_without_errexit() -> None:
    text = "set -e\nrun() {\n  gptme x\n}\nif run; then :; fi\nrun || echo failed\n"
    assert [o.errexit for o in _options_of(text, "gptme")] == [False]


def test_every_call_must_have_an_option_for_the_body_to_have_it() -> None:
    text = "run() {\n  gptme x\n}\nrun\nset -euo pipefail\nrun\n"
    assert _options_of(text, "gptme") == [ShellOptions()]


def test_a_function_nothing_calls_keeps_the_options_where_it_is_defined() -> None:
    text = "set -e\nrun() {\n  gptme x\n}\nset +e\n"
    assert [o.errexit for o in _options_of(text, "gptme")] == [True]


def test_options_reach_a_function_through_the_function_that_calls_it() -> None:
    text = "inner() {\n  gptme x\n}\nouter() {\n  inner\n}\nset -e\nouter\n"
    assert [o.errexit for o in _options_of(text, "gptme")] == [True]


def test_a_set_inside_the_body_still_applies_after_it() -> None:
    text = "run() {\n  set +e\n  gptme x\n  set -e\n  claude -p y\n}\nset -e\nrun\n"
    script = ShellScript.build(text, default_catalog())
    errexit = {c.command_name: script.options_at(c.node).errexit for c in script.commands}
    assert (errexit["gptme"], errexit["claude"]) == (False, True)


@pytest.mark.parametrize(
    ("text", "pipefail"),
    [
        ("log() {\n  gptme x | tee -a log\n}\nset -o pipefail\nlog\n", True),
        ("set -o pipefail\nlog() {\n  gptme x | tee -a log\n}\nset +o pipefail\nlog\n", False),
    ],
)
def test_a_pipeline_in_a_function_takes_pipefail_from_its_calls(text: str, pipefail: bool) -> None:
    script = ShellScript.build(text, default_catalog())
    (pipeline,) = script.pipelines
    assert pipeline.options.pipefail is pipefail


def test_walking_a_body_again_records_nothing_twice() -> None:
    text = "run() {\n  gptme x | tee log\n  y=1\n}\nset -e\nrun\nrun\n"
    script = ShellScript.build(text, default_catalog())
    assert [c.command_name for c in script.commands] == ["gptme", "tee", "set", "run", "run"]
    assert len(script.pipelines) == 1


@pytest.mark.parametrize(
    ("text", "leaving"),
    [
        ('die() { echo "$*" >&2; exit 1; }\n', {"die": "abort"}),
        ("done_() { echo ok; exit 0; }\n", {"done_": "exit"}),
        ('quit() { exit "$1"; }\n', {"quit": "exit"}),
        # ends by calling one, also when that one is defined after it
        (
            'stop() { rm -f lock; die "$1"; }\ndie() { exit 2; }\n',
            {"stop": "abort", "die": "abort"},
        ),
        ('f() { if [ -n "$1" ]; then exit 1; else exit 3; fi; }\n', {"f": "abort"}),
        ('f() { case "$1" in a) exit 0 ;; *) exit 1 ;; esac; }\n', {"f": "exit"}),
        ("f() { { echo; exit 1; } >&2; }\n", {"f": "abort"}),
        # may come back: no `else`, no `*)`, a `return`, a subshell body, a list, a job
        ('f() { if [ -n "$1" ]; then exit 1; fi; }\n', {}),
        ('f() { case "$1" in a) exit 1 ;; esac; }\n', {}),
        ('f() { [ -z "$S" ] && return 0; exit 1; }\n', {}),
        ("f() ( exit 1 )\n", {}),
        ("f() { true || exit 1; }\n", {}),
        ("f() { exit 1 & }\n", {}),
        ("f() { echo | exit 1; }\n", {}),
    ],
)
def test_a_function_leaves_when_every_path_through_it_ends_the_script(
    text: str, leaving: dict[str, str]
) -> None:
    assert ShellScript.build(text, default_catalog()).leaving == leaving


def test_a_function_redefined_to_come_back_no_longer_leaves() -> None:
    text = "die() { exit 1; }\ndie() { echo; }\n"
    assert ShellScript.build(text, default_catalog()).leaving == {}
