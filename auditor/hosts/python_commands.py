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
from typing import cast

from auditor.hosts.mapped import EmbeddedShell, MappedText
from auditor.hosts.python_fixes import PythonFixes
from auditor.profiles import AgentCatalog
from auditor.python.model.callees import (
    PASSING,
    instance_status,
    local_status,
    method_value_used,
)
from auditor.python.model.expr_values import is_true, keyword_argument, positional_argument
from auditor.python.model.module import PythonModule
from auditor.python.model.name_index import name_index
from auditor.python.model.strings import Resolver
from auditor.python.model.templates import format_templates, is_format_template, unescape_braces
from auditor.python.runner.effect_checks import effect_checked, reads_file, statements_after
from auditor.python.runner.held_values import taken_out
from auditor.python.runner.output_uses import OutputUses
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.commands import strip_wrappers
from auditor.shell.options import ShellOptions, shebang_options, shell_shebang
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
# Shell-string hosts that take `executable=` (the others always run `/bin/sh`).
_TAKES_EXECUTABLE = SUBPROCESS | {
    "asyncio.create_subprocess_shell",
    "asyncio.subprocess.create_subprocess_shell",
}
_STATUS_ATTRIBUTES = {"returncode": "`{}.returncode`", "wait": "`{}.wait()`", "poll": "`{}.poll()`"}
_OUTPUT_STREAMS = frozenset({"stdout", "stderr", "output"})  # what a finished run printed

# The module reads a tmux pane's output back (`["tmux", "capture-pane", "-p", "-t", s]`):
# it judges the runs it starts in tmux by their output, as a shell script that does.
# An f-string's output redirect to a file a variable names: `> {out}`, `>> "{log}"`
_REDIRECTED = re.compile(r"""(?<![0-9&])>>?\s*["']?\{([A-Za-z_]\w*)\}""")
_PANE_READ = re.compile(r"""(?:["']|\btmux\s+)(?:capture-pane|capturep|pipe-pane|pipep)\b""")


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
        if any(attribute in reads for attribute in _STATUS_ATTRIBUTES):
            read = _status_read(module, call, bound)
            if read is not None:
                return f"the code reads {read}"
        if short in ("system", "call"):
            return f"`{short}` returns it and the code keeps it in `{bound}`"
        assignment = module.parent(call)
        if isinstance(assignment, ast.Assign) and local_status(module, assignment) == "passed":
            return f"the code passes `{bound}` on, to code that may read its status"
        return None
    if isinstance(parent, ast.Await):
        parent = module.parent(parent)
    if isinstance(parent, ast.Expr) and effect_checked(module, parent, call):
        return "the code checks what the run was to do right after it"
    if short in ("system", "call") and not isinstance(parent, ast.Expr):
        return f"the code uses the value `{short}` returns"
    held = taken_out(module, name_index(module), call) if isinstance(parent, ast.Call) else None
    if held is not None:  # `procs.append(Popen(…))`, then `for p in procs: p.wait()`
        read = _reads_status(module, held, "process")
        return f"the code reads {read}" if read is not None else None
    target = parent.targets[0] if isinstance(parent, ast.Assign) else None
    kept = instance_status(module, target) if target is not None else None
    if kept == "read":
        return f"the code reads the status of `self.{getattr(target, 'attr', '')}`"
    passed = kept == "passed" or (kept is None and isinstance(parent, PASSING))
    if passed and short != "getoutput":  # `return Popen(…)`, `run_all(Popen(…))`
        return "the code passes the process on, to code that may read its status"
    return None


def _status_read(module: PythonModule, call: ast.Call, bound: str) -> str | None:
    """How the code reads the status of what `bound` holds: `p.returncode`, or the value
    of `p.wait()` or `p.poll()` (one whose value is dropped waits, and reads nothing),
    also where a loop takes it back out of a local list it is put in
    (`auditor.python.runner.held_values`); None when nothing does."""
    index = name_index(module)
    scope = module.scope_of(call)
    reads: list[ast.AST] = []
    for read in index.reads.get((scope, bound), []):
        reads += taken_out(module, index, read) or [read]
    return _reads_status(module, reads, bound)


def _reads_status(module: PythonModule, reads: list[ast.AST], bound: str) -> str | None:
    """Which of `reads` of a process reads its status (`_status_read`), as written."""
    for read in reads:
        attribute = module.parent(read)
        if not isinstance(attribute, ast.Attribute) or attribute.attr not in _STATUS_ATTRIBUTES:
            continue
        name = read.id if isinstance(read, ast.Name) else bound
        if attribute.attr == "returncode" or method_value_used(module, attribute):
            return _STATUS_ATTRIBUTES[attribute.attr].format(name)
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
        from auditor.hosts.nested import tmux_command  # (the shell model: a tmux run only)

        index = tmux_command(texts[start:])
        if index is not None:
            return words[start + index], ShellOptions(), "tmux shell-command", True, ()
    return None


def _call_shells(
    module: PythonModule, resolver: Resolver, catalog: AgentCatalog
) -> Iterator[EmbeddedShell]:
    fixes = PythonFixes(module, resolver)
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
                positional_argument(call, 0)
                or keyword_argument(call, "args")
                or keyword_argument(call, "cmd")
            )
            codes = resolver.shell_texts(command) if command is not None else []
            for code in (code for code in codes if code.text.strip()):
                short = name.rsplit(".", 1)[-1]
                where = (
                    f"`{short}(…, shell=True)` string" if name in SUBPROCESS else f"`{name}` string"
                )
                takes = name in _TAKES_EXECUTABLE
                hint, fix = fixes.shell_string(call, command, takes_executable=takes)
                place = module.span(call)
                read = _output_file_read(module, call) or _output_examined(module, call)
                yield EmbeddedShell(
                    code, ShellOptions(), use, where, hint, fix, output_read=read, host_call=place
                )
            continue
        if name in ARGV_VARARGS:
            argvs = resolver.choices.each(functools.partial(resolver.spread_words, call))
        else:
            argv = positional_argument(call, 1 if name in ARGV_SECOND else 0) or keyword_argument(
                call, "args"
            )
            argvs = resolver.argvs(argv) if argv is not None else []
        for words in argvs:
            found = _argv_shell(words, catalog)
            if found is None:
                continue
            code, options, where, tmux, shell_argv = found
            hint, fix = fixes.argv(call if name in ARGV_VARARGS else None, shell_argv)
            pane = tmux and bool(_PANE_READ.search(module.source.text))
            read = pane or (not tmux and _output_examined(module, call))
            yield EmbeddedShell(
                code, options, None if tmux else use, where, hint, fix, output_read=read
            )


def _output_examined(module: PythonModule, call: ast.Call) -> bool:
    """Whether the code examines the output of the command a call runs (`out = r.stdout`,
    `if "403" in r.stdout`): it judges the run by what it printed. Output only shown,
    logged or relayed (`print(r.stdout)`) is not examined
    (`auditor.python.runner.output_uses`)."""
    bound = _bound_name(module, call)
    if bound is None:
        return False
    uses = OutputUses(module, name_index(module))
    for read in name_index(module).reads.get((module.scope_of(call), bound), []):
        stream = module.parent(read)
        output = isinstance(stream, ast.Attribute) and stream.attr in _OUTPUT_STREAMS
        if output and uses.examined(cast(ast.Attribute, stream)):
            return True
    return False


def _output_file_read(module: PythonModule, call: ast.Call) -> bool:
    """Whether the function around a shell-string call sends the string's output to a file
    named by a variable (`f"claude -p … > {out}"`) that what runs after the call reads
    (`out.read_text()`, `open(out)`): it judges the run by what the run wrote there."""
    scope = module.scope_of(call)
    start, end = module.span(scope) if scope is not module.tree else (0, len(module.source.text))
    names = set(_REDIRECTED.findall(module.source.text[start:end]))
    return bool(names) and reads_file(statements_after(module, call), names)


def _generated(module: PythonModule, resolver: Resolver) -> Iterator[EmbeddedShell]:
    """Scripts and systemd units the module writes out: strings whose value starts with
    a shebang or holds a `[Service]` section (a module whose text has neither writes
    none: each string's value is not worth building)."""
    source = module.source.text
    if "#!" not in source and "[Service]" not in source:
        return
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
        if shell_shebang(first_line):
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
