"""Files a script writes: the words that name them, and the shell text a script writes to a
file it then runs.

A runner may write a small script and run it (`printf '…exec claude -p …' > "$runner";
setsid "$runner" &`, `cat > run.sh <<EOF … EOF; bash run.sh`): the text written is the
shell that run executes, read as a command string is (`command_strings`). Files are
compared by the spelling of their words (`normal_word`), as everywhere else.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from auditor.shell.commands import SimpleCommand
from auditor.shell.options import SHELLS
from auditor.shell.parse import Node

WRITES = frozenset({">", ">>", "&>", "&>>", ">|"})  # redirect operators that write a file
_NOT_FILES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"})
_BRACED = re.compile(r"\$\{([A-Za-z_]\w*)\}")
# a part of the written text whose value the writer does not know: a variable the run of
# the file has no value for either
_UNKNOWN = "${__runaudit_unknown}"
_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}
_ESCAPE = re.compile(r"\\(.)")
_DIRECTIVE = re.compile(r"%(%|[-+ #0-9.]*[sdbqi])")
_ECHO_FLAGS = frozenset({"-n", "-e", "-E", "-ne", "-en"})


def text_of(node: Node) -> str:
    """A node's source text."""
    return (node.text or b"").decode("utf-8", errors="replace")


def normal_word(word: str) -> str:
    """A file word compared by spelling: `"${log}"` and `$log` are the same file."""
    return _BRACED.sub(r"$\1", word.replace('"', "").replace("'", ""))


def written_file(redirect: Node) -> str | None:
    """The file an output redirect (`> f`, `>> f`, `&> f`, `2> f`) writes, if a real one."""
    operator = next((c for c in redirect.children if not c.is_named), None)
    target = redirect.child_by_field_name("destination")
    if operator is None or operator.type not in WRITES or target is None:
        return None
    word = normal_word(text_of(target))
    return word if word and word not in _NOT_FILES else None


class WrittenText(NamedTuple):
    """The text a command writes to a file, and whether it appends it (`>>`)."""

    file: str
    text: str
    appends: bool


def written_script(command: SimpleCommand, statement: Node) -> WrittenText | None:
    """What `printf FORMAT ARGS > f`, `echo WORDS > f` or `cat > f <<EOF` writes to `f`,
    when `statement` (the redirected statement holding `command`) sends its standard
    output to one file; None for any other command."""
    if statement.type != "redirected_statement" or command.wrappers:
        return None
    redirects = [c for c in statement.named_children if c.type == "file_redirect"]
    targets = [(r, f) for r in redirects if (f := written_file(r)) is not None]
    if len(targets) != 1 or targets[0][0].child_by_field_name("descriptor") is not None:
        return None
    redirect, file = targets[0]
    operator = next((c for c in redirect.children if not c.is_named), None)
    appends = operator is not None and operator.type in (">>", "&>>")
    operands = command.argv[command.program_index + 1 :]
    text: str | None = None
    if command.name == "printf" and operands and operands[0] is not None:
        text = _printf(operands[0], operands[1:])
    elif command.name == "echo":
        flags = [w for w in operands if w in _ECHO_FLAGS]
        words = [_UNKNOWN if w is None else w for w in operands[len(flags) :]]
        escapes = any("e" in f for f in flags)
        text = _unescape(" ".join(words)) if escapes else " ".join(words)
    elif command.name == "cat" and not operands:
        bodies = [
            body
            for heredoc in statement.named_children
            if heredoc.type == "heredoc_redirect"
            for body in heredoc.named_children
            if body.type == "heredoc_body"
        ]
        text = text_of(bodies[0]) if len(bodies) == 1 else None
    return WrittenText(file, text, appends) if text else None


def run_file(command: SimpleCommand) -> str | None:
    """The file word a command runs as a script: its program (`"$runner"`, `./run.sh`),
    or the script a shell is given to run (`bash run.sh`, not `bash -c …`)."""
    words = command.word_nodes[command.program_index :]
    node = words[0] if words else None
    if command.name in SHELLS:
        operands = list(zip(command.argv[command.program_index + 1 :], words[1:], strict=True))
        if not operands or (operands[0][0] or "").startswith("-"):
            return None
        node = operands[0][1]
    return normal_word(text_of(node)) if node is not None else None


def _printf(format_: str, arguments: tuple[str | None, ...]) -> str:
    """The text `printf FORMAT ARGUMENTS` writes (once through the format)."""
    given = iter(arguments)

    def directive(match: re.Match[str]) -> str:
        if match.group(1) == "%":
            return "%"
        value = next(given, "")
        return _UNKNOWN if value is None else value

    return _DIRECTIVE.sub(directive, _unescape(format_))


def _unescape(text: str) -> str:
    """The backslash escapes of `printf`'s format and `echo -e` read (`\\n`, `\\t`)."""
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), text)
