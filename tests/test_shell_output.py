"""Where an agent's output goes, whether it is read, and `set +e … set -e` windows."""

from __future__ import annotations

import pytest

from auditor.profiles import default_catalog
from auditor.shell.commands import SimpleCommand, read_variables
from auditor.shell.model import ShellScript
from auditor.shell.output import agent_output, in_errexit_window, judged_by_output


def _agent(text: str) -> tuple[ShellScript, SimpleCommand]:
    script = ShellScript.build(text, default_catalog())
    return script, next(c for c in script.commands if c.agent is not None)


@pytest.mark.parametrize(
    ("line", "files", "variables"),
    [
        ('gptme x > "${log}" 2>&1', {"$log"}, set()),
        ("gptme x &>> run.log", {"run.log"}, set()),
        ("gptme x 2> err.log >&2", {"err.log"}, set()),
        ("gptme x > /dev/null", set(), set()),
        (
            "gptme x 2>&1 | tee -a out.log a.log | grep -v DEBUG > kept.log",
            {"out.log", "a.log", "kept.log"},
            set(),
        ),
        ("tee in.log | gptme -", set(), set()),
        ("{ gptme x; echo done; } > all.log", {"all.log"}, set()),
        ('out="$(claude -p x 2>&1)"', set(), {"out"}),
        ("local out=$(claude -p x)", set(), {"out"}),
        ("echo $(claude -p x)", set(), set()),
        ("gptme x", set(), set()),
    ],
)
def test_agent_output(line: str, files: set[str], variables: set[str]) -> None:
    script, command = _agent(line + "\n")
    output = agent_output(script, command)
    assert (set(output.files), set(output.variables)) == (files, variables)


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("set +e\ngptme x\nset -e\n", True),
        ("set +e\nif a; then\n  gptme x\nfi\nset -e\n", True),
        ("set +eu\ngptme x\nset -eu\n", True),
        ("set +o errexit\ngptme x\nset -o errexit\n", True),
        ("set +e\ngptme x\n", False),
        ("gptme x\nset -e\n", False),
        ("set +e\nset -e\ngptme x\nset -e\n", False),
        ("set +e\nf() {\n  gptme x\n}\nset -e\n", False),
    ],
)
def test_in_errexit_window(text: str, inside: bool) -> None:
    script, command = _agent(text)
    assert in_errexit_window(script, command.node) is inside


@pytest.mark.parametrize(
    ("after", "judged"),
    [
        ('grep -q DONE "$log"', True),
        ("result=$(<${log})", True),
        ('while read -r line; do echo "$line"; done < "$log"', False),  # shown, not examined
        ('echo "$(cat "$log")" | grep -q DONE', True),
        # the log takes the run's errors too (`2>&1`): that it has text judges nothing
        ('[ -s "$log" ] || exit 1', False),
        ('cat "$log" >> all.log', False),
        ('rm -f "$log"', False),
        ('echo "details in $log"', False),
        ('echo x > "$log"', False),
        ('grep -q DONE "$other"', False),
    ],
)
def test_judged_by_output_needs_a_later_read(after: str, judged: bool) -> None:
    script, command = _agent(f'set +e\ngptme x > "$log" 2>&1\nset -e\n{after}\n')
    assert judged_by_output(script, command, command.node.parent or command.node) is judged


@pytest.mark.parametrize(
    ("redirects", "judged"),
    [
        ('> "$log"', True),  # errors elsewhere: a run that failed left no text
        ('> "$log" 2> err.txt', True),
        ('> "$log" 2>&1', False),  # an error message is text too
        ('&> "$log"', False),
        ('2>&1 > "$log"', True),  # errors go where output went before the `>`
    ],
)
def test_a_presence_test_judges_only_output_without_errors(redirects: str, judged: bool) -> None:
    script, command = _agent(f'set +e\ngptme x {redirects}\nset -e\n[ -s "$log" ] || exit 1\n')
    assert judged_by_output(script, command, command.node.parent or command.node) is judged


def test_a_read_before_the_run_does_not_judge_it() -> None:
    script, command = _agent('set +e\ncat "$log"\ngptme x > "$log"\nset -e\n')
    assert judged_by_output(script, command, command.node.parent or command.node) is False


@pytest.mark.parametrize(
    ("text", "told"),
    [
        # the prompt is a variable: the files its text names are told too (one level)
        ('P="Fix ${BUG} and write ${REPORT}"\nclaude -p "$P"\n', {"$P", "$BUG", "$REPORT"}),
        # a known value: its file words (`a file named DONE` in prose)
        ("P='Create a file named DONE when done'\nclaude -p \"$P\"\n", {"$P", "DONE"}),
        ('claude -p "Update plans/next.md"\n', {"plans/next.md"}),
    ],
)
def test_told_files_of_a_prompt(text: str, told: set[str]) -> None:
    script, command = _agent(text)
    assert agent_output(script, command).told == told


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("read -r line", ["line"]),
        ("IFS= read -r key value", ["key", "value"]),
        ('read -p "$PROMPT" -r answer', ["answer"]),
        ("read -t 5 -u 3 event", ["event"]),
        ("read -ra words", ["words"]),
        ("read -a words", ["words"]),
        ("read -d '' -r body", ["body"]),
    ],
)
def test_the_variables_a_read_sets(line: str, names: list[str]) -> None:
    script = ShellScript.build(f"{line}\n", default_catalog())
    (command,) = [c for c in script.commands if c.command_name == "read"]
    assert read_variables(command) == names
