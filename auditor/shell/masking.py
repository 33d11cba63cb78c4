"""Pipelines whose exit status is used while a failing stage's status is lost.

One analysis for RA101 and RA102: which stages are masked (not trivial, not
read through `PIPESTATUS`), why the pipeline's status is used, and the tier of
what is lost. The tier decides the rule: an agent run (RA101 error), a stage
doing consequential work (RA101 warning), or only filters and probes (RA102,
off by default).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from auditor.shell.commands import SimpleCommand
from auditor.shell.examined import presence_test
from auditor.shell.first_turn import never_reached
from auditor.shell.later import commands_after
from auditor.shell.options import SHELLS
from auditor.shell.parse import Node, clause_conditions, descendants
from auditor.shell.stages import Pipeline, Stage
from auditor.shell.status import (
    ALL_INDICES,
    StatusUse,
    assigned_by,
    branch_pipestatus,
    is_last_statement,
    status_use,
    unread_store,
)
from auditor.shell.tiers import Tier
from auditor.shell.unit import ShellUnit
from auditor.shell.written_files import text_of

_GREP = frozenset({"grep", "egrep", "fgrep", "rg"})
_GREP_EARLY_LONG = ("--quiet", "--silent", "--max-count")
# A sed script that quits (`q`, `1q`, `/x/q`, `1p;q`): it stops reading its input.
_SED_QUIT = re.compile(r"(?:^|[\s;{}/\d$])[qQ]\s*\d*\s*(?:$|[;}])")
_URL = re.compile(r"https?://([\w.-]+)(/[^\s\"'|;&)]*)?")
# The words of a download's URL that name no tool: hosts' and paths' common words.
_NAMELESS = frozenset(
    {
        *("www", "get", "cli", "raw", "download", "downloads", "install", "installer"),
        *("static", "cdn", "packages", "setup", "latest", "releases", "scripts", "script"),
        *("main", "master", "head", "bin", "api", "githubusercontent", "github", "gitlab"),
        *("deb", "rpm", "apt", "dist", "files", "public", "stable", "release", "tools"),
        *("home", "example", "docs", "sh", "io", "dev", "app", "run", "org", "com", "net"),
    }
)
# Last stages that act on their input rather than show it (`| sh`, `| tee f`, `| xargs rm`).
_ACTING_SINKS = frozenset({"sh", "bash", "dash", "zsh", "tee", "xargs", "dd", "tar"})


class MaskedPipeline(NamedTuple):
    """A pipeline whose status is used while the status of some stages is lost."""

    pipeline: Pipeline
    tier: Tier
    lost: tuple[tuple[int, Stage], ...]  # the stages of this tier, with their index
    read: frozenset[int] | None  # `PIPESTATUS` indices read right after, if any
    use: StatusUse | None  # why the status is used (None when only PIPESTATUS is read)


def masked_pipelines(unit: ShellUnit) -> Iterator[MaskedPipeline]:
    """Every pipeline of the unit whose used status hides a stage that can fail."""
    for pipeline in unit.script.pipelines:
        found = _masked(unit, pipeline)
        if found is not None:
            yield found


def _masked(unit: ShellUnit, pipeline: Pipeline) -> MaskedPipeline | None:
    if never_reached(unit.script, pipeline.node):
        return None  # (errexit ends the script before it, on the first turn of its loop)
    masked = [(i, stage) for i, stage in enumerate(pipeline.stages[:-1]) if not stage.trivial]
    if not masked:
        return None
    read = branch_pipestatus(pipeline.node)  # (after the `fi` of a branch it ends, too)
    if pipeline.options.pipefail:
        # the pipeline's status holds every stage's; only a `PIPESTATUS` read instead, of
        # other stages than the agent's (`cat p | claude -p | tee log; rc=${PIPESTATUS[0]}`),
        # with the pipeline's own status unused (no errexit, no test), loses it
        unread = [(i, s) for i, s in masked if s.agent is not None and i not in (read or ())]
        if read is None or ALL_INDICES in read or not unread:
            return None
        if status_use(pipeline.node, pipeline.options, unit.script, negated=pipeline.negated):
            return None
        return MaskedPipeline(pipeline, Tier.AGENT, tuple(unread), frozenset(read), None)
    unread = [(i, s) for i, s in masked if read is None or i not in read]
    if read is not None and (ALL_INDICES in read or not unread):
        return None
    agents = tuple((i, s) for i, s in unread if s.agent is not None)
    if not agents and (exits_early(pipeline.stages[-1]) or _only_prints(unit, pipeline)):
        return None
    use = status_use(pipeline.node, pipeline.options, unit.script, negated=pipeline.negated)
    if unread_store(use, unit.script.read_names(), unit.script.value_read):
        use = None  # `|| rc=$?` with `rc` never read: the status decides nothing
    if use is None and read is None:
        return None
    frozen = frozenset(read) if read is not None else None
    if agents:
        return MaskedPipeline(pipeline, Tier.AGENT, agents, frozen, use)
    # the download a shell runs (`curl -fsSL URL | bash`, the vendors' install line), when
    # only the run's end reads its status and the same run goes on to use the tool: a
    # failed download installs nothing, and the run fails there (a runner that tests the
    # status reports a false install; one that never uses the tool builds without it)
    ends = use is not None and (use.ends or use.reason == unit.end_use)
    fetch = pipeline.stages[-2].command
    installs = ends and fetch is not None and _runs_its_input(pipeline.stages[-1])
    # (by its words as resolved, `curl "$URL"`, and as written: a URL with an expansion in
    # it names the tool all the same, `…/nvm-sh/nvm/${NVM_VERSION}/install.sh`)
    written = [text_of(w) for w in fetch.word_nodes if w is not None] if fetch else []
    resolved = list(fetch.arguments) if fetch else []
    tools = installed_tools([*resolved, *written]) if installs else set()
    used = tools and _tool_used_later(unit, pipeline, tools)
    excused = {len(pipeline.stages) - 2} if used else set()
    # a signing key fetched into `apt-key add -`, `gpg --dearmor` or a keyring file, or a
    # package repository's setup script run by a shell (`deb.nodesource.com/setup_22.x |
    # bash -`): a failed download leaves no key or repository, and the package index the
    # same run refreshes, or the install from it, then fails; an archive unpacked or a
    # document parsed from the download fails itself on what a failed download leaves
    # (nothing, or a truncated stream), and its status is the one used: every stage that
    # feeds it is excused (`curl … | gpg --dearmor | sudo tee k.gpg`)
    last = pipeline.stages[-1]
    keyed = _imports_key(last) and _used_later(unit, pipeline, _checks_keys)
    # (the repository, like the install line, only where the run's end reads the status:
    # a runner that tests the setup's status reports a failed download as set up)
    repository = installs and fetch is not None and _sets_up_repository(fetch)
    set_up = repository and _used_later(unit, pipeline, _installs_packages)
    parsed = _parses_input(last) and fetch is not None and fetch.name in _DOWNLOADERS
    # a release looked up for a later download's URL (`V=$(curl …/releases/latest | grep
    # tag_name | sed …) && wget …/download/$V/…`): a failed lookup leaves the name empty,
    # and the download of the wrong URL fails the run
    looked_up = _captured_name(pipeline) if fetch is not None else None
    versioned = looked_up is not None and _used_later(
        unit, pipeline, functools.partial(_fetches_from, _expansion(looked_up)), stops=True
    )
    # ...or a lookup whose empty answer the run tests (`V=$(curl -s … | grep … | cut …)`,
    # then `if [ -z "$V" ]; then V=latest; fi`): a failed download prints nothing, and
    # so do the filters after it
    handled = looked_up is not None and _empty_tested(unit, pipeline, looked_up)
    if keyed or set_up or parsed or versioned or handled or _unpacks_input(last):
        excused = set(range(len(pipeline.stages) - 1))
    consequential = tuple((i, s) for i, s in unread if s.consequential and i not in excused)
    if consequential:
        return MaskedPipeline(pipeline, Tier.CONSEQUENTIAL, consequential, frozen, use)
    filters = tuple((i, s) for i, s in unread if not s.quiet)
    return MaskedPipeline(pipeline, Tier.FILTER, filters, frozen, use) if filters else None


def _captured_name(pipeline: Pipeline) -> str | None:
    """The name a `NAME=$(…)` gives the pipeline's output, when the pipeline is the whole
    substitution."""
    holder = pipeline.node.parent
    if holder is None or holder.type != "command_substitution":
        return None
    assignment = assigned_by(holder)
    name = assignment.child_by_field_name("name") if assignment is not None else None
    return text_of(name) if name is not None else None


def _fetches_from(expands: re.Pattern[str], command: SimpleCommand) -> bool:
    """Whether a command downloads, failing on a missing file (`wget`; `curl` with
    `-f`/`--fail`: without it a 404 page is saved as the file), from a URL that
    `expands` finds a name in (`https://…/download/${V}/tool.tar.gz`)."""
    if command.name not in _DOWNLOADERS:
        return False
    options = [w for w in command.arguments if w is not None and w.startswith("-")]
    fails = command.name == "wget" or any(
        w in ("--fail", "--fail-with-body") or (not w.startswith("--") and "f" in w)
        for w in options
    )
    return fails and any(
        _URL.search(text) is not None and expands.search(text) is not None
        for word in command.word_nodes
        if word is not None and (text := text_of(word))
    )


def _empty_tested(unit: ShellUnit, pipeline: Pipeline, name: str) -> bool:
    """Whether the first read of `name` after the pipeline (by place) is a test only of
    whether it holds some text (`presence_test`: `[ -z "$V" ]`, `[[ -n ${V:-} ]]`) that
    an `if` decides on: a branch there handles the empty value before anything uses it."""
    tests = unit.script.tests_of(name, pipeline.node)  # (indexed once: most have none)
    if not any(test.start_byte >= pipeline.node.end_byte for test in tests):
        return False
    empty = re.compile(rf"\$(?:{re.escape(name)}(?!\w)|\{{{re.escape(name)}(?::?-)?\}})")
    first = next(
        (
            node
            for node in unit.script.parsed.nodes_from(pipeline.node.end_byte)
            if node.type in ("simple_expansion", "expansion") and _reads_name(node, name)
        ),
        None,
    )
    if first is None or not empty.fullmatch(text_of(first)) or not presence_test(first):
        return False
    holder = first.parent
    while holder is not None and holder.type not in ("test_command", "command"):
        holder = holder.parent
    return (
        holder is not None
        and holder.parent is not None
        and (
            holder.parent.type in ("if_statement", "elif_clause")
            and holder in clause_conditions(holder.parent)
        )
    )


def _reads_name(expansion: Node, name: str) -> bool:
    """Whether an expansion reads the variable `name` (`$V`, `${V:-x}`, `${#V}`)."""
    variable = next((n for n in descendants(expansion) if n.type == "variable_name"), None)
    return variable is not None and text_of(variable) == name


def _expansion(name: str) -> re.Pattern[str]:
    """An expansion of `name` itself (`$V`, `${V}`; not `${V:-v1.0}`, a default)."""
    return re.compile(rf"\$(?:\{{{re.escape(name)}\}}|{re.escape(name)}(?!\w))")


def installed_tools(arguments: Sequence[str | None]) -> set[str]:
    """The names a download's URL gives what it installs: its host's labels and its
    path's words, but those that name no tool (`https://get.starkli.sh`: `starkli`;
    `https://opencode.ai/install`: `opencode`)."""
    found: set[str] = set()
    for word in arguments:
        url = _URL.search(word or "")
        if url is None:
            continue
        host, path = url.group(1).lower(), (url.group(2) or "").lower()
        words = [*host.split(".")[:-1], *(part.split(".")[0] for part in path.split("/"))]
        found |= {w for w in words if len(w) > 1 and w not in _NAMELESS and w[0].isalpha()}
    return found


def _used_later(
    unit: ShellUnit,
    pipeline: Pipeline,
    uses: Callable[[SimpleCommand], bool],
    stops: bool = False,
) -> bool:
    """Whether a command that runs after the pipeline, in the same script or a later
    step of the host, is one `uses` picks (it fails the run without what the pipeline
    made), and its status is used (not `|| true`); with `stops`, used to stop the run
    (errexit, `&&`, the script's end), not only tested."""
    for script, command in commands_after(unit.script, pipeline.node):
        if not uses(command):
            continue
        use = status_use(command.node, script.options_at(command.node), script)
        if use is not None and (not stops or use.ends or use.reason == unit.end_use):
            return True
    return False


def _tool_used_later(unit: ShellUnit, pipeline: Pipeline, tools: set[str]) -> bool:
    """Whether a command after the pipeline uses one of `tools` (`_uses_tool`) and its
    status is used: a path the run made itself before it, for the tool (`mkdir -p
    ~/.config/code-server`, a file under it), is the run's own, never the download's."""
    names = tuple(tools)
    made: set[str] = set()
    for script, command in commands_after(unit.script, pipeline.node):
        if command.name in _MAKERS:
            made.update(p for p in _made_paths(command) if _names_tool(p, names))
        elif _uses_tool(command, names, made) and status_use(
            command.node, script.options_at(command.node), script
        ):
            return True
    return False


def _uses_tool(command: SimpleCommand, names: tuple[str, ...], made: set[str]) -> bool:
    """Whether a command uses one of the tools `names`: its program's name, or a folder
    of a path it is given (`chmod -R a+rwX /usr/local/rustup`, `/root/.local/bin/goose`),
    but a path in `made`, starts with one."""
    paths = (w for w in command.arguments if w is not None and "/" in w and not _under(w, made))
    return (command.name or "").lower().startswith(names) or any(
        _names_tool(path, names) for path in paths
    )


def _names_tool(path: str, names: tuple[str, ...]) -> bool:
    """Whether a folder (or the file) of a path starts with one of the tools' `names`."""
    return any(part.startswith(names) for part in path.lower().split("/"))


# Commands that make the paths they are given (a folder, an empty file), and their options
# that take a value (`mkdir -m 755 DIR`)
_MAKERS = frozenset({"mkdir", "touch"})
_VALUED = frozenset({"-m", "--mode", "-d", "--date", "-r", "--reference", "-t"})


def _made_paths(command: SimpleCommand) -> list[str]:
    """The paths a `mkdir` or `touch` makes: its words but options and their values."""
    found: list[str] = []
    words = list(command.arguments)
    for index, word in enumerate(words):
        if word is None or word.startswith("-") or (index and words[index - 1] in _VALUED):
            continue
        if word.rstrip("/"):
            found.append(word.rstrip("/").lower())
    return found


def _under(path: str, folders: set[str]) -> bool:
    """Whether a path is one of `folders` or lies under one."""
    trimmed = path.rstrip("/").lower()
    return any(trimmed == f or trimmed.startswith(f + "/") for f in folders)


# Package managers that check a repository's signature against the keys imported, when
# they refresh their index or install from it
_KEY_USERS = frozenset({"apt", "apt-get", "yum", "dnf"})


def _checks_keys(command: SimpleCommand) -> bool:
    """Whether a command is a package manager that checks the keys (`apt-get update`,
    `apt install …`)."""
    return command.name in _KEY_USERS


def _installs_packages(command: SimpleCommand) -> bool:
    """Whether a command installs packages from the repositories set up (`apt-get install
    -y nodejs`, `dnf install …`)."""
    return command.name in _KEY_USERS and "install" in command.arguments


# A package repository's setup script: served from a host named for the package format
# (`deb.nodesource.com`, `rpm.nodesource.com`) or a repository installer's path
# (`packagecloud.io/install/repositories/…/script.deb.sh`)
_REPOSITORY_HOSTS = frozenset({"deb", "rpm", "apt", "yum"})
_REPOSITORY_PATH = re.compile(r"/repositories/|\.(?:deb|rpm)\.sh$")


def _sets_up_repository(fetch: SimpleCommand) -> bool:
    """Whether a download is a package repository's setup script."""
    for word in fetch.arguments:
        url = _URL.search(word or "")
        if url is not None and (
            url.group(1).lower().split(".")[0] in _REPOSITORY_HOSTS
            or _REPOSITORY_PATH.search(url.group(2) or "")
        ):
            return True
    return False


def _imports_key(stage: Stage) -> bool:
    """Whether a last stage imports the signing key it reads (`apt-key add -`, `gpg
    --dearmor -o …`, `gpg --import`, `rpm --import -`) or writes it into a keyring file
    (`dd of=/usr/share/keyrings/x.gpg`, `tee /etc/apt/keyrings/x.asc`)."""
    command = stage.command
    if command is None:
        return False
    words = {w for w in command.arguments if w is not None}
    if command.name == "apt-key":
        return "add" in words
    if command.name == "gpg":
        return bool(words & {"--dearmor", "--dearmour", "--import"})
    if command.name in ("dd", "tee"):
        paths = (w.removeprefix("of=") for w in words if command.name == "tee" or w[:3] == "of=")
        return any(p.endswith(_KEY_FILES) or "keyring" in p for p in paths)
    return command.name == "rpm" and "--import" in words


_KEY_FILES = (".gpg", ".asc", ".pgp")
# Programs that unpack the stream they read and fail on an empty or truncated one
_UNPACKERS = frozenset({"gunzip", "unxz", "bunzip2", "unzstd", "zcat", "xzcat"})
_DECOMPRESSORS = frozenset({"gzip", "xz", "bzip2", "zstd"})  # with `-d`


def _unpacks_input(stage: Stage) -> bool:
    """Whether a last stage unpacks the archive it reads (`tar -xz -C dir`, `tar xf -`,
    `gunzip`, `xz -d`): it fails on what a failed download leaves."""
    command = stage.command
    if command is None or command.name is None:
        return False
    words = [w or "" for w in command.arguments]
    if command.name in _UNPACKERS:
        return True
    if command.name in _DECOMPRESSORS:  # `-d`, a bundle holding it (`-dc`), `--decompress`
        return any(
            w == "--decompress" or (w[:1] == "-" and w[1:2] != "-" and "d" in w[1:]) for w in words
        )
    if command.name != "tar":
        return False
    flags = [_tar_flags(w, i) for i, w in enumerate(words)]
    extracts = any("x" in f for f in flags) or "--extract" in words or "--get" in words
    return extracts and _tar_archive(words, flags) == "-"


# Python code that parses a JSON document from its standard input (and lets a failure
# to parse it end the program: no `except`), after a download that leaves nothing on a
# failure (a program that prints an error document, `gh api`, is no such download)
_READS_JSON = re.compile(r"json\.loads?\(\s*sys\.stdin")
_DOWNLOADERS = frozenset({"curl", "wget"})
_PYTHON = re.compile(r"python[\d.]*")


def _parses_input(stage: Stage) -> bool:
    """Whether a last stage parses a JSON document from what it reads (`python3 -c
    "…json.load(sys.stdin)…"`, `python3 -m json.tool`): it fails on the empty stream a
    failed download leaves."""
    command = stage.command
    if command is None or command.name is None:
        return False
    if command.name == "json.tool":  # (`python3 -m json.tool` runs the module as a program)
        return True
    words = [w or "" for w in command.arguments]
    code = words[words.index("-c") + 1 :] if "-c" in words[:-1] else []
    caught = bool(code) and "except" in code[0]
    return bool(_PYTHON.fullmatch(command.name) and code and _READS_JSON.search(code[0])) and (
        not caught
    )


def _tar_flags(word: str, index: int) -> str:
    """The short options a word of tar's arguments bundles (`-xzf`, or the first word
    without its dash: `xzf`)."""
    if word.startswith("-") and not word.startswith("--"):
        return word[1:]
    return word if index == 0 and word.isalpha() else ""


def _tar_archive(words: list[str], flags: list[str]) -> str:
    """The archive tar reads: the word after `-f`/`--file` (or a bundle ending in `f`),
    else its standard input (`-`)."""
    for index, word in enumerate(words):
        if word.startswith("--file="):
            return word.removeprefix("--file=")
        attached = flags[index].partition("f")[2]  # `-xzf-`: the archive written on
        if word == "--file" or "f" in flags[index]:
            if attached:
                return attached
            return words[index + 1] if index + 1 < len(words) else ""
    return "-"


def _runs_its_input(stage: Stage) -> bool:
    """Whether a last stage is a shell running the script it reads (`| bash`, `| sudo -E
    bash -`, `| sh -s -- --yes`), not a script file it is given."""
    command = stage.command
    if command is None or command.name not in SHELLS:
        return False
    for word in command.arguments:
        if word in ("-", "-s", "--"):
            return True
        if word is None or not word.startswith("-") or word == "-c":
            return False
    return True


def exits_early(stage: Stage) -> bool:
    """Whether a last stage stops reading on purpose (`head`, `grep -q`, `grep -m1`, `sed q`):
    pipefail would add SIGPIPE failures of the stages before it."""
    command = stage.command
    if command is None or command.name is None:
        return False
    arguments = [word or "" for word in command.arguments]
    if command.name == "head":
        return True
    if command.name in _GREP:
        return any(
            word.startswith(_GREP_EARLY_LONG)
            or (word.startswith("-") and not word.startswith("--") and _short_early(word[1:]))
            for word in arguments
        )
    if command.name == "sed":
        return any(not word.startswith("-") and _SED_QUIT.search(word) for word in arguments)
    return False


def _short_early(flags: str) -> bool:
    """`-q`, `-qE`, `-m1`, `-Em 1`: a quiet or max-count flag among short grep options."""
    for flag in flags:
        if flag in "qsm":
            return flag != "s" or "q" in flags  # `-s` alone only hides error messages
        if not flag.isalpha():
            return False
    return False


def _only_prints(unit: ShellUnit, pipeline: Pipeline) -> bool:
    """A pipeline that ends a make recipe line and writes to the terminal: a report
    (`@grep … | sort | awk …` in a `help` target, `cd src && cloc . | tail -1`)."""
    if not unit.interactive:
        return False
    node = pipeline.node
    while node.parent is not None and node.parent.type == "list" and is_last_statement(node):
        node = node.parent
    if node.parent is None or node.parent.type != "program" or not is_last_statement(node):
        return False
    last = pipeline.stages[-1]
    command = last.command
    # (the program, or a wrapper in front of it that acts on the input: `| xargs rm`)
    sinks = {command.name, *(w.name for w in command.wrappers)} if command else set()
    redirected = "redirected_statement" in (pipeline.node.type, last.node.type)
    return not redirected and not sinks & _ACTING_SINKS
