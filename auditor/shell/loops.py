"""Shell loops that re-run an agent because it failed (systemd's `Restart=`: `restarts`).

A shell loop re-runs the agent when a failure of the agent can lead to
another iteration while a success can leave the loop: `until agent`,
`while ! agent`, `agent && break`, `agent || continue; break`, a `case` on
its status. Each way the agent can end (success, each code the loop compares
its status with, a code it does not, a transient failure) is walked through
one iteration; a loop that goes on whatever the status (a schedule) is not a
retry. Only attempt loops count: `while`, `until`, `for ((…))` and `for` over
numbers (`for i in 1 2 3`, `{1..5}`, `$(seq 5)`); a `for` over tasks is new
work on each iteration.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from auditor.exit_codes import intents_in
from auditor.flow import FALL, through_block
from auditor.profiles import AgentProfile
from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node

if TYPE_CHECKING:
    from auditor.python.steps import StepCatalog

_NONZERO = -1000  # a non-zero status that the loop compares with nothing
_NEXT, _BREAK, _EXIT = "next", "break", "exit"
_LOOPS = frozenset({"while_statement", "for_statement", "c_style_for_statement"})
_ORDERING = frozenset({"-lt", "-le", "-gt", "-ge", "<", "<=", ">", ">="})
_VALUE = re.compile(r'^"?\$?\{?(\?|[A-Za-z_]\w*)(?:\[(\d+)\])?\}?"?$')
_JUMPS = {"break": _BREAK, "continue": _NEXT, "exit": _EXIT, "return": _EXIT}
Variables = frozenset[tuple[str, int | None]]


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


class _Scenario(NamedTuple):
    ok: bool
    code: int  # 0 on success, `_NONZERO` for a code nothing compares with
    transient: bool


class _Path(NamedTuple):
    outcome: str
    status: int | None  # `$?`: None when unknown
    variables: Variables = frozenset()


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _within(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def _named(parent: Node, field: str | None = None) -> list[Node]:
    """Named children of `parent` in a field (None: those in no field), comments left out."""
    return [
        c
        for i, c in enumerate(parent.children)
        if c.is_named
        and c.type not in ("comment", "heredoc_body")
        and parent.field_name_for_child(i) == field
    ]


def _truth(status: int | None) -> bool | None:
    return None if status is None else status == 0


def _compare(left: int | None, operator: str, right: int | None) -> bool | None:
    if left is None or right is None:
        return None
    if _NONZERO in (left, right):  # an unknown non-zero code equals no number compared
        if operator in ("-eq", "==", "="):
            return False
        if operator in ("-ne", "!="):
            return True
        return True if operator in ("-gt", ">") and left == _NONZERO and right <= 0 else None
    if operator in ("-eq", "==", "="):
        return left == right
    if operator in ("-ne", "!="):
        return left != right
    table = {"lt": left < right, "le": left <= right, "gt": left > right, "ge": left >= right}
    symbols = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
    return table.get(symbols.get(operator, operator.lstrip("-")))


class _Flow:
    """One iteration of a loop around one agent invocation, walked per scenario."""

    def __init__(self, script: ShellScript, loop: Node, command: SimpleCommand) -> None:
        self.script, self.loop, self.command = script, loop, command
        self.literals: set[int] = set()
        stack = [loop]
        while stack:
            node = stack.pop()
            stack.extend(node.named_children)
            parent = node.parent
            if (
                node.type == "number"
                and parent
                and parent.type in ("binary_expression", "case_item")
            ):
                self.literals.add(int(_text(node)))

    def word(self, text: str, path: _Path) -> int | None:
        """`75`, `$rc`, `"$rc"`, `${rc}`, `$?`, `${PIPESTATUS[0]}`, or `rc` in `(( ))`."""
        if re.fullmatch(r"-?\d+", text.strip("\"'")):
            return int(text.strip("\"'"))
        match = _VALUE.match(text)
        if match is None:
            return None
        if match.group(1) == "?":
            return path.status
        name = match.group(1) + (f"[{match.group(2)}]" if match.group(2) else "")
        return dict(path.variables).get(name)

    def marked(self, node: Node) -> bool:
        """Whether a condition is about a rate limit (`grep -q 429 "$LOG"`)."""
        intents = intents_in(self.script.parsed.node_text(node), self.script.catalog)
        return any(i.name == "rate-limit" for i in intents)

    def block(self, nodes: list[Node], scenario: _Scenario, path: _Path) -> list[_Path]:
        return through_block(nodes, path, lambda node, p: self.run(node, scenario, p))

    def run(self, node: Node, scenario: _Scenario, path: _Path) -> list[_Path]:
        kind, agent = node.type, 0 if scenario.ok else scenario.code
        if kind == "compound_statement" and _text(node).startswith("(("):
            return [path._replace(status=self.test(node, scenario, path))]
        if kind in ("program", "do_group", "compound_statement", "subshell"):
            inner = self.block(_named(node), scenario, path)
            return [p._replace(outcome=FALL) for p in inner] if kind == "subshell" else inner
        if kind == "redirected_statement":
            body = node.child_by_field_name("body")
            return self.run(body, scenario, path) if body is not None else [path]
        if kind == "negated_command":
            inner = self.block(_named(node), scenario, path)
            return [
                p._replace(status=None if p.status is None else int(p.status == 0)) for p in inner
            ]
        if kind == "list":
            return self.list_(node, scenario, path)
        if kind == "pipeline":
            stages = _named(node)
            variables = dict(path.variables)
            status = None
            for index, stage in enumerate(stages):
                runs = _within(self.command.node, stage)
                variables[f"PIPESTATUS[{index}]"] = agent if runs else None
                pipefail = self.script.options_at(self.command.node).pipefail
                status = agent if runs and (index == len(stages) - 1 or pipefail) else status
            return [_Path(path.outcome, status, frozenset(variables.items()))]
        if kind == "if_statement":
            return self.if_(node, scenario, path)
        if kind == "case_statement":
            return self.case(node, scenario, path)
        if kind == "test_command":
            return [path._replace(status=self.test(node, scenario, path))]
        if kind in ("variable_assignment", "declaration_command", "variable_assignments"):
            return [self.assign(node, agent, path)]
        if kind in _LOOPS:  # a loop inside: `break`/`continue` stay in it
            body = node.child_by_field_name("body")
            inner = self.block(_named(body), scenario, path) if body else []
            return [
                p._replace(outcome=FALL) if p.outcome in (_NEXT, _BREAK) else p for p in inner
            ] + [path]
        if kind == "command":
            return [self.simple(node, scenario, path)]
        return [path] if kind == "function_definition" else [path._replace(status=None)]

    def simple(self, node: Node, scenario: _Scenario, path: _Path) -> _Path:
        if self.command.node.id == node.id:
            return path._replace(status=0 if scenario.ok else scenario.code)
        command = self.script.command_at(node)
        name = command.command_name if command else None
        if name in _JUMPS:
            return path._replace(outcome=_JUMPS[name])
        if name in ("true", ":", "false"):
            return path._replace(status=int(name == "false"))
        if name == "test" or self.marked(node):
            return path._replace(status=self.test(node, scenario, path))
        return path._replace(status=None)

    def test(self, node: Node, scenario: _Scenario, path: _Path) -> int | None:
        """The status of `[ ]`, `[[ ]]`, `test` or `(( ))` comparing a value with a number."""
        if self.marked(node):
            return int(scenario.ok or not scenario.transient)
        words = _text(node).strip("[]() \t").split()
        words = words[1:] if words[:1] == ["test"] else words
        negate = words[:1] == ["!"]
        words = words[1:] if negate else words
        if len(words) != 3:
            return None
        result = _compare(self.word(words[0], path), words[1], self.word(words[2], path))
        return None if result is None else int(result == negate)

    def list_(self, node: Node, scenario: _Scenario, path: _Path) -> list[_Path]:
        children = [c for c in node.children if c.type != "comment"]
        paths = self.run(children[0], scenario, path)
        for operator, operand in zip(children[1::2], children[2::2], strict=False):
            result: list[_Path] = []
            for current in paths:
                truth = _truth(current.status)
                runs = truth is None or truth == (operator.type == "&&")
                if current.outcome == FALL and runs:
                    result += self.run(operand, scenario, current)
                if current.outcome != FALL or truth is None or not runs:
                    result.append(current)
            paths = result
        return paths

    def if_(self, node: Node, scenario: _Scenario, path: _Path) -> list[_Path]:
        """`if`/`elif` clauses in order, then the `else`; a rate-limit guard is transient."""
        clauses: list[tuple[list[Node], list[Node]]] = []
        rest: list[Node] = []
        for clause in [node, *(c for c in _named(node) if c.type == "elif_clause")]:
            then = next((c for c in clause.children if c.type == "then"), None)
            statements = [c for c in _named(clause) if c.type not in ("elif_clause", "else_clause")]
            statements += _named(clause, "condition")
            statements.sort(key=lambda c: c.start_byte)
            if then is None:
                return [path]
            split = [c for c in statements if c.end_byte <= then.start_byte]
            clauses.append((split, [c for c in statements if c.start_byte > then.start_byte]))
        rest = [s for c in _named(node) if c.type == "else_clause" for s in _named(c)]
        paths, result = [path], []
        for conditions, body in clauses:
            next_paths: list[_Path] = []
            for current in paths:
                for tested in self.block(conditions, scenario, current):
                    truth = _truth(tested.status)
                    if any(self.marked(c) for c in conditions) and not any(
                        _within(self.command.node, c) for c in conditions
                    ):
                        truth = not scenario.ok and scenario.transient
                    if tested.outcome != FALL:
                        result.append(tested)
                        continue
                    if truth is not False:
                        result += self.block(body, scenario, tested)
                    if truth is not True:
                        next_paths.append(tested)
            paths = next_paths
        for current in paths:
            result += self.block(rest, scenario, current)
        return result

    def case(self, node: Node, scenario: _Scenario, path: _Path) -> list[_Path]:
        subject = node.child_by_field_name("value")
        value = self.word(_text(subject), path) if subject is not None else None
        result: list[_Path] = []
        for item in (c for c in _named(node) if c.type == "case_item"):
            patterns = [_text(p) for p in _named(item, "value")]
            matches: bool | None = None
            if value is not None and all(re.fullmatch(r"\d+|\*", p) for p in patterns):
                matches = "*" in patterns or str(value) in patterns
            if matches is not False:
                result += self.block(_named(item), scenario, path)
            if matches is True:
                return result
        return [*result, path]

    def assign(self, node: Node, agent: int, path: _Path) -> _Path:
        assignments = (
            [node]
            if node.type == "variable_assignment"
            else [c for c in node.named_children if c.type == "variable_assignment"]
        )
        variables, status = dict(path.variables), 0
        for assignment in assignments:
            name = assignment.child_by_field_name("name")
            value = assignment.child_by_field_name("value")
            known = self.word(_text(value), path) if value is not None else None
            if value is not None and _within(self.command.node, value):  # `out=$(gptme …)`
                known = status = agent
            if name is not None:
                variables[_text(name)] = known
        return _Path(path.outcome, status, frozenset(variables.items()))

    def iterate(self, scenario: _Scenario) -> set[str]:
        """Whether one iteration goes on (`next`) or leaves the loop (`leave`)."""
        loop, start = self.loop, _Path(FALL, None)
        body = loop.child_by_field_name("body")
        statements = _named(body) if body is not None else []
        conditions = _named(loop, "condition") if loop.type == "while_statement" else []
        until = loop.children[0].type == "until"
        found: set[str] = set()
        first = any(_within(self.command.node, c) for c in conditions)  # `until gptme …`
        for path in self.block(conditions, scenario, start) if first else [start]:
            truth = _truth(path.status) if first else None
            if truth is not None and truth == until:
                found.add("leave")
                continue
            for after in self.block(statements, scenario, path):
                if after.outcome not in (FALL, _NEXT):
                    found.add("leave")
                    continue
                tests = self.block(conditions, scenario, after._replace(outcome=FALL))
                for tested in tests if conditions and not first else [after]:
                    truth = _truth(tested.status) if conditions and not first else None
                    found.add("leave" if truth is not None and truth == until else "next")
        return found


def _attempt_loop(loop: Node) -> bool:
    """`while`, `until`, `for ((…))`, or `for` over numbers: each iteration is an attempt."""
    if loop.type != "for_statement":
        return True
    values = _named(loop, "value")
    return bool(values) and all(
        v.type in ("number", "brace_expression")
        or (v.type == "command_substitution" and _text(v).lstrip("$( ").startswith("seq"))
        for v in values
    )


def _enclosing_loop(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "function_definition":
        if current.type in _LOOPS:
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


def _analyse(
    script: ShellScript,
    loop: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    steps: StepCatalog,
) -> AgentLoop | None:
    flow = _Flow(script, loop, command)
    success = flow.iterate(_Scenario(True, 0, False))
    if "leave" not in success:
        return None  # it goes on after a success too: a schedule, not a retry
    transient = steps.transient(profile, script.catalog)
    codes = sorted(flow.literals - {0})
    failures = [_Scenario(False, code, code in transient) for code in codes]
    failures.append(_Scenario(False, _NONZERO, False))
    if not transient & set(codes):
        failures.append(_Scenario(False, min(transient, default=_NONZERO), True))
    retried = [s for s in failures if "next" in (o := flow.iterate(s)) and o != success]
    if not retried:
        return None
    blanket = all(s in retried for s in failures if not s.transient)
    transient_only = all(s.transient for s in retried)
    shown = ", ".join(str(s.code) for s in retried if s.code != _NONZERO)
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
        result = _analyse(script, loop, command, profile, steps) if _attempt_loop(loop) else None
        if result is not None:
            found.append(result)
    return found
