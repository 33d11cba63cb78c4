"""The shell model: one walk over a tree-sitter-bash tree, in source order.

It records every simple command (with wrappers stripped and the agent
recognised), every pipeline with its stages, the options in effect at each
(errexit, pipefail: from the shebang, `set`, `shopt`, with subshells, pipeline
stages and command substitutions scoped), the functions, and the variables
whose values are known statically. Variables follow the calls as bash runs
them: a function body's assignments reach the script at its calls, not where
it is defined (see `calls`).

Options are dynamic in bash: a function body runs with the options of its
caller, so a wrapper defined above `set -e` and called below it runs under
errexit, and one called as a condition (`if run_agent`) runs without it. A
called function's body is walked again with the options in effect at every one
of its calls (an option counts where all of them have it on); a function
nothing calls keeps the options where it is defined.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path
from typing import NamedTuple

from auditor.profiles import AgentCatalog, AgentProfile
from auditor.shell.calls import apply_call
from auditor.shell.commands import SimpleCommand, analyse_command
from auditor.shell.functions import FunctionSummary, forwarded_command, summarize_function
from auditor.shell.includes import (
    SourcedFiles,
    directive_source,
    is_script_dir,
    sourced_relative,
    variable_prefixed,
)
from auditor.shell.options import ShellOptions, apply_set, apply_shopt, shebang_options
from auditor.shell.parse import Node, ShellText
from auditor.shell.pipelines import PipelineParts, pipeline_parts
from auditor.shell.status import in_condition
from auditor.shell.words import Env, Value, assign, assign_default
from auditor.unit import SCRIPT_END, NotAudited

TRIVIAL_PRODUCERS = frozenset({"echo", "printf", "true", ":", "yes"})
_PIPELINE_NODES = frozenset({"pipeline", "redirected_statement"})
_SCOPES = frozenset({"subshell", "process_substitution"})
_LOOPS = frozenset({"while_statement", "for_statement", "c_style_for_statement"})
_DEV_NULL = frozenset({"/dev/null"})
_SOURCE_COMMANDS = frozenset({"source", "."})
_STAGE_HOLDERS = frozenset({"command", "redirected_statement"})  # a stage, or inside one


class Stage(NamedTuple):
    """One stage of a pipeline."""

    node: Node
    command: SimpleCommand | None  # None for a compound stage
    label: str  # how messages name it: the program, or a compound's head (`while read`)
    agent: AgentProfile | None  # the agent this stage runs directly, if any
    trivial: bool  # cannot meaningfully fail (`echo`, `cat <<EOF`)
    # Work whose failure the runner must see: a fetch, build, test, install, deploy.
    consequential: bool = False
    quiet: bool = False  # its stderr is thrown away (`2>/dev/null`): failure ignored on purpose


class Pipeline(NamedTuple):
    """A pipeline (`a | b`, `a |& b`) and the options in effect where it runs."""

    node: Node  # the node in statement position
    stages: tuple[Stage, ...]
    options: ShellOptions
    negated: bool


class ShellScript:
    """What the rules read about one unit of shell."""

    def __init__(
        self,
        parsed: ShellText,
        catalog: AgentCatalog,
        end_use: str | None = SCRIPT_END,
        output_read: bool = False,
        sourced: SourcedFiles | None = None,
    ) -> None:
        self.parsed = parsed
        self.catalog = catalog
        self.end_use = end_use  # why the last command's status is used, if it is
        self.output_read = output_read  # the host judges the run by this shell's output
        self.commands: list[SimpleCommand] = []
        self.pipelines: list[Pipeline] = []
        self.functions: dict[str, Node] = {}
        self.env: dict[str, Value] = {}
        # What calling each function does (its own, and those of the files it sources).
        self.summaries: dict[str, FunctionSummary] = {}
        self.sourced = sourced  # reads sourced files; None when the script's place is unknown
        self.script_dirs: set[str] = set()  # variables holding the script's folder
        # Values read from sourced files that are not command words, with the variable
        # that held each: messages name the variable instead (a `.env` holds secrets).
        self.sourced_values: dict[str, str] = {}
        self._command_by_id: dict[int, SimpleCommand] = {}
        self._command_index: dict[int, int] = {}  # command node id -> index in `commands`
        self._options_by_id: dict[int, ShellOptions] = {}
        self._pipeline_index: dict[int, int] = {}  # pipeline node id -> index in `pipelines`
        self._stage_pipeline: dict[int, int] = {}  # stage node id -> index in `pipelines`
        # function definition id -> the slice of `commands` its body recorded
        self._body_commands: dict[int, tuple[int, int]] = {}
        self._recording = True  # False while a function body is walked again for its options

    @classmethod
    def build(cls, text: str, catalog: AgentCatalog) -> ShellScript:
        """Parse and walk a whole script (its shebang's options in effect)."""
        return cls.walk(ShellText(text), catalog)

    @classmethod
    def walk(
        cls,
        parsed: ShellText,
        catalog: AgentCatalog,
        initial: ShellOptions | None = None,
        end_use: str | None = SCRIPT_END,
        output_read: bool = False,
        sourced: SourcedFiles | None = None,
    ) -> ShellScript:
        """The model of already-parsed shell text. `initial` overrides the shebang's
        options; `end_use` says why the status of the last command is used (for shell
        embedded in a host: what the host does with it, or None); `output_read` says the
        host reads this shell's output instead (a tmux pane it captures); `sourced` reads
        the files it sources, whose functions and variables join the model."""
        script = cls(parsed, catalog, end_use, output_read, sourced)
        first_line = parsed.text.split("\n", 1)[0]
        script._walk(parsed.root, initial or shebang_options(first_line))
        script._walk_called_functions()
        return script

    def command_at(self, node: Node) -> SimpleCommand | None:
        """The analysed simple command of a `command` node."""
        return self._command_by_id.get(node.id)

    def options_at(self, node: Node) -> ShellOptions:
        """The options in effect at a command or an assignment statement."""
        return self._options_by_id.get(node.id, ShellOptions())

    # The walk returns the options in effect after the node.
    def _walk(self, node: Node, options: ShellOptions) -> ShellOptions:
        kind = node.type
        if kind == "command":
            return self._command(node, options)
        if kind == "variable_assignment":
            self._options_by_id[node.id] = options
            self._walk_children(node, options)
            if self._recording:
                assign(node, self.env)
            name = node.child_by_field_name("name")
            written = node.child_by_field_name("value")
            dir_value = written is not None and is_script_dir(self.parsed.node_text(written))
            if name is not None and dir_value and self._recording:
                self.script_dirs.add(self.parsed.node_text(name))
            return options
        if kind == "expansion" and self._recording:
            assign_default(node, self.env)  # `: "${AGENT:=claude}"`
        if kind in _SCOPES:
            self._walk_children(node, options)
            return options
        if kind == "command_substitution":
            self._walk_children(node, options.in_substitution())
            return options
        if kind == "function_definition":
            if not self._recording:
                return options  # a nested function runs with the options of its own calls
            name = node.child_by_field_name("name")
            outer = dict(self.env)
            first = len(self.commands)
            self._walk_children(node, options)  # until its calls are known
            self._body_commands[node.id] = (first, len(self.commands))
            self.env = outer  # its assignments reach the script where it is called
            if name is not None:
                self._define(self.parsed.node_text(name), node)
            return options
        parts = pipeline_parts(node) if kind in _PIPELINE_NODES else None
        if parts is not None:
            for part, _ in parts.stages:
                self._walk(part, options)  # each stage runs in a subshell
            if self._recording:
                self._pipeline_index[node.id] = len(self.pipelines)
                for part, _ in parts.stages:
                    self._stage_pipeline[part.id] = len(self.pipelines)
                self.pipelines.append(self._pipeline(node, parts, options))
            else:
                index = self._pipeline_index[node.id]
                self.pipelines[index] = self.pipelines[index]._replace(options=options)
            return options
        return self._walk_children(node, options)

    def _walk_children(self, node: Node, options: ShellOptions) -> ShellOptions:
        for child in node.named_children:
            options = self._walk(child, options)
        return options

    def _command(self, node: Node, options: ShellOptions) -> ShellOptions:
        self._walk_children(node, options)  # substitutions in the words run first
        self._options_by_id[node.id] = options
        command = self._command_by_id.get(node.id)
        if command is None:
            command = analyse_command(node, self.env, self.catalog)
            command = forwarded_command(command, self.summaries, self.catalog)
            self._command_index[node.id] = len(self.commands)
            self.commands.append(command)
            self._command_by_id[node.id] = command
            if command.command_name in _SOURCE_COMMANDS and len(command.word_nodes) > 1:
                self._source(command.word_nodes[1])
        if self._recording and command.command_name in self.functions:
            # The body runs here: its assignments reach the caller's variables.
            apply_call(command.command_name or "", self.functions, self.env, self._seen_in_call)
        if command.command_name == "set":
            return apply_set(options, command.argv[1:])
        if command.command_name == "shopt":
            return apply_shopt(options, command.argv[1:])
        return options

    def _define(self, name: str, definition: Node) -> None:
        """Record a function and the summary of what a call of it does."""
        self.functions[name] = definition
        first, last = self._body_commands.get(definition.id, (0, len(self.commands)))
        inside = [c for c in self.commands[first:last] if _within(c.node, definition)]
        summary = summarize_function(
            name, definition, inside, self.parsed, self._status_kept, self.summaries
        )
        if summary is not None:
            self.summaries[name] = summary
        else:
            self.summaries.pop(name, None)  # a later definition replaces an earlier one

    def _status_kept(self, node: Node) -> tuple[Node, bool]:
        """The statement whose status is a command's, and whether it is the command's
        (not lost in a non-final pipeline stage without pipefail)."""
        while node.parent is not None and node.parent.type == "redirected_statement":
            node = node.parent
        found = self._stage_pipeline.get(node.id)
        if found is None:
            return node, True
        pipeline = self.pipelines[found]
        index = next(i for i, s in enumerate(pipeline.stages) if s.node.id == node.id)
        last = index == len(pipeline.stages) - 1
        return pipeline.node, last or pipeline.options.pipefail

    def _source(self, word: Node | None) -> None:
        """Join the functions and variables of a sourced file found in the tree."""
        if word is None or self.sourced is None or not self._recording:
            return
        relative = directive_source(self.parsed.text, word.start_point[0])
        if relative is None:
            relative = sourced_relative(self.parsed.node_text(word), self.script_dirs)
        elif relative == "/dev/null":  # ShellCheck's way to say "nothing to follow"
            return
        if relative:
            found = self.sourced.read(relative)
        else:  # `$LIBDIR/x.sh`: `x.sh` under a `--source-path` root, if one holds it
            tail = variable_prefixed(self.parsed.node_text(word))
            found = self.sourced.search_roots(tail) if tail else None
        if found is None:
            return
        path, text = found
        outer, self.sourced.current = self.sourced.current, path
        try:
            inner = _walk_library(path, text, self.catalog, self.sourced)
        except (RecursionError, NotAudited):
            # Too deep or too costly to read: that file's own audit says so (RA900, RA901);
            # this script keeps its findings, without the library's functions.
            return
        finally:
            self.sourced.current = outer
        self.summaries.update(inner.summaries)
        self.env.update(inner.env)
        self.sourced_values.update(inner.sourced_values)
        for name, value in inner.env.items():
            for item in (value,) if isinstance(value, str) else value:
                if item and not self.catalog.knows_command(item):
                    self.sourced_values.setdefault(item, name)

    def _seen_in_call(self, node: Node, env: Env) -> None:
        """A command of a called body: an agent with the values of this call counts."""
        known = self._command_by_id.get(node.id)
        if known is None or known.agent is not None:
            return
        command = analyse_command(node, env, self.catalog)
        command = forwarded_command(command, self.summaries, self.catalog)
        if command.agent is None:
            return
        self._command_by_id[node.id] = command
        self.commands[self._command_index[node.id]] = command
        stage: Node | None = node
        found = self._stage_pipeline.get(node.id)
        while found is None and stage is not None and stage.type in _STAGE_HOLDERS:
            stage = stage.parent
            found = self._stage_pipeline.get(stage.id) if stage is not None else None
        if found is not None:
            pipeline = self.pipelines[found]
            stages = tuple(
                s._replace(command=command, agent=command.agent) if s.command is known else s
                for s in pipeline.stages
            )
            self.pipelines[found] = pipeline._replace(stages=stages)
        # The functions holding it now run an agent: their summaries say so.
        holder = node.parent
        while holder is not None:
            if holder.type == "function_definition":
                name = holder.child_by_field_name("name")
                label = self.parsed.node_text(name) if name is not None else None
                if label is not None and _same(self.functions.get(label), holder):
                    self._define(label, holder)
            holder = holder.parent

    def _walk_called_functions(self) -> None:
        """Walk each called function's body again with the options of its calls.

        Repeated until nothing changes, since a call inside one function body takes
        that body's options (one round per function at most).
        """
        calls: dict[str, list[SimpleCommand]] = {name: [] for name in self.functions}
        for command in self.commands:
            if command.command_name in calls:
                calls[command.command_name].append(command)
        entries: dict[str, ShellOptions] = {}
        self._recording = False
        for _ in range(len(self.functions) + 1):
            changed = False
            for name, definition in self.functions.items():
                entry = self._entry_options(calls[name], definition)
                if entry is None or entries.get(name) == entry:
                    continue
                entries[name] = entry
                body = definition.child_by_field_name("body")
                if body is not None:
                    self._walk(body, entry)
                changed = True
            if not changed:
                break
        self._recording = True

    def _entry_options(self, calls: list[SimpleCommand], definition: Node) -> ShellOptions | None:
        """The options a function's body starts with: those every call runs it with
        (errexit is off for a call in a condition), or None if nothing calls it."""
        entry: ShellOptions | None = None
        for command in calls:
            node = command.node
            if _within(node, definition):
                continue  # a recursive call runs with the options it is walked with
            options = self.options_at(node)
            if options.errexit and in_condition(node):
                options = options._replace(errexit=False)
            entry = options if entry is None else _meet(entry, options)
        return entry

    def _pipeline(self, node: Node, parts: PipelineParts, options: ShellOptions) -> Pipeline:
        stages = tuple(self._stage(part, heredoc) for part, heredoc in parts.stages)
        return Pipeline(node, stages, options, parts.negated)

    def _stage(self, node: Node, heredoc: bool) -> Stage:
        inner = node
        quiet = False
        if inner.type == "redirected_statement":
            heredoc = heredoc or any(
                c.type in ("heredoc_redirect", "herestring_redirect") for c in inner.named_children
            )
            quiet = self._discards_stderr(inner)
            body = inner.child_by_field_name("body")
            inner = body if body is not None else inner
        if inner.type == "command":
            command = self.command_at(inner) or analyse_command(inner, self.env, self.catalog)
            name = command.name or self.parsed.node_text(inner).split(" ", 1)[0]
            name = name[:1] + name[1:].split("@", 1)[0]  # a package's version: `x@latest`
            trivial = _trivial(command, inner, heredoc)
            consequential = self._consequential(command)
            return Stage(node, command, name, command.agent, trivial, consequential, quiet)
        inside = self._commands_inside(inner)
        agent = next((c.agent for c in inside if c.agent is not None), None)
        consequential = any(self._consequential(c) for c in inside)
        return Stage(node, None, self._compound_label(inner, inside), agent, False, consequential)

    def _consequential(self, command: SimpleCommand) -> bool:
        name = command.name
        return name is not None and self.catalog.consequential.covers(name, command.arguments)

    def _commands_inside(self, node: Node) -> list[SimpleCommand]:
        """The commands a compound stage runs directly (`{ gptme …; } 2>&1 | tee`), in order."""
        found: list[SimpleCommand] = []
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type == "command":
                found.append(
                    self.command_at(current) or analyse_command(current, self.env, self.catalog)
                )
            if current.type not in ("command_substitution", "function_definition"):
                stack.extend(reversed(current.named_children))
        return found

    def _compound_label(self, node: Node, inside: list[SimpleCommand]) -> str:
        """A compound stage named by its commands: `while read`, `for f in …`, or the
        agent (else the last command) of a `{ …; }` group, whose status is the group's."""
        if node.type == "while_statement":
            keyword = node.children[0].type  # `while` or `until`
            condition = node.child_by_field_name("condition")
            tested = self._commands_inside(condition) if condition is not None else []
            return f"{keyword} {tested[0].name}" if tested and tested[0].name else keyword
        if node.type in _LOOPS:
            words = self.parsed.node_text(node).split("\n", 1)[0].replace(";", " ").split()
            return " ".join(words[:3]) + " …" if len(words) > 3 else " ".join(words)
        agents = [c for c in inside if c.agent is not None]
        named = [c for c in agents or inside if c.name]
        if named:
            return named[0 if agents else -1].name or ""
        return self.parsed.node_text(node).split(" ", 1)[0]

    def _discards_stderr(self, node: Node) -> bool:
        """Whether a redirected stage sends its stderr to `/dev/null` (`2>/dev/null`, `&>`)."""
        for redirect in node.named_children:
            if redirect.type != "file_redirect":
                continue
            descriptor = redirect.child_by_field_name("descriptor")
            destination = redirect.child_by_field_name("destination")
            if destination is None or self.parsed.node_text(destination) not in _DEV_NULL:
                continue
            operator = next((c.type for c in redirect.children if not c.is_named), "")
            if descriptor is not None and self.parsed.node_text(descriptor) == "2":
                return True
            if descriptor is None and operator in ("&>", "&>>"):
                return True
        return False


# Sourced files walked in this process, by real path and content, most recent last: the
# scripts that source one library walk it once (20 scripts sourcing a 200 KB library of
# one-line functions took 38 s, walking it 20 times). A model holds about 140 times its
# text: 1 MiB of text in all keeps them near 140 MiB.
_LIBRARIES: OrderedDict[tuple[Path, bytes], tuple[AgentCatalog, ShellScript]] = OrderedDict()
_MAX_LIBRARY_TEXT = 1 << 20
_MAX_LIBRARIES = 256


def _walk_library(
    path: Path, text: str, catalog: AgentCatalog, sourced: SourcedFiles
) -> ShellScript:
    """The model of a sourced file, walked once per process for its path, content and
    catalogue when it sources nothing itself: its model then depends on nothing else
    (a file it sources would depend on what the script read before)."""
    key = (path, hashlib.blake2b(text.encode("utf-8", "surrogatepass")).digest())
    known = _LIBRARIES.get(key)
    if known is not None and known[0] is catalog:
        _LIBRARIES.move_to_end(key)
        return known[1]
    inner = ShellScript.walk(ShellText(text), catalog, end_use=None, sourced=sourced)
    if not any(command.command_name in _SOURCE_COMMANDS for command in inner.commands):
        _LIBRARIES[key] = (catalog, inner)
        while len(_LIBRARIES) > _MAX_LIBRARIES or _library_text() > _MAX_LIBRARY_TEXT:
            _LIBRARIES.popitem(last=False)
    return inner


def _library_text() -> int:
    return sum(len(model.parsed.text) for _, model in _LIBRARIES.values())


def _same(first: Node | None, second: Node) -> bool:
    return first is not None and first.id == second.id


def _within(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def _meet(first: ShellOptions, second: ShellOptions) -> ShellOptions:
    """The options on in both."""
    return ShellOptions(*(a and b for a, b in zip(first, second, strict=True)))


def _trivial(command: SimpleCommand, node: Node, heredoc: bool) -> bool:
    """A producer that cannot meaningfully fail: `echo`, `printf`, `cat <<EOF`."""
    name = command.name
    if name in TRIVIAL_PRODUCERS and not command.wrappers:
        return True
    return name == "cat" and heredoc and not command.arguments
