"""Shell in Python: command strings, `bash -c` and tmux argv lists, generated files.

Shell hosts are `subprocess.*(…, shell=True)`, `os.system`, `os.popen`,
`subprocess.getoutput`/`getstatusoutput`, `asyncio.create_subprocess_shell`,
and argv lists whose program is a shell with `-c` or tmux with a
shell-command. A string literal that starts with a shell shebang is a
generated script; one holding a `[Service]` section is a generated unit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from auditor.hosts.mapped import EmbeddedShell, MappedText
from auditor.hosts.nested import SHELLS, shell_invocation, tmux_command
from auditor.profiles import AgentCatalog
from auditor.python.module import PythonModule
from auditor.python.strings import Resolver
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
_STATUS_ATTRIBUTES = {"returncode": "`{}.returncode`", "wait": "`{}.wait()`", "poll": "`{}.poll()`"}
_SHELL_SCRIPT_SHEBANG = tuple(f"/{shell}" for shell in SHELLS) + tuple(f" {s}" for s in SHELLS)


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    return next((a.value for a in call.args if a.keyword and a.keyword.value == name), None)


def _is_true(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


def _positional(call: cst.Call, index: int) -> cst.BaseExpression | None:
    values = [a.value for a in call.args if a.keyword is None and not a.star]
    return values[index] if index < len(values) else None


def _bound_name(module: PythonModule, node: cst.CSTNode) -> str | None:
    """The name a call's result is bound to (`r = run(…)`, `with Popen(…) as p`)."""
    parent = module.parent(node)
    if isinstance(parent, cst.Await):
        node, parent = parent, module.parent(parent)
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
        target = parent.targets[0].target
        return target.value if isinstance(target, cst.Name) else None
    if isinstance(parent, cst.AnnAssign) and isinstance(parent.target, cst.Name):
        return parent.target.value
    if isinstance(parent, cst.WithItem) and parent.asname is not None:
        target = parent.asname.name
        return target.value if isinstance(target, cst.Name) else None
    return None


def python_status_use(module: PythonModule, call: cst.Call, name: str) -> str | None:
    """Why the Python code reads the exit status of a command it runs, or None."""
    short = name.rsplit(".", 1)[-1]
    if short in ("check_call", "check_output"):
        return f"`{short}` raises on a non-zero status"
    if _is_true(_keyword(call, "check")):
        return "`check=True` raises on a non-zero status"
    if short == "getstatusoutput":
        return "`getstatusoutput` returns it"
    parent = module.parent(call)
    if isinstance(parent, cst.Attribute) and parent.attr.value in _STATUS_ATTRIBUTES:
        return f"the code reads {_STATUS_ATTRIBUTES[parent.attr.value].format('')}"
    bound = _bound_name(module, call)
    if bound is not None:
        reads = module.attribute_reads.get((module.scope_of(call), bound), set())
        for attribute, shown in _STATUS_ATTRIBUTES.items():
            if attribute in reads:
                return f"the code reads {shown.format(bound)}"
        if short in ("system", "call"):
            return f"`{short}` returns it and the code keeps it in `{bound}`"
        return None
    if short in ("system", "call") and not isinstance(parent, cst.Expr):
        return f"the code uses the value `{short}` returns"
    return None


def _argv_shell(
    words: Sequence[MappedText], catalog: AgentCatalog
) -> tuple[MappedText, ShellOptions, str, bool] | None:
    """Shell code in an argv list: (code, options, what holds it, is it tmux)."""
    texts = tuple(None if OPAQUE_WORD in w.text else w.text for w in words)
    start, _ = strip_wrappers(texts, catalog)
    if start >= len(texts) or texts[start] is None:
        return None
    program = (texts[start] or "").rsplit("/", 1)[-1]
    if program in SHELLS:
        found = shell_invocation(texts[start:])
        if found is not None:
            return words[start + found[0]], found[1], f"`{program} -c` argument", False
    if program == "tmux":
        index = tmux_command(texts[start:])
        if index is not None:
            return words[start + index], ShellOptions(), "tmux shell-command", True
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
        if name in SHELL_STRING or (name in SUBPROCESS and _is_true(_keyword(call, "shell"))):
            command = _positional(call, 0) or _keyword(call, "args") or _keyword(call, "cmd")
            code = resolver.text(command) if command is not None else None
            if code is not None and code.text.strip():
                short = name.rsplit(".", 1)[-1]
                where = (
                    f"`{short}(…, shell=True)` string" if name in SUBPROCESS else f"`{name}` string"
                )
                yield EmbeddedShell(code, ShellOptions(), use, where, PYTHON_PIPEFAIL_HINT)
            continue
        if name in ARGV_VARARGS:
            words = [resolver.text_or_opaque(a.value) for a in call.args if a.keyword is None]
        else:
            argv = _positional(call, 1 if name in ARGV_SECOND else 0) or _keyword(call, "args")
            found_words = resolver.words(argv) if argv is not None else None
            if found_words is None:
                continue
            words = found_words
        found = _argv_shell(words, catalog)
        if found is not None:
            code, options, where, tmux = found
            yield EmbeddedShell(code, options, None if tmux else use, where, ARGV_PIPEFAIL_HINT)


def _generated(module: PythonModule, resolver: Resolver) -> Iterator[EmbeddedShell]:
    for node in module.strings:
        text = resolver.text(node)
        if text is None:
            continue
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
