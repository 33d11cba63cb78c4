"""One iteration of a shell loop around an agent invocation, walked per scenario.

A scenario is one way the agent can end (success, a code the loop compares its
status with, a code it compares with nothing, a transient failure); the walk
follows `$?`, variables holding the status, `&&`/`||`, `if`, `case`, tests and
jumps through the loop body and says whether the iteration goes on (`next`)
or leaves the loop (`leave`). `auditor.shell.loops` decides from that whether
the loop re-runs the agent because it failed.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from auditor.exit_codes import intents_in
from auditor.flow import FALL, through_block
from auditor.numbers import bounded_int
from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node

NONZERO = -1000  # a non-zero status that the loop compares with nothing
_NEXT, _BREAK, _EXIT = "next", "break", "exit"
LOOPS = frozenset({"while_statement", "for_statement", "c_style_for_statement"})
_VALUE = re.compile(r'^"?\$?\{?(\?|[A-Za-z_]\w*)(?:\[(\d+)\])?\}?"?$')
_JUMPS = {"break": _BREAK, "continue": _NEXT, "exit": _EXIT, "return": _EXIT}
Variables = frozenset[tuple[str, int | None]]


class Scenario(NamedTuple):
    """One way the agent can end."""

    ok: bool
    code: int  # 0 on success, `NONZERO` for a code nothing compares with
    transient: bool


class _Path(NamedTuple):
    outcome: str
    status: int | None  # `$?`: None when unknown
    variables: Variables = frozenset()


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _within(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def named(parent: Node, field: str | None = None) -> list[Node]:
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
    if NONZERO in (left, right):  # an unknown non-zero code equals no number compared
        if operator in ("-eq", "==", "="):
            return False
        if operator in ("-ne", "!="):
            return True
        return True if operator in ("-gt", ">") and left == NONZERO and right <= 0 else None
    if operator in ("-eq", "==", "="):
        return left == right
    if operator in ("-ne", "!="):
        return left != right
    table = {"lt": left < right, "le": left <= right, "gt": left > right, "ge": left >= right}
    symbols = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
    return table.get(symbols.get(operator, operator.lstrip("-")))


class IterationWalk:
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
                literal = bounded_int(_text(node), signed=True)
                if literal is not None:
                    self.literals.add(literal)

    def word(self, text: str, path: _Path) -> int | None:
        """`75`, `$rc`, `"$rc"`, `${rc}`, `$?`, `${PIPESTATUS[0]}`, or `rc` in `(( ))`."""
        literal = bounded_int(text.strip("\"'"), signed=True)
        if literal is not None:
            return literal
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

    def block(self, nodes: list[Node], scenario: Scenario, path: _Path) -> list[_Path]:
        return through_block(nodes, path, lambda node, p: self.run(node, scenario, p))

    def run(self, node: Node, scenario: Scenario, path: _Path) -> list[_Path]:
        kind, agent = node.type, 0 if scenario.ok else scenario.code
        if kind == "compound_statement" and _text(node).startswith("(("):
            return [path._replace(status=self.test(node, scenario, path))]
        if kind in ("program", "do_group", "compound_statement", "subshell"):
            inner = self.block(named(node), scenario, path)
            return [p._replace(outcome=FALL) for p in inner] if kind == "subshell" else inner
        if kind == "redirected_statement":
            body = node.child_by_field_name("body")
            return self.run(body, scenario, path) if body is not None else [path]
        if kind == "negated_command":
            inner = self.block(named(node), scenario, path)
            return [
                p._replace(status=None if p.status is None else int(p.status == 0)) for p in inner
            ]
        if kind == "list":
            return self.list_(node, scenario, path)
        if kind == "pipeline":
            stages = named(node)
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
        if kind in LOOPS:  # a loop inside: `break`/`continue` stay in it
            body = node.child_by_field_name("body")
            inner = self.block(named(body), scenario, path) if body else []
            return [
                p._replace(outcome=FALL) if p.outcome in (_NEXT, _BREAK) else p for p in inner
            ] + [path]
        if kind == "command":
            return [self.simple(node, scenario, path)]
        return [path] if kind == "function_definition" else [path._replace(status=None)]

    def simple(self, node: Node, scenario: Scenario, path: _Path) -> _Path:
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

    def test(self, node: Node, scenario: Scenario, path: _Path) -> int | None:
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

    def list_(self, node: Node, scenario: Scenario, path: _Path) -> list[_Path]:
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

    def if_(self, node: Node, scenario: Scenario, path: _Path) -> list[_Path]:
        """`if`/`elif` clauses in order, then the `else`; a rate-limit guard is transient."""
        clauses: list[tuple[list[Node], list[Node]]] = []
        rest: list[Node] = []
        for clause in [node, *(c for c in named(node) if c.type == "elif_clause")]:
            then = next((c for c in clause.children if c.type == "then"), None)
            statements = [c for c in named(clause) if c.type not in ("elif_clause", "else_clause")]
            statements += named(clause, "condition")
            statements.sort(key=lambda c: c.start_byte)
            if then is None:
                return [path]
            split = [c for c in statements if c.end_byte <= then.start_byte]
            clauses.append((split, [c for c in statements if c.start_byte > then.start_byte]))
        rest = [s for c in named(node) if c.type == "else_clause" for s in named(c)]
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

    def case(self, node: Node, scenario: Scenario, path: _Path) -> list[_Path]:
        subject = node.child_by_field_name("value")
        value = self.word(_text(subject), path) if subject is not None else None
        result: list[_Path] = []
        for item in (c for c in named(node) if c.type == "case_item"):
            patterns = [_text(p) for p in named(item, "value")]
            matches: bool | None = None
            if value is not None and all(re.fullmatch(r"\d+|\*", p) for p in patterns):
                matches = "*" in patterns or str(value) in patterns
            if matches is not False:
                result += self.block(named(item), scenario, path)
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

    def iterate(self, scenario: Scenario) -> set[str]:
        """Whether one iteration goes on (`next`) or leaves the loop (`leave`)."""
        loop, start = self.loop, _Path(FALL, None)
        body = loop.child_by_field_name("body")
        statements = named(body) if body is not None else []
        conditions = named(loop, "condition") if loop.type == "while_statement" else []
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
