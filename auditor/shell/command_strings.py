"""Commands that run a string as shell: `eval WORDS`, `bash [options] -c STRING`, util-linux
`script -c STRING`, and the words after a wrapper that joins them for a shell (`ssh HOST
WORDS`, on the remote host).

A command kept in a plain string (`cmd="claude -p …"`) runs when such a
command is given it, spliced into a larger string or not (`bash -c "cd w &&
$cmd"`, `eval "$cmd"`): when the string's last statement runs an agent and
passes its status on, the outer command is that agent's run, for every rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from auditor.profiles import AgentProfile
from auditor.shell.commands import SimpleCommand
from auditor.shell.options import SHELLS as SHELLS  # (re-exported: the shells that read `-c`)
from auditor.shell.options import ShellOptions, apply_set
from auditor.shell.parse import Node
from auditor.shell.status import is_last_statement
from auditor.shell.words import Env, evaluate, kept

# An unknown part of a word, in a command string: a variable the string's own run has no
# value for, so its words there are unknown as they are here (`eval "aider $ARGS"` may
# be given `--message`: not a person's session).
_UNKNOWN = "${__runaudit_unknown}"
# A command of the string, the agent it runs, and the statement whose status is its
# with whether that is the command's own (not a masked pipeline stage).
StatusKept = Callable[[Node], tuple[Node, bool]]


def shell_invocation(argv: tuple[str | None, ...]) -> tuple[int, ShellOptions] | None:
    """For `bash [options] -c STRING …`: the index of STRING and the options set."""
    flags: list[str | None] = []
    index = 1
    seen_c = False
    while index < len(argv):
        word = argv[index]
        if word is None or word == "--" or word[:1] not in ("-", "+") or len(word) < 2:
            break
        if word.startswith("--"):  # --noprofile, --norc, --login
            index += 1
            continue
        letters = word[1:]
        seen_c = seen_c or "c" in letters
        cleaned = word[0] + letters.replace("c", "")
        flags.append(cleaned)
        if "o" in letters and index + 1 < len(argv):
            flags.append(argv[index + 1])
            index += 1
        index += 1
    if not seen_c or index >= len(argv):
        return None
    return index, apply_set(ShellOptions(), [f for f in flags if f not in ("-", "+")])


def script_invocation(argv: tuple[str | None, ...]) -> tuple[int, bool] | None:
    """For util-linux's `script [options] [FILE]` with `-c STRING` (or `--command`),
    which runs STRING in a shell on a new terminal: the index of STRING, and whether
    `-e` (`--return`) makes `script` exit with its status (else it exits with its own)."""
    at = next((i + 1 for i, w in enumerate(argv[1:-1], start=1) if w == "--command" or _c(w)), None)
    if at is None:
        return None
    options = [word for index, word in enumerate(argv[1:], start=1) if index != at]
    return at, any(w == "--return" or (_letters(w) and "e" in (w or "")) for w in options)


def _letters(word: str | None) -> bool:
    """Whether a word is a group of `script`'s one-letter options that take no value."""
    return word is not None and len(word) > 1 and word[0] == "-" and set(word[1:]) <= set("aefqc")


def _c(word: str | None) -> bool:
    """Whether a word is such a group ending in `-c`: the next word is the command."""
    return _letters(word) and (word or "").endswith("c")


def script_own_status(command: SimpleCommand) -> bool:
    """Whether a command is util-linux `script` running a string without `-e`
    (`--return`): it exits with its own status, 0, whatever the string's run returns."""
    if command.name != "script":
        return False
    found = script_invocation(command.argv[command.program_index :])
    return found is not None and not found[1]


def command_string(command: SimpleCommand, env: Env) -> str | None:
    """The shell text a command runs as a string: the words of `eval` joined, or the
    STRING of `bash -c STRING`; an unknown part of a word is spelled as a variable of
    unknown value (`cd "$DIR" && $CMD` is still `cd` then the command CMD holds), an
    unknown whole word is unknown."""
    if command.name == "eval":
        start = command.program_index + 1
    elif command.name in SHELLS:
        found = shell_invocation(command.argv[command.program_index :])
        if found is None:
            return None
        start = command.program_index + found[0]
    elif command.name == "script":  # `script -q /dev/null -c STRING`: util-linux's
        invoked = script_invocation(command.argv[command.program_index :])
        if invoked is None:
            return None
        start = command.program_index + invoked[0]
    elif command.wrappers and command.wrappers[-1].joins:  # `ssh host "cd w && claude …"`
        if command.program_index >= len(command.argv):
            return None  # `ssh -t host`: a login, no command
        start = command.program_index
    else:
        return None
    words = []
    for word, node in zip(command.argv[start:], command.word_nodes[start:], strict=True):
        text = evaluate(node, env, _UNKNOWN) if word is None and node is not None else word
        if text is None:
            return None
        words.append(text)
        if command.name != "eval" and not (command.wrappers and command.wrappers[-1].joins):
            break  # the STRING alone; the words after it are its `$0`, `$1`, …
    return (" ".join(words) if len(words) < 2 else kept(" ".join(words))) or None


def passed_agent(
    agents: Sequence[tuple[Node, AgentProfile]], status_kept: StatusKept
) -> AgentProfile | None:
    """The agent whose status a string's run returns: one its last statement runs as the
    last command of an `&&`/`||` chain (`cd w && claude -p …`), not masked in a pipeline."""
    for node, profile in agents:
        statement, kept = status_kept(node)
        while kept and statement.parent is not None and is_last_statement(statement):
            parent = statement.parent
            if parent.type == "program":
                return profile
            if parent.type not in ("list", "redirected_statement"):
                break
            statement = parent
    return None
