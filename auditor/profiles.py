"""Agent profiles and wrapper commands, read once from `rules/data/agents.toml`.

The data file is the built-in catalogue; `[tool.runaudit.agents.NAME]` tables
in config add profiles or override one (commands, exit codes).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from auditor.unit import OPAQUE_WORD
from rules import builtin_data

# The default of every code table: read-only by its type, and (unlike a mapping proxy)
# picklable for worker processes.
NO_CODES: Mapping[int, str] = {}
NO_SUBCOMMANDS: Mapping[str, frozenset[str]] = {}


_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?$")
# The words of an identifier (`CLAUDE_BIN`, `claude_path`, `codexCommand`), and the last
# words that name a program's path or command (`named_program`).
_IDENTIFIER_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
_PROGRAM_WORDS = frozenset(
    {"path", "bin", "binary", "cmd", "command", "exe", "executable", "cli", "program"}
)
_PROGRAM_ENDINGS = tuple(_PROGRAM_WORDS)
# wrappers whose names are words too common in a variable's name to say it holds them
_LOOSE_WRAPPERS = frozenset({"command", "exec", "env", "time"})


class SessionWords(NamedTuple):
    """The subcommands that decide whether a run of an agent's CLI starts a session."""

    without: frozenset[str] = frozenset()  # they start none (`opencode serve`)
    only: frozenset[str] = frozenset()  # the only ones that start one (`openclaw agent`)

    def starts_none(self, arguments: Sequence[str | None]) -> bool:
        """Whether a run with these arguments (None: a word not known) starts no session:
        its first word a subcommand that starts none, or, where only some subcommands
        start one, another subcommand first after the global options (`openclaw --profile
        work agent …` starts one, `openclaw gateway` none; each option is taken to hold
        the next word unless that word is such a subcommand)."""
        if arguments and arguments[0] in self.without:
            return True
        if not self.only:
            return False
        index = 0
        while index < len(arguments):
            word = arguments[index]
            if word is None or word in self.only:
                return False  # (a word not known may be the subcommand)
            if not word.startswith("-"):
                return True
            following = arguments[index + 1] if index + 1 < len(arguments) else None
            holds = (
                "=" not in word
                and following is not None
                and following not in self.only
                and not following.startswith("-")
            )
            index += 2 if holds else 1
        return False  # no subcommand known: the words may go on with one


class AgentProfile(NamedTuple):
    """An agent CLI: the command names that run it and the exit codes it uses."""

    name: str
    commands: frozenset[str]
    exit_codes: Mapping[int, str] = NO_CODES
    sessions: SessionWords = SessionWords()
    # Words (options or subcommands) that make a run headless (`-p`, `exec`); a profile
    # that has some starts an interactive session, driven by a person, without them.
    headless: frozenset[str] = frozenset()
    # Options that let a run change nothing, each as its words (`--chat-mode ask`): it
    # reads and answers, so running it again repeats no side effect.
    read_only: tuple[tuple[str, ...], ...] = ()
    # A failed run prints its error as its answer (on stdout): an empty answer is not the
    # only failure, so testing the output for emptiness does not judge the run.
    answers_errors: bool = False

    def reads_only(self, arguments: Sequence[str | None]) -> bool:
        """Whether `arguments` run the agent in one of its read-only modes (see
        `reads_only`)."""
        return reads_only(arguments, self.read_only)

    def interactive(self, arguments: Sequence[str | None]) -> bool:
        """Whether `arguments` start a session a person drives in a terminal (`claude`,
        `codex "fix it"`): every word known and none of the profile's headless words."""
        return bool(self.headless) and all(
            word is not None and word.split("=", 1)[0] not in self.headless for word in arguments
        )


class Wrapper(NamedTuple):
    """A command that runs another command (`timeout 60 gptme …`)."""

    name: str
    subcommands: frozenset[str] = frozenset()  # one must follow (`uv run`, `docker exec`)
    value_options: frozenset[str] = frozenset()
    positional: int = 0
    assignments: bool = False
    module_flag: str | None = None
    exit_codes: Mapping[int, str] = NO_CODES
    # Codes added when the wrapper may kill the command (`timeout -k`, `-s KILL`).
    kill_exit_codes: Mapping[int, str] = NO_CODES
    # The words after it are joined and run by a shell (on another host: `ssh`).
    joins_words: bool = False
    # An interpreter that wraps a command only when given a script that does so (`perl
    # -e 'alarm shift; exec @ARGV' 600 claude …`): the options that give the script, and
    # a pattern the script must match; each `shift` in it takes one argument.
    script_options: frozenset[str] = frozenset()
    script_pattern: re.Pattern[str] | None = None


class Intent(NamedTuple):
    """What a guard is about (`rate-limit`), and the words that say so."""

    name: str
    phrase: str  # "rate limits", for messages
    markers: tuple[str, ...]


class ConsequentialCommands(NamedTuple):
    """Commands whose failure a runner must see: fetches, builds, tests, installs, deploys."""

    commands: frozenset[str] = frozenset()
    subcommands: Mapping[str, frozenset[str]] = NO_SUBCOMMANDS
    value_options: Mapping[str, frozenset[str]] = NO_SUBCOMMANDS
    # subcommands of those that only ask (`docker compose ps` under `docker compose`)
    probes: Mapping[str, frozenset[str]] = NO_SUBCOMMANDS

    def covers(self, name: str, arguments: Sequence[str | None]) -> bool:
        """Whether `name arguments…` is one of these (`git push`, `curl -s URL`): a
        subcommand of several words names the first operands (`docker compose up`), and
        the longest entry that matches decides (`docker compose ps` is a probe)."""
        if name in self.commands:
            return True
        wanted = self.subcommands.get(name)
        if wanted is None:
            return False
        entries = [
            (entry.split(), entry in wanted) for entry in (*wanted, *self.probes.get(name, ()))
        ]
        longest = max(len(words) for words, _ in entries)
        takes_value = self.value_options.get(name, frozenset())
        operands: list[str | None] = []
        skip = False
        for word in arguments:
            if skip:
                skip = False
            elif word is not None and word.startswith("-"):
                skip = word in takes_value
            elif len(operands) < longest:
                operands.append(word)
        matched = [(len(words), kept) for words, kept in entries if words == operands[: len(words)]]
        return max(matched)[1] if matched else False


# Options that make an agent command a probe (`gptme --version | head -1`), not a run:
# it prints and exits, starting no session and running no tool, so no rule takes it
# for an agent run (its status is not an agent's; a loop around it re-runs no step).
PROBE_OPTIONS = frozenset({"--version", "-V", "--help", "-h"})


def is_probe(arguments: Sequence[str | None]) -> bool:
    """Whether an agent's arguments (the words after its program) ask for its version or
    help (a probe option before any `--`), or give it a prompt that asks only for a
    fixed reply (`-p "Say OK"`, or `claude -p --output-format json "Say OK"`, whose
    `-p` takes no value; `-p ping` alone: a readiness probe)."""
    options, reply, greeting = _probes()
    for index, word in enumerate(arguments):
        if word == "--":
            return False
        if word in PROBE_OPTIONS:
            return True
        prompt = (arguments[index + 1] or "").strip() if index + 1 < len(arguments) else ""
        if word in options and (reply.fullmatch(prompt) or greeting.fullmatch(prompt)):
            return True  # (a greeting only as the prompt: `-C ping` names a folder)
        if word is not None and not word.startswith("-") and reply.fullmatch(word.strip()):
            return True  # a positional prompt (no option's value reads `say OK`)
    return False


@functools.cache
def _probes() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """The options that take a prompt, a prompt that asks only for a reply, and a
    greeting that asks for none."""
    data = builtin_data("agents")["probes"]
    verbs = "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in data["replies"])
    word = r"['\"]?[\w-]{1,16}['\"]?[.!]?"  # one short word: `OK`, `"pong".`
    # `reply with exactly OK`, `reply with the single word ok`, `say just "pong"` (an
    # article only before `word`: `print the summary` asks for work)
    filler = r"(?:\s+(?:exactly|only|just))?(?:\s+(?:the|a)(?:\s+(?:single|one))?\s+word)?"
    reply = re.compile(rf"(?:{verbs}){filler}[\s:]+{word}", re.IGNORECASE)
    greetings = "|".join(re.escape(g) for g in data["greetings"])
    greeting = re.compile(rf"['\"]?(?:{greetings})['\"]?[.!?]?", re.IGNORECASE)
    return frozenset(data["prompt-options"]), reply, greeting


@functools.cache
def output_markers() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a test of an agent's output looks for to tell a failed run, and a succeeded
    one (`rules/data/agents.toml`, `[output]`)."""
    data = builtin_data("agents")["output"]
    return tuple(data["failure-markers"]), tuple(data["success-markers"])


def outcome_words() -> tuple[str, ...]:
    """Words in a field of an agent's JSON event, or a value it is compared with, that say
    how the run went (`rules/data/agents.toml`, `[output]`)."""
    return tuple(builtin_data("agents")["output"]["outcome-words"])


_WINDOWS_PROGRAMS = frozenset({"exe", "cmd", "bat", "ps1"})  # extensions of a program


NO_SCRIPTS: Mapping[str, tuple[str, ...]] = {}


def names_script(program: str, scripts: Iterable[str]) -> bool:
    """Whether a program path names one of `scripts` (paths): its last two parts are the
    script's (one, for a bare name); a folder known only at run time (`Path(__file__).parent
    / "run.sh"`, an opaque part) stands for the folder of the only script of that name."""
    parts = [p for p in program.replace(os.sep, "/").split("/") if p and p != "."]
    held = list(scripts)
    for script in held:
        theirs = script.split("/")
        shared = min(len(parts), len(theirs), 2)
        pairs = zip(parts[-shared:], theirs[-shared:], strict=True) if shared else ()
        if shared and all(
            mine == their or (mine == OPAQUE_WORD and index < shared - 1 and len(held) == 1)
            for index, (mine, their) in enumerate(pairs)
        ):
            return True
    return False


class AgentCatalog(NamedTuple):
    """Every known agent profile and wrapper."""

    profiles: tuple[AgentProfile, ...]
    wrappers: Mapping[str, Wrapper]
    intents: tuple[Intent, ...] = ()
    shell_exit_codes: Mapping[int, str] = NO_CODES
    consequential: ConsequentialCommands = ConsequentialCommands()
    # the audited tree's scripts that run an agent, their paths by their file names (for
    # Python: `with_scripts`)
    scripts: Mapping[str, tuple[str, ...]] = NO_SCRIPTS

    def agent_for(self, program: str) -> AgentProfile | None:
        """The profile whose command names include this program's basename (a package
        `@anthropic-ai/claude-code@latest` by its last part without the version; a
        Windows program or npm shim, `codex.cmd`, `claude.exe`, without its extension),
        or a script of the tree that runs an agent (`with_scripts`)."""
        base = program_name(program)
        found = next((p for p in self.profiles if base in p.commands), None)
        paths = self.scripts.get(base) if found is None else None
        if paths and names_script(program, paths):
            return AgentProfile(base, frozenset({base}))
        return found

    def agent_run(self, program: str, arguments: Sequence[str | None]) -> AgentProfile | None:
        """The agent that `program arguments…` runs; None for a `--version`/`--help` probe
        or a subcommand that starts no session (`opencode serve`)."""
        agent = self.agent_for(program)
        if agent is None or is_probe(arguments):
            return None
        return None if agent.sessions.starts_none(arguments) else agent

    def knows_command(self, word: str) -> bool:
        """Whether `word` names a program this catalogue knows (an agent, a wrapper, a
        consequential command): a value safe to print, unlike a token read from a file."""
        base = word.rsplit("/", 1)[-1]
        known = self.consequential
        return (
            self.agent_for(word) is not None
            or self.wrapper_for(word) is not None
            or base in known.commands
            or base in known.subcommands
        )

    def named_program(self, identifier: str) -> str | None:
        """The agent program a value runaudit cannot know holds by its name: its first word
        an agent's command, its last a word for a program (`claude_path`, `CLAUDE_BIN`,
        `codexCommand`, `GEMINI_CLI_PATH`): a configured path of that agent. None for any
        other name (`runner_path`, `claude_dir`, `my_claude_path`)."""
        first = _named_first_word(identifier)
        return first if first is not None and self.agent_for(first) is not None else None

    def named_wrapper(self, identifier: str) -> str | None:
        """The wrapper a value runaudit cannot know holds by its name, as `named_program`
        reads it (`timeout_cmd`, `TIMEOUT_BIN`: `timeout` or the `gtimeout` a script picks
        where it has no `timeout`); not a word as loose as `command`, `exec` or `env`."""
        first = _named_first_word(identifier)
        loose = first in _LOOSE_WRAPPERS
        return first if first is not None and not loose and first in self.wrappers else None

    def read_only_options(self) -> frozenset[tuple[str, tuple[tuple[str, ...], ...]]]:
        """Each command name with the options that let its agent change nothing (for
        `reads_only`), of the profiles that have some."""
        return frozenset(
            (command, profile.read_only)
            for profile in self.profiles
            if profile.read_only
            for command in profile.commands
        )

    def session_options(self) -> frozenset[tuple[str, SessionWords]]:
        """Each command name with the subcommands that decide whether its agent starts a
        session (`opencode serve`, `openclaw agent`), of the profiles that have some."""
        return frozenset(
            (command, profile.sessions)
            for profile in self.profiles
            if profile.sessions != SessionWords()
            for command in profile.commands
        )

    def with_scripts(self, paths: Iterable[str]) -> AgentCatalog:
        """The catalogue with the tree's scripts that run an agent (their paths) as
        programs of their own: a process that runs one by a path ending as the script's
        does (its last two parts: `./tools/fix.sh` for `repo/tools/fix.sh`) runs the
        agent, its status the run's (no exit codes of an agent's are known for it)."""
        by_name: dict[str, list[str]] = {}
        for path in sorted(set(paths)):
            by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
        return self._replace(scripts={name: tuple(held) for name, held in by_name.items()})

    def wrapper_for(self, program: str) -> Wrapper | None:
        """The wrapper this program is, if any (`/usr/bin/timeout` is `timeout`)."""
        base = program.rsplit("/", 1)[-1]
        if _PYTHON.match(base):
            return self.wrappers.get("python")
        return self.wrappers.get(base)


# The value a flag that ends every read-only mode is kept with among the read-only
# options (`--dangerously-skip-permissions` is claude's `--permission-mode
# bypassPermissions`): no word is empty, so none sets it.
WRITES = ""


def reads_only(arguments: Sequence[str | None], options: Sequence[tuple[str, ...]]) -> bool:
    """Whether `arguments` leave one of the read-only `options` in force (`("--chat-mode",
    "ask")`, a flag `("--dry-run",)`): the last word that sets any of their options
    (`--chat-mode code`, `--chat-mode=ask`, `--no-dry-run`, a flag that writes) sets one
    to its read-only value. Words runaudit does not know set nothing; a word that is no
    option (a prompt that mentions `--dry-run` is one word) is not read."""
    names = {option[0]: option[1:] for option in options}
    state: bool | None = None
    words = list(arguments)
    for index, word in enumerate(words):
        if word is None or not word.startswith("-"):
            continue
        name, equals, joined = word.partition("=")
        negated = name.startswith("--no-") and f"--{name[5:]}" in names
        if name not in names and not negated:
            continue
        if not negated and names[name] == (WRITES,):  # a flag that sets a mode that writes
            state = False
            continue
        if negated or not names[name]:  # a flag: `--dry-run`, `--no-dry-run`
            state = not negated
            continue
        value = joined if equals else words[index + 1] if index + 1 < len(words) else None
        state = (value,) == names[name] if value is not None else state
    return bool(state)


def _named_first_word(identifier: str) -> str | None:
    """The first word of an identifier whose last word is one for a program (`claude_path`:
    `claude`), lower case; None for any other."""
    if not identifier.lower().endswith(_PROGRAM_ENDINGS):
        return None  # most names (`PROMPT`, `log_file`): no word split
    words = [word.lower() for word in _IDENTIFIER_WORDS.findall(identifier)]
    return words[0] if len(words) >= 2 and words[-1] in _PROGRAM_WORDS else None


def program_name(program: str) -> str:
    """The name a program is known by: its file name, of a POSIX or Windows path, without
    a package's version (`@anthropic-ai/claude-code@latest`: `claude-code`) or a Windows
    program's extension (`C:\\…\\codex.exe`, `codex.cmd`: `codex`)."""
    base = re.split(r"[/\\]", program)[-1]
    if not base or any(c.isspace() for c in base):
        return base  # the rest of a command line, not a file name
    base = base[:1] + base[1:].split("@", 1)[0]
    stem, dot, extension = base.rpartition(".")
    return stem if dot and extension.lower() in _WINDOWS_PROGRAMS else base


def _wrapper(name: str, table: Mapping[str, Any]) -> Wrapper:
    return Wrapper(
        name=name,
        subcommands=frozenset(_words(table.get("subcommand", ()))),
        value_options=frozenset(table.get("value-options", ())),
        positional=int(table.get("positional", 0)),
        assignments=bool(table.get("assignments", False)),
        module_flag=table.get("module-flag"),
        exit_codes=_codes(table.get("exit-codes", {})),
        kill_exit_codes=_codes(table.get("kill-exit-codes", {})),
        joins_words=bool(table.get("joins-words", False)),
        script_options=frozenset(table.get("script-options", ())),
        script_pattern=re.compile(table["script-pattern"]) if "script-pattern" in table else None,
    )


def _words(value: str | Sequence[str]) -> tuple[str, ...]:
    """A data file's word or list of words."""
    return (value,) if isinstance(value, str) else tuple(value)


def _codes(table: Mapping[str, Any]) -> dict[int, str]:
    return {int(code): str(meaning) for code, meaning in table.items()}


def _profile(name: str, table: Mapping[str, Any], base: AgentProfile | None) -> AgentProfile:
    commands = table.get("commands")
    codes = table.get("exit-codes")
    return AgentProfile(
        name=name,
        commands=frozenset(commands) if commands else (base.commands if base else frozenset()),
        exit_codes=_codes(codes) if codes is not None else (base.exit_codes if base else {}),
        sessions=SessionWords(
            frozenset(table.get("sessionless", base.sessions.without if base else ())),
            frozenset(table.get("sessions", base.sessions.only if base else ())),
        ),
        headless=frozenset(table.get("headless", base.headless if base else ())),
        read_only=(
            (
                *(tuple(re.split(r"[\s=]+", option.strip())) for option in table["read-only"]),
                *((flag, WRITES) for flag in table.get("writes", ())),
            )
            if "read-only" in table
            else (base.read_only if base else ())
        ),
        answers_errors=bool(table.get("answers-errors", base.answers_errors if base else False)),
    )


def _consequential(table: Mapping[str, Any], extra: Sequence[str]) -> ConsequentialCommands:
    """The built-in consequential commands, with the config's (`"deploy.sh"`, `"git tag"`)."""
    commands = set(table["commands"])
    subcommands = {name: set(words) for name, words in table["subcommands"].items()}
    for entry in extra:
        name, _, subcommand = entry.strip().partition(" ")
        if subcommand.strip():
            subcommands.setdefault(name, set()).add(subcommand.strip())
        else:
            commands.add(name)
    return ConsequentialCommands(
        frozenset(commands),
        {name: frozenset(words) for name, words in subcommands.items()},
        {name: frozenset(words) for name, words in table["value-options"].items()},
        {name: frozenset(words) for name, words in table.get("probes", {}).items()},
    )


def load_catalog(
    overrides: Mapping[str, Mapping[str, Any]] | None = None, consequential: Sequence[str] = ()
) -> AgentCatalog:
    """The built-in catalogue with config profiles added or overriding, and config's
    consequential commands added."""
    data = builtin_data("agents")
    profiles = {name: _profile(name, table, None) for name, table in data["agents"].items()}
    for name, table in (overrides or {}).items():
        profiles[name] = _profile(name, table, profiles.get(name))
    wrappers = {name: _wrapper(name, table) for name, table in data["wrappers"].items()}
    intents = tuple(
        Intent(name, table["phrase"], tuple(table["markers"]))
        for name, table in data["intents"].items()
    )
    shell_codes = _codes(data["shell"]["exit-codes"])
    stages = _consequential(data["consequential"], consequential)
    return AgentCatalog(tuple(profiles.values()), wrappers, intents, shell_codes, stages)


@functools.cache
def default_catalog() -> AgentCatalog:
    """The built-in catalogue, without config."""
    return load_catalog()
