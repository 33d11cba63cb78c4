"""Whether a test asks only whether the agent left any output (`[[ -s "$msg" ]]`,
`[ -n "$out" ]`, `test -s msg`), not what the output says: an empty answer is a failed
run, not a marker that the work is done (`auditor.shell.schedule`'s Ralph loops).
"""

from __future__ import annotations

from auditor.shell.examined import tests_presence_only
from auditor.shell.model import ShellScript
from auditor.shell.output import AgentOutput, reads_output
from auditor.shell.parse import Node, descendants

_PRESENCE = frozenset({"-s", "-f", "-e", "-n", "-z", "-r"})  # is there any, not what it says
# Where a read's test ends: the test itself, or a command (and its `$(…)`) that examines it.
_TEST_HOLDERS = frozenset(
    {"unary_expression", "command", "command_substitution", "process_substitution"}
)


def presence_only(script: ShellScript, output: AgentOutput, node: Node) -> bool:
    """Whether `node` reads the agent's output only to ask whether there is some
    (`[[ -s "$msg" ]]`, `[ -n "$out" ]`, `test -s msg`): an empty answer is a failed run,
    not a marker that says the work is done. A read inside `$(…)` (`-n $(grep DONE f)`)
    examines what it reads."""
    reading = [child for child in descendants(node) if reads_output(script, output, child)]
    ids = {child.id for child in reading}
    # the innermost reads (`"$LOG"`'s, not the test's around it)
    reads = [r for r in reading if not any(c.id in ids for c in r.named_children)]
    return bool(reads) and all(_presence_test(script, read, node) for read in reads)


def _presence_test(script: ShellScript, read: Node, within: Node) -> bool:
    """Whether the read `read` is the operand of a presence test (`-s`, `-n`, …)."""
    operand, holder = read, read.parent
    while holder is not None and holder.id != within.id and holder.type not in _TEST_HOLDERS:
        operand, holder = holder, holder.parent
    if holder is None or holder.type not in ("unary_expression", "command"):
        return False
    flag = operand.prev_named_sibling
    if holder.type == "command":  # `test -s msg`, `[ -s msg ]` run as a command
        command = script.command_at(holder)
        if command is not None and command.command_name in script.functions:
            # given to a function whose body only tests that it is there (`has_output
            # "$out"`, `[[ -s "$1" ]]` in it)
            return tests_presence_only(script, operand)
        if command is None or command.command_name not in ("test", "["):
            return False
    return flag is not None and script.parsed.node_text(flag) in _PRESENCE
