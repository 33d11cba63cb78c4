"""Loops that run an agent again whatever its status: a schedule, not a retry.

Shared by RA302 (a schedule re-runs the agent, but not because it failed) and
RA203 (in a schedule an unread status is new work each turn, not a lost one).
Only attempt loops count: `while`, `until`, `for ((…))` and `for` over numbers
(`for i in 1 2 3`, `{1..5}`, `$(seq 5)`); a `for` over tasks is new work on
each iteration, but each task's failure is its own to report.

A loop runs the agent on a schedule when it goes on after the agent succeeds
and after it fails, and it is
- endless or event-driven: a `while`/`until` that no count bounds and that
  does not read its items from input (`while :`, `while inotifywait …`);
- paced: a `sleep` runs in it (`sleep 900`);
- or a "Ralph" loop: bounded, and it stops on a marker in the agent's output
  (`grep -q COMPLETE "$log" && break`, a `case` on the captured text).
An agent in a function runs on the schedule of the loops its calls sit in.
"""

from __future__ import annotations

import re
import weakref

from auditor.shell.commands import SimpleCommand
from auditor.shell.default_bounds import switched_off
from auditor.shell.leaving import ends_script
from auditor.shell.loop_flow import IterationWalk
from auditor.shell.model import ShellScript
from auditor.shell.output import agent_output, examines_produced_file, reads_output
from auditor.shell.output_words import calls_of, examined_in_pipeline
from auditor.shell.parse import (
    Node,
    clause_conditions,
    descendants,
    enclosing_definition,
    enclosing_loop,
    named,
    within,
)
from auditor.shell.presence import presence_only
from auditor.shell.scenarios import NONZERO, ORDERING, Scenario
from auditor.shell.written_files import text_of

_READS_ITEMS = frozenset({"read", "mapfile", "readarray"})  # `while read -r task`: a task loop


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def attempt_loop(loop: Node) -> bool:
    """`while`, `until`, `for ((…))`, or `for` over numbers: each iteration is an attempt;
    not a `for` over numbers that picks its work by the number (`_indexes_items`)."""
    if loop.type != "for_statement":
        return True
    values = named(loop, "value")
    numbers = bool(values) and all(
        v.type in ("number", "brace_expression")
        or (v.type == "command_substitution" and _text(v).lstrip("$( ").startswith("seq"))
        for v in values
    )
    return numbers and not _indexes_items(loop)


def _indexes_items(loop: Node) -> bool:
    """Whether a `for` over numbers picks each turn's work by its number: a command in it
    (not a `sleep` between attempts) reads the variable as an index (`jq ".[$i].title"`,
    `"${ISSUES[$i]}"`): a walk over items by position, not attempts."""
    variable = loop.child_by_field_name("variable")
    body = loop.child_by_field_name("body")
    if variable is None or body is None:
        return False
    name = re.escape(_text(variable))
    index = re.compile(rf"\[\s*\$?\{{?{name}\}}?\s*\]")
    return any(
        node.type == "command"
        and not _text(node).lstrip().startswith("sleep")
        and index.search(_text(node)) is not None
        for node in descendants(body)
    )


def bounded(script: ShellScript, loop: Node) -> bool:
    """A counted loop, or one left on a comparison by order (`-lt`, `<`, …): in its own
    condition (`while (( n < 5 ))`) or in one that decides a jump out of it (`[[ $n -ge 5
    ]] && break`, an inner loop's `break 2`, a function called in it that `exit`s); a
    comparison that decides something else (`if [[ $(wc -l <<<"$out") -gt 200 ]]; then
    echo …`) bounds nothing, nor one that the values before the loop switch off
    (`MAX=0`, then `[ $MAX -gt 0 ] && [ $n -ge $MAX ] && break`: `default_bounds`)."""
    return _bounds(script, loop)[0]


def unbounded_by_default(script: ShellScript, loop: Node) -> str | None:
    """The values before a loop that switch off every bound it has (`MAX_ITERATIONS=0`),
    when it has one they switch off: how a message says why it has none."""
    is_bounded, defaults = _bounds(script, loop)
    return None if is_bounded else defaults or None


# the answer of `_bounds` for each loop of a script, by node id: asked several times a loop
_BOUNDS: weakref.WeakKeyDictionary[ShellScript, dict[int, tuple[bool, str]]] = (
    weakref.WeakKeyDictionary()
)


def _bounds(script: ShellScript, loop: Node) -> tuple[bool, str]:
    """Whether the loop is bounded (`bounded`), and else the defaults that switch off the
    comparisons by order that would bound it ("" for none)."""
    if loop.type != "while_statement":
        return True, ""
    known = _BOUNDS.setdefault(script, {})
    if loop.id not in known:
        defaults: list[str] = []
        found = False
        for condition in _deciding(script, loop):
            if not _bounding(script, condition, frozenset()):
                continue  # no comparison by order: nothing to switch off
            switched = switched_off(script, loop, condition)
            if _bounding(script, condition, switched.ids):
                found = True
                break
            defaults += switched.defaults
        known[loop.id] = (found, "" if found else ", ".join(dict.fromkeys(defaults)))
    return known[loop.id]


def _bounding(script: ShellScript, condition: Node, off: frozenset[int]) -> bool:
    """Whether a condition compares by order where it runs (not in `off`)."""
    return any(
        n.type == "binary_expression" and n.id not in off and ordering(script, n)
        for n in descendants(condition)
    )


def _deciding(script: ShellScript, loop: Node) -> list[Node]:
    """The conditions that decide whether a `while` loop goes on: its own, those over a
    jump out of it, and those over an exit in a function it calls."""
    deciding = named(loop, "condition") + [
        condition for jump in _jumps_out(script, loop) for condition in _conditions_over(jump, loop)
    ]
    for definition in _called_functions(script, loop):
        deciding += [
            condition
            for node in descendants(definition)
            if node.type == "command"
            and (exiting := script.command_at(node)) is not None
            and ends_script(exiting, script.leaving) is not None
            for condition in _conditions_over(node, definition)
        ]
    return deciding


def _jumps_out(script: ShellScript, loop: Node) -> list[Node]:
    """The `break`s, `exit`s and `return`s that leave `loop` itself (`break 2` from a
    loop inside it too)."""
    found = []
    for node in descendants(loop):
        jump = script.command_at(node) if node.type == "command" else None
        if jump is None or not _jump(script, jump):
            continue
        levels = jump.literal_code if jump.command_name == "break" else None
        inner, depth = enclosing_loop(node), 1
        while inner is not None and inner.id != loop.id and depth < (levels or 1):
            inner, depth = enclosing_loop(inner), depth + 1
        if jump.command_name != "break" or (inner is not None and inner.id == loop.id):
            found.append(node)
    return found


def _jump(script: ShellScript, command: SimpleCommand) -> bool:
    """A `break` or `return`, or a command that ends the script (`exit`, `die "…"`)."""
    return command.command_name in ("break", "return") or (
        ends_script(command, script.leaving) is not None
    )


def _called_functions(script: ShellScript, loop: Node) -> list[Node]:
    """The definitions of the script's functions that a command in `loop` calls."""
    names = {
        command.command_name
        for node in descendants(loop)
        if node.type == "command"
        and (command := script.command_at(node)) is not None
        and command.command_name in script.functions
    }
    return [script.functions[name] for name in sorted(names) if name is not None]


def ordering(script: ShellScript, node: Node) -> bool:
    """Whether a binary expression compares by order (`-lt`, `<`, …): a bound."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return False
    between = script.parsed.data[left.end_byte : right.start_byte]
    return between.decode("utf-8", "replace").strip() in ORDERING


def stops_on_output(script: ShellScript, loop: Node, command: SimpleCommand) -> bool:
    """Whether the loop is left on a marker in the agent's output: its condition, or the
    condition of a `break`/`exit`/`return` in it, reads what the agent wrote or printed,
    or examines a file the run must produce (`output.examines_produced_file`)."""
    output = agent_output(script, command)
    conditions = named(loop, "condition") if loop.type == "while_statement" else []
    deciding = list(conditions)
    deciding += [c for jump in _jumps_out(script, loop) for c in _conditions_over(jump, loop)]
    # (and the conditions of setting a flag the loop's own condition reads: `if grep -q
    # COMPLETE out.log; then finished=true; fi` under `while [ "$finished" = false ]`)
    deciding += [c for flag in _flags_set(loop, conditions) for c in _conditions_over(flag, loop)]
    return any(
        examined_in_pipeline(script, command, condition)
        or (
            reads_output(script, output, condition) and not presence_only(script, output, condition)
        )
        or examines_produced_file(script, output, condition)
        for condition in deciding
    )


def ralph_loop(script: ShellScript, loop: Node, command: SimpleCommand, success: set[str]) -> bool:
    """A bounded loop that runs the agent again after a success too (`success` holds the
    outcomes of an iteration in which it succeeded) and stops on a marker in its output."""
    return "next" in success and bounded(script, loop) and stops_on_output(script, loop, command)


def runs_on_schedule(script: ShellScript, command: SimpleCommand) -> bool:
    """Whether a loop runs `command` again whatever its status, on a schedule: endless or
    event-driven, paced by a `sleep`, or a Ralph loop. Outside a loop in a function, the
    loop is the one around each call of the function (there must be one)."""
    return _runs_on_schedule(script, command, frozenset())


def _runs_on_schedule(script: ShellScript, command: SimpleCommand, seen: frozenset[int]) -> bool:
    loop = enclosing_loop(command.node)
    if loop is not None:
        return _scheduled(script, loop, command)
    definition = enclosing_definition(command.node)
    name = definition.child_by_field_name("name") if definition is not None else None
    if definition is None or name is None or definition.id in seen:
        return False  # not in a function, or a recursion already followed
    named = calls_of(script).get(script.parsed.node_text(name), [])
    calls = [c for c in named if not within(c.node, definition)]
    seen |= {definition.id}
    return bool(calls) and all(_runs_on_schedule(script, call, seen) for call in calls)


def _scheduled(script: ShellScript, loop: Node, command: SimpleCommand) -> bool:
    if not attempt_loop(loop):
        return False
    walk = IterationWalk(script, loop, command)
    success = walk.iterate(Scenario(True, 0, False))
    if "next" not in success or "next" not in walk.iterate(Scenario(False, NONZERO, False)):
        return False
    if stops_on_output(script, loop, command):
        # left on a marker in its output: a Ralph loop if bounded; unbounded, it runs the
        # agent until the marker comes, whatever it is paced by
        return ralph_loop(script, loop, command, success)
    return endless(script, loop) or _paced(script, loop)


def endless(script: ShellScript, loop: Node) -> bool:
    """A `while`/`until` that no count bounds and that reads no items from input: it runs
    until stopped (`while :`), or once per event (`while inotifywait …`)."""
    if loop.type != "while_statement" or bounded(script, loop):
        return False
    return not reads_items(script, loop)


def reads_items(script: ShellScript, loop: Node) -> bool:
    """Whether a loop's condition reads the next item from input (`while read -r task`,
    `mapfile`): each iteration takes new work."""
    return any(
        c.command_name in _READS_ITEMS
        for condition in named(loop, "condition")
        for node in descendants(condition)
        if node.type == "command" and (c := script.command_at(node)) is not None
    )


def _paced(script: ShellScript, loop: Node) -> bool:
    """Whether a `sleep` runs in the loop, in its body or its condition: it is paced."""
    return any(c.command_name == "sleep" and within(c.node, loop) for c in script.commands)


def _flags_set(loop: Node, conditions: list[Node]) -> list[Node]:
    """The assignments in a loop's body of a variable its condition reads."""
    read = {
        text_of(n)
        for condition in conditions
        for n in descendants(condition)
        if n.type == "variable_name"
    }
    return [
        node
        for node in descendants(loop)
        if node.type == "variable_assignment"
        and (name := node.child_by_field_name("name")) is not None
        and text_of(name) in read
    ]


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
            found += clause_conditions(parent)
        elif parent.type == "else_clause" and parent.parent is not None:
            holder = parent.parent
            for clause in [holder, *(c for c in holder.named_children if c.type == "elif_clause")]:
                found += clause_conditions(clause)
        elif parent.type == "case_item" and parent.parent is not None:
            value = parent.parent.child_by_field_name("value")
            found += [value] if value is not None else []
        current = parent
    return found
