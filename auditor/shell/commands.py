"""Simple commands: their words, the wrappers in front, and the agent they run."""

from __future__ import annotations

import re
from typing import NamedTuple

from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog, AgentProfile, Wrapper
from auditor.shell.parse import Node
from auditor.shell.words import Env, evaluate, expand_argument, expanded_name, program_path

_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_SHIFT = re.compile(r"\bshift\b")  # a script's `shift`: it takes one of its arguments
# Builtins that print a message: what they are given, to the terminal or a file.
MESSAGE_COMMANDS = frozenset({"echo", "printf"})
# Builtins that only print or declare: their status is 0 whatever they are given (an
# `echo` to a closed pipe aside), and they do no work a failed run could skip.
NO_EFFECT_BUILTINS = frozenset(
    {"true", ":", *MESSAGE_COMMANDS, "local", "declare", "typeset", "export"}
)
# Builtins and everyday programs: a command named so is no function a sourced file defined.
COMMON_COMMANDS = frozenset(
    {
        *NO_EFFECT_BUILTINS,
        *("[", "[[", "test", "false", "exit", "return", "cd", "pwd", "read", "set", "shift"),
        *("unset", "wait", "kill", "trap", "sleep", "exec", "eval", "source", ".", "let"),
        *("break", "continue", "command", "builtin", "type", "hash", "bash", "sh", "tput"),
        *("rm", "cp", "mv", "mkdir", "rmdir", "ln", "touch", "chmod", "cat", "date", "ls"),
        *("grep", "egrep", "head", "tail", "sed", "awk", "sort", "uniq", "wc", "cut", "tr"),
        *("tee", "find", "xargs", "basename", "dirname", "mktemp", "env", "stat", "seq"),
        *("realpath", "readlink", "diff", "tar", "gzip", "jq", "git", "gh", "curl", "wget"),
        *("python", "python3", "node", "npm", "npx", "docker", "timeout", "ssh", "nohup"),
        *("uuidgen", "whoami", "hostname", "id", "uname", "which"),
    }
)


class WrapperUse(NamedTuple):
    """A wrapper in front of a command, with the words it took (`timeout -k 5 60`)."""

    name: str
    words: tuple[str | None, ...]
    joins: bool = False  # the command words after it are joined and run by a shell (`ssh`)
    # a command the script cannot see that is given an agent's headless run as its
    # arguments (`ns_run_subscription claude -p …`, a function of the user's profile): it
    # runs it, with exit codes of its own nobody here knows
    unseen: bool = False


SOURCE_COMMANDS = frozenset({"source", "."})  # the commands that read a file into the shell


class SimpleCommand(NamedTuple):
    """A simple command with its words statically expanded where possible."""

    node: Node
    argv: tuple[str | None, ...]
    # The word node each argv entry came from; None for words spread from an array.
    word_nodes: tuple[Node | None, ...]
    program_index: int  # index of the wrapped program in argv, after wrappers
    wrappers: tuple[WrapperUse, ...]
    agent: AgentProfile | None
    # The agent run by the string it runs as shell (`bash -c "…"`, `eval "$cmd"`), as named
    # there: the command passes that agent's status on.
    inner: str | None = None
    # An interactive session a person drives in the terminal (`AgentProfile.interactive`,
    # nothing feeding or taking its streams): its outcome is theirs to see, so no status
    # of it is the runner's to lose, and a loop that reopens it is no retry.
    interactive: bool = False
    # The wrappers it runs the agent under with the other values its words may hold
    # (`"${TIMEOUT_CMD[@]}" gemini`, the array empty on one path): its codes are theirs too.
    alternatives: tuple[tuple[WrapperUse, ...], ...] = ()

    @property
    def program(self) -> str | None:
        """The program the command runs after wrappers, as written (may be a path)."""
        if self.program_index >= len(self.argv):
            return None
        return self.argv[self.program_index]

    @property
    def name(self) -> str | None:
        """The basename of the program."""
        program = self.program
        return program.rsplit("/", 1)[-1] if program else None

    @property
    def label(self) -> str | None:
        """How messages name what it runs: the program, or the agent its string runs."""
        return self.inner or self.name

    @property
    def arguments(self) -> tuple[str | None, ...]:
        """The program's arguments, after wrappers."""
        return self.argv[self.program_index + 1 :]

    @property
    def literal_code(self) -> int | None:
        """The status it gives as a literal number (`exit 1`, `return 0`): its first
        argument after wrappers, when that is one."""
        words = self.arguments
        return bounded_int(words[0]) if words and words[0] is not None else None

    @property
    def status_code(self) -> int | None:
        """The status an `exit N` or `return N` gives, as a literal: N modulo 256, as bash
        keeps it (`exit 429` gives 173, `return 256` 0)."""
        code = self.literal_code
        return code % 256 if code is not None else None

    @property
    def command_name(self) -> str | None:
        """The first word as written (before wrappers are stripped)."""
        return self.argv[0] if self.argv else None

    @property
    def sourced_index(self) -> int | None:
        """Where in argv the file it reads into the shell is named, when it is `source
        FILE` or `. FILE` (also behind `builtin` or `command`, and after `--`); else None."""
        index = 1 if self.argv[:1] in (("builtin",), ("command",)) else 0
        if index >= len(self.argv) or self.argv[index] not in SOURCE_COMMANDS:
            return None
        index += 1 + (self.argv[index + 1 : index + 2] == ("--",))
        return index if index < len(self.word_nodes) else None

    @property
    def sourced_word(self) -> Node | None:
        """The word naming the file it reads into the shell (`sourced_index`), if any."""
        index = self.sourced_index
        return self.word_nodes[index] if index is not None else None


# `read`'s options that take a value: the next word is that value (`-d ''`, `-p "> "`)
_READ_VALUES = frozenset({"-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"})


def read_variables(command: SimpleCommand) -> list[str]:
    """The variables a `read` sets (`read -r a b`; `read -a words`; a word of unknown
    value, `-p "$PROMPT"`, keeps its place)."""
    found: list[str] = []
    words = command.argv[1:]
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if word == "-a" and following is not None:
            found.append(following)
        if word in _READ_VALUES:
            index += 2
            continue
        if word is not None and not word.startswith("-"):
            found.append(word)
        index += 1
    return found


def _skip_wrapper(wrapper: Wrapper, argv: tuple[str | None, ...], start: int) -> int | None:
    """Index of the wrapped command after `wrapper` at `start`, or None if not wrapping."""
    index = start + 1
    if wrapper.script_pattern is not None:
        script = argv[index + 1] if index + 1 < len(argv) else None
        if script is None or argv[index] not in wrapper.script_options:
            return None
        if wrapper.script_pattern.search(script) is None:
            return None  # a script of its own, not one that runs its arguments
        return index + 2 + len(_SHIFT.findall(script))
    if wrapper.module_flag:
        while index < len(argv) and (argv[index] or "").startswith("-"):
            if argv[index] == wrapper.module_flag:
                return index + 1
            index += 1
        return None
    if wrapper.subcommands:
        if index >= len(argv) or argv[index] not in wrapper.subcommands:
            return None
        index += 1
    if wrapper.name == "command" and any(word in ("-v", "-V") for word in argv[index : index + 2]):
        return None
    positional = wrapper.positional
    while index < len(argv):
        word = argv[index]
        if word == "--":
            return index + 1
        if word is not None and word.startswith("-") and len(word) > 1:
            takes_value = word.split("=", 1)[0] in wrapper.value_options and "=" not in word
            index += 2 if takes_value else 1
        elif word is not None and wrapper.assignments and _ASSIGNMENT.match(word):
            index += 1
        elif positional > 0:
            positional -= 1
            index += 1
        else:
            break
    return index


def strip_wrappers(
    argv: tuple[str | None, ...], catalog: AgentCatalog
) -> tuple[int, tuple[WrapperUse, ...]]:
    """The index of the real program in argv and the wrappers in front of it."""
    index = 0
    used: list[WrapperUse] = []
    while index < len(argv):
        word = argv[index]
        wrapper = catalog.wrapper_for(word) if word is not None else None
        after = _skip_wrapper(wrapper, argv, index) if wrapper is not None else None
        if wrapper is None or after is None:
            handed = _handed_run(argv, index, catalog)
            if handed is None:
                break
            # `python3 log_run.py run.log claude -p …`, also `… run.log timeout 60 claude …`
            used.append(WrapperUse(word or "", argv[index + 1 : handed], unseen=True))
            index = handed
            continue
        used.append(WrapperUse(wrapper.name, argv[index + 1 : after], wrapper.joins_words))
        if wrapper.joins_words:  # what follows is shell text, not a program
            return after, tuple(used)
        index = after
    return index, tuple(used)


# Interpreters whose script is given the rest of the command line (a logger or a pty
# relay run as `python3 relay.py LOG claude -p …`), and the files such a script is
_INTERPRETERS = re.compile(r"python[\d.]*|ruby")  # (`node` is a wrapper of its own)
_INTERPRETER_FLAG = re.compile(r"-[uBEsSOIq]+")  # flags that take no value
_HANDED_WITHIN = 3  # the words after the script the agent's program may be
_SCRIPT_FILE = re.compile(r".+\.(?:py|js|mjs|cjs|ts|rb)")


def _handed_run(argv: tuple[str | None, ...], index: int, catalog: AgentCatalog) -> int | None:
    """Where an agent's headless run starts among the arguments a script is given, run
    by its interpreter or as a program (`python3 relay.py run.log claude -p …`,
    `./relay.js claude -p …`: the script runs what follows, as a wrapper does, with
    codes of its own unknown here); None for any other command."""
    program = argv[index] or ""
    script = index
    if _INTERPRETERS.fullmatch(program.rsplit("/", 1)[-1]):
        script = index + 1
        while script < len(argv) and _INTERPRETER_FLAG.fullmatch(argv[script] or ""):
            script += 1  # `python3 -u relay.py …`
    if script >= len(argv) or not _SCRIPT_FILE.fullmatch(argv[script] or ""):
        return None
    # the command line the script is handed: among its first operands, not an option's
    # value (`report.py --agent claude -p 3` names an agent, it runs none)
    for at in range(script + 1, min(script + 1 + _HANDED_WITHIN, len(argv))):
        word, before = argv[at] or "-", argv[at - 1] or ""
        if word.startswith("-") or (at > script + 1 and before.startswith("-")):
            continue
        start = at + strip_wrappers(argv[at:], catalog)[0]  # (`timeout 60 claude …`)
        if headless_run(argv[start:], catalog) is not None:
            return at
    return None


def headless_run(words: tuple[str | None, ...], catalog: AgentCatalog) -> AgentProfile | None:
    """The agent `words` run headless (its program first, then a headless word among its
    arguments: `claude -p …`, `codex exec …`); None for anything else."""
    program = words[0] if words else None
    agent = catalog.agent_run(program, words[1:]) if program is not None else None
    return agent if agent is not None and agent.headless & {w for w in words[1:] if w} else None


def command_words(node: Node, env: Env) -> tuple[tuple[str | None, ...], tuple[Node | None, ...]]:
    """The expanded words of a `command` node (name then arguments) and their nodes."""
    words: list[str | None] = []
    nodes: list[Node | None] = []
    children: list[Node] = []
    name = node.child_by_field_name("name")
    if name is not None:
        children.append(name.named_children[0] if name.named_children else name)
    children.extend(
        child
        for index, child in enumerate(node.children)
        if node.field_name_for_child(index) == "argument"
    )
    for child in children:
        expanded = [evaluate(child, env)] if child.type == "word" else expand_argument(child, env)
        words.extend(expanded)
        nodes.extend([child] if len(expanded) == 1 else [None] * len(expanded))
    return tuple(words), tuple(nodes)


def _named_wrappers(
    argv: tuple[str | None, ...], nodes: tuple[Node | None, ...], catalog: AgentCatalog
) -> tuple[str | None, ...]:
    """The words, with the leading ones runaudit cannot know read as the wrappers their
    variables' names say they hold (`$timeout_cmd 600 claude …`: `timeout`)."""
    words = list(argv)
    for index, word in enumerate(argv):
        node = nodes[index] if index < len(nodes) else None
        name = expanded_name(node) if word is None and node is not None else None
        wrapper = catalog.named_wrapper(name) if name is not None else None
        if wrapper is None:
            break
        words[index] = wrapper
    return tuple(words)


def _assignments_known(
    argv: tuple[str | None, ...], nodes: tuple[Node | None, ...]
) -> tuple[str | None, ...]:
    """The words, with those written as an assignment whose value runaudit cannot know
    (`env "SOUL=${NAME}" claude …`) read as one (`SOUL=`): a wrapper that skips
    assignments still finds the program after them."""
    words = list(argv)
    for index, word in enumerate(argv):
        node = nodes[index] if index < len(nodes) else None
        if word is None and node is not None:
            written = _ASSIGNMENT_WORD.match((node.text or b"").decode("utf-8", "replace"))
            words[index] = f"{written.group(1)}=" if written else None
    return tuple(words)


_ASSIGNMENT_WORD = re.compile(r"""^["']?([A-Za-z_]\w*)=""")


def analyse_command(node: Node, env: Env, catalog: AgentCatalog) -> SimpleCommand:
    """A `command` node as a `SimpleCommand`."""
    argv, nodes = command_words(node, env)
    argv = _named_wrappers(argv, nodes, catalog)
    index, wrappers = strip_wrappers(_assignments_known(argv, nodes), catalog)
    written = nodes[index] if index < len(nodes) else None
    if written is not None and argv[index] is None:  # `"$HOME/.local/bin/claude"`: claude
        path = program_path(written, env)
        if path is None and (name := expanded_name(written)) is not None:
            path = catalog.named_program(name)  # `"$CLAUDE_BIN"` set outside the script
        argv = argv if path is None else (*argv[:index], path, *argv[index + 1 :])
    program = argv[index] if index < len(argv) else None
    agent = catalog.agent_run(program, argv[index + 1 :]) if program else None
    # a double-quoted expansion is one word, a prompt (`"$PROMPT"`), never a headless option
    # a value known only at run time might hold; but `"$@"` and `"${args[@]}"` are as many
    # words as they hold, any of them an option
    arguments = [
        ""
        if word is None
        and written_node is not None
        and written_node.type == "string"
        and not _words_of_list(written_node)
        else word
        for word, written_node in zip(argv[index + 1 :], nodes[index + 1 :], strict=True)
    ]
    interactive = agent is not None and agent.interactive(arguments)
    interactive = interactive and terminal_session(node)
    return SimpleCommand(node, argv, nodes, index, wrappers, agent, interactive=interactive)


def _words_of_list(node: Node) -> bool:
    """Whether a double-quoted word expands a list to its items (`"$@"`, `"${args[@]}"`)."""
    text = node.text.decode("utf-8", "replace") if node.text else ""
    return "$@" in text or "${@" in text or "[@]" in text


# Where a command's standard streams go elsewhere than the terminal it was started from.
_ELSEWHERE = frozenset(
    {"pipeline", "redirected_statement", "command_substitution", "process_substitution"}
)


def terminal_session(node: Node) -> bool:
    """Whether the command runs with the terminal as its input and output: no pipeline,
    redirection, capture or `&` around it (`claude < PROMPT.md`, `claude | tee log`,
    `out=$(codex …)`, `while read l; do …; done < list`, `claude &` all give it
    something else)."""
    current: Node | None = node
    while current is not None and current.type != "function_definition":
        following = current.next_sibling
        if current.type in _ELSEWHERE or (following is not None and following.type == "&"):
            return False
        current = current.parent
    return True
