"""Whether the value one assignment gives a variable can be read: liveness along the
statements bash may run next.

`claude … || rc=$?` keeps the run's status in `rc`; a script that reads `rc` only in
another part of its loop, after `rc=0` has set it again, never reads that value. From
the assignment the walk goes forward through the rest of its block, then up: past the
end of a loop body to the loop's test and the statements before the assignment (the
next turn), and after the loop; past the end of a function to its callers (unless the
variable is the function's `local`); past the end of the script, nowhere. Each statement
on the way is summarised once: does some path through it read the name before setting
it, does some path fall through without setting it, and which jumps (`break`,
`continue`, `return`, `exit`) leave it. A branch that sets the name on one arm only, a
loop body (it may not run) and a subshell (its assignments stay in it) set it on no
path for sure. Linear in the script's size: each statement is summarised once per name.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from auditor.shell.decide import catch_all
from auditor.shell.parse import (
    LOOPS,
    Node,
    case_item_statements,
    clause_conditions,
    descendants,
    if_arms,
)
from auditor.shell.reads import exported

_JUMPS = frozenset({"break", "continue", "return", "exit"})
_FIRST_LOOK = 16  # statements read after a store before a block's suffixes are summarised
_BLOCKS = frozenset({"program", "compound_statement", "do_group", "case_item"})
_BRANCHES = frozenset({"if_statement", "elif_clause", "else_clause"})  # (their own statements)
_SEPARATE = frozenset({"subshell", "command_substitution", "process_substitution", "pipeline"})
_SETTERS = frozenset({"read", "unset", "mapfile", "readarray"})  # commands that set a name


class Event(NamedTuple):
    """What running a statement does to a variable's value, over its paths."""

    read: bool  # some path reads it before setting it
    falls: bool  # some path reaches the statement's end without setting it
    jumps: frozenset[str] = frozenset()  # jumps some path takes without setting it


_NONE = Event(False, True)
_SET = Event(False, False)
_READ = Event(True, True)


def _then(first: Event, rest: Event) -> Event:
    """One statement, then the rest where it falls through."""
    if first.read or not first.falls:
        return first
    return Event(rest.read, rest.falls, first.jumps | rest.jumps)


def _union(events: list[Event]) -> Event:
    """One of several arms runs."""
    return Event(
        any(e.read for e in events),
        any(e.falls for e in events),
        frozenset().union(*(e.jumps for e in events)),
    )


def _text(node: Node | None) -> str:
    return (node.text or b"").decode("utf-8", errors="replace") if node is not None else ""


class Liveness:
    """Liveness of one variable's values in one script (see the module's docstring)."""

    def __init__(
        self,
        name: str,
        functions: Mapping[str, Node],
        local: frozenset[int],
        library: frozenset[str] = frozenset(),
    ) -> None:
        self.name = name
        self.functions = functions
        self.library = library  # the functions of sourced files, which may read anything
        self.local = local  # the ids of the functions that declare the name `local`
        self._events: dict[int, Event] = {}
        self._suffixes: dict[int, tuple[list[int], list[Event]]] = {}
        self._blocks: dict[int, tuple[list[Node], list[int]]] = {}
        self._prefixes: dict[int, tuple[list[int], list[Event], list[Node]]] = {}
        self._read_in: dict[int, bool] = {}
        self._reading: dict[str, bool] = {}

    def read_after(self, assignment: Node) -> bool:
        """Whether the value `assignment` gives the name may be read: on some path from
        it, a read comes before the name is set again."""
        current = assignment
        jumps: frozenset[str] = frozenset()  # jumps taken on the way, not yet landed
        falls = True  # whether some path has reached `current`'s end
        while current.parent is not None:
            parent = current.parent
            conditions = clause_conditions(parent) if parent.type == "if_statement" else []
            if falls and any(c.id == current.id for c in conditions):
                if self.reads(parent):  # (set in a condition: either branch may follow)
                    return True
            elif falls and (parent.type in _BLOCKS or parent.type in _BRANCHES):
                event = self.after(parent, current)
                if event.read:
                    return True
                falls, jumps = event.falls, jumps | event.jumps
                if falls and parent.type == "case_item" and _falls_on(parent):
                    case = parent.parent  # `;&`, `;;&`: the next items run (or are tested)
                    later = case.named_children if case is not None else []
                    if any(self.reads(c) for c in later if c.start_byte >= parent.end_byte):
                        return True
            elif falls and parent.type == "list":  # `a || rc=$?`: what the list runs next
                later = [c for c in parent.named_children if c.start_byte >= current.end_byte]
                if any(self.reads(c) for c in later):
                    return True
            elif parent.type in _SEPARATE:  # set in a subshell: gone at its end
                return falls and self.after(parent, current).read
            elif parent.type == "function_definition":
                if (falls or "return" in jumps) and parent.id not in self.local:
                    return True  # its callers may read it
                falls, jumps = False, jumps - {"return"}
            if parent.type in LOOPS and (falls or jumps & {"break", "continue"}):
                if self._next_turn_reads(parent, assignment):
                    return True
                falls, jumps = True, jumps - {"break", "continue"}  # (and after the loop)
            if not falls and not jumps & {"return", "break", "continue"}:
                return False
            current = parent
        return False  # the script's end (a trap that reads it: `ReadNames` counts those)

    def _next_turn_reads(self, loop: Node, assignment: Node) -> bool:
        """Whether a loop's next turn reads the name before setting it: its test, then the
        statements of its body before the one that holds `assignment` (that one too, if
        it reads it)."""
        body = loop.child_by_field_name("body")
        heads = [c for c in loop.named_children if body is None or c.id != body.id]
        if loop.type == "for_statement":  # the words are read once; each turn sets the
            if _text(loop.child_by_field_name("variable")) == self.name:  # variable
                return False
            heads = []
        event = self.sequence(heads)
        if event.read or not event.falls:
            return event.read
        if body is None:
            return False
        known = self._prefixes.get(body.id)
        if known is None:  # what each start of the body does, summarised once
            statements = [c for c in body.named_children if c.type != "comment"]
            known = ([c.end_byte for c in statements], [_NONE], statements)
            for statement in statements:
                known[1].append(_then(known[1][-1], self.event(statement)))
            self._prefixes[body.id] = known
        ends, prefixes, statements = known
        index = bisect.bisect_right(ends, assignment.start_byte)  # those ended before it
        event = prefixes[index]
        holder = statements[index] if index < len(statements) else None
        return event.read or (event.falls and holder is not None and self.reads(holder))

    def after(self, parent: Node, current: Node) -> Event:
        """What the statements of `parent`'s block after `current` do (in an `if`, those
        of its branch: up to its next `elif` or `else`): each block's suffixes are
        summarised once, from its end back."""
        known = self._suffixes.get(parent.id)
        if known is None:  # the next few statements decide most: read them first
            statements, starts = self._statements(parent)
            index = bisect.bisect_left(starts, current.end_byte)
            event = _NONE
            for statement in statements[index : index + _FIRST_LOOK]:
                if statement.type in ("elif_clause", "else_clause"):
                    return event  # the branch ends there
                event = _then(event, self.event(statement))
                if event.read or not event.falls:
                    return event
            if index + _FIRST_LOOK >= len(statements):
                return event
            known = self._suffixes[parent.id] = self._suffix_events(parent)
        starts, events = known
        index = bisect.bisect_left(starts, current.end_byte)
        return events[index]

    def _statements(self, block: Node) -> tuple[list[Node], list[int]]:
        """A block's statements and where each starts (listed once per block)."""
        known = self._blocks.get(block.id)
        if known is None:
            statements = [c for c in block.named_children if c.type != "comment"]
            known = self._blocks[block.id] = (statements, [c.start_byte for c in statements])
        return known

    def _suffix_events(self, parent: Node) -> tuple[list[int], list[Event]]:
        """The start of each statement of a block, and what running it and those after it
        (in its branch) does; the last event is the empty suffix's."""
        statements, starts = self._statements(parent)
        events = [_NONE] * (len(statements) + 1)
        for index in range(len(statements) - 1, -1, -1):
            statement = statements[index]
            if statement.type in ("elif_clause", "else_clause"):
                events[index] = _NONE  # the branch before it ends there
                continue
            events[index] = _then(self.event(statement), events[index + 1])
        return starts, events

    def sequence(self, statements: list[Node]) -> Event:
        """Running statements one after another."""
        read, jumps = False, set[str]()
        for statement in statements:
            if statement.type == "comment":
                continue
            event = self.event(statement)
            read = read or event.read
            jumps |= event.jumps
            if read:
                return Event(True, True, frozenset(jumps))
            if not event.falls:
                return Event(False, False, frozenset(jumps))
        return Event(read, True, frozenset(jumps))

    def event(self, node: Node) -> Event:
        """What running `node` does to the name (memoised per node)."""
        known = self._events.get(node.id)
        if known is None:
            known = self._events[node.id] = self._event(node)
        return known

    def _event(self, node: Node) -> Event:
        kind = node.type
        if kind == "function_definition":
            return _NONE
        if kind == "if_statement":
            return self._if(node)
        if kind == "case_statement":
            value = node.child_by_field_name("value")
            if value is not None and self.reads(value):
                return _READ
            items = [c for c in node.named_children if c.type == "case_item"]
            arms = [self.sequence(case_item_statements(i)) for i in items]
            return _union(arms if catch_all(node) else [*arms, _NONE])
        if kind in LOOPS or kind == "until_statement":
            # each turn runs the test and then the body from its start: a read the body
            # makes after setting the name reads that value (the body may not run: it
            # sets nothing for sure)
            body = node.child_by_field_name("body")
            heads = [c for c in node.named_children if body is None or c.id != body.id]
            if any(self.reads(h) for h in heads):
                return _READ
            turn = self.sequence(body.named_children if body is not None else [])
            return Event(turn.read, True, turn.jumps - {"break", "continue"})
        if kind in ("compound_statement", "program"):
            return self.sequence(node.named_children)
        if kind in _SEPARATE:
            return _READ if self.reads(node) else _NONE
        if kind == "list":
            children = node.named_children
            first = self.event(children[0]) if children else _NONE
            if first.read or not first.falls:
                return first
            # what runs after `&&`/`||` may not run: it sets nothing for sure, but may
            # read the name or jump (`[ -f STOP ] && break`)
            later = [self.event(c) for c in children[1:]]
            jumps = first.jumps.union(*(e.jumps for e in later))
            return Event(any(e.read for e in later), True, jumps)
        if kind == "redirected_statement":
            body = node.child_by_field_name("body")
            redirects = [c for c in node.named_children if body is None or c.id != body.id]
            if any(self.reads(r) for r in redirects):
                return _READ
            return self.event(body) if body is not None else _NONE
        if kind == "negated_command":
            return self.sequence(node.named_children)
        if kind in ("variable_assignment", "declaration_command"):
            if self.reads(node):
                return _READ
            return _SET if self._sets(node) else _NONE
        if kind == "command":
            return self._command(node)
        return _READ if self.reads(node) else _NONE

    def _if(self, node: Node) -> Event:
        """The first arm's condition always runs; then one arm (an `elif` with its own
        condition), or the empty `else` bash takes when there is none."""
        arms = if_arms(node)
        if not arms:  # (a malformed `if`: whatever it holds may read the name)
            return _READ if self.reads(node) else _NONE
        first = self.sequence(arms[0][0])
        if first.read or not first.falls:
            return first
        taken = [arms[0][1], *(condition + body for condition, body in arms[1:])]
        return _union([self.sequence(statements) for statements in taken])

    def _command(self, node: Node) -> Event:
        name_node = node.child_by_field_name("name")
        called = _text(name_node)
        arguments = node.named_children[1:] if name_node is not None else node.named_children
        if any(self.reads(c) for c in node.named_children if c.type != "command_name"):
            return _READ
        if called in _JUMPS:
            return Event(False, False, frozenset({called}))
        if called in _SETTERS and any(_text(a) == self.name for a in arguments):
            return _SET
        if called in self.library:
            return _READ  # a function of a sourced file: its body is not at hand
        body = self.functions.get(called)
        if body is not None:
            if self.function_reads(called):
                return _READ
            return _NONE  # (what it sets it may set on one path only)
        return _NONE

    def function_reads(self, name: str) -> bool:
        """Whether a function of the script reads the name anywhere (also through the
        functions it calls)."""
        if name not in self._reading:
            self._reading[name] = False  # (a recursion reads what its first call reads)
            definition = self.functions[name]
            body = definition.child_by_field_name("body")
            self._reading[name] = body is not None and self.reads(body)
        return self._reading[name]

    def reads(self, node: Node) -> bool:
        """Whether some part of `node` reads the name (`$rc`, `${rc}`, `(( rc ))`), or
        calls a function of the script that does (asked once per node)."""
        known = self._read_in.get(node.id)
        if known is None:
            known = self._read_in[node.id] = self._reads(node)
        return known

    def _reads(self, node: Node) -> bool:
        for inner in descendants(node):
            if inner.type == "variable_name" and _text(inner) == self.name:
                parent = inner.parent
                target = None  # the name an assignment or a `for` loop sets: not read
                if parent is not None and parent.type == "variable_assignment":
                    target = parent.child_by_field_name("name")
                elif parent is not None and parent.type == "for_statement":
                    target = parent.child_by_field_name("variable")
                if target is None or target.id != inner.id:
                    return True
            elif inner.type == "command":
                called = _text(inner.child_by_field_name("name"))
                if called in self.functions and self.function_reads(called):
                    return True
        return False

    def _sets(self, node: Node) -> bool:
        """Whether an assignment or declaration sets the name (`rc=0`, `local rc`)."""
        if node.type == "variable_assignment":
            return _text(node.child_by_field_name("name")) == self.name
        for child in node.named_children:
            if child.type == "variable_assignment" and self._sets(child):
                return True
            if child.type == "variable_name" and _text(child) == self.name:
                return True  # `local rc`: an empty variable of the function's own
        return False


def _falls_on(item: Node) -> bool:
    """Whether a `case` item ends with `;&` or `;;&`: bash goes on to the next items."""
    return any(c.type in (";&", ";;&") for c in item.children)


class ScriptLiveness:
    """Liveness of every variable of one script, each name's statements summarised once
    (`Liveness`)."""

    def __init__(
        self,
        nodes: Sequence[Node],
        functions: Mapping[str, Node],
        local: Mapping[int, frozenset[str]],
        library: frozenset[str] = frozenset(),
    ) -> None:
        """`nodes`: every named node of the script (`ShellText.nodes`)."""
        self.functions = functions
        self.local = local  # the names each function (by id) declares its own
        self.library = library  # the functions of the files it sources: not at hand
        traps = (n for n in nodes if n.type == "command" and _is_trap(n))
        self._traps = " ".join(_text(t) for t in traps)  # a trap may run anywhere
        # a variable exported to the commands the script runs: any of them may read it
        self._exported = {
            name for n in nodes if n.type == "declaration_command" for name in _exports(n)
        }
        self._names: dict[str, Liveness] = {}

    def value_read(self, assignment: Node) -> bool:
        """Whether the value an assignment gives its variable may be read."""
        name = _text(assignment.child_by_field_name("name"))
        if name in self._exported or "eval" in self._traps:
            return True
        if name not in self._names:
            declaring = frozenset(f for f, names in self.local.items() if name in names)
            self._names[name] = Liveness(name, self.functions, declaring, self.library)
        liveness = self._names[name]
        try:
            # a trap's action (or a function it names) may run it anywhere
            if name in self._traps or any(
                liveness.function_reads(w) for w in self._traps.split() if w in self.functions
            ):
                return True
            return liveness.read_after(assignment)
        except RecursionError:  # statements nested deeper than the walk follows
            return True  # (it may be read: no finding rests on it)


def _exports(declaration: Node) -> list[str]:
    """The names a declaration exports (`export rc`, `export rc=0`, `declare -x rc`)."""
    found = []
    for child in declaration.named_children:
        target = child.child_by_field_name("name") if child.type == "variable_assignment" else child
        if target is not None and target.type == "variable_name" and exported(child):
            found.append(_text(target))
    return found


def _is_trap(command: Node) -> bool:
    return _text(command.child_by_field_name("name")) == "trap"
