"""Shell inside shell: `bash -c STRING` and tmux shell-commands, as deep as they go."""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from auditor.hosts.mapped import EmbeddedShell
from auditor.hosts.shell_words import heredoc_text, word_text
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions, shebang_options, shell_shebang
from auditor.shell.parse import Node
from auditor.shell.status import status_use
from auditor.shell.words import expanded_name

# tmux commands that take a shell-command, with their options that take a value.
TMUX_COMMANDS = {
    "new-session": "cefFnstxy",
    "new": "cefFnstxy",
    "new-window": "cenFt",
    "neww": "cenFt",
    "split-window": "celFpt",
    "splitw": "celFpt",
    "respawn-pane": "cet",
    "respawnp": "cet",
    "respawn-window": "cet",
    "respawnw": "cet",
}
# `tmux send-keys`: its keys are typed into the pane's shell, a command line then Enter.
_SEND_KEYS = frozenset({"send-keys", "send"})
_SEND_KEYS_VALUES = "Nct"
_ENTER_KEYS = frozenset({"Enter", "C-m", "KPEnter", "C-j"})
_TMUX_GLOBAL_VALUES = "LSfT"
_PANE_READERS = frozenset({"capture-pane", "capturep", "pipe-pane", "pipep"})
_MAX_HELD = 8  # values of a variable read as the code it holds
_WRITTEN_END = "it is the last command of the written script"
_TYPED_END = "it is the last command of the line typed into the pane, whose shell keeps its status"


def _tmux_subcommand(argv: tuple[str | None, ...]) -> int:
    """For `tmux [global options] SUBCOMMAND …`: the index of SUBCOMMAND."""
    index = 1
    while index < len(argv) and (argv[index] or "").startswith("-"):
        word = argv[index] or ""
        index += 2 if word[-1:] in _TMUX_GLOBAL_VALUES and len(word) == 2 else 1
    return index


def tmux_command(argv: tuple[str | None, ...]) -> int | None:
    """For `tmux [global options] new-session … CMD`: the index of the shell-command;
    for `tmux send-keys -t PANE "CMD" Enter`, of the command line it types."""
    index = _tmux_subcommand(argv)
    if index < len(argv) and argv[index] in _SEND_KEYS:
        return _typed_line(argv, index + 1)
    if index >= len(argv) or argv[index] not in TMUX_COMMANDS:
        return None
    takes_value = TMUX_COMMANDS[argv[index] or ""]
    index += 1
    while index < len(argv) and (argv[index] or "").startswith("-"):
        word = argv[index] or ""
        if word == "--":
            index += 1
            break
        index += 2 if word[-1] in takes_value else 1
    return index if index == len(argv) - 1 else None


def _typed_line(argv: tuple[str | None, ...], index: int) -> int | None:
    """The index of the one command line `send-keys` types and enters (its options from
    `index` on, then the line, then Enter); None for other keys (`C-c`, several lines)."""
    while index < len(argv) and (argv[index] or "").startswith("-"):
        index += 2 if (argv[index] or "")[-1] in _SEND_KEYS_VALUES else 1
    keys = argv[index:]
    return index if len(keys) == 2 and keys[1] in _ENTER_KEYS else None


def _tmux_session(argv: tuple[str | None, ...], flags: str) -> str | None:
    """The session a tmux command names with one of `flags` (`-s NAME`, `-t NAME:1.0`)."""
    for index, word in enumerate(argv[:-1]):
        if word is not None and len(word) == 2 and word[0] == "-" and word[1] in flags:
            value = argv[index + 1]
            return value.split(":", 1)[0].split(".", 1)[0] if value else None
    return None


def _pane_read(script: ShellScript, launch: SimpleCommand) -> bool:
    """Whether the script reads the output of the pane a tmux command starts, after it
    (`tmux capture-pane -t SESSION`, `pipe-pane`): it judges the run by that output."""
    base = launch.argv[launch.program_index :]
    session = _tmux_session(base[: tmux_command(base)], "st")
    for command in script.commands:
        argv = command.argv[command.program_index :]
        if command.name != "tmux" or command.node.start_byte < launch.node.end_byte:
            continue
        index = _tmux_subcommand(argv)
        if index < len(argv) and argv[index] in _PANE_READERS:
            target = _tmux_session(argv[index:], "t")
            if session is None or target is None or session == target:
                return True
    return False


def embedded_in(command: SimpleCommand) -> tuple[int, ShellOptions, str] | None:
    """Where a command holds shell code: argv index, options, and what holds it."""
    name = command.name
    base = command.argv[command.program_index :]
    if name in SHELLS:
        found = shell_invocation(base)
        if found is not None:
            return command.program_index + found[0], found[1], f"`{name} -c` string"
    if name == "tmux":
        index = tmux_command(base)
        if index is not None:
            return command.program_index + index, ShellOptions(), "tmux shell-command"
    return None


def _string_values(script: ShellScript) -> dict[str, list[Node]]:
    """Each variable's string values as the script writes them (`NAME="…"`), in order."""
    found: dict[str, list[Node]] = {}
    for node in script.parsed.nodes():
        target = node.child_by_field_name("name") if node.type == "variable_assignment" else None
        value = node.child_by_field_name("value") if target is not None else None
        if (
            target is not None
            and value is not None
            and value.type in ("string", "raw_string")
            and len(script.parsed.node_text(value)) > 2  # `AGENT_CMD=""` holds no code
        ):
            found.setdefault(script.parsed.node_text(target), []).append(value)
    return found


def _held_strings(script: ShellScript, word: Node, values: dict[str, list[Node]]) -> list[Node]:
    """The strings a shell-command word that is one variable (`"$AGENT_CMD"`) may hold:
    the values written to it before the word, each where it is written (one in each arm of
    a `case`); none for any other word."""
    name = expanded_name(word)
    written = values.get(name, []) if name is not None else []
    end = bisect.bisect_left(written, word.start_byte, key=lambda value: value.start_byte)
    return written[max(end - _MAX_HELD, 0) : end]


def written_scripts(script: ShellScript) -> Iterator[EmbeddedShell]:
    """The scripts `script` writes out from here-documents (`cat > run.sh <<EOF`, `tee
    run.sh <<EOF`) whose first line is a shell's shebang, in unit offsets: an unquoted
    delimiter's body as it is written, with the values the variables have there."""
    for node in script.parsed.nodes():
        if node.type != "heredoc_redirect" or not _writes_file(node, script):
            continue
        start = next((c for c in node.children if c.type == "heredoc_start"), None)
        body = next((c for c in node.children if c.type == "heredoc_body"), None)
        if start is None or body is None:
            continue
        tabs = any(c.type == "<<-" for c in node.children)
        first = script.parsed.node_text(body).split("\n", 1)[0]
        if not shell_shebang(first.lstrip("\t") if tabs else first):
            continue
        delimiter = script.parsed.node_text(start)
        expands = not any(quote in delimiter for quote in "'\"\\")
        env = script.written_env.get(body.id, script.env)
        code = heredoc_text(body, script.parsed, env, expands=expands, tabs=tabs)
        where = "here-document's script"
        options = shebang_options(code.text.split("\n", 1)[0])
        # the output of a `$(…)` is written in its place: lines of code the writer makes
        templated = expands and any(c.type == "command_substitution" for c in body.children)
        yield EmbeddedShell(code, options, _WRITTEN_END, where, templated=templated)


def _writes_file(redirect: Node, script: ShellScript) -> bool:
    """Whether a here-document goes to a file: the input of `cat` whose output goes to
    one (`cat > run.sh <<EOF`), or of `tee` given one (`tee run.sh <<EOF`)."""
    statement = redirect.parent
    body = statement.child_by_field_name("body") if statement is not None else None
    command = script.command_at(body) if body is not None else None
    if statement is None or command is None:
        return False
    if command.command_name == "tee":
        return any(word and not word.startswith("-") for word in command.argv[1:])
    written = any(
        child.type == "file_redirect" and any(c.type in (">", ">>", ">|") for c in child.children)
        for child in statement.children
    )
    return command.command_name == "cat" and written


def nested_shells(script: ShellScript) -> Iterator[EmbeddedShell]:
    """Shell code held in the words of `script`'s commands, in unit offsets; code kept in
    a variable the word expands is read where each of its values is written."""
    values: dict[str, list[Node]] | None = None  # read once, when a command needs it
    taken: set[int] = set()  # the values read already: each is read once, for its first host
    for command in script.commands:
        found = embedded_in(command)
        if found is None:
            continue
        index, options, where = found
        node = command.word_nodes[index] if index < len(command.word_nodes) else None
        if node is None:
            continue
        values = _string_values(script) if values is None else values
        held = _held_strings(script, node, values)
        host = script.parsed.span(command.node) if held else None
        codes = [word_text(v, script.parsed, script.env) for v in held if v.id not in taken]
        taken.update(v.id for v in held)
        if not held:
            codes = [word_text(node, script.parsed, script.env)]
        if where == "tmux shell-command":
            read = _pane_read(script, command)
            # a pane's shell-command ends the pane, and its status with it; a line typed
            # into a pane's shell (`send-keys … Enter`) leaves its status there, as `$?`
            base = command.argv[command.program_index :]
            kept = _TYPED_END if base[_tmux_subcommand(base)] in _SEND_KEYS else None
            for code in codes:
                yield EmbeddedShell(code, options, kept, where, output_read=read, host_call=host)
            continue
        end_use = None
        outer = status_use(command.node, script.options_at(command.node), script)
        if outer is not None:
            end_use = f"the {where} passes its status on, and {outer.reason}"
        elif command.inner is not None:  # the host's own run of the agent: its finding
            end_use = f"the {where} passes its status on"
        for code in codes:
            yield EmbeddedShell(code, options, end_use, where, host_call=host)
