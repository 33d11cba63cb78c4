"""One iteration of a shell loop around an agent invocation: one dataflow for every scenario.

A scenario is one way the agent can end (success, a code the loop compares its
status with, a code it compares with nothing, a transient failure). The walk
runs once over the loop body with the agent's status kept symbolic (`AGENT`):
each path carries the set of scenarios it holds for, a test on the status
splits that set (`[ $rc -eq 75 ]`: scenario 75 one way, the rest the other),
and paths that reach a statement in the same state are joined (their scenario
sets united), so a block is walked once per distinct state, not once per path
or per scenario. It follows `$?`, variables holding the status, `&&`/`||`,
`if`, `case`, tests and jumps, and says for each scenario whether the
iteration goes on (`next`) or leaves the loop (`leave`).
`auditor.shell.loops` decides from that whether the loop re-runs the agent
because it failed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from auditor.exit_codes import intents_in
from auditor.flow import FALL, through_block
from auditor.numbers import bounded_int
from auditor.shell.commands import SimpleCommand
from auditor.shell.failure_tests import (
    OUTPUT_TESTS,
    completion_test,
    failure_test,
    negated_test,
    tests_empty,
)
from auditor.shell.jobs import waits_for
from auditor.shell.leaving import ABORT, EXIT, ends_script
from auditor.shell.model import ShellScript
from auditor.shell.output import AgentOutput, agent_output
from auditor.shell.output_words import examined_in_pipeline
from auditor.shell.parse import (
    LOOPS,
    Node,
    backgrounded,
    descendants,
    enclosing_loop,
    if_clauses,
    named,
    within,
)
from auditor.shell.scenarios import (
    AGENT,
    EQUAL,
    NEGATED,
    NONZERO,
    TEXT_OPERATORS,
    UNEQUAL,
    Path,
    Scenario,
    Scenarios,
    Text,
    Value,
    compare,
    compare_texts,
    join,
    mirrored,
    negated,
)

_NEXT, _BREAK, _EXIT = "next", "break", EXIT
# `exit 1` in the loop: the script gives up (a stall count, a fatal error); not a
# success that leaves, whatever scenario reaches it
_ABORT = ABORT
_CONTINUED = "continued"  # an iteration ended by `continue`, as well as going on
# The loop left before the run runs again, whatever this run did (a stop file, a cap at
# the top of the body): another way out, but not one the run takes.
LEFT_BEFORE = "left before the run"
_SURE = "next, sure"  # it went on, and not only through the body of an undecided test
# `rc` (in `(( ))`), `$rc`, `$?`, or braced: `${rc}`, `${PIPESTATUS[0]}`, also with a default
# for an unset value (`${PIPESTATUS[0]:-0}`), the value itself whenever it is set
_VALUE = re.compile(
    r'^"?(?:\$?(\?|[A-Za-z_]\w*)(?:\[(\d+)\])?'  # `rc`, `$rc`, `PIPESTATUS[0]` in `(( ))`
    r'|\$\{(\?|[A-Za-z_]\w*)(?:\[(\d+)\])?(?::?-[^}]*)?\})"?$'
)
# a word with no expansion in it, bare or quoted (`false`, `"done"`, `''`)
_WORD = re.compile(r"""[\w.:/+-]+|"[\w .:/+-]*"|'[^']*'""")
_PLAIN_SETTINGS = ("variable_assignment", "declaration_command")  # `rc=0`, `local rc=0`
_JUMPS = {"break": _BREAK, "continue": _NEXT, "return": _EXIT}  # `exit`: `ends_script`
# a loop condition that bounds a counter: `[ $attempt -le $max ]`, `(( tries < 3 ))`
_COUNTER = re.compile(r'\$?\{?([A-Za-z_]\w*)\}?"?\s*(?:-l[te]|<=?)')
# a variable a loop body adds one to: `n=$((n + 1))`, `((n++))`, `((n += 1))`, `let n++`
_INCREMENTED = re.compile(
    r"\b([A-Za-z_]\w*)=\$\(\(\s*\$?\1\s*\+\s*1\s*\)\)"
    r"|\(\(\s*([A-Za-z_]\w*)\s*(?:\+\+|\+=\s*1)\s*\)\)|\blet\s+([A-Za-z_]\w*)\+\+"
)


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _negative(node: Node) -> bool:
    """Whether a condition holds where what it looks for is absent: a negated command
    (`! grep -q 429 "$log"`) or a test of inequality (`[[ $class != transient ]]`)."""
    if node.type == "negated_command":
        return True
    if node.type == "pipeline":  # `! a | b`: the grammar gives `!` to the first stage
        return bool(node.named_children) and node.named_children[0].type == "negated_command"
    if node.type != "test_command":
        return False
    inner = [c for c in node.named_children if c.type in ("binary_expression", "unary_expression")]
    if len(inner) != 1:
        return False
    operators = [_text(c) for c in inner[0].children if not c.is_named]
    return operators in (["!="], ["!"])


def _logical(node: Node) -> str | None:
    """`&&` or `||` when a `[[ ]]` expression joins two tests with it."""
    operators = [c.type for c in node.children if not c.is_named]
    return (
        operators[0] if node.type == "binary_expression" and operators in (["&&"], ["||"]) else None
    )


# the `elif`s after an undecided test followed as its other branch (`_clauses`), at most
_NARROWED_CHAIN = 8


class IterationWalk:
    """One iteration of a loop around one agent invocation, walked for all scenarios."""

    def __init__(
        self,
        script: ShellScript,
        loop: Node,
        command: SimpleCommand,
        alternatives: Sequence[Node] = (),
    ) -> None:
        """`alternatives`: the same agent run in the other branches of an `if` or a
        `case` (`if streaming; then claude … | jq; else claude …; fi`): one step."""
        self.script, self.loop, self.command = script, loop, command
        self.runs = (command.node, *alternatives)
        # `wait "$pid"` of a job started in the background returns the job's status: the
        # run's, when the run decides it (`claude … &`, `cat p | claude … > out &`)
        self._waits = frozenset(
            wait.command.node.id
            for run in self.runs
            if (job := _job_of(run, loop)) is not None and _decides(script, run, job)
            for wait in waits_for(job, script.commands, script.parsed)
            if wait.carries
        )
        self.literals: set[int] = set()
        # the loop leaves where a test that compares the run's status says so, whatever
        # it says of the output (`if [[ $rc -eq 0 && -s "$out" ]]; then exit 0; fi`)
        self.leaves_on_status = False
        self._status_tests: set[int] = set()  # the `[[ ]]`s read by status (`_compares_status`)
        self._marked: dict[int, bool] = {}
        self._failure_tests: dict[int, str | None] = {}
        self._completions: dict[int, bool] = {}
        self._outcomes: dict[Scenario, set[str]] = {}
        self._continued: set[Scenario] = set()  # scenarios some path of `continue`s
        self._continued_at: dict[int, set[Scenario]] = {}  # each `continue` -> who reach it
        # the undecided tests under which each scenario went round, in the order met
        self.under: dict[Scenario, list[str]] = {}
        self._narrowed: dict[Scenario, tuple[str, ...]] = {}  # see `narrowed`
        self.scenarios: tuple[Scenario, ...] = ()
        self._by_code: dict[int, Scenarios] = {}
        self._ok: Scenarios = frozenset()
        self._transient: Scenarios = frozenset()
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

    def _code(self, value: Value, index: int) -> int | None:
        """The number a value is in one scenario (none for a word)."""
        if isinstance(value, Text):
            return None
        if not isinstance(value, str):
            return value
        scenario = self.scenarios[index]
        code = 0 if scenario.ok else scenario.code
        return code if value == AGENT else int(code == 0)

    def operand(self, text: str, path: Path, texts: bool) -> Value:
        """A value a test compares (`word`); where it compares words (`texts`: `=` in
        `[ ]`), a word written without expansions is that word (`false`, `"done"`), as a
        variable set the same way holds it (`success=false`), never a variable's name."""
        return _written(text) if texts and "$" not in text else self.word(text, path)

    def word(self, text: str, path: Path) -> Value:
        """`75`, `$rc`, `"$rc"`, `${rc}`, `$?`, `${PIPESTATUS[0]}` (`${PIPESTATUS[0]:-0}`),
        or `rc` in `(( ))`."""
        literal = bounded_int(text.strip("\"'"), signed=True)
        if literal is not None:
            return literal
        match = _VALUE.match(text)
        if match is None:
            return None
        variable, index = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        if variable == "?":
            return path.status
        name = variable + (f"[{index}]" if index else "")
        return dict(path.variables).get(name)

    def marked(self, node: Node) -> bool:
        """Whether a condition is about a rate limit (`grep -q 429 "$LOG"`), itself or
        through a function of the script it calls whose body is (`is_usage_cap "$log"`)."""
        known = self._marked.get(node.id)
        if known is None:
            parsed, functions = self.script.parsed, self.script.functions
            texts = [parsed.node_text(node)]
            called = (self.script.command_at(n) for n in descendants(node) if n.type == "command")
            texts += [
                parsed.node_text(functions[name])
                for command in called
                if command is not None and (name := command.command_name) in functions
            ]
            known = self._marked[node.id] = any(
                i.name == "rate-limit"
                for text in texts
                for i in intents_in(text, self.script.catalog)
            )
        return known

    def holds_run(self, node: Node) -> bool:
        """Whether `node` runs the agent (the command, or one of its alternatives)."""
        return any(within(run, node) for run in self.runs)

    @functools.cached_property
    def _stores(self) -> tuple[str, ...]:
        """The variables the run leaves its status in, when it is a call of a function
        that does so instead of passing it on."""
        if self.command.agent is not None:
            return ()
        summary = self.script.summaries.get(self.command.command_name or "")
        return summary.stores if summary is not None and summary.agent is None else ()

    @functools.cached_property
    def pipefail(self) -> bool:
        """Whether pipefail is on where the agent runs (its pipelines' statuses)."""
        return self.script.options_at(self.command.node).pipefail

    @functools.cached_property
    def output(self) -> AgentOutput:
        """Where the agent's output goes (the log it writes, the variable it fills)."""
        return agent_output(self.script, self.command)

    def failure_test(self, node: Node) -> str | None:
        """How a statement examines the agent's output for a sign that the run failed
        (`grep -q '"is_error":true' "$log"`, or a function of the script that does, given
        the log): "every" when it holds exactly when the run failed, "kind" when it holds
        on one kind of failure only (`grep -qiE "ECONNRESET|timed out" "$log"`), None
        when it is no such test (see `auditor.shell.failure_tests`)."""
        if node.id not in self._failure_tests:
            runs = self.holds_run(node)
            found = None if runs else failure_test(self.script, self.output, node)
            self._failure_tests[node.id] = found
        return self._failure_tests[node.id]

    def _completion(self, node: Node) -> bool:
        """Whether a statement looks for a marker of work done in the agent's output (see
        `failure_tests.completion_test`)."""
        if node.type not in OUTPUT_TESTS and node.type != "test_command":
            return False
        if node.id not in self._completions:
            tests = not self.holds_run(node) and not self.marked(node)
            found = tests and completion_test(self.script, self.output, node)
            self._completions[node.id] = found
        return self._completions[node.id]

    def _compares_status(self, node: Node, path: Path) -> bool:
        """Whether a `[[ ]]` of comparisons joined by `&&`/`||` compares the run's status
        in one of them (`$rc -eq 0`, on this path)."""
        inner = [c for c in named(node) if c.type == "binary_expression"]
        if len(inner) != 1 or _logical(inner[0]) is None:
            return False
        stack = [inner[0]]
        while stack:
            current = stack.pop()
            if _logical(current) is not None:
                sides = (current.child_by_field_name(f) for f in ("left", "right"))
                stack += [c for c in sides if c is not None and c.type == "binary_expression"]
                continue
            words = _text(current).split()
            if len(words) == 3 and any(isinstance(self.word(w, path), str) for w in words[::2]):
                return True
        return False

    def _failure_status(self, path: Path) -> list[Path]:
        """A failure test's status: true (0) where the run failed, false where it succeeded."""
        ok = path.scenarios & self._ok
        parts = ((1, ok), (0, path.scenarios - ok))
        return [path._replace(status=status, scenarios=part) for status, part in parts if part]

    def _split(self, path: Path) -> list[tuple[bool | None, Path]]:
        """The path split by whether its status is success, scenario by scenario."""
        status = path.status
        if status is None:
            return [(None, path)]
        if not isinstance(status, str):
            return [(status == 0, path)]
        ok = path.scenarios & self._ok
        success, failure = (ok, path.scenarios - ok)
        if status == NEGATED:
            success, failure = failure, success
        return [
            (truth, path._replace(scenarios=part))
            for truth, part in ((True, success), (False, path.scenarios - success))
            if part
        ]

    def _transient_split(self, path: Path, negative: bool = False) -> list[tuple[bool, Path]]:
        """The path split by whether the agent failed transiently (a rate-limit marker),
        each part with whether the guard holds there: where it failed so, unless the guard
        is `negative` (`[[ $class != transient ]]`, `! grep -q 429 "$log"`)."""
        transient = path.scenarios & self._transient
        return [
            (truth != negative, path._replace(scenarios=part))
            for truth, part in ((True, transient), (False, path.scenarios - transient))
            if part
        ]

    def block(self, nodes: list[Node], path: Path) -> list[Path]:
        return through_block(nodes, path, self.run, join)

    def run(self, node: Node, path: Path) -> list[Path]:
        kind = node.type
        if backgrounded(node):  # `… &` starts a job: its own status is 0
            return [path._replace(status=0)]
        if kind == "test_command" and self._compares_status(node, path):
            # `[[ $rc -eq 0 && -s "$out" ]]`: read by its comparisons, the status's first
            self._status_tests.add(node.id)
            return self.test(node, path)
        examined = (
            self.failure_test(node) if kind in OUTPUT_TESTS and not self.marked(node) else None
        )
        if examined == "every":
            if kind == "negated_command":
                return [p._replace(status=negated(p.status)) for p in self._failure_status(path)]
            return self._failure_status(path)
        if examined == "kind":
            # false after a success; after a failure, true or not by its kind
            paths = [
                p._replace(status=None) if p.status == 0 else p for p in self._failure_status(path)
            ]
            if kind == "negated_command":
                return [p._replace(status=negated(p.status)) for p in paths]
            return paths
        if self._completion(node):  # false where the run failed, either way where not
            failed = 0 if negated_test(node) else 1  # `[ ! -f DONE ]`: true where it failed
            paths = self._failure_status(path)
            return [p._replace(status=failed if p.status == 0 else None) for p in paths]
        if kind == "test_command" and not self.holds_run(node):
            empty = tests_empty(self.script, self.output, node)
            if empty is not None:  # `[ -z "$out" ]`: true where the run failed
                paths = self._failure_status(path)
                return paths if empty else [p._replace(status=negated(p.status)) for p in paths]
        if kind == "compound_statement" and _text(node).startswith("(("):
            return self.test(node, path)
        if kind in ("program", "do_group", "compound_statement", "subshell"):
            inner = self.block(named(node), path)
            return [p._replace(outcome=FALL) for p in inner] if kind == "subshell" else inner
        if kind == "redirected_statement":
            body = node.child_by_field_name("body")
            return self.run(body, path) if body is not None else [path]
        if kind == "negated_command":
            return [p._replace(status=negated(p.status)) for p in self.block(named(node), path)]
        if kind == "list":
            return self.list_(node, path)
        if kind == "pipeline":
            stages = named(node)
            if stages and stages[0].type == "negated_command" and named(stages[0]):
                # `! a | b` negates the whole pipeline (the grammar gives `!` to `a` alone)
                stages = [named(stages[0])[0], *stages[1:]]
                inner = self._pipeline(node, stages, path)
                return [p._replace(status=negated(p.status)) for p in inner]
            return self._pipeline(node, stages, path)
        if kind == "if_statement":  # (no frame between: 200 nested `if`s stay in the stack)
            clauses, rest = if_clauses(node)
            return join(self._clauses(clauses, rest, path)) if clauses else [path]
        if kind == "case_statement":
            return self.case(node, path)
        if kind == "test_command":
            return self.test(node, path)
        if kind in ("variable_assignment", "declaration_command", "variable_assignments"):
            return [self.assign(node, path)]
        if kind in LOOPS:  # a loop inside: `break`/`continue` stay in it
            body = node.child_by_field_name("body")
            inner = self.block(named(body), path) if body else []
            return [
                p._replace(outcome=FALL) if p.outcome in (_NEXT, _BREAK) else p for p in inner
            ] + [path]
        if kind == "command":
            return self.simple(node, path)
        return [path] if kind == "function_definition" else [path._replace(status=None)]

    def simple(self, node: Node, path: Path) -> list[Path]:
        if any(run.id == node.id for run in self.runs) and self._stores:
            # a function that leaves the run's status in variables (`run_agent`, then
            # `[ "$AGENT_EXIT_CODE" -ne 0 ]`): its own status says nothing of the run
            variables = dict(path.variables) | dict.fromkeys(self._stores, AGENT)
            return [path._replace(status=None, ran=True, variables=frozenset(variables.items()))]
        if any(run.id == node.id for run in self.runs) or node.id in self._waits:
            return [path._replace(status=AGENT, ran=True)]
        command = self.script.command_at(node)
        name = command.command_name if command else None
        # `exit 1`, or `die "…"`, a function that ends the script as `exit` does
        ended = ends_script(command, self.script.leaving) if command is not None else None
        if ended is not None:
            return [path._replace(outcome=ended)]
        if name in _JUMPS:
            if name == "continue" and enclosing_loop(node) == self.loop:
                reached = self._continued_at.setdefault(node.id, set())
                reached.update(self.scenarios[i] for i in path.scenarios)
            return [path._replace(outcome=_JUMPS[name])]
        if name in ("true", ":", "false"):
            return [path._replace(status=int(name == "false"))]
        if name == "test" or self.marked(node):
            return self.test(node, path)
        return [path._replace(status=None)]

    def _pipeline(self, node: Node, stages: list[Node], path: Path) -> list[Path]:
        """The paths through a pipeline's `stages`: its status the agent's where the run
        ends it or pipefail is on, and `PIPESTATUS` set for each stage."""
        variables = dict(path.variables)
        status: Value = None
        pipefail = self.pipefail
        for index, stage in enumerate(stages):
            runs = self.holds_run(stage)
            path = path._replace(ran=path.ran or runs)
            if runs:
                variables[f"PIPESTATUS[{index}]"] = AGENT
            else:  # (unknown: as if unset)
                variables.pop(f"PIPESTATUS[{index}]", None)
            status = AGENT if runs and (index == len(stages) - 1 or pipefail) else status
        path = path._replace(status=status, variables=frozenset(variables.items()))
        parent = node.parent
        tested = parent is not None and not self.holds_run(stages[-1])
        if status == AGENT and tested and examined_in_pipeline(self.script, self.command, node):
            # `agent | grep -q DONE` under pipefail: a failed run fails the pipeline, a
            # successful one leaves it to the test of what it printed
            ok = path.scenarios & self._ok
            parts = ((AGENT, path.scenarios - ok), (None, ok))
            return [path._replace(status=v, scenarios=part) for v, part in parts if part]
        return [path]

    def test(self, node: Node, path: Path) -> list[Path]:
        """The status of `[ ]`, `[[ ]]`, `test` or `(( ))` comparing a value with a number."""
        if self.marked(node):
            split = self._transient_split(path, _negative(node))
            return [p._replace(status=int(not t)) for t, p in split]
        inner = [c for c in named(node) if c.type == "binary_expression"]
        if node.type == "test_command" and len(inner) == 1 and _logical(inner[0]) is not None:
            return [  # `[[ $rc -eq 3 && $n -lt 5 ]]`: each comparison, then `&&`/`||`
                path._replace(status=None if result is None else int(not result), scenarios=part)
                for result, part in self._logical(inner[0], path, path.scenarios)
            ]
        texts = node.type != "compound_statement"  # `(( ))` compares numbers and names
        return self._simple_test(_text(node).strip("[]() \t").split(), path, texts=texts)

    def _simple_test(self, words: list[str], path: Path, texts: bool = True) -> list[Path]:
        """A test of one comparison (`[ "$rc" -eq 75 ]`, `test $? != 0`, `! [ … ]`);
        `texts`: in `[ ]`, `[[ ]]` or `test`, where `=` compares words as written."""
        words = words[1:] if words[:1] == ["test"] else words
        negate = words[:1] == ["!"]
        words = words[1:] if negate else words
        if len(words) != 3:
            return [path._replace(status=None)]
        operator = words[1]
        texts = texts and operator in TEXT_OPERATORS
        left, right = self.operand(words[0], path, texts), self.operand(words[2], path, texts)
        return [
            path._replace(status=None if result is None else int(result == negate), scenarios=part)
            for result, part in self._comparison(path.scenarios, left, operator, right)
        ]

    def _logical(
        self, node: Node, path: Path, scenarios: Scenarios
    ) -> list[tuple[bool | None, Scenarios]]:
        """The scenarios grouped by the truth of a `[[ ]]` expression: comparisons joined
        by `&&` and `||` (the right side read only where the left does not decide)."""
        operator = _logical(node)
        if operator is None:
            words = _text(node).split()
            if len(words) != 3:
                return [(None, scenarios)]
            texts = words[1] in TEXT_OPERATORS  # (`[[ ]]`: `=` compares words)
            left, right = self.operand(words[0], path, texts), self.operand(words[2], path, texts)
            return self._comparison(scenarios, left, words[1], right)
        left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left_node is None or right_node is None:
            return [(None, scenarios)]
        decides = operator == "||"  # the left value that decides alone
        found: list[tuple[bool | None, Scenarios]] = []
        for truth, part in self._logical(left_node, path, scenarios):
            if truth is decides:
                found.append((truth, part))
                continue
            for other, rest in self._logical(right_node, path, part):
                if truth is None and other is not decides:
                    other = None  # unknown left, and the right does not decide alone
                found.append((other, rest))
        return found

    def _comparison(
        self, scenarios: Scenarios, left: Value, operator: str, right: Value
    ) -> list[tuple[bool | None, Scenarios]]:
        """The scenarios grouped by the result of `left operator right`."""
        if isinstance(left, Text) or isinstance(right, Text):
            return [(compare_texts(left, operator, right), scenarios)]
        if not isinstance(left, str) and not isinstance(right, str):
            return [(compare(left, operator, right), scenarios)]
        if isinstance(right, str) and not isinstance(left, str):
            left, right, operator = right, left, mirrored(operator)
        equality = operator in EQUAL or operator in UNEQUAL
        if left == AGENT and isinstance(right, int) and right != NONZERO and equality:
            equal = scenarios & self._by_code.get(right, frozenset())
            groups = ((True, equal), (False, scenarios - equal))
            if operator in UNEQUAL:
                groups = ((False, equal), (True, scenarios - equal))
            return [(result, part) for result, part in groups if part]
        found: dict[bool | None, set[int]] = {}
        for index in scenarios:
            other = self._code(right, index)
            result = compare(self._code(left, index), operator, other)
            found.setdefault(result, set()).add(index)
        return [(result, frozenset(part)) for result, part in found.items()]

    def list_(self, node: Node, path: Path) -> list[Path]:
        children = [c for c in node.children if c.type != "comment"]
        paths = self.run(children[0], path)
        for operator, operand in zip(children[1::2], children[2::2], strict=False):
            result: list[Path] = []
            for current in paths:
                if current.outcome != FALL:
                    result.append(current)
                    continue
                for truth, part in self._split(current):
                    runs = truth is None or truth == (operator.type == "&&")
                    if runs:
                        result += self.run(operand, part)
                    if truth is None or not runs:
                        result.append(part)
            paths = join(result)
        return paths

    def _clauses(
        self, clauses: list[tuple[list[Node], list[Node]]], rest: list[Node], path: Path
    ) -> list[Path]:
        """The paths through `if`/`elif` clauses (conditions, body) from `path`, then the
        `else` (`rest`); a rate-limit guard is transient. Past a test the run does not
        decide, the clauses after it are the other branch (`_either`)."""
        paths, result = [path], []
        for index, (conditions, body) in enumerate(clauses):
            if not paths:
                break  # every path took a clause before this one
            next_paths: list[Path] = []
            guard = any(self.marked(c) for c in conditions) and not any(
                self.holds_run(c) for c in conditions
            )
            later = clauses[index + 1 :]
            for current in paths:
                for tested in self.block(conditions, current):
                    if tested.outcome != FALL:
                        result.append(tested)
                        continue
                    negative = len(conditions) == 1 and _negative(conditions[0])
                    parts: Sequence[tuple[bool | None, Path]] = (
                        self._transient_split(tested, negative) if guard else self._split(tested)
                    )
                    for truth, part in parts:
                        # (the clauses after it are followed as its other branch only in a
                        # short chain: a long one's depth and cost stay the chain's length)
                        if truth is None and not guard and len(later) <= _NARROWED_CHAIN:
                            otherwise = self._clauses(later, rest, part) if later else None
                            result += self._either(conditions, body, rest, part, otherwise)
                            continue
                        if truth is not False:
                            result += self._note_leaving(conditions, self.block(body, part))
                        if truth is not True:
                            next_paths.append(part)
            paths = join(next_paths)
        for current in paths:
            result += self.block(rest, current)
        return result

    def _note_leaving(self, conditions: list[Node], taken: list[Path]) -> list[Path]:
        """`taken`, the paths through an `if`'s body, noting where one leaves the loop as a
        success does (`break`, `exit 0`) under a test that compares the run's status.
        (Called on the paths walked, not around the walk: 200 nested `if`s add no frame.)"""
        if any(c.id in self._status_tests for c in conditions):
            leaving = any(p.outcome in (_BREAK, _EXIT) for p in taken)
            self.leaves_on_status = self.leaves_on_status or leaving
        return taken

    def _either(
        self,
        conditions: list[Node],
        body: list[Node],
        rest: list[Node],
        path: Path,
        otherwise: list[Path] | None = None,
    ) -> list[Path]:
        """Both branches of an `if` whose test the run does not decide: where one leaves
        and the other goes on, the paths that go on do so only under that test (`if echo
        "$out" | grep -q 503; then sleep 5; else exit 1; fi`), marked for messages.
        `otherwise`: the paths of the other branch when it is more than `rest` (`elif`s)."""
        taken = self._note_leaving(conditions, self.block(body, path))
        other = otherwise if otherwise is not None else self.block(rest, path)
        if path.under is not None or not path.ran or any(map(self.holds_run, conditions)):
            return taken + other  # a test before the run narrows nothing of how it ends
        text = " ".join(" ".join(_text(c).split()) for c in conditions).rstrip("; ")
        if self._counts(text):
            return taken + other
        ends = (FALL, _NEXT)
        # (the other branch may go on too, but only under tests of its own: an `elif` that
        # goes round on a second kind of failure)
        if all(p.outcome not in ends or p.under is not None for p in other):
            taken = [p._replace(under=text) if p.outcome in ends else p for p in taken]
        elif all(p.outcome not in ends for p in taken):
            negated = text[2:].lstrip() if text.startswith("! ") else f"! {text}"  # not `! !`
            other = [p._replace(under=negated) if p.outcome in ends else p for p in other]
        return taken + other

    def case(self, node: Node, path: Path) -> list[Path]:
        subject = node.child_by_field_name("value")
        value = self.word(_text(subject), path) if subject is not None else None
        result: list[Path] = []
        remaining = path.scenarios
        for item in (c for c in named(node) if c.type == "case_item"):
            patterns = [_text(p) for p in named(item, "value")]
            # a word a variable holds (`state=done`) against words (`done)`, `*)`)
            worded = isinstance(value, Text) and all(
                p == "*" or _WORD.fullmatch(p) for p in patterns
            )
            numeric = value is not None and all(re.fullmatch(r"\d+|\*", p) for p in patterns)
            if not numeric and not worded:
                result += self.block(named(item), path._replace(scenarios=remaining))
                continue
            if "*" in patterns:
                matched = remaining
            elif isinstance(value, Text):
                words = {p.strip("\"'") for p in patterns}
                matched = remaining if value.text in words else frozenset()
            elif isinstance(value, str):
                # a number past the bound (or in other digits) is no status: it matches none
                codes = {c for c in map(bounded_int, patterns) if c is not None}
                if value == AGENT:
                    matched = frozenset().union(*(self._by_code.get(c, frozenset()) for c in codes))
                    matched &= remaining
                else:
                    matched = frozenset(i for i in remaining if self._code(value, i) in codes)
            else:
                matched = remaining if str(value) in patterns else frozenset()
            if matched:
                result += self.block(named(item), path._replace(scenarios=matched))
            remaining -= matched
            if not remaining:
                return join(result)
        return join([*result, path._replace(scenarios=remaining)])

    def assign(self, node: Node, path: Path) -> Path:
        assignments = (
            [node]
            if node.type == "variable_assignment"
            else [c for c in node.named_children if c.type == "variable_assignment"]
        )
        variables, status = dict(path.variables), 0
        status_value: Value = status
        for assignment in assignments:
            name = assignment.child_by_field_name("name")
            value = assignment.child_by_field_name("value")
            written = _text(value) if value is not None else ""
            # (a word without expansions is itself, `state=done`: never a variable)
            known = self.word(written, path) if "$" in written else _written(written)
            if value is not None and self.holds_run(value):  # `out=$(gptme …)`
                known = status_value = AGENT
            if name is not None and known is not None:
                variables[_text(name)] = known
            elif name is not None:  # unknown: as if never set (paths that differ only so join)
                variables.pop(_text(name), None)
        # after an assignment `PIPESTATUS` holds its one status (`X=$(agent | tee l)`):
        # the agent's when it ends the pipeline, or with pipefail
        variables = {k: v for k, v in variables.items() if not k.startswith("PIPESTATUS[")}
        masked = status_value == AGENT and any(self.masks(a) for a in assignments)
        if not masked and status_value is not None:
            variables["PIPESTATUS[0]"] = status_value
        ran = path.ran or status_value == AGENT
        return path._replace(status=status_value, variables=frozenset(variables.items()), ran=ran)

    def masks(self, assignment: Node) -> bool:
        """Whether an assignment captures the agent in a stage of a pipeline, not its
        last, without pipefail: the pipeline's status, and the assignment's, is another's."""
        for node in descendants(assignment):
            if node.type != "pipeline":
                continue
            stages = named(node)
            if any(self.holds_run(stage) for stage in stages[:-1]) and not self.holds_run(
                stages[-1]
            ):
                return not self.pipefail
        return False

    def outcomes(self, scenarios: Sequence[Scenario]) -> list[set[str]]:
        """For each scenario, whether one iteration goes on (`next`) or leaves (`leave`)."""
        missing = [s for s in dict.fromkeys(scenarios) if s not in self._outcomes]
        if missing:
            for scenario, found in zip(missing, self._walk(missing), strict=True):
                self._outcomes[scenario] = found - {_CONTINUED, _SURE}
                if _CONTINUED in found:
                    self._continued.add(scenario)
                if _SURE not in found and "next" in found:
                    self._narrowed[scenario] = tuple(self.under.get(scenario, ()))
        return [self._outcomes[s] for s in scenarios]

    def _counts(self, text: str) -> bool:
        """Whether a test reads a counter of the loop (`[ $attempt -lt $max ]`, `[ $fails
        -ge 2 ]`): a bound on the attempts, not a test of the run."""
        return any(re.search(rf"\b{re.escape(name)}\b", text) for name in self.counters)

    @functools.cached_property
    def counters(self) -> frozenset[str]:
        """The variables that count the loop's rounds: a `for` loop's, the one a `while`
        loop's condition compares with a bound (`while [ "$attempt" -le 3 ]`), and those
        its body adds one to (`fails=$((fails + 1))`, `((tries++))`)."""
        found = set(_INCREMENTED.findall(_text(self.loop)))
        found = {name for group in found for name in group if name}
        if self.loop.type == "for_statement":
            variable = self.loop.child_by_field_name("variable")
            found |= {_text(variable)} if variable is not None else set()
        else:
            conditions = " ".join(_text(c) for c in named(self.loop, "condition"))
            found |= set(_COUNTER.findall(conditions))
        return frozenset(found)

    def narrowed(self, scenario: Scenario) -> tuple[str, ...]:
        """The tests (as written) under which alone an iteration in `scenario` goes round,
        when it goes round only through the bodies of tests the run does not decide (none
        when it also goes round another way)."""
        self.outcomes([scenario])
        return self._narrowed.get(scenario, ())

    def continues(self, scenario: Scenario) -> bool:
        """Whether some path of an iteration in `scenario` ends it with `continue`."""
        self.outcomes([scenario])
        return scenario in self._continued

    def continues_alone(self, scenario: Scenario) -> bool:
        """Whether an iteration in `scenario` ends at a `continue` of this loop that no
        successful run reaches (`if [ "$rc" -ne 0 ]; then sleep 30; continue; fi`), once
        the outcomes of a success and of `scenario` are walked."""
        return any(
            scenario in reached and not any(s.ok for s in reached)
            for reached in self._continued_at.values()
        )

    def iterate(self, scenario: Scenario) -> set[str]:
        """Whether one iteration goes on (`next`) or leaves the loop (`leave`)."""
        return self.outcomes([scenario])[0]

    def _walk(self, scenarios: Sequence[Scenario]) -> list[set[str]]:
        self.scenarios = tuple(scenarios)
        by_code: dict[int, set[int]] = {}
        for index, scenario in enumerate(self.scenarios):
            code = 0 if scenario.ok else scenario.code
            if code != NONZERO:
                by_code.setdefault(code, set()).add(index)
        self._by_code = {code: frozenset(found) for code, found in by_code.items()}
        self._ok = frozenset(i for i, s in enumerate(self.scenarios) if s.ok)
        self._transient = frozenset(
            i for i, s in enumerate(self.scenarios) if not s.ok and s.transient
        )
        found: list[set[str]] = [set() for _ in self.scenarios]
        ends: list[tuple[str, Path]] = []  # how each path ends the iteration
        loop = self.loop
        start = Path(FALL, None, frozenset(), frozenset(range(len(self.scenarios))))
        body = loop.child_by_field_name("body")
        statements = named(body) if body is not None else []
        conditions = named(loop, "condition") if loop.type == "while_statement" else []
        until = loop.children[0].type == "until"
        first = any(self.holds_run(c) for c in conditions)  # `until gptme …`
        marker = any(map(self._completion, conditions))
        # The statements before the run are walked after it, as the next turn runs them
        # before it runs again: a test there reads what this run left (a marker file its
        # prompt names, `$rc`), and one that leaves whatever the run did is another way out
        # (`[ -f STOP ] && break`), not the run's.
        at = 0 if first else next((i for i, s in enumerate(statements) if self.holds_run(s)), 0)
        before, statements = statements[:at], statements[at:]
        # ...but what they set plainly holds on every turn when the run starts (`rc=0`
        # before `agent || rc=$?`): a success leaves it as they set it. (Not a variable
        # that they may set otherwise too, in a branch: `if …; then task=$(next)`.)
        plain = [s for s in before if s.type in _PLAIN_SETTINGS]
        branched = {n for s in before if s.type not in _PLAIN_SETTINGS for n in _assigned_names(s)}
        for statement in plain:
            if not _assigned_names(statement) & branched:
                start = self.assign(statement, start)._replace(status=None)
        for path in self.block(conditions, start) if first else [start]:
            for truth, part in self._split(path) if first else [(None, path)]:
                if truth is not None and truth == until:
                    ends.append(("leave", part))
                    continue
                for after in self.block(statements, part):
                    if after.outcome not in (FALL, _NEXT):
                        ends.append((_ABORT if after.outcome == _ABORT else "leave", after))
                        continue
                    if after.outcome == _NEXT:
                        ends.append((_CONTINUED, after))
                    going = [after._replace(outcome=FALL)]
                    if conditions and not first:
                        going = []
                        for tested in self.block(conditions, after._replace(outcome=FALL)):
                            for again, end in self._split(tested):
                                # a success may or may not leave a marker the condition
                                # looks for (`while [ ! -f DONE ]`): either way
                                either = again is None and marker
                                if either or (again is not None and again == until):
                                    ends.append(("leave", end))
                                if either or again is None or again != until:
                                    going.append(end)
                    for turn in going:
                        for next_turn in self.block(before, turn) if before else [turn]:
                            if next_turn.outcome in (FALL, _NEXT):
                                # not narrowed by a test there that every way the run
                                # ends passes alike (`[ -f STOP ] && break`)
                                ends.append(("next", next_turn._replace(under=turn.under)))
                            elif next_turn.outcome == _ABORT:
                                ends.append((_ABORT, next_turn))
                            else:
                                ends.append((LEFT_BEFORE, next_turn))
        # a way out before the run that every way the run ends takes (a stop file) is not
        # the run's; one that only some take (a marker a failed run never writes) is
        left_by = {i for o, p in ends if o == LEFT_BEFORE for i in p.scenarios}
        if left_by != set(range(len(self.scenarios))):
            ends = [("leave" if o == LEFT_BEFORE else o, p) for o, p in ends]
        # a path that goes round without running the agent tells nothing of how a run
        # ends (`cd "$dir" && agent` where `cd` failed, a failed check before it that
        # `continue`s)
        told = [(o, p) for o, p in ends if p.ran or o not in ("next", _CONTINUED)]
        for outcome, path in told if any(p.ran for _, p in told) else ends:
            for index in path.scenarios:
                found[index].add(outcome)
                if outcome == "next":
                    found[index].update(() if path.under else (_SURE,))
                    tests = self.under.setdefault(self.scenarios[index], [])
                    if path.under and path.under not in tests:
                        tests.append(path.under)
        return found


def _written(text: str) -> Value:
    """What a word without expansions holds: a number (`0`), a word as written (`false`,
    `"done"`), or nothing known (a glob, a command substitution)."""
    literal = bounded_int(text.strip("\"'"), signed=True)
    if literal is not None:
        return literal
    return Text(text.strip("\"'")) if _WORD.fullmatch(text) else None


def _assigned_names(statement: Node) -> set[str]:
    """The names the assignments in a statement set."""
    return {
        _text(name)
        for node in descendants(statement)
        if node.type == "variable_assignment"
        and (name := node.child_by_field_name("name")) is not None
    }


def _job_of(node: Node, loop: Node) -> Node | None:
    """The background statement (`… &`) inside `loop` that runs the command `node`."""
    current: Node | None = node
    while current is not None and current.id != loop.id:
        if backgrounded(current):
            return current
        current = current.parent
    return None


def _decides(script: ShellScript, run: Node, job: Node) -> bool:
    """Whether the status of the background statement `job` is that of the command `run`
    in it: kept through each pipeline on the way (`ShellScript.status_kept`: the last
    stage, any under pipefail), the last statement of each group, not behind `if`s or
    loops (`claude | tee log &` is `tee`'s, `{ claude; echo done; } &` is `echo`'s)."""
    current = run
    while True:
        statement, kept = script.status_kept(current)
        if not kept:
            return False
        if statement.id == job.id:
            return True
        group = statement.parent
        if group is None or group.type not in ("compound_statement", "subshell", "list"):
            return False
        if [c for c in group.named_children if c.type != "comment"][-1].id != statement.id:
            return False
        current = group
