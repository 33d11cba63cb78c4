"""Checks of what an agent run left behind: an `if` that probes for a file or a program,
or reads what changed in its git work tree (itself, or through a variable a statement
right before it captured that in), and ends the script (or its function) with a
failure when the work is not done (`if [ ! -f "$OUT" ]; then exit 1; fi`, `if git diff
--name-only --diff-filter=U | grep -q .; then return 1; fi`), or records the failure in a
variable a later test reads (`else failed+=("$branch")`).

A run followed by such a check is judged by its effect (SPEC, RA203), whether the
check follows it or is the body of a function called after it, from this file or a
sourced one.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence

from auditor.shell.commands import MESSAGE_COMMANDS, SimpleCommand
from auditor.shell.leaving import ABORT
from auditor.shell.parse import Node, descendants, enclosing_loop, field_of, within
from auditor.shell.status import bare_leave, next_statement, reads_exit_status

# What checks what a run left behind: a file it wrote, a program it installed, what it
# changed in the git work tree it ran in.
_FILE_TESTS = frozenset({"-e", "-f", "-s", "-d", "-r", "-w", "-x", "-L", "-h"})
_LOOKUPS = frozenset({"command", "which", "type", "hash"})
# what changed in the work tree (not its history: `git log` tells nothing of a run)
_GIT_INSPECTIONS = frozenset({"diff", "status", "ls-files", "diff-index"})
_GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})  # take a value
# Test runners, and tools whose `test`/`check` subcommand runs the tests.
_TEST_RUNNERS = frozenset({"pytest", "tox", "nox", "jest", "vitest", "rspec", "phpunit", "ctest"})
# Checkers (a linter, a type checker, a build), and those subcommands of the same tools: no
# test of what a run was to do, unless the run was to make one pass that failed before it
_CHECKERS = frozenset({"tsc", "eslint", "mypy", "pyright", "ruff", "flake8", "pylint"})
_CHECK_SUBCOMMANDS = frozenset({"lint", "build", "typecheck", "type-check", "vet", "clippy"})
_TESTING_TOOLS = frozenset(
    {"npm", "pnpm", "yarn", "bun", "cargo", "go", "make", "mvn", "gradle", "gradlew", "swift"}
    | {"dotnet", "mix", "deno", "just"}
)
_TEST_SUBCOMMANDS = frozenset({"test", "check", "tests"})
_EXITING = frozenset({"exit"})
_LEAVING = frozenset({"exit", "return"})
# what records a failure in a variable: an assignment, an arithmetic update
_RECORDS = frozenset({"variable_assignment", "postfix_expression", "unary_expression"})
# what a test decides the running of: its `if`, `while`, `&&`/`||` list or `case`
_DECIDING = frozenset({"if_statement", "elif_clause", "while_statement", "list", "case_statement"})

CommandAt = Callable[[Node], SimpleCommand | None]
# whether the same command ran before the agent (a check the run was to make pass)
RanBefore = Callable[[SimpleCommand], bool]
# the tests of a variable that read it as a command at a node sets it (`ShellScript.tests_of`)
TestsOf = Callable[[str, Node], Sequence[Node]]


def checks_effect(
    statement: Node,
    command_at: CommandAt,
    tests_of: TestsOf,
    *,
    returning: bool = False,
    ran_before: RanBefore | None = None,
    leaving: Mapping[str, str] | None = None,
    after: int = 0,
) -> bool:
    """Whether an `if` probes what a run left behind and, in one of its branches, ends the
    script (or, where `returning`, its function: every caller reads its status) with a
    failure, or records the failure in a variable the script tests outside this `if`
    (`failed+=("$b")`, then `[[ ${#failed[@]} -gt 0 ]]`); not `exit 0`, not a branch that
    only says so. So does `check || FAILED=1`, its right side the record. A linter or a
    build checks the run only where it ran before it too (`ran_before`): the run was to
    make it pass. `leaving`: the functions that end the script, and how (`die "…"` fails
    it as `exit 1` does)."""
    if statement.type == "list" and _or_list(statement):
        # `npm run lint || CHECKS_PASSED=false`: the right side records the failure
        probe, record = statement.named_children
        condition, branches = [probe], descendants(record)
    elif statement.type == "if_statement":
        condition = [c for c in statement.named_children if field_of(c) == "condition"]
        branches = [
            n
            for c in statement.named_children
            if field_of(c) != "condition"
            for n in descendants(c)
        ]
    else:
        return False
    if not _tests_effect(statement, condition, command_at, ran_before, after):
        return False
    ends = _LEAVING if returning else _EXITING
    leaving = leaving or {}
    if any(_failing_end(command_at(n), ends, leaving) for n in branches if n.type == "command"):
        return True
    for node in branches:
        kind = _record(node, statement) if node.type in _RECORDS else None
        if kind is None:
            continue
        name, counted = kind
        for test in tests_of(name, statement):
            later = test.start_byte >= statement.end_byte or _around(test, statement)
            if later and (counted or _decides_action(test, command_at)):
                return True
    return False


def _tests_effect(
    statement: Node,
    condition: Sequence[Node],
    command_at: CommandAt,
    ran_before: RanBefore | None,
    after: int,
) -> bool:
    """Whether a test probes what a run left: itself, through the status of a probe right
    before it (`$?`), or through a variable a statement right before it (after the run,
    at offset `after`) captured a probe's output in."""
    previous = statement.prev_named_sibling
    if (
        previous is not None
        and previous.start_byte >= after
        and status_of_probe_read(previous, command_at, ran_before)
    ):
        return True
    captured = _probed_names(statement, command_at, ran_before, after)
    return any(
        _probes(n, command_at, ran_before)
        or (n.type == "variable_name" and (n.text or b"").decode() in captured)
        for c in condition
        for n in descendants(c)
    )


def status_of_probe_read(
    statement: Node, command_at: CommandAt, ran_before: RanBefore | None
) -> bool:
    """Whether a statement runs a probe (`npm test`, a build that ran before the agent
    too) whose status the statement after it reads first thing (`if [ $? -ne 0 ]`)."""
    if not reads_exit_status(statement):
        return False
    if statement.type == "redirected_statement":  # `npm run build > build.log 2>&1`
        statement = statement.child_by_field_name("body") or statement
    return _probes(statement, command_at, ran_before)


def _probed_names(
    statement: Node, command_at: CommandAt, ran_before: RanBefore | None, after: int
) -> set[str]:
    """The variables the statements right before `statement` give what a probe printed
    (`remaining=$(git diff --name-only --diff-filter=U)`, then `if [[ -z $remaining ]]`):
    a test of one is a test of what the run left; not one made before the run (before
    offset `after`)."""
    names: set[str] = set()
    sibling = statement.prev_named_sibling
    for _ in range(_PROBE_REACH):
        if sibling is None or sibling.start_byte < after:
            break  # (what was captured before the run tells nothing of what it left)
        for node in descendants(sibling):
            value = (
                node.child_by_field_name("value") if node.type == "variable_assignment" else None
            )
            if value is not None and any(
                _probes(n, command_at, ran_before) for n in descendants(value)
            ):
                name = node.child_by_field_name("name")
                names.add((name.text or b"").decode() if name is not None else "")
        sibling = sibling.prev_named_sibling
    return names - {""}


_PROBE_REACH = 3  # statements before a test that may hold what it tests


def settles_on_effect(
    statement: Node, command_at: CommandAt, messages: Container[str], after: int
) -> bool:
    """Whether an `if` with an `else` probes what a run left behind (`checks_effect`'s
    probes) and its branches do different work on it, more than messages: the run is
    judged by its effect (`remaining=$(git diff --name-only --diff-filter=U)`, then `if
    [[ -z $remaining ]]; then git commit …; else git merge --abort; fi`)."""
    if statement.type != "if_statement" or not any(
        c.type == "else_clause" for c in statement.named_children
    ):
        return False
    condition = [c for c in statement.named_children if field_of(c) == "condition"]
    if not _tests_effect(statement, condition, command_at, None, after):
        return False
    arms = [c for c in statement.named_children if field_of(c) != "condition"]
    then = [c for c in arms if c.type not in ("elif_clause", "else_clause")]
    otherwise = [c for c in arms if c.type in ("elif_clause", "else_clause")]

    def works(arm: list[Node]) -> bool:
        """Whether an arm runs a command that is more than a message (not one in a `$(…)`
        a message prints)."""
        stack = list(arm)
        while stack:
            node = stack.pop()
            if node.type == "command_substitution":
                continue
            stack.extend(node.named_children)
            command = command_at(node) if node.type == "command" else None
            name = command.command_name if command is not None else None
            if name is not None and name not in MESSAGE_COMMANDS and name not in messages:
                return True
        return False

    return works(then) and works(otherwise)  # each way does work of its own


def _or_list(statement: Node) -> bool:
    """Whether a list is `a || b` of two commands (not a longer chain)."""
    operators = [c for c in statement.children if not c.is_named]
    return len(statement.named_children) == 2 and [o.type for o in operators] == ["||"]


def _record(node: Node, statement: Node) -> tuple[str, bool] | None:
    """The variable a record of a failure sets, and whether it counts or collects them:
    an append (`failed+=("$b")`) or an arithmetic update (`((errors++))`, `errors=$((errors
    + 1))`), or a flag (`failed=1`, `FAILED="true"`); not a value read from elsewhere
    (`msg=$(…)`), nor the counter of a `for ((…))` header in the branch."""
    current = node
    while current.parent is not None and current.id != statement.id:
        parent = current.parent
        if parent.type == "c_style_for_statement" and current.type != "do_group":
            return None  # `for ((i = 0; i < 3; i++))`: the loop's own counter
        current = parent
    if node.type == "variable_assignment":
        target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        counted = any(c.type == "+=" for c in node.children) or (
            value is not None and value.type == "arithmetic_expansion"
        )
        flag = value is not None and (
            value.type in ("number", "word")
            or (
                value.type == "string"
                and all(c.type == "string_content" for c in value.named_children)
            )
        )
        if not (counted or flag):
            return None
    else:
        target = next((c for c in node.named_children if c.type == "variable_name"), None)
        counted = True
    if target is None:
        return None
    return (target.text or b"").decode("utf-8", "replace"), counted


def _around(test: Node, statement: Node) -> bool:
    """Whether `test` belongs to a loop around `statement` (it runs again after it)."""
    loop = enclosing_loop(statement)
    while loop is not None and not within(test, loop):
        loop = enclosing_loop(loop)
    return loop is not None


def _decides_action(test: Node, command_at: CommandAt) -> bool:
    """Whether a test decides more than a message: the statement it is the condition of
    runs a command other than `echo`/`printf` (`[ "$FAILED" = true ] && exit 1`)."""
    holder = test.parent
    while holder is not None and holder.type not in _DECIDING:
        holder = holder.parent
    if holder is None:
        return False
    return any(
        (command := command_at(n)) is not None and command.command_name not in MESSAGE_COMMANDS
        for n in descendants(holder)
        if n.type == "command" and not within(n, test)
    )


def _probes(node: Node, command_at: CommandAt, ran_before: RanBefore | None = None) -> bool:
    """Whether a node looks for what a run may have left: a file test (`[ -s out.md ]`,
    `test -f "$OUT"`), a program lookup (`command -v jq`) or a read of the git work
    tree's changes (`git status --porcelain`); a comparison of values (`[[ $i -ge $MAX
    ]]`) looks at nothing a run left."""
    if node.type == "unary_expression":
        operator = next((c for c in node.children if c.type == "test_operator"), None)
        return operator is not None and (operator.text or b"").decode() in _FILE_TESTS
    command = command_at(node) if node.type == "command" else None
    if command is None:
        return False
    if command.command_name == "test":
        return any((w.text or b"").decode() in _FILE_TESTS for w in node.named_children)
    if command.command_name == "git":
        return _git_subcommand(command.argv[command.program_index + 1 :]) in _GIT_INSPECTIONS
    if command.command_name in _LOOKUPS or _runs_tests(command):
        return True
    return ran_before is not None and _runs_check(command) and ran_before(command)


def _runs_check(command: SimpleCommand) -> bool:
    """Whether a command runs a linter, a type checker or a build (`npm run typecheck`,
    `cargo clippy`, `tsc --noEmit`)."""
    return command.name in _CHECKERS or _subcommand(command) in _CHECK_SUBCOMMANDS


def _runs_tests(command: SimpleCommand) -> bool:
    """Whether a command runs the project's tests, which check what a run changed:
    `pytest`, `cargo test`, `npm test` (`npm run test`), `go test ./...`, `make test`."""
    return command.name in _TEST_RUNNERS or _subcommand(command) in _TEST_SUBCOMMANDS


def _subcommand(command: SimpleCommand) -> str | None:
    """The subcommand a build or test tool runs (`test` of `npm run test`, `cargo test`),
    past its flags; None for another program. The program is the one past its wrappers
    (`uv run pytest`, `./gradlew`)."""
    if command.name not in _TESTING_TOOLS:
        return None
    words = [w for w in command.argv[command.program_index + 1 :] if w and not w.startswith("-")]
    words = words[1:] if words[:1] == ["run"] else words  # `npm run test`
    return words[0] if words else None


def _git_subcommand(words: tuple[str | None, ...]) -> str | None:
    """The subcommand of a git command's words, past git's own options (`-C DIR`)."""
    index = 0
    while index < len(words) and (words[index] or "").startswith("-"):
        index += 2 if words[index] in _GIT_VALUED else 1
    return words[index] if index < len(words) else None


def runs_project_tests(statement: Node, command_at: CommandAt) -> bool:
    """Whether a statement runs the project's tests, alone or before `|| exit …`: under
    errexit (a CI step's shell), a failing run of them ends the script and fails the job."""
    if statement.type == "list" and _or_list(statement):
        probe, rest = statement.named_children
        leave = command_at(rest) if rest.type == "command" else None
        if leave is None or leave.command_name != "exit":
            return False
        statement = probe
    command = command_at(statement) if statement.type == "command" else None
    return command is not None and _runs_tests(command)


def tests_end_script(statement: Node, command_at: CommandAt) -> bool:
    """Whether a statement runs the project's tests and the script ends with their status:
    it is the script's last statement, or `exit` (`exit $?`) comes right after it (`uv run
    pytest -q; exit $?` after a run that was to fix the tests)."""
    command = command_at(statement) if statement.type == "command" else None
    if command is None or not _runs_tests(command):
        return False
    following = next_statement(statement)
    if following is None:
        return statement.parent is not None and statement.parent.type == "program"
    after = command_at(following) if following.type == "command" else None
    exits = after is not None and after.command_name == "exit"
    return bare_leave(statement) == "exit" or (exits and reads_exit_status(statement))


def body_checks_effect(
    definition: Node, command_at: CommandAt, tests_of: TestsOf, leaving: Mapping[str, str]
) -> bool:
    """Whether a function's body holds such a check among its own statements."""
    body = definition.child_by_field_name("body")
    statements = body.named_children if body is not None else []
    return any(checks_effect(s, command_at, tests_of, leaving=leaving) for s in statements)


def _failing_end(
    command: SimpleCommand | None, ends: frozenset[str], leaving: Mapping[str, str]
) -> bool:
    """Whether one of `ends` (`exit`, `return`) ends the script or its function with a
    non-zero literal status (`exit 1`, `return 2`), or a function gives up (`die "…"`)."""
    if command is None:
        return False
    if command.command_name in ends and command.status_code not in (None, 0):
        return True
    return leaving.get(command.command_name or "") == ABORT
