"""Whether the exit status of a statement is used, and by what.

The status of a statement is used when something decides on it: errexit
outside a condition, an `if`/`while`/`until` condition, an operand of `&&`
or `||` (but not `|| true`), `!`, a `$?` read by the next command, the end
of the script or of a function (also as the last command of a branch of a
final `if` or `case`, whose status bash takes from it), or an assignment from
`$(…)` whose own status is used. The end of a loop body is not: only the last
iteration's status reaches the loop's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from auditor.numbers import bounded_int
from auditor.shell.commands import MESSAGE_COMMANDS
from auditor.shell.options import ShellOptions
from auditor.shell.parse import Node, backgrounded, descendants, enclosing_definition, field_of
from auditor.shell.reads import ReadNames

ALL_INDICES = -1  # `${PIPESTATUS[@]}`
_CONDITION_PARENTS = {"if_statement": "`if`", "elif_clause": "`elif`"}
_SCOPE_BOUNDARIES = frozenset({"function_definition", "command_substitution", "program"})
_BODIES = frozenset({"compound_statement", "subshell"})
# what runs in a process of its own, or in a function a caller may run as one
_OWN_PROCESS = frozenset(
    {
        "pipeline",
        "subshell",
        "command_substitution",
        "process_substitution",
        "function_definition",
    }
)
_BRANCHES = frozenset({"if_statement", "elif_clause", "else_clause", "case_item"})


class StatusUse(NamedTuple):
    """Why a statement's status is used, in words for a message."""

    reason: str  # "errexit (`set -e`) is on", "it is an operand of `&&`"
    # The `NAME=$(…)` assignment that takes the status on, when it sits in one.
    via: str | None = None
    # the `NAME=$?` that keeps it (after `||`, or the next statement), when that is the use
    store: Node | None = None
    # the run stops or goes on by it (errexit, `a && b`): no code of the runner tests it
    ends: bool = False


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


OTHER_BRANCHES = frozenset({"elif_clause", "else_clause"})  # arms an `if`'s test does not take


def is_last_statement(node: Node) -> bool:
    """Whether no statement follows `node` in its sequence (comments do not count).

    Walks siblings forward instead of listing them all, so checking every
    statement of a long script stays linear.
    """
    sibling = node.next_named_sibling
    while sibling is not None and sibling.type in ("comment", "heredoc_body"):
        sibling = sibling.next_named_sibling
    return sibling is None


def _statements(parent: Node) -> list[Node]:
    return [c for c in parent.named_children if c.type not in ("comment", "heredoc_body")]


def _condition_role(node: Node) -> tuple[str, bool] | None:
    """If `node` is in a loop or `if` condition: the keyword and whether it is last."""
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "while_statement" and field_of(node) == "condition":
        keyword = "`until`" if parent.children[0].type == "until" else "`while`"
        conditions = [c for c in parent.named_children if field_of(c) == "condition"]
        return keyword, conditions[-1].id == node.id
    if parent.type in _CONDITION_PARENTS:
        then = next((c for c in parent.children if c.type == "then"), None)
        if then is None or node.start_byte >= then.start_byte:
            return None
        conditions = [c for c in _statements(parent) if c.end_byte <= then.start_byte]
        return _CONDITION_PARENTS[parent.type], conditions[-1].id == node.id
    return None


def _failure_taken(chain: Node) -> bool:
    """Whether a `||` after the `&&`/`||` list `chain`, in the lists around it, runs
    when it fails (`a && b || c`: `c` takes a failure of `a`)."""
    while chain.parent is not None and chain.parent.type == "list":
        operator, _ = _operator_after(chain.parent, chain)
        if operator is not None and operator.type == "||":
            return True
        chain = chain.parent
    return False


def _operator_after(list_node: Node, node: Node) -> tuple[Node | None, Node | None]:
    """The operator after `node` in a list, and the operand it joins."""
    children = list(list_node.children)
    position = next(i for i, c in enumerate(children) if c.id == node.id)
    operator = children[position + 1] if position + 1 < len(children) else None
    right = children[position + 2] if position + 2 < len(children) else None
    return operator, right


def _or_true(operator: Node | None, right: Node | None) -> bool:
    """Whether an operator and its operand are `|| true` or `|| :`, or a command that
    does no more than they do: `|| echo ""`, `|| echo`, `|| printf ''` (an empty line
    at most, the status of a success)."""
    if operator is None or operator.type != "||" or right is None or right.type != "command":
        return False
    words = _text(right).split()
    if words in (["true"], [":"]):
        return True
    return bool(words) and words[0] in MESSAGE_COMMANDS and set(words[1:]) <= _EMPTY_WORDS


_EMPTY_WORDS = frozenset({'""', "''", "-n", "-e"})  # of an `echo` that says nothing


def unread_store(
    use: StatusUse | None, read: ReadNames, value_read: Callable[[Node], bool] | None = None
) -> str | None:
    """The variable, when a status is used only by `|| NAME=$?` keeping it in a variable
    that nothing reads: not the script's own text, nor, where it sources other files or
    runs strings after it (`ReadNames.out_of_sight`), any of theirs (unless the variable
    is `local` to the function that keeps it); or, given `value_read`, that the script
    reads only where it has set the name again (`ShellScript.value_read`). Kept there,
    the status is read through no path and decides nothing."""
    assignment = use.store if use is not None else None
    if assignment is None:
        return None
    name, value = assignment.child_by_field_name("name"), assignment.child_by_field_name("value")
    if name is None or name.type != "variable_name" or value is None:
        return None
    if _text(value) not in _STATUS_WORDS:
        return None
    if _text(name) in read.names and (
        value_read is None or read.elsewhere or value_read(assignment)
    ):
        return None
    if read.out_of_sight(assignment):
        function = enclosing_definition(assignment)
        if function is None or _text(name) not in read.local.get(function.id, ()):
            return None
    return _text(name)


def _status_store(statement: Node | None) -> Node | None:
    """The `NAME=$?` assignment a statement is (`local NAME=$?` too), or None (also for
    one that keeps more than the status: `msg="failed: $?"`)."""
    if statement is not None and statement.type == "declaration_command":
        assignments = [c for c in statement.named_children if c.type == "variable_assignment"]
        statement = assignments[0] if len(assignments) == 1 else None
    if statement is None or statement.type != "variable_assignment":
        return None
    value = statement.child_by_field_name("value")
    return statement if value is not None and _text(value) in _STATUS_WORDS else None


_STATUS_WORDS = frozenset({"$?", '"$?"', "${?}", '"${?}"'})  # a word that is `$?` alone


def _ignored_operand(list_node: Node, node: Node) -> str | None:
    """The operator after `node` in a list, unless it is `|| true` / `|| :`."""
    operator, right = _operator_after(list_node, node)
    if operator is None or _or_true(operator, right):
        return None
    return operator.type


def discarded_by(node: Node) -> str | None:
    """The `|| true` (or `|| :`) that throws the status of the statement `node` away:
    right after it, or after the `NAME=$(…)` whose status it is as the last command."""
    parent = node.parent
    if parent is not None and parent.type == "command_substitution" and is_last_statement(node):
        node = substitution_assignment(parent) or node
    while node.parent is not None and node.parent.type == "redirected_statement":
        node = node.parent  # `agent > out || true`
    holder = node.parent
    # the right operand of `a || agent` (or `&&`) gives the list its status when it runs:
    # `a || agent || true` throws it away as `agent || true` does
    while holder is not None and holder.type == "list" and _last_operand(holder, node):
        up = holder
        while up.parent is not None and up.parent.type == "redirected_statement":
            up = up.parent  # (the grammar gives `a || agent > out`'s redirect to the list)
        if up.parent is None or up.parent.type != "list":
            break
        node, holder = up, up.parent
    if holder is None or holder.type != "list":
        return None
    operator, right = _operator_after(holder, node)
    return f"|| {_text(right).strip()}" if right is not None and _or_true(operator, right) else None


def _last_operand(holder: Node, node: Node) -> bool:
    """Whether `node` is the right operand of the and-or list `holder`."""
    named = [c for c in holder.named_children if c.type != "comment"]
    return bool(named) and named[-1].id == node.id


def captured_by(node: Node) -> str | None:
    """The NAME of the `NAME=$(…)` whose status is that of `node`, its last command."""
    parent = node.parent
    if parent is None or parent.type != "command_substitution" or not is_last_statement(node):
        return None
    assignment = substitution_assignment(parent)
    name = assignment.child_by_field_name("name") if assignment is not None else None
    return _text(name) if name is not None else None


def status_holder(node: Node) -> Node:
    """The statement whose status is that of the command `node`: itself, or the `NAME=$(…)`
    that captures it as its last command (`local NAME=$(…)` has `local`'s)."""
    statement = node
    while statement.parent is not None and statement.parent.type == "redirected_statement":
        statement = statement.parent  # `X=$(agent … 2>&1)`
    parent = statement.parent
    if captured_by(statement) is None or parent is None:
        return node
    return substitution_assignment(parent) or node


def in_condition(node: Node) -> bool:
    """Whether errexit is suspended here: inside a condition, `!`, or a non-final operand."""
    current = node
    while current.parent is not None and current.type not in _SCOPE_BOUNDARIES:
        parent = current.parent
        if parent.type == "negated_command":
            return True
        if parent.type == "pipeline" and parent.named_children[0].type == "negated_command":
            return True
        if _condition_role(current) is not None:
            return True
        if parent.type == "list" and not is_last_statement(current):
            return True
        current = parent
    return False


def ends_on_failure(node: Node, options: ShellOptions, before: Node | None = None) -> bool:
    """Whether errexit ends the shell when the command `node` fails (`options` in effect
    at it): nothing between it and its scope takes its status, that is no condition,
    `!`, `&&`/`||` operand, `&`, `$(…)`, or pipeline stage before the last without
    pipefail. In a function, the options are those of its calls (see the model).
    With `before` (a statement holding `node`): whether the failure ends the shell that
    runs what follows `before`, that is a subshell around `before` too, when it is
    backgrounded or a masked stage (`( agent; echo $? ) &`: the `echo` never runs)."""
    if not options.errexit or in_condition(node):
        return False
    current, passed = node, False
    while current.parent is not None and current.type not in _SCOPE_BOUNDARIES:
        parent = current.parent
        if backgrounded(current) and not passed:
            return False
        passed = passed or (before is not None and current.id == before.id)
        if parent.type == "pipeline" and not options.pipefail and not passed:
            stages = [c for c in parent.named_children if c.type != "comment"]
            if stages[-1].id != current.id:
                return False
        current = parent
    return current.type != "command_substitution"


def next_statement(node: Node) -> Node | None:
    """The statement that runs right after `node` in the same sequence, or after the
    `&&` list or `{ …; }` group that it ends (not a function's body)."""
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "redirected_statement":
        return next_statement(parent)
    holder = parent.parent
    group = parent.type == "compound_statement"
    # a group that is a statement itself, not a function's body or a pipeline's stage
    group = group and holder is not None and holder.type not in ("function_definition", "pipeline")
    if (parent.type == "list" or group) and is_last_statement(node):
        return next_statement(parent)
    sibling = node.next_named_sibling
    while sibling is not None and sibling.type in ("comment", "heredoc_body"):
        sibling = sibling.next_named_sibling
    if sibling is None or sibling.type in ("elif_clause", "else_clause", "do_group"):
        return None
    return sibling


def _first_executed(node: Node) -> list[Node]:
    """The parts of a statement that run before anything else in it."""
    if node.type in ("if_statement", "while_statement"):
        return [c for c in node.named_children if field_of(c) == "condition"] or [node]
    if node.type == "case_statement":
        value = node.child_by_field_name("value")
        return [value] if value is not None else [node]
    if node.type == "list":
        return _first_executed(node.named_children[0])
    if node.type == "for_statement":  # the words it goes through, then its body's first
        values = [c for c in node.named_children if field_of(c) == "value"]
        body = node.child_by_field_name("body")
        inner = [c for c in body.named_children if c.type != "comment"] if body else []
        return values + (_first_executed(inner[0]) if inner else [])
    if node.type == "c_style_for_statement":
        return [c for c in node.named_children if field_of(c) == "initializer"]
    if node.type in ("compound_statement", "subshell"):
        inner = [c for c in node.named_children if c.type != "comment"]
        return _first_executed(inner[0]) if inner else []
    return [node]


def _special_reads(node: Node, name: str) -> list[Node]:
    """Expansion nodes in `node` that read the special variable or array `name`."""
    found: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("special_variable_name", "variable_name") and _text(current) == name:
            found.append(current)
        elif current.type not in ("command_substitution", "subshell", "function_definition"):
            stack.extend(current.named_children)
    return found


def bare_leave(node: Node) -> str | None:
    """`return` or `exit` when the statement after `node` is one without an argument,
    which leaves with the status `node` left (`"${cmd[@]}"; return`); else None."""
    following = next_statement(node)
    if following is None or following.type != "command":
        return None
    name = following.child_by_field_name("name")
    word = _text(name) if name is not None else ""
    arguments = [c for c in following.named_children if c.type != "command_name"]
    return word if word in ("return", "exit") and not arguments else None


def _replaces_script(node: Node) -> bool:
    """Whether `node` is `exec COMMAND` run by the script's own shell at its top level (not
    in a function, a pipeline, a subshell, a `$(…)` or `<(…)`, or a job): the command
    takes the shell's place, and its status is the script's exit status, whatever
    statements follow it."""
    if node.type != "command":
        return False
    name = node.child_by_field_name("name")
    if name is None or _text(name) != "exec" or len(node.named_children) < 2:
        return False
    current: Node | None = node
    while current is not None and current.type != "program":
        if current.type in _OWN_PROCESS or backgrounded(current):
            return False
        current = current.parent
    return True


def reads_exit_status(node: Node) -> bool:
    """Whether the statement after `node` reads `$?` first thing."""
    following = next_statement(node)
    if following is None:
        return False
    return any(_special_reads(part, "?") for part in _first_executed(following))


def assignments_before_status_read(node: Node) -> list[Node] | None:
    """The plain assignments between `node` and a statement that reads `$?` first thing
    (`fi; KIND=other; return $?`): each sets `$?` to 0; None when no such read follows
    them. An assignment that runs a command (`x=$(…)`) gives `$?` that command's status."""
    skipped: list[Node] = []
    following = next_statement(node)
    while following is not None:
        if any(_special_reads(part, "?") for part in _first_executed(following)):
            return skipped
        if following.type != "variable_assignment" or any(
            n.type in ("command_substitution", "process_substitution")
            for n in descendants(following)
        ):
            return None
        skipped.append(following)
        following = next_statement(following)
    return None


def pipestatus_indices(node: Node) -> set[int] | None:
    """Indices of `PIPESTATUS` the next statement reads (`ALL_INDICES` for `[@]`)."""
    following = next_statement(node)
    if following is None:
        return None
    indices = {
        pipestatus_index(name)
        for part in (_first_executed(following) if following.type != "list" else [following])
        for name in _special_reads(part, "PIPESTATUS")
    }
    return indices or None


def pipestatus_index(name: Node) -> int:
    """The index a read of `PIPESTATUS` (its name's node) takes: `$PIPESTATUS` is element
    0; `ALL_INDICES` for `[@]`, and for a computed index (assumed to cover)."""
    parent = name.parent
    if parent is None or parent.type != "subscript":
        return 0
    index = parent.child_by_field_name("index")
    number = bounded_int(_text(index)) if index is not None else None
    return ALL_INDICES if number is None else number


def branch_ends(node: Node) -> list[Node]:
    """`node`, and each `if` or `case` it ends a branch of, inside out: what runs after
    the `fi` (`esac`) reads the status the branch left."""
    found, current = [node], node
    while current.parent is not None and current.parent.type in _BRANCHES:
        if not _ends_branch(current):
            break
        parent = current.parent
        holder = parent if parent.type == "if_statement" else parent.parent
        if holder is None:
            break
        found.append(holder)
        current = holder
    return found


def branch_pipestatus(node: Node) -> set[int] | None:
    """`pipestatus_indices` of a statement, or, when it ends a branch of an `if` or a
    `case`, of that statement (`PIPESTATUS` read after the `fi` is the branch's)."""
    for level in branch_ends(node):
        found = pipestatus_indices(level)
        if found is not None:
            return found
    return None


def substitution_assignment(substitution: Node) -> Node | None:
    """The `NAME=$(…)` statement a command substitution is the value of."""
    current = assigned_by(substitution)
    holder = current.parent if current is not None else None
    if holder is not None and holder.type in ("declaration_command", "command"):
        return None  # `local x=$(…)` returns `local`'s status; `X=$(…) cmd` returns cmd's
    return current


def substitution_declaration(substitution: Node) -> Node | None:
    """The `local NAME=$(…)` (`declare`, `export`, `readonly`) a command substitution is
    a value of: its status is the declaration's own."""
    current = assigned_by(substitution)
    holder = current.parent if current is not None else None
    return holder if holder is not None and holder.type == "declaration_command" else None


def assigned_by(substitution: Node) -> Node | None:
    """The assignment a command substitution is (part of) the value of."""
    current = substitution.parent
    while current is not None and current.type in ("string", "concatenation"):
        current = current.parent
    return current if current is not None and current.type == "variable_assignment" else None


class StatusContext(Protocol):
    """What status analysis needs from the script around a statement."""

    # Why the status of the script's last command is used ("it is the last
    # command of the script"; for embedded shell, what the host does with it).
    end_use: str | None

    def options_at(self, node: Node) -> ShellOptions:
        """The options in effect at an assignment statement."""
        ...

    def waited_use(self, node: Node) -> StatusUse | None:
        """Why the status a `wait` returns for the background statement `node` is used."""
        ...


def status_use(
    node: Node, options: ShellOptions, context: StatusContext, *, negated: bool = False
) -> StatusUse | None:
    """Why the exit status of the statement `node` is used, or None if nothing reads it.

    `options` are those in effect at `node`; `context` gives them for the
    assignment that holds a command substitution (which runs in the outer scope)
    and says what reads the status of the script's last command. `negated`
    says the statement itself starts with `!`.
    """
    if backgrounded(node):  # `wait "$pid"` returns its status
        return context.waited_use(node)
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "redirected_statement":  # `( … ) 2>&1 | tee`: the stage is around it
        return status_use(parent, options, context, negated=negated)
    if negated or parent.type == "negated_command":
        return StatusUse("it is negated with `!`")
    role = _condition_role(node)
    if role is not None:
        keyword, last = role
        return StatusUse(f"it is an {keyword} condition") if last else _read_after(node)
    if parent.type == "list":
        if not is_last_statement(node):
            operator = _ignored_operand(parent, node)
            if operator is None:
                return None
            _, right = _operator_after(parent, node)
            store = right if right is not None and right.type == "variable_assignment" else None
            # it goes on to the next command, or stops there (unless a `||` after the
            # chain takes its failure: `… && echo ok || exit 1`)
            ends = operator == "&&" and not _failure_taken(parent)
            return StatusUse(f"it is an operand of `{operator}`", store=store, ends=ends)
        outer = status_use(parent, options, context)
        if outer is not None:
            return outer
    if parent.type == "pipeline":  # a stage: `(echo "$p" | agent) | tee log`
        return _stage_use(parent, options, context)
    if reads_exit_status(node):
        # `agent …; rc=$?` keeps the status, unless errexit decides on it first
        errexit = options.errexit and not in_condition(node)
        store = None if errexit else _status_store(next_statement(node))
        return StatusUse("the next command reads `$?`", store=store)
    if (leaving := bare_leave(node)) is not None:
        return StatusUse(f"the bare `{leaving}` after it passes it on")
    if _replaces_script(node):  # the script's exit status: used when the script's is
        return StatusUse(context.end_use) if context.end_use is not None else None
    if node.type == "variable_assignment" and 0 in (pipestatus_indices(node) or ()):
        # after an assignment (`out=$(a | b)`), `PIPESTATUS` holds its one status:
        # `${PIPESTATUS[0]}` is `$?` (the pipeline's stages are gone with the subshell)
        return StatusUse("the next command reads `${PIPESTATUS[0]}`")
    last = is_last_statement(node)
    if last and parent.type == "program" and context.end_use is not None:
        return StatusUse(context.end_use)
    if parent.type in _BRANCHES and _ends_branch(node):
        holder = parent if parent.type == "if_statement" else parent.parent
        outer = status_use(holder, options, context) if holder is not None else None
        if outer is not None:
            return outer
    if last and parent.type in _BODIES:
        holder = parent.parent
        if holder is not None and holder.type == "function_definition":
            name = holder.child_by_field_name("name")
            label = _text(name) if name is not None else "?"
            return StatusUse(f"it is the last command of function `{label}`")
        outer = status_use(parent, options, context)
        if outer is not None:
            return outer
    if last and parent.type == "command_substitution":
        assignment = substitution_assignment(parent)
        outer = (
            status_use(assignment, context.options_at(assignment), context)
            if assignment is not None
            else None
        )
        if outer is not None and assignment is not None:
            name = assignment.child_by_field_name("name")
            label = _text(name) if name is not None else "x"
            return outer._replace(via=f"`{label}=$(…)`")
    if options.errexit and not in_condition(node):
        shell = errexit_subshell(node)
        if shell is None:
            return StatusUse("errexit (`set -e`) is on", ends=True)
        # errexit ends the subshell with it: the status is the subshell's (`( agent …;
        # echo done ) &`, then a bare `wait`). The options at `node` stand for those
        # around the subshell: an errexit set inside it is taken to hold outside too.
        return status_use(shell, options, context)
    return None


def errexit_subshell(node: Node) -> Node | None:
    """The subshell that errexit ends with the status of a failing `node` (its nearest,
    inside the same function or script), or None when errexit ends the scope itself."""
    current = node.parent
    while current is not None and current.type not in _SCOPE_BOUNDARIES:
        if current.type == "subshell":
            return current
        current = current.parent
    return None


def _stage_use(pipeline: Node, options: ShellOptions, context: StatusContext) -> StatusUse | None:
    """Why the status of a stage of `pipeline` is used: the last stage's is the pipeline's;
    another's is read through `PIPESTATUS`, or lost with the pipeline's status, which is
    RA101's finding when that is used (the stage is not lost to nothing)."""
    if pipestatus_indices(pipeline) is not None:
        return StatusUse("`PIPESTATUS` is read after the pipeline")
    return status_use(pipeline, options, context)


def _ends_branch(node: Node) -> bool:
    """Whether `node` is the last statement of a branch of an `if` (after its `then`)
    or of a `case` item: the statement whose status the `if` or `case` takes."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("if_statement", "elif_clause"):
        then = next((c for c in parent.children if c.type == "then"), None)
        if then is None or node.start_byte < then.start_byte:
            return False
    sibling = node.next_named_sibling
    while sibling is not None and sibling.type in ("comment", "heredoc_body"):
        sibling = sibling.next_named_sibling
    return sibling is None or sibling.type in ("elif_clause", "else_clause")


def _read_after(node: Node) -> StatusUse | None:
    if reads_exit_status(node):
        return StatusUse("the next command reads `$?`")
    return None
