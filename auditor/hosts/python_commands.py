"""Shell in Python: command strings, `bash -c` and tmux argv lists, generated files.

Shell hosts are `subprocess.*(…, shell=True)`, `os.system`, `os.popen`,
`subprocess.getoutput`/`getstatusoutput`, `asyncio.create_subprocess_shell`,
and argv lists whose program is a shell with `-c` or tmux with a
shell-command. A string literal that starts with a shell shebang is a
generated script; one holding a `[Service]` section is a generated unit.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator, Sequence

from auditor.finding import Applicability, Edit, Fix
from auditor.hosts.mapped import EmbeddedShell, MappedText
from auditor.hosts.nested import SHELLS, shell_invocation, tmux_command
from auditor.profiles import AgentCatalog
from auditor.python.edits import keyword_edit
from auditor.python.expr_values import is_true, keyword_argument
from auditor.python.literals import STRING_START, string_pieces
from auditor.python.module import PythonModule
from auditor.python.strings import Resolver
from auditor.python.templates import format_templates, is_format_template, unescape_braces
from auditor.shell.commands import strip_wrappers
from auditor.shell.options import ShellOptions, shebang_options
from auditor.unit import OPAQUE_WORD

SUBPROCESS = frozenset(
    f"subprocess.{name}" for name in ("run", "call", "check_call", "check_output", "Popen")
)
SHELL_STRING = frozenset(
    {
        "os.system",
        "os.popen",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
        "asyncio.create_subprocess_shell",
        "asyncio.subprocess.create_subprocess_shell",
    }
)
ARGV_VARARGS = frozenset({"asyncio.create_subprocess_exec", "os.execlp", "os.execl"})
ARGV_SECOND = frozenset({"os.execvp", "os.execv", "os.execvpe", "os.execve"})
PYTHON_PIPEFAIL_HINT = (
    'prefix the command with `set -o pipefail; ` and pass `executable="/bin/bash"` '
    "(`/bin/sh` may be dash, which rejects `-o pipefail`), or build the pipeline "
    "without a shell"
)
ARGV_PIPEFAIL_HINT = "add `-o pipefail` to the shell's flags (`bash -o pipefail -c …`)"
# Shells that take `-o pipefail` (`sh` may be dash, which rejects it).
PIPEFAIL_SHELLS = frozenset({"bash", "zsh", "ksh"})
# Shell-string hosts that take `executable=` (the others always run `/bin/sh`).
_TAKES_EXECUTABLE = SUBPROCESS | {
    "asyncio.create_subprocess_shell",
    "asyncio.subprocess.create_subprocess_shell",
}
_STATUS_ATTRIBUTES = {"returncode": "`{}.returncode`", "wait": "`{}.wait()`", "poll": "`{}.poll()`"}
_SHELL_SCRIPT_SHEBANG = tuple(f"/{shell}" for shell in SHELLS) + tuple(f" {s}" for s in SHELLS)

# The module reads a tmux pane's output back (`["tmux", "capture-pane", "-p", "-t", s]`):
# it judges the runs it starts in tmux by their output, as a shell script that does.
_PANE_READ = re.compile(r"""(?:["']|\btmux\s+)(?:capture-pane|capturep|pipe-pane|pipep)\b""")
# The opening of a literal: its prefix letters as written, and its quote.


def _positional(call: ast.Call, index: int) -> ast.expr | None:
    values = [a for a in call.args if not isinstance(a, ast.Starred)]
    return values[index] if index < len(values) else None


def _bound_name(module: PythonModule, node: ast.AST) -> str | None:
    """The name a call's result is bound to (`r = run(…)`, `with Popen(…) as p`)."""
    parent = module.parent(node)
    if isinstance(parent, ast.Await):
        node, parent = parent, module.parent(parent)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
        return target.id if isinstance(target, ast.Name) else None
    if isinstance(parent, ast.AnnAssign) and isinstance(parent.target, ast.Name):
        return parent.target.id
    if isinstance(parent, ast.withitem) and parent.optional_vars is not None:
        target = parent.optional_vars
        return target.id if isinstance(target, ast.Name) else None
    return None


def python_status_use(module: PythonModule, call: ast.Call, name: str) -> str | None:
    """Why the Python code reads the exit status of a command it runs, or None."""
    short = name.rsplit(".", 1)[-1]
    if short in ("check_call", "check_output"):
        return f"`{short}` raises on a non-zero status"
    if is_true(keyword_argument(call, "check")):
        return "`check=True` raises on a non-zero status"
    if short == "getstatusoutput":
        return "`getstatusoutput` returns it"
    parent = module.parent(call)
    if isinstance(parent, ast.Attribute) and parent.attr in _STATUS_ATTRIBUTES:
        return f"the code reads {_STATUS_ATTRIBUTES[parent.attr].format('')}"
    bound = _bound_name(module, call)
    if bound is not None:
        reads = module.attribute_reads.get((module.scope_of(call), bound), set())
        for attribute, shown in _STATUS_ATTRIBUTES.items():
            if attribute in reads:
                return f"the code reads {shown.format(bound)}"
        if short in ("system", "call"):
            return f"`{short}` returns it and the code keeps it in `{bound}`"
        return None
    if short in ("system", "call") and not isinstance(parent, ast.Expr):
        return f"the code uses the value `{short}` returns"
    return None


def _argv_shell(
    words: Sequence[MappedText], catalog: AgentCatalog
) -> tuple[MappedText, ShellOptions, str, bool, tuple[MappedText, ...]] | None:
    """Shell code in an argv list: (code, options, what holds it, is it tmux, shell argv)."""
    texts = tuple(None if OPAQUE_WORD in w.text else w.text for w in words)
    start, _ = strip_wrappers(texts, catalog)
    if start >= len(texts) or texts[start] is None:
        return None
    program = (texts[start] or "").rsplit("/", 1)[-1]
    if program in SHELLS:
        found = shell_invocation(texts[start:])
        if found is not None:
            code, where = words[start + found[0]], f"`{program} -c` argument"
            return code, found[1], where, False, tuple(words[start : start + found[0]])
    if program == "tmux":
        index = tmux_command(texts[start:])
        if index is not None:
            return words[start + index], ShellOptions(), "tmux shell-command", True, ()
    return None


def _call_shells(
    module: PythonModule, resolver: Resolver, catalog: AgentCatalog
) -> Iterator[EmbeddedShell]:
    for call, names in module.calls.items():
        name = next(
            iter(sorted(names & (SUBPROCESS | SHELL_STRING | ARGV_VARARGS | ARGV_SECOND))), None
        )
        if name is None:
            continue
        use = python_status_use(module, call, name)
        if name in SHELL_STRING or (
            name in SUBPROCESS and is_true(keyword_argument(call, "shell"))
        ):
            command = (
                _positional(call, 0)
                or keyword_argument(call, "args")
                or keyword_argument(call, "cmd")
            )
            codes = resolver.texts(command) if command is not None else []
            for code in (code for code in codes if code.text.strip()):
                short = name.rsplit(".", 1)[-1]
                where = (
                    f"`{short}(…, shell=True)` string" if name in SUBPROCESS else f"`{name}` string"
                )
                hint, fix = _shell_string_hint(module, resolver, call, name, command)
                yield EmbeddedShell(code, ShellOptions(), use, where, hint, fix)
            continue
        if name in ARGV_VARARGS:
            argvs = resolver.choices.each(functools.partial(resolver.spread_words, call))
        else:
            argv = _positional(call, 1 if name in ARGV_SECOND else 0) or keyword_argument(
                call, "args"
            )
            argvs = resolver.argvs(argv) if argv is not None else []
        for words in argvs:
            found = _argv_shell(words, catalog)
            if found is None:
                continue
            code, options, where, tmux, shell_argv = found
            hint, fix = _argv_hint(module, call if name in ARGV_VARARGS else None, shell_argv)
            read = tmux and bool(_PANE_READ.search(module.source.text))
            yield EmbeddedShell(
                code, options, None if tmux else use, where, hint, fix, output_read=read
            )


def _shell_string_hint(
    module: PythonModule,
    resolver: Resolver,
    call: ast.Call,
    name: str,
    command: ast.expr | None,
) -> tuple[str, Fix | None]:
    """The pipefail hint for a command string, and its fix when one is well-defined.

    The fix prefixes the string literal that starts the command with
    `set -o pipefail; ` and makes the call run bash (`executable="/bin/bash"`).
    """
    literal = _head_literal(module, command)
    if name not in _TAKES_EXECUTABLE or literal is None:
        return PYTHON_PIPEFAIL_HINT, None
    text = module.source.text
    start = module.span(literal)[0]
    opening = STRING_START.match(text, start)
    if opening is None:
        return PYTHON_PIPEFAIL_HINT, None
    body = opening.end()
    # Before a line break (a triple-quoted script) the separator needs no space.
    prefix = "set -o pipefail;" if text[body : body + 1] in ("\n", "\r") else "set -o pipefail; "
    edits = [Edit(body, body, prefix)]
    executable = keyword_argument(call, "executable")
    if executable is not None:
        value = resolver.text(executable)
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


def _head_literal(
    module: PythonModule, node: ast.expr | None
) -> ast.Constant | ast.JoinedStr | None:
    """The string expression a command's text starts with (`"…" + x`, `"…".format(…)`);
    its first literal is the one written first.

    A name is followed to its value when the function assigns it once, before
    the call, and uses it nowhere else (another use would get the prefix too).
    """
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
            if _mentions(module, node.id, scope) != 2:  # the assignment's target and this use
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


def _mentions(module: PythonModule, name: str, scope: ast.AST) -> int:
    """How many times `scope` spells `name` as an identifier: a name, an attribute
    (`x.name`), a keyword (`name=`), a parameter, a class, a name imported or declared
    `global`, an `except … as name`, a capture pattern; a function's own name counts
    in the function."""
    count = 0
    for node in module.parents:
        found = _spelled(node, name)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            count += node is scope and node.name == name
        elif found and module.scope_of(node) is scope:
            count += found
    return count


def _spelled(node: ast.AST, name: str) -> int:
    """How many times a node spells `name` as an identifier (not in its children)."""
    if isinstance(node, ast.Name):
        return node.id == name
    if isinstance(node, ast.Attribute):
        return node.attr == name
    if isinstance(node, ast.keyword | ast.arg):
        return node.arg == name
    if isinstance(node, ast.ClassDef | ast.ExceptHandler | ast.MatchAs | ast.MatchStar):
        return node.name == name
    if isinstance(node, ast.MatchMapping):
        return node.rest == name
    if isinstance(node, ast.MatchClass):
        return node.kwd_attrs.count(name)
    if isinstance(node, ast.alias):
        return node.name.split(".").count(name) + (node.asname == name)
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".").count(name)
    if isinstance(node, ast.Global | ast.Nonlocal):
        return node.names.count(name)
    return 0


def _argv_hint(
    module: PythonModule, varargs_call: ast.Call | None, shell_argv: Sequence[MappedText]
) -> tuple[str, Fix | None]:
    """The hint for a `bash -c` argv, with a fix adding `"-o", "pipefail"` before `-c`."""
    if not shell_argv or shell_argv[0].text.rsplit("/", 1)[-1] not in PIPEFAIL_SHELLS:
        return ARGV_PIPEFAIL_HINT, None
    flag = next(
        (w for w in shell_argv[1:] if w.text[:1] == "-" and w.text[1:2] != "-" and "c" in w.text),
        None,
    )
    found = _element_literal(module, varargs_call, flag) if flag is not None else None
    if found is None:
        return ARGV_PIPEFAIL_HINT, None
    start, q = found
    edit = Edit(start, start, f"{q}-o{q}, {q}pipefail{q}, ")
    fix = Fix((edit,), Applicability.UNSAFE, "add `-o pipefail` to the shell's flags")
    return ARGV_PIPEFAIL_HINT, fix


def _element_literal(
    module: PythonModule, varargs_call: ast.Call | None, word: MappedText
) -> tuple[int, str] | None:
    """Where the literal that is exactly `word` starts, and its quote, when it is one
    literal with a one-character quote, an element of a list, tuple or exec call."""
    if not word.offsets:
        return None
    first = word.offsets[0]
    text = module.source.text
    for node in module.strings:
        if not isinstance(node, ast.Constant):
            continue
        start, end = module.span(node)
        opening = STRING_START.match(text, start, end)
        if opening is None or len(opening.group(2)) != 1 or opening.end() != first:
            continue
        pieces = string_pieces(text, start, end)
        if pieces is None or len(pieces) != 1 or pieces[0].end != end - 1:
            continue  # literals joined (`"-" "c"`)
        if text[pieces[0].start : pieces[0].end] != word.text:
            return None  # escapes: the word is not the literal's text verbatim
        parent = module.parent(node)
        if isinstance(parent, ast.List | ast.Tuple | ast.Set) or (
            isinstance(parent, ast.Starred | ast.keyword) and module.parent(parent) is varargs_call
        ):
            return start, opening.group(2)
        if varargs_call is not None and parent is varargs_call and node is not varargs_call.func:
            return start, opening.group(2)
        return None
    return None


def _generated(module: PythonModule, resolver: Resolver) -> Iterator[EmbeddedShell]:
    unplaced = Resolver(module, positions=False)  # most strings are neither: no positions
    formatted: frozenset[str] | None = None
    for node in module.strings:
        text = unplaced.text(node)
        if text is None or not (text.text.startswith("#!") or "[Service]" in text.text):
            continue
        text = resolver.text(node)
        if text is None:
            continue
        if formatted is None:
            formatted = format_templates(module)
        if is_format_template(module, node, formatted):
            text = unescape_braces(text)
        first_line = text.text.split("\n", 1)[0]
        if first_line.startswith("#!") and any(s in first_line for s in _SHELL_SCRIPT_SHEBANG):
            yield EmbeddedShell(
                text,
                shebang_options(first_line),
                "it is the last command of the generated script",
                "generated script",
            )
        elif "[Service]" in text.text:
            from auditor.hosts.systemd import systemd_shells

            yield from systemd_shells(text)


def python_shells(module: PythonModule, catalog: AgentCatalog) -> Iterator[EmbeddedShell]:
    """Every piece of shell a Python module runs or writes out."""
    resolver = Resolver(module)
    yield from _call_shells(module, resolver, catalog)
    yield from _generated(module, resolver)
