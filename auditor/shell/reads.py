"""The variables a script reads: `$rc`, `${rc}`, `(( rc ))`, and those it exports to the
commands it runs (`export rc=0`), found once per script from its tree.

What RA101 asks of `agent | tee log || rc=$?`: whether anything reads `rc` afterwards.
A script that sources other files, or runs `set -a` (every variable exported), may have
its variables read out of its sight: then any may be read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from auditor.shell.commands import COMMON_COMMANDS, SimpleCommand
from auditor.shell.parse import (
    LOOPS,
    Node,
    ShellText,
    clause_conditions,
    descendants,
    enclosing_definition,
)


class ReadNames(NamedTuple):
    """The variables a script reads."""

    names: frozenset[str]  # those its own text reads anywhere
    # any may be read out of its sight too: `set -a` exports every variable, or a name is
    # read through another (a `trap` string, `${!name}`, `declare -p`, a nameref); a
    # variable `local` to a function is still that function's
    elsewhere: bool
    # each function's `local` (or `declare`d, not `-g`) variables: function id -> names
    local: Mapping[int, frozenset[str]]
    # the commands that read a file into the shell or run a string as shell (`source`,
    # `eval`): each may read any variable set before it runs (`out_of_sight`)
    indirect: tuple[Node, ...] = ()
    # where the commands start that may be functions a sourced file defined: a plain name
    # the script does not define, neither an agent nor a common command (`COMMON_COMMANDS`)
    foreign_calls: tuple[int, ...] = ()
    # the `source` commands of a file of the project (a path known statically) that the
    # model did not read: any of its traps or functions may read any name
    unread: frozenset[int] = frozenset()
    # the functions it defines, and those of the files it sources that the model read
    functions: frozenset[str] = frozenset()

    def out_of_sight(self, assignment: Node) -> bool:
        """Whether what `assignment` sets may be read out of the script's sight: always,
        as `elsewhere` says, or through a `source` or `eval` that runs after it (later in
        the text, or in a function or loop, which may run again later), or through a
        function a file sourced before it defined, where a command after it may be one, or
        anything of a file of the project the model did not read (`unread`). A file from
        outside it (`$HOME/.agentrc`) ran its top level before the value was set."""
        after = assignment.end_byte
        later = any(
            c.start_byte >= after or _may_run_again(c) or c.id in self.unread for c in self.indirect
        )
        called = bool(self.indirect) and any(start >= after for start in self.foreign_calls)
        return self.elsewhere or later or called


# `${!name}` reads the variable `name` names, `${!prefix*}` lists names; `${!array[@]}`
# is only an array's keys
_INDIRECT_EXPANSION = re.compile(rb"\$\{!\w+(?:[*@])?\}")
_NAMED = re.compile(r"\$\{?([A-Za-z_]\w*)")  # a name a trap's action reads as it runs
_RUNS_TEXT = re.compile(r"\b(?:eval|source)\b|(?:^|[;&|({]\s*)\.\s")  # reads any name


def read_names(
    parsed: ShellText,
    commands: Sequence[SimpleCommand],
    libraries: Sequence[ReadNames] = (),
    unread: frozenset[int] = frozenset(),
) -> ReadNames:
    """The variables the script reads (see `ReadNames`), and those the files it sources
    that the model read (`libraries`) do: their functions are no foreign calls, and one
    that sources or runs a string in a function or loop may read any name. `unread`: the
    ids of the `source` commands of project files the model did not read."""
    elsewhere = _INDIRECT_EXPANSION.search(parsed.data) is not None or any(
        c.command_name == "set" and "-a" in c.argv for c in commands
    )
    names: set[str] = set()
    for command in commands:  # a trap's action: the names it reads, unless it runs text
        if command.command_name == "trap" and len(command.word_nodes) > 1:
            action = command.word_nodes[1]
            text = parsed.node_text(action) if action is not None else "eval"
            names.update(_NAMED.findall(text))
            elsewhere = elsewhere or _RUNS_TEXT.search(text) is not None
    elsewhere = elsewhere or any(
        library.elsewhere or any(_may_run_again(c) for c in library.indirect)
        for library in libraries
    )
    indirect = tuple(
        c.node for c in commands if c.command_name == "eval" or c.sourced_word is not None
    )
    defined = set().union(*(library.functions for library in libraries))
    local: dict[int, set[str]] = {}
    for node in parsed.nodes():
        if node.type == "function_definition":
            name = node.child_by_field_name("name")
            defined.update([parsed.node_text(name)] if name is not None else [])
            continue
        if node.type == "declaration_command":
            words = parsed.node_text(node).split()
            options = "".join(w[1:] for w in words[1:] if w.startswith("-"))
            elsewhere = elsewhere or "p" in options or "n" in options
            declares = words[0] in _LOCAL and "g" not in options
            function = enclosing_definition(node) if declares else None
            if function is not None:
                local.setdefault(function.id, set()).update(_declared(node, parsed))
            continue
        parent = node.parent
        if node.type != "variable_name" or parent is None:
            continue
        if (
            parent.type in ("variable_assignment", "for_statement")
            and _names_it(parent, node)
            and not exported(parent)
        ):
            continue  # the variable an assignment or a loop sets, not one it reads
        if parent.type == "declaration_command" and not exported(node):
            continue  # `local out`: declared, not read
        names.add(parsed.node_text(node))
    foreign = tuple(
        c.node.start_byte
        for c in commands
        if c.agent is None
        and c.command_name is not None
        and "/" not in c.command_name
        and c.command_name not in defined
        and c.command_name not in COMMON_COMMANDS
    )
    frozen = {function: frozenset(found) for function, found in local.items()}
    names.update(*(library.names for library in libraries))
    functions = frozenset(defined)
    return ReadNames(frozenset(names), elsewhere, frozen, indirect, foreign, unread, functions)


def tested_names(parsed: ShellText) -> Mapping[str, tuple[Node, ...]]:
    """The variables the script tests, each with the tests that read it: a test (`[ ]`,
    `[[ ]]`), the condition of an `if` or a loop (`(( ))` too), the subject of a `case`
    (`[[ ${#failed[@]} -gt 0 ]]`)."""
    tested: dict[str, list[Node]] = {}
    for node in parsed.nodes():
        conditions: Iterable[Node] = ()
        if node.type == "test_command":
            conditions = [node]
        elif node.type in ("if_statement", "elif_clause"):
            conditions = clause_conditions(node)
        elif node.type == "while_statement":  # `until` too
            conditions = node.children_by_field_name("condition")
        elif node.type == "case_statement" and (subject := node.child_by_field_name("value")):
            conditions = [subject]
        elif node.type == "compound_statement" and _compares(node):
            conditions = [node]  # `(( missing > 0 )) && exit 1`
        for condition in conditions:
            for name in descendants(condition):
                if name.type == "variable_name":
                    tested.setdefault(parsed.node_text(name), []).append(condition)
    return {name: tuple(tests) for name, tests in tested.items()}


def _compares(node: Node) -> bool:
    """Whether an arithmetic command `(( … ))` compares (not `((n++))`)."""
    return (node.text or b"").startswith(b"((") and any(
        (c.text or b"").decode() in _COMPARISONS
        for expression in node.named_children
        if expression.type == "binary_expression"
        for c in expression.children
    )


_COMPARISONS = frozenset({"<", ">", "<=", ">=", "==", "!="})


def _may_run_again(command: Node) -> bool:
    """Whether a command is inside a function or a loop (it may run again later)."""
    current = command.parent
    while current is not None:
        if current.type == "function_definition" or current.type in LOOPS:
            return True
        current = current.parent
    return False


_LOCAL = frozenset({"local", "declare", "typeset"})


def _declared(declaration: Node, parsed: ShellText) -> list[str]:
    """The names a `local`/`declare` declares."""
    found = []
    for child in declaration.named_children:
        name = child.child_by_field_name("name") if child.type == "variable_assignment" else child
        if name is not None and name.type == "variable_name":
            found.append(parsed.node_text(name))
    return found


def _names_it(holder: Node, name: Node) -> bool:
    """Whether `name` is the variable an assignment or a `for` loop sets (not read)."""
    target = holder.child_by_field_name("name") or holder.child_by_field_name("variable")
    return target is not None and target.id == name.id


def exported(assignment: Node) -> bool:
    """Whether an assignment (or a declared name) exports its variable to the commands
    the script runs (`export RC=0`, `declare -x RC=0`, `export RC`): they may read it."""
    holder = assignment.parent
    if holder is None or holder.type != "declaration_command":
        return False
    words = (holder.text or b"").decode("utf-8", "replace").split()
    return bool(words) and (
        words[0] == "export" or any(w.startswith("-") and "x" in w for w in words[1:3])
    )
