"""Fixes for the shell a Python module runs, and the hints that go with them.

A command string gets `set -o pipefail; ` at the start of the literal it
begins with and `executable="/bin/bash"`; a `bash -c` argv gets `"-o",
"pipefail"` before its `-c`. What the fixes look up in the module (how often a
scope spells each identifier, which literal starts where) is indexed once per
module, on first use: a module with thousands of shell calls stays linear.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from collections.abc import Iterator, Sequence

from auditor.finding import Applicability, Edit, Fix
from auditor.hosts.mapped import MappedText
from auditor.python.model.edits import keyword_edit
from auditor.python.model.expr_values import keyword_argument
from auditor.python.model.literals import STRING_START, string_pieces
from auditor.python.model.module import PythonModule
from auditor.python.model.strings import Resolver

PYTHON_PIPEFAIL_HINT = (
    'prefix the command with `set -o pipefail; ` and pass `executable="/bin/bash"` '
    "(`/bin/sh` may be dash, which rejects `-o pipefail`), or build the pipeline "
    "without a shell"
)
ARGV_PIPEFAIL_HINT = "add `-o pipefail` to the shell's flags (`bash -o pipefail -c …`)"
# Shells that take `-o pipefail` (`sh` may be dash, which rejects it).
PIPEFAIL_SHELLS = frozenset({"bash", "zsh", "ksh"})
# Nodes that spell an identifier as their `name`.
_NAMED = (
    ast.ClassDef,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ExceptHandler,
    ast.MatchAs,
    ast.MatchStar,
)


class PythonFixes:
    """The pipefail hints and fixes of one module's shell hosts."""

    def __init__(self, module: PythonModule, resolver: Resolver) -> None:
        self.module, self.resolver = module, resolver

    def shell_string(
        self, call: ast.Call, command: ast.expr | None, *, takes_executable: bool
    ) -> tuple[str, Fix | None]:
        """The hint for a command string, and its fix when one is well-defined.

        The fix prefixes the string literal that starts the command with
        `set -o pipefail; ` and makes the call run bash (`executable="/bin/bash"`).
        """
        module = self.module
        literal = self._head_literal(command)
        if not takes_executable or literal is None:
            return PYTHON_PIPEFAIL_HINT, None
        text = module.source.text
        opening = STRING_START.match(text, module.span(literal)[0])
        if opening is None:
            return PYTHON_PIPEFAIL_HINT, None
        body = opening.end()
        # Before a line break (a triple-quoted script) the separator needs no space.
        prefix = (
            "set -o pipefail;" if text[body : body + 1] in ("\n", "\r") else "set -o pipefail; "
        )
        edits = [Edit(body, body, prefix)]
        executable = keyword_argument(call, "executable")
        if executable is not None:
            value = self.resolver.text(executable)
            if value is None or value.text.rsplit("/", 1)[-1] not in PIPEFAIL_SHELLS:
                return PYTHON_PIPEFAIL_HINT, None
        elif any(keyword.arg is None for keyword in call.keywords):
            return PYTHON_PIPEFAIL_HINT, None  # `executable` may be in the mapping
        else:
            keyword = keyword_edit(module, call, 'executable="/bin/bash"')
            if keyword is None:
                return PYTHON_PIPEFAIL_HINT, None
            edits.append(keyword)
        description = "prefix the command with `set -o pipefail; `" + (
            ' and run it with `executable="/bin/bash"`' if executable is None else ""
        )
        return PYTHON_PIPEFAIL_HINT, Fix(tuple(edits), Applicability.UNSAFE, description)

    def argv(
        self, varargs_call: ast.Call | None, shell_argv: Sequence[MappedText]
    ) -> tuple[str, Fix | None]:
        """The hint for a `bash -c` argv, with a fix adding `"-o", "pipefail"` before `-c`."""
        if not shell_argv or shell_argv[0].text.rsplit("/", 1)[-1] not in PIPEFAIL_SHELLS:
            return ARGV_PIPEFAIL_HINT, None
        flag = next(
            (
                w
                for w in shell_argv[1:]
                if w.text[:1] == "-" and w.text[1:2] != "-" and "c" in w.text
            ),
            None,
        )
        found = self._element_literal(varargs_call, flag) if flag is not None else None
        if found is None:
            return ARGV_PIPEFAIL_HINT, None
        start, q = found
        edit = Edit(start, start, f"{q}-o{q}, {q}pipefail{q}, ")
        fix = Fix((edit,), Applicability.UNSAFE, "add `-o pipefail` to the shell's flags")
        return ARGV_PIPEFAIL_HINT, fix

    def _head_literal(self, node: ast.expr | None) -> ast.Constant | ast.JoinedStr | None:
        """The string expression a command's text starts with (`"…" + x`, `"…".format(…)`);
        its first literal is the one written first.

        A name is followed to its value when the function assigns it once, before
        the call, and uses it nowhere else (another use would get the prefix too).
        """
        module = self.module
        while node is not None:
            if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Constant) and isinstance(node.value, str | bytes)
            ):
                return node
            if isinstance(node, ast.Name):
                scope = module.scope_of(node)
                bindings = module.bindings.get((scope, node.id), [])
                if len(bindings) != 1 or bindings[0].kind != "assign":
                    return None
                if not module.ends_before(bindings[0].at, node):
                    return None
                if self._spellings[(id(scope), node.id)] != 2:  # the assignment and this use
                    return None
                node = bindings[0].value
                continue
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
                node = node.left
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
            ):
                node = node.func.value
            else:
                return None
        return None

    @functools.cached_property
    def _spellings(self) -> Counter[tuple[int, str]]:
        """How many times each scope spells each identifier: a name, an attribute
        (`x.name`), a keyword (`name=`), a parameter, a function or a class defined
        there, a name imported or declared `global`, an `except … as name`, a capture
        pattern; a function's own name counts in the function too."""
        module = self.module
        found: Counter[tuple[int, str]] = Counter()
        for node in module.parents:
            names = list(_spelled(node))
            if not names:
                continue
            scope = id(module.scope_of(node))
            found.update((scope, name) for name in names)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found[(id(node), node.name)] += 1
        return found

    def _element_literal(
        self, varargs_call: ast.Call | None, word: MappedText
    ) -> tuple[int, str] | None:
        """Where the literal that is exactly `word` starts, and its quote, when it is one
        literal with a one-character quote, an element of a list, tuple or exec call."""
        if not word.offsets:
            return None
        found = self._literals.get(word.offsets[0])
        if found is None:
            return None
        node, quote = found
        module, text = self.module, self.module.source.text
        start, end = module.span(node)
        pieces = string_pieces(text, start, end)
        if pieces is None or len(pieces) != 1 or pieces[0].end != end - 1:
            return None  # literals joined (`"-" "c"`)
        if text[pieces[0].start : pieces[0].end] != word.text:
            return None  # escapes: the word is not the literal's text verbatim
        parent = module.parent(node)
        if isinstance(parent, ast.List | ast.Tuple | ast.Set) or (
            isinstance(parent, ast.Starred | ast.keyword) and module.parent(parent) is varargs_call
        ):
            return start, quote
        if varargs_call is not None and parent is varargs_call and node is not varargs_call.func:
            return start, quote
        return None

    @functools.cached_property
    def _literals(self) -> dict[int, tuple[ast.Constant, str]]:
        """Plain string literals with a one-character quote, by where their text starts
        (just after the quote), with the quote."""
        module, text = self.module, self.module.source.text
        found: dict[int, tuple[ast.Constant, str]] = {}
        for node in module.strings:
            if isinstance(node, ast.Constant):
                start, end = module.span(node)
                opening = STRING_START.match(text, start, end)
                if opening is not None and len(opening.group(2)) == 1:
                    found.setdefault(opening.end(), (node, opening.group(2)))
        return found


def _spelled(node: ast.AST) -> Iterator[str]:
    """The identifiers a node spells itself (not in its children)."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.keyword | ast.arg):
        if node.arg is not None:
            yield node.arg
    elif isinstance(node, _NAMED):
        if node.name is not None:
            yield node.name
    elif isinstance(node, ast.MatchMapping):
        if node.rest is not None:
            yield node.rest
    elif isinstance(node, ast.MatchClass):
        yield from node.kwd_attrs
    elif isinstance(node, ast.alias):
        yield from node.name.split(".")
        if node.asname is not None:
            yield node.asname
    elif isinstance(node, ast.ImportFrom):
        yield from (node.module or "").split(".")
    elif isinstance(node, ast.Global | ast.Nonlocal):
        yield from node.names
