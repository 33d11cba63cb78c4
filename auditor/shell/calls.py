"""What calling a shell function does to the script's variables.

bash runs a function's body where it is called, so the assignments in it change
the caller's variables from that call on: after `build() { CMD=(claude); }`,
`add() { CMD+=(-p "$T"); }` and `build; add`, `"${CMD[@]}"` runs `claude`.
`local` (and `declare`) variables end with the call. The model applies a called
function's body at each of its calls, in the order bash runs it (calls inside it
included), and shows each command of the body with the variables in effect
there, so a command is recognised by the values it runs with. A body is walked
once per distinct inputs (arguments and the caller's variables it reads); a call
with the same inputs applies that walk's summary (`call_memo`). Subshells,
pipeline stages and command substitutions run their commands without passing
their assignments back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping

from auditor.numbers import bounded_int
from auditor.shell.assignments import assign
from auditor.shell.call_memo import CALLERS, Arguments, CallMemo, Frame, Summary
from auditor.shell.commands import command_words
from auditor.shell.decide import case_arm, catch_all, condition_holds, join
from auditor.shell.parse import (
    Node,
    case_item_statements,
    ending_command,
    if_arms,
    loop_words,
    same_node,
)
from auditor.shell.words import (
    Overlay,
    Value,
    assign_default,
    evaluate,
    expand_argument,
    set_positional,
    shift_positional,
)

# A command of a called body, with the variables in effect where it runs, and whether the
# body ends with it: then it gives the name of the agent it runs with them ("" for none).
CommandSeen = Callable[[Node, MutableMapping[str, Value], bool], str | None]

_MAX_DEPTH = 8
_MAX_ROUNDS = 64  # elements a `for` loop over known words is run for, one by one
_BUDGET = 20_000  # nodes walked for one call: loops over known words repeat a body
_SEPARATE = frozenset({"subshell", "command_substitution", "process_substitution", "pipeline"})
_SCOPED_DECLARATIONS = frozenset({"local", "declare", "typeset"})


class _CallRun:
    def __init__(self, functions: Mapping[str, Node], seen: CommandSeen, memo: CallMemo) -> None:
        self.functions = functions
        self.seen = seen
        self.memo = memo
        self.budget = _BUDGET
        self.frames: list[Frame] = []  # the calls in progress, outermost first
        self.active: list[str] = []  # the functions they call
        self.endings: list[Node | None] = []  # the command each of their bodies ends with

    def call(self, name: str, env: MutableMapping[str, Value], arguments: Arguments) -> str | None:
        """Run a call of `name`; the agent its body ends by running where the call's values
        decide its program ("" for none; None: they do not, or the body was not run)."""
        definition = self.functions.get(name)
        if definition is None:
            return None
        if name in self.active:  # recursion ends: what the calls inside it do depends on it
            for frame in self.frames[self.active.index(name) + 1 :]:
                frame.storable = False
            return None
        if len(self.frames) >= _MAX_DEPTH:
            for frame in self.frames:
                frame.depth_bound = True
            return None
        body = definition.child_by_field_name("body")
        if body is None:
            return None
        depth = len(self.frames)
        known = self.memo.find(name, arguments, env, depth)
        if known is None and self.memo.walked(name):
            known = self.walk(name, body, env, arguments)
        if known is None:
            return None
        if self.frames:
            self.frames[-1].used.append(known)  # what it depends on, its caller depends on
            if known.depth is not None:
                for frame in self.frames:
                    frame.depth_bound = True
        # past its walks, a function's latest summary is applied whatever the inputs: what
        # its body ended running there was another call's
        ended = known.ended
        if ended is not None and not (known.arguments == arguments and known.holds(env, depth)):
            ended = None  # (most summaries end running no agent: no second test of the inputs)
        known.apply(env)
        return ended

    def walk(
        self, name: str, body: Node, env: MutableMapping[str, Value], arguments: Arguments
    ) -> Summary:
        """Run a function's body for one call and summarise it; the summary is kept for
        later calls unless it holds only for this one (a recursion cut short, the node
        budget spent, or a function's summary changed meanwhile)."""
        frame = Frame(env, len(self.frames), self.memo.generation)
        frame.bind(arguments)
        self.frames.append(frame)
        self.active.append(name)
        definition = body.parent
        self.endings.append(ending_command(definition) if definition is not None else None)
        try:
            self.run(body, frame, frame)
        finally:
            self.frames.pop()
            self.active.pop()
            self.endings.pop()
        summary = Summary(frame, arguments)
        kept = frame.storable and self.budget >= 0 and frame.generation == self.memo.generation
        self.memo.record(name, summary, frame.commands, kept)
        return summary

    def run(self, node: Node, env: Overlay, frame: Frame | None) -> None:
        self.budget -= 1
        if self.budget < 0 or node.type == "function_definition":
            return
        kind = node.type
        if kind in _SEPARATE:
            env = Overlay(env)  # a subshell's assignments stay in it
        if kind == "variable_assignment":
            self.children(node, env, frame)
            assign(node, env)
            return
        if kind == "declaration_command" and _keyword(node) in _SCOPED_DECLARATIONS:
            for child in node.named_children:
                name = child.child_by_field_name("name") if child.type != "variable_name" else child
                if name is not None:
                    key = (name.text or b"").decode("utf-8", errors="replace")
                    if frame is not None and key not in frame.locals:
                        written = _set_since(env, frame, key)
                        frame.locals[key] = env.get(key) if written else CALLERS
                    env.unset(key)  # the caller's value is no input of the call
        if kind == "expansion":
            assign_default(node, env)
        if kind == "for_statement" and self.loop(node, env, frame):
            return
        if kind in ("if_statement", "case_statement"):
            self.branch(node, env, frame)
            return
        if kind == "command":
            for child in node.named_children:
                if child.type != "variable_assignment":  # `X=1 cmd`: X is cmd's alone
                    self.run(child, env, frame)
            ending = frame is not None and same_node(self.endings[-1], node)
            ran = self.seen(node, env, ending)
            if ending and frame is not None:  # the agent the call ends by running
                frame.ended = ran
            name = node.child_by_field_name("name")
            first = name.named_children[0] if name is not None and name.named_children else name
            called = evaluate(first, env) if first is not None and first.type == "word" else None
            argv: tuple[str | None, ...] | None = None
            if called is None and first is not None:  # `"$@"`, `$cmd`: the words decide
                argv, _ = command_words(node, env)
                called = argv[0] if argv else None
            if called not in ("shift", "set") and called not in self.functions:
                if called is not None and frame is not None:
                    frame.commands.add(called)  # a later function of that name runs instead
                return
            if argv is None:  # the words are read once, only for a call that needs them
                argv, _ = command_words(node, env)
            if called == "shift":
                count = bounded_int(argv[1] or "") if len(argv) > 1 else 1
                shift_positional(env, count)  # None: by a count known only at run time
            elif called == "set":
                set_positional(env, argv[1:])
            elif called is not None:
                nested = self.call(called, env, argv[1:])
                if ending and frame is not None and nested is not None:
                    frame.ended = nested  # ... or the one the call it ends with does
            return
        self.children(node, env, frame)

    def loop(
        self,
        node: Node,
        env: Overlay,
        frame: Frame | None,
    ) -> bool:
        """Run a `for` loop over known words once per word; False if they are unknown."""
        variable, body = node.child_by_field_name("variable"), node.child_by_field_name("body")
        values = loop_words(node)
        words = [word for value in values for word in expand_argument(value, env)]
        if variable is None or body is None or not values or len(words) > _MAX_ROUNDS:
            return False
        if any(word is None for word in words):
            return False
        for word in words:
            env[(variable.text or b"").decode("utf-8", errors="replace")] = word or ""
            self.run(body, env, frame)
        return True

    def branch(
        self,
        node: Node,
        env: Overlay,
        frame: Frame | None,
    ) -> None:
        """Run the branch of an `if` or `case` that known values decide, or every branch
        on its own copy of the variables, then join them."""
        if node.type == "case_statement":
            items = [c for c in node.named_children if c.type == "case_item"]
            arms: list[tuple[list[Node], list[Node]]] = [
                ([], case_item_statements(i)) for i in items
            ]
            if not catch_all(node):
                arms.append(([], []))  # no item matches: nothing runs
            found = case_arm(node, env)
            chosen = None if found is None else found if found >= 0 else len(arms) - 1
        else:
            arms, chosen = if_arms(node), None
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
                    self.run(statement, env, frame)
                if index == chosen:
                    for statement in statements:
                        self.run(statement, env, frame)
            return
        branches = []
        for condition, statements in arms:
            copy = Overlay(env)
            for statement in (*condition, *statements):
                self.run(statement, copy, frame)
            branches.append(copy)
        join(branches, env)

    def children(
        self,
        node: Node,
        env: Overlay,
        frame: Frame | None,
    ) -> None:
        for child in node.named_children:
            self.run(child, env, frame)


def _keyword(node: Node) -> str:
    first = node.children[0] if node.children else None
    return (first.text or b"").decode("utf-8", errors="replace") if first is not None else ""


def _set_since(env: Overlay, frame: Frame, key: str) -> bool:
    """Whether the call of `frame` set or unset `key` on the way to `env` (a branch's or
    a subshell's overlay of it)."""
    layer: Mapping[str, Value] = env
    while isinstance(layer, Overlay):
        if key in layer.changes or key in layer.removed:
            return True
        if layer is frame:
            return False
        layer = layer.base
    return False


def apply_call(
    name: str,
    functions: Mapping[str, Node],
    env: MutableMapping[str, Value],
    seen: CommandSeen,
    memo: CallMemo,
    arguments: Arguments = (),
) -> str | None:
    """Run the body of function `name` on `env` as its call with `arguments` does, showing
    `seen` its commands (with `"$@"`, `$1` bound to the arguments); a call with the same
    inputs as one in `memo` applies its summary instead. The agent its body ends by
    running, where the call's values decide which program that is ("" for none)."""
    return _CallRun(functions, seen, memo).call(name, env, arguments)


def run_loop(
    node: Node,
    functions: Mapping[str, Node],
    env: MutableMapping[str, Value],
    seen: CommandSeen,
    memo: CallMemo,
) -> bool:
    """Run a `for` loop over known words on `env`, element by element, showing `seen` its
    commands with the values of each round; False (env untouched) if the words are unknown."""
    copy = Overlay(env)
    if not _CallRun(functions, seen, memo).loop(node, copy, None):
        return False
    for key in copy.removed:
        env.pop(key, None)
    env.update(copy.changes)
    return True
