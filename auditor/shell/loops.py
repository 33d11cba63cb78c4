"""Shell loops that re-run an agent because it failed (systemd's `Restart=`: `restarts`).

A shell loop re-runs the agent when a failure of the agent can lead to
another iteration while a success can leave the loop: `until agent`,
`while ! agent`, `agent && break`, `agent || continue; break`, a `case` on
its status. Each way the agent can end (success, each code the loop compares
its status with, a code it does not, a transient failure) is walked through
one iteration; a loop that goes on whatever the status (a schedule) is not a
retry, and neither is a bounded loop that goes on after a success too and
stops on a marker in the agent's output (`grep -q COMPLETE "$log" && break`,
a "Ralph" loop). Only attempt loops count: `while`, `until`, `for ((…))` and
`for` over numbers (`for i in 1 2 3`, `{1..5}`, `$(seq 5)`); a `for` over
tasks is new work on each iteration. An agent whose failure errexit turns into
the end of the script is never run again by its loop (RA204 reports the reads
that pretend otherwise).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from auditor.profiles import AgentProfile
from auditor.shell.commands import SimpleCommand
from auditor.shell.loop_flow import LOOPS, NONZERO, IterationWalk, Scenario, named
from auditor.shell.model import ShellScript
from auditor.shell.output import agent_output, reads_output
from auditor.shell.parse import Node, descendants
from auditor.shell.status import ends_on_failure

if TYPE_CHECKING:
    from auditor.python.steps import StepCatalog

_ORDERING = frozenset({"-lt", "-le", "-gt", "-ge", "<", "<=", ">", ">="})


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _within(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


class AgentLoop(NamedTuple):
    """A shell loop that re-runs an agent because it failed."""

    loop: Node
    header: tuple[int, int]  # unit offsets of `until gptme …; do`
    label: str  # the loop, for messages: "`until gptme …` loop"
    agent: str  # `gptme`, or the name of the function that runs it
    reason: str  # "whenever it fails", "on exit 1", "on a transient failure"
    blanket: bool  # any failure leads to another run
    transient_only: bool  # only a transient failure does (exit 75, a rate-limit marker)
    bounded: bool
    named_session: bool
    profile: AgentProfile  # the agent it re-runs (through a function, that function's)


def _attempt_loop(loop: Node) -> bool:
    """`while`, `until`, `for ((…))`, or `for` over numbers: each iteration is an attempt."""
    if loop.type != "for_statement":
        return True
    values = named(loop, "value")
    return bool(values) and all(
        v.type in ("number", "brace_expression")
        or (v.type == "command_substitution" and _text(v).lstrip("$( ").startswith("seq"))
        for v in values
    )


def _enclosing_loop(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "function_definition":
        if current.type in LOOPS:
            return current
        current = current.parent
    return None


def _bounded(script: ShellScript, loop: Node) -> bool:
    """A counted loop, or one whose tests compare with `-lt`, `<`, … (`(( n < 5 ))`)."""
    if loop.type != "while_statement":
        return True
    stack = [loop]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if node.type == "binary_expression" and left is not None and right is not None:
            between = script.parsed.data[left.end_byte : right.start_byte]
            if between.decode("utf-8", "replace").strip() in _ORDERING:
                return True
    return False


def _stops_on_output(script: ShellScript, loop: Node, command: SimpleCommand) -> bool:
    """Whether the loop is left on a marker in the agent's output: its condition, or the
    condition of a `break`/`exit`/`return` in it, reads what the agent wrote or printed."""
    output = agent_output(script, command)
    if not output.files and not output.variables:
        return False
    deciding = named(loop, "condition") if loop.type == "while_statement" else []
    for node in descendants(loop):
        jump = script.command_at(node) if node.type == "command" else None
        if jump is not None and jump.command_name in ("break", "exit", "return"):
            inner = _enclosing_loop(node)
            if inner is not None and inner.id == loop.id:
                deciding += _conditions_over(node, loop)
    return any(reads_output(script, output, condition) for condition in deciding)


def _conditions_over(node: Node, loop: Node) -> list[Node]:
    """The conditions that decide whether `node` runs, up to `loop`: earlier operands of
    `&&`/`||`, the conditions of the `if`/`elif`/`else` branches and the `case` it is in."""
    found: list[Node] = []
    current = node
    while current.parent is not None and current.id != loop.id:
        parent = current.parent
        if parent.type == "list":
            found += [c for c in parent.named_children if c.end_byte <= current.start_byte]
        elif parent.type in ("if_statement", "elif_clause"):
            found += _clause_conditions(parent)
        elif parent.type == "else_clause" and parent.parent is not None:
            holder = parent.parent
            for clause in [holder, *(c for c in holder.named_children if c.type == "elif_clause")]:
                found += _clause_conditions(clause)
        elif parent.type == "case_item" and parent.parent is not None:
            value = parent.parent.child_by_field_name("value")
            found += [value] if value is not None else []
        current = parent
    return found


def _clause_conditions(clause: Node) -> list[Node]:
    """The condition statements of an `if` or `elif` (those before its `then`)."""
    then = next((c for c in clause.children if c.type == "then"), None)
    limit = then.start_byte if then is not None else clause.start_byte
    return [c for c in clause.named_children if c.end_byte <= limit]


def _analyse(
    script: ShellScript,
    loop: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    steps: StepCatalog,
) -> AgentLoop | None:
    flow = IterationWalk(script, loop, command)
    success = flow.iterate(Scenario(True, 0, False))
    if "leave" not in success:
        return None  # it goes on after a success too: a schedule, not a retry
    if "next" in success and _bounded(script, loop) and _stops_on_output(script, loop, command):
        return None  # runs again after a success too, until its output says it is done
    transient = steps.transient(profile, script.catalog)
    codes = sorted(flow.literals - {0})
    failures = [Scenario(False, code, code in transient) for code in codes]
    failures.append(Scenario(False, NONZERO, False))
    if not transient & set(codes):
        failures.append(Scenario(False, min(transient, default=NONZERO), True))
    retried = [s for s in failures if "next" in (o := flow.iterate(s)) and o != success]
    if not retried:
        return None
    blanket = all(s in retried for s in failures if not s.transient)
    transient_only = all(s.transient for s in retried)
    shown = ", ".join(str(s.code) for s in retried if s.code != NONZERO)
    reason = "on a transient failure" if transient_only else f"on exit {shown}"
    start, _ = script.parsed.span(loop)
    body = loop.child_by_field_name("body")
    end = script.parsed.span(body)[0] if body is not None else script.parsed.span(loop)[1]
    header = " ".join(script.parsed.text[start:end].split()).rstrip("; ")
    flags = "|".join(re.escape(f) for f in sorted(steps.session_flags) if f.startswith("--"))
    named = steps.named_session(command.argv) or bool(
        re.search(rf"(?<![\w-])(?:{flags})(?![\w-])", script.parsed.node_text(loop))
    )
    return AgentLoop(
        loop,
        (start, end + 2 if body is not None else end),
        f"`{header if len(header) <= 40 else header[:37] + '...'}` loop",
        (command.name if command.agent else command.command_name) or profile.name,
        "whenever it fails" if blanket else reason,
        blanket,
        transient_only,
        _bounded(script, loop),
        named,
        profile,
    )


def agent_loops(script: ShellScript, steps: StepCatalog) -> list[AgentLoop]:
    """Every attempt loop that re-runs an agent (or a function running one) after it fails."""
    functions: dict[str, AgentProfile] = {}
    for name, node in script.functions.items():
        inside = [c.agent for c in script.commands if c.agent and _within(c.node, node)]
        if inside and inside[0] is not None:
            functions[name] = inside[0]
    found: list[AgentLoop] = []
    for command in script.commands:
        profile = command.agent or functions.get(command.command_name or "")
        loop = _enclosing_loop(command.node) if profile is not None else None
        if profile is None or loop is None or any(f.loop.id == loop.id for f in found):
            continue
        if ends_on_failure(command.node, script.options_at(command.node)):
            continue  # errexit ends the script before the loop can run it again
        result = _analyse(script, loop, command, profile, steps) if _attempt_loop(loop) else None
        if result is not None:
            found.append(result)
    return found
