"""What calling a shell function does to the script's variables.

bash runs a function's body where it is called, so the assignments in it change
the caller's variables from that call on: after `build() { CMD=(claude); }`,
`add() { CMD+=(-p "$T"); }` and `build; add`, `"${CMD[@]}"` runs `claude`.
`local` (and `declare`) variables end with the call. The model applies a called
function's body at each of its calls, in the order bash runs it (calls inside it
included), and shows each command of the body with the variables in effect
there, so a command is recognised by the values it runs with. Subshells, pipeline
stages and command substitutions run their commands without passing their
assignments back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping

from auditor.numbers import bounded_int
from auditor.shell.commands import command_words
from auditor.shell.decide import case_arm, catch_all, condition_holds, join
from auditor.shell.parse import Node
from auditor.shell.words import (
    POSITIONAL,
    Env,
    Overlay,
    Value,
    assign,
    assign_default,
    bind_positional,
    evaluate,
    expand_argument,
    shift_positional,
)

# A command of a called body, with the variables in effect where it runs.
CommandSeen = Callable[[Node, Env], None]

_MAX_DEPTH = 8
_MAX_ROUNDS = 64  # elements a `for` loop over known words is run for, one by one
_NUMBERED = tuple(str(n) for n in range(1, 10))
_BUDGET = 20_000  # nodes walked for one call: nested calls may repeat a body many times
_SEPARATE = frozenset({"subshell", "command_substitution", "process_substitution", "pipeline"})
_SCOPED_DECLARATIONS = frozenset({"local", "declare", "typeset"})


class _CallRun:
    def __init__(self, functions: Mapping[str, Node], seen: CommandSeen) -> None:
        self.functions = functions
        self.seen = seen
        self.budget = _BUDGET

    def call(
        self,
        name: str,
        env: MutableMapping[str, Value],
        active: tuple[str, ...],
        arguments: tuple[str | None, ...],
    ) -> None:
        definition = self.functions.get(name)
        if definition is None or name in active or len(active) >= _MAX_DEPTH:
            return
        body = definition.child_by_field_name("body")
        if body is None:
            return
        saved: dict[str, Value | None] = {}
        for key in (POSITIONAL, *_NUMBERED):  # the caller's arguments come back after it
            saved[key] = env.get(key)
        bind_positional(env, arguments)
        self.run(body, env, (*active, name), saved)
        for key, value in saved.items():  # the function's locals go out of scope
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value

    def run(
        self,
        node: Node,
        env: MutableMapping[str, Value],
        active: tuple[str, ...],
        saved: dict[str, Value | None],
    ) -> None:
        self.budget -= 1
        if self.budget < 0 or node.type == "function_definition":
            return
        kind = node.type
        if kind in _SEPARATE:
            env = Overlay(env)  # a subshell's assignments stay in it
        if kind == "variable_assignment":
            self.children(node, env, active, saved)
            assign(node, env)
            return
        if kind == "declaration_command" and _keyword(node) in _SCOPED_DECLARATIONS:
            for child in node.named_children:
                name = child.child_by_field_name("name") if child.type != "variable_name" else child
                if name is not None:
                    key = (name.text or b"").decode("utf-8", errors="replace")
                    saved.setdefault(key, env.get(key))
                    env.pop(key, None)
        if kind == "expansion":
            assign_default(node, env)
        if kind == "for_statement" and self.loop(node, env, active, saved):
            return
        if kind in ("if_statement", "case_statement"):
            self.branch(node, env, active, saved)
            return
        if kind == "command":
            for child in node.named_children:
                if child.type != "variable_assignment":  # `X=1 cmd`: X is cmd's alone
                    self.run(child, env, active, saved)
            self.seen(node, env)
            name = node.child_by_field_name("name")
            first = name.named_children[0] if name is not None and name.named_children else name
            called = evaluate(first, env) if first is not None and first.type == "word" else None
            argv: tuple[str | None, ...] | None = None
            if called is None and first is not None:  # `"$@"`, `$cmd`: the words decide
                argv, _ = command_words(node, env)
                called = argv[0] if argv else None
            if called != "shift" and called not in self.functions:
                return
            if argv is None:  # the words are read once, only for a call that needs them
                argv, _ = command_words(node, env)
            if called == "shift":
                count = bounded_int(argv[1] or "") if len(argv) > 1 else 1
                shift_positional(env, count)  # None: by a count known only at run time
            elif called is not None:
                self.call(called, env, active, argv[1:])
            return
        self.children(node, env, active, saved)

    def loop(
        self,
        node: Node,
        env: MutableMapping[str, Value],
        active: tuple[str, ...],
        saved: dict[str, Value | None],
    ) -> bool:
        """Run a `for` loop over known words once per word; False if they are unknown."""
        variable, body = node.child_by_field_name("variable"), node.child_by_field_name("body")
        values = [c for i, c in enumerate(node.children) if node.field_name_for_child(i) == "value"]
        words = [word for value in values for word in expand_argument(value, env)]
        if variable is None or body is None or not values or len(words) > _MAX_ROUNDS:
            return False
        if any(word is None for word in words):
            return False
        for word in words:
            env[(variable.text or b"").decode("utf-8", errors="replace")] = word or ""
            self.run(body, env, active, saved)
        return True

    def branch(
        self,
        node: Node,
        env: MutableMapping[str, Value],
        active: tuple[str, ...],
        saved: dict[str, Value | None],
    ) -> None:
        """Run the branch of an `if` or `case` that known values decide, or every branch
        on its own copy of the variables, then join them."""
        if node.type == "case_statement":
            items = [c for c in node.named_children if c.type == "case_item"]
            arms: list[tuple[list[Node], list[Node]]] = [([], _after_close(i)) for i in items]
            if not catch_all(node):
                arms.append(([], []))  # no item matches: nothing runs
            found = case_arm(node, env)
            chosen = None if found is None else found if found >= 0 else len(arms) - 1
        else:
            arms, chosen = _if_arms(node), None
            for index, (condition, _) in enumerate(arms):
                holds = condition_holds(condition, env) if condition else True
                if holds is None:
                    break
                if holds:
                    chosen = index
                    break
        if chosen is not None:
            for index, (condition, statements) in enumerate(arms[: chosen + 1]):
                for statement in condition if index <= chosen else []:
                    self.run(statement, env, active, saved)
                if index == chosen:
                    for statement in statements:
                        self.run(statement, env, active, saved)
            return
        branches = []
        for condition, statements in arms:
            copy = Overlay(env)
            for statement in (*condition, *statements):
                self.run(statement, copy, active, saved)
            branches.append(copy)
        join(branches, env)

    def children(
        self,
        node: Node,
        env: MutableMapping[str, Value],
        active: tuple[str, ...],
        saved: dict[str, Value | None],
    ) -> None:
        for child in node.named_children:
            self.run(child, env, active, saved)


def _after_close(item: Node) -> list[Node]:
    """The statements of a `case` item, after its patterns."""
    close = next((c for c in item.children if c.type == ")"), None)
    start = close.end_byte if close is not None else item.start_byte
    return [c for c in item.named_children if c.start_byte >= start]


def _if_arms(node: Node) -> list[tuple[list[Node], list[Node]]]:
    """The condition and statements of each arm of an `if` (`elif`s, then `else` with
    no condition, or an empty `else` bash takes when there is none)."""
    arms: list[tuple[list[Node], list[Node]]] = []
    has_else = False
    for holder in [node, *(c for c in node.named_children if c.type == "elif_clause")]:
        then = next((c for c in holder.children if c.type == "then"), None)
        if then is None:
            return []
        body = [
            c
            for c in holder.named_children
            if c.type not in ("elif_clause", "else_clause", "comment")
        ]
        arms.append(
            (
                [c for c in body if c.end_byte <= then.start_byte],
                [c for c in body if c.start_byte > then.start_byte],
            )
        )
    for clause in (c for c in node.named_children if c.type == "else_clause"):
        has_else = True
        arms.append(([], [c for c in clause.named_children if c.type != "comment"]))
    if not has_else:
        arms.append(([], []))
    return arms


def _keyword(node: Node) -> str:
    first = node.children[0] if node.children else None
    return (first.text or b"").decode("utf-8", errors="replace") if first is not None else ""


def apply_call(
    name: str,
    functions: Mapping[str, Node],
    env: MutableMapping[str, Value],
    seen: CommandSeen,
    arguments: tuple[str | None, ...] = (),
) -> None:
    """Run the body of function `name` on `env` as its call with `arguments` does, showing
    `seen` its commands (with `"$@"`, `$1` bound to the arguments)."""
    _CallRun(functions, seen).call(name, env, (), arguments)


def run_loop(
    node: Node, functions: Mapping[str, Node], env: MutableMapping[str, Value], seen: CommandSeen
) -> bool:
    """Run a `for` loop over known words on `env`, element by element, showing `seen` its
    commands with the values of each round; False (env untouched) if the words are unknown."""
    copy = Overlay(env)
    if not _CallRun(functions, seen).loop(node, copy, (), {}):
        return False
    for key in copy.removed:
        env.pop(key, None)
    env.update(copy.changes)
    return True
