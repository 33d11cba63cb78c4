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

import os
import posixpath
import re
from collections import OrderedDict
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import cast

from auditor.discover import classify
from auditor.kinds import FileKind
from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog, AgentProfile
from auditor.project import Callback, CallSite
from auditor.shell.arm_values import ArmValues
from auditor.shell.assignments import (
    add_alternatives,
    assign,
    forget,
    loop_variable,
    may_vary,
    values_held,
    variants,
)
from auditor.shell.call_memo import CallMemo
from auditor.shell.calls import apply_call, run_loop
from auditor.shell.command_strings import command_string, passed_agent
from auditor.shell.commands import (
    COMMON_COMMANDS,
    MESSAGE_COMMANDS,
    SimpleCommand,
    WrapperUse,
    analyse_command,
    headless_run,
    read_variables,
    terminal_session,
)
from auditor.shell.effect_checks import body_checks_effect
from auditor.shell.functions import (
    FunctionSummary,
    forwarded_command,
    names_program,
    printed_words,
    reachable_functions,
    summarize_function,
)
from auditor.shell.includes import (
    NEAREST,
    SourcedFiles,
    climbs,
    directive_source,
    script_folder,
    variable_prefixed,
)
from auditor.shell.jobs import waited_use
from auditor.shell.leaving import leaves
from auditor.shell.library_calls import LibraryCalls
from auditor.shell.liveness import ScriptLiveness
from auditor.shell.options import (
    ShellOptions,
    apply_set,
    apply_shopt,
    both_on,
    called_with,
    shebang_options,
    sourced_test,
    unseen_calls,
)
from auditor.shell.parse import (
    BRANCHING,
    Node,
    ShellText,
    descendants,
    enclosing_definition,
    ending_command,
    loop_words,
    same_node,
    shell_text,
    within,
)
from auditor.shell.pipelines import heredoc_bodies, pipeline_parts
from auditor.shell.reads import ReadNames, read_names, tested_names
from auditor.shell.run_scripts import (
    SCRIPT_SUFFIXES,
    ScriptRun,
    script_run,
    script_word,
)
from auditor.shell.source_sets import is_pattern, sourced_paths, variable_tail
from auditor.shell.stages import Pipeline, StageReader
from auditor.shell.status import StatusUse, in_condition
from auditor.shell.words import (
    ALTERNATIVES_SUFFIX,
    Env,
    Overlay,
    Value,
    assign_default,
    is_output_key,
    output_key,
    set_positional,
)
from auditor.shell.written_files import run_file, written_script
from auditor.unit import SCRIPT_END, NotAudited
from auditor.value_budget import current_budget, value_budget

_MAX_STRING_DEPTH = 4  # strings run as shell inside strings run as shell
_MAX_WAIT_CHAIN = 8  # `wait $p1 & p2=$!; wait $p2 & …`: background waits followed

_PIPELINE_NODES = frozenset({"pipeline", "redirected_statement"})
_GROUPS = frozenset({"subshell", "compound_statement"})
_SCOPES = frozenset({"subshell", "process_substitution"})
_FORGETTING = frozenset({"read", "readarray", "mapfile"})  # commands that set their operands
_PLAIN_NAME = re.compile(r"[A-Za-z_][\w.-]*")  # a command's name as written, not a path
_STAGE_HOLDERS = frozenset({"command", "redirected_statement"})  # a stage, or inside one

# an assignment of a function's argument (`AGENT=$1`, `tool="${2}"`), `local` ones too
_ASSIGNED_ARGUMENT = re.compile(rb'[A-Za-z_][A-Za-z0-9_]*=(?:"?\$\{?[0-9@*])')
_VARIABLE_WORD = re.compile(r'"?\$\{?([A-Za-z_]\w*)\}?"?')  # `$ec`, `"${ec}"`

_SCOPED = (b"local ", b"declare ", b"typeset ")  # an assignment that ends with the call

# what a function that only prints a message runs
_SAYING = frozenset({*MESSAGE_COMMANDS, "date", "tee", "local", "true", ":"})
# how often a function is summarised again as the functions it calls are defined
_MAX_RESUMMARIES = 3


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
        self.host_after = ("", "")  # what the host runs after this text (`EmbeddedShell.after`)
        self.commands: list[SimpleCommand] = []
        self.pipelines: list[Pipeline] = []
        self.functions: dict[str, Node] = {}
        self.env: dict[str, Value] = {}
        # What calling each function does (its own, and those of the files it sources).
        self.summaries: dict[str, FunctionSummary] = {}
        # The functions whose body ends the script when a run's effect is missing.
        self.effect_checks: set[str] = set()
        # the functions every call of which ends the script, and how (`auditor.shell.leaving`)
        self.leaving: dict[str, str] = {}
        # the functions that only print a message (`log() { echo "[$(date)] $*" >&2; }`)
        self.messages: set[str] = set()
        self.sourced = sourced  # reads sourced files; None when the script's place is unknown
        self.depth = 0  # how deep in strings run as shell (`bash -c`, `eval`) this text is
        self._strings: dict[str, tuple[AgentProfile, str, bool] | None] = {}
        self._scripts_run: dict[int, Path] = {}  # a command's node id -> the script it runs
        self._defined_names: frozenset[str] | None = None  # every function its text defines
        # variables holding a folder, by name: relative to the script's ("" for its own)
        self.script_dirs: dict[str, str] = {}
        # variables holding the paths of files to source (`source_sets`), by name
        self.path_variables: dict[str, tuple[str, ...]] = {}
        # its functions whose output the scripts sourcing it examine at every call
        # (`Sourcers.judged`): a run whose output is theirs is judged there
        self.judged_by_callers: frozenset[str] = frozenset()
        self._path_set_at: dict[str, Node] = {}  # the assignment that set each one last
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
        # function name -> the functions whose body calls it: bash finds a function when it
        # is called, so a function defined later changes what a call of its callers does
        self._callers_of: dict[str, set[str]] = {}
        self._recording = True  # False while a function body is walked again for its options
        # The functions the script can run: named by a command (or an argument, as a
        # callback: `trap f EXIT`, `retry 3 f`) outside any function or in one it runs.
        self.called: frozenset[str] = frozenset()
        # its functions that the scripts sourcing it call under errexit, outside any
        # condition (`CallSite`): a call of them ends the script at a failure in the body
        self.called_errexit_outside: frozenset[str] = frozenset()
        # the options its top level changes (`set -euo pipefail`): a script that sources it
        # runs on with them
        self.options_set: dict[str, bool] = {}
        # the files it sources (relative to its folder) and the options it has there
        self.sourcing: list[tuple[str, ShellOptions]] = []
        self._read_names: ReadNames | None = None  # see `read_names`
        self._liveness: ScriptLiveness | None = None  # see `value_read`
        # the sourced files the model read, with their reads and functions (`read_names`)
        self.libraries: list[ShellScript] = []
        self._library_calls = LibraryCalls()
        self._unread_sources: set[int] = set()  # `source` commands of project files not read
        self._tested_names: Mapping[str, tuple[Node, ...]] | None = None  # see `tested_names`
        self._waited: dict[int, StatusUse | None] = {}  # see `waited_use`
        # here-document bodies that start with a shebang (scripts it writes out), by node
        # id: the variables where the command that writes each runs
        self.written_env: dict[int, Env] = {}
        # the shell text it writes to files (`printf '…' > "$runner"`), by file word
        self.written: dict[str, str] = {}
        # the numbers a `return $ec` may return, beside a status: by the command's id
        self.held_codes: dict[int, tuple[int, ...]] = {}
        self._errexit_some: set[int] = set()  # see `errexit_on_some_call`
        # a name -> the sourcing scripts' functions that end by running it (`walk`): each
        # summarised as that name
        self._aliased_by: dict[str, list[str]] = {}
        self._waiting = 0  # background `wait`s being followed, one inside another
        self._calls = CallMemo()  # what calls of its functions do, per distinct inputs
        self._library_memo = CallMemo()  # and of the functions of the libraries it sources
        self._arms = ArmValues()  # the `if`s and `case`s being walked, and their values
        # calls (by node id) of a function whose body ends running a program its values
        # decide, and the agent that is with this call's (None: none), by their names
        self._call_agents: dict[int, AgentProfile | None] = {}
        self._ending_agents: dict[str, AgentProfile] = {}
        self._argument_assigners: dict[int, bool] = {}  # see `_assigns_arguments`

    @classmethod
    def build(cls, text: str, catalog: AgentCatalog) -> ShellScript:
        """Parse and walk a whole script (its shebang's options in effect)."""
        return cls.walk(shell_text(text), catalog)

    @classmethod
    def walk(
        cls,
        parsed: ShellText,
        catalog: AgentCatalog,
        initial: ShellOptions | None = None,
        end_use: str | None = SCRIPT_END,
        output_read: bool = False,
        sourced: SourcedFiles | None = None,
        callers: Sequence[CallSite] = (),
        siblings: Sequence[str] = (),
        known: Mapping[str, FunctionSummary] | None = None,
        callbacks: Sequence[Callback] = (),
        host_after: tuple[str, str] = ("", ""),
    ) -> ShellScript:
        """The model of already-parsed shell text. `initial` overrides the shebang's
        options; `end_use` says why the status of the last command is used (for shell
        embedded in a host: what the host does with it, or None); `output_read` says the
        host reads this shell's output instead (a tmux pane it captures); `sourced` reads
        the files it sources, whose functions and variables join the model; `callers`: the
        calls of its functions by the scripts that source it, and `siblings` the other files
        those source (paths from its folder), whose functions and variables are there where
        its own functions are called (`auditor.shell.sourcing`); `known`: the functions a
        script that sources this file defined before, which its own may call; `host_after`:
        what the host runs after this text, as written (a job's later steps)."""
        script = cls(parsed, catalog, end_use, output_read, sourced)
        script.host_after = host_after
        script.summaries.update(known or {})
        # functions of the scripts that source this file, each running a name at its end
        # that this file (or a sibling) may define: summarised as that name when it is
        for name, last in callbacks:
            profile = catalog.agent_for(last)
            if profile is not None:
                script.summaries.setdefault(name, FunctionSummary(name, profile, {}))
            script._aliased_by.setdefault(last, []).append(name)
        first_line = parsed.text.split("\n", 1)[0]
        start = initial or shebang_options(first_line)
        found = [f for r in siblings if sourced is not None and (f := sourced.read(r))]
        needed = _needed(found, parsed.text)
        # the siblings run with the options of the scripts that source them, where those
        # call this file's functions: pipefail, when every such call has it on
        called = start
        if needed and _pipefail_calls(callers, parsed.text):
            called = start._replace(pipefail=True)
        for library in found:  # defined where this file's functions are called
            if library in needed:
                script._join_library(library, called)
            elif sourced is not None:
                sourced.put_back(library[0])
        for last in list(script._aliased_by):  # defined by a sibling joined above
            script._alias(last)
        end = script._walk(parsed.root, start)
        script._enter_uncalled()
        script.options_set = {
            name: value for name, value in end._asdict().items() if getattr(start, name) != value
        }
        top = end
        may_test = "BASH_SOURCE" in parsed.text or "return 0" in parsed.text  # (a cheap test)
        tested = (
            None
            if callers or not may_test
            else sourced_test(
                (s, parsed.node_text(s)) for s in parsed.root.named_children if s.type != "comment"
            )
        )
        if tested is not None:  # a library none of the tree's scripts source: its API's
            # calls, by scripts that go on from where it tests that it is sourced
            exported = [n for n, f in script.functions.items() if not enclosing_definition(f)]
            inside = next((n for n in descendants(tested) if n.type == "command"), None)
            callers = unseen_calls(exported)
            top = script.options_at(inside) if inside is not None else end
        outside = called_with(callers, script.functions, top)
        script.called_errexit_outside = frozenset(n for n, o in outside.items() if o.errexit)
        script._walk_called_functions(outside)
        script._calls.clear()  # every call is applied: the model keeps no summaries
        script.called = reachable_functions(script.commands, script.functions, parsed, outside)
        return script

    def command_at(self, node: Node) -> SimpleCommand | None:
        """The analysed simple command of a `command` node."""
        return self._command_by_id.get(node.id)

    def name_at(self, node: Node) -> str | None:
        """The command name of a `command` node (None for any other node)."""
        command = self._command_by_id.get(node.id) if node.type == "command" else None
        return command.command_name if command is not None else None

    def options_at(self, node: Node) -> ShellOptions:
        """The options in effect at a command, an assignment statement, or a group
        (`( … )`, `{ …; }`, `(( … ))`) where it starts; at a redirected one, its own; at
        a pipeline (`a | b > log`, `! a`), those at its first stage."""
        current: Node | None = node
        while current is not None and current.id not in self._options_by_id:
            if current.type == "redirected_statement":
                current = current.child_by_field_name("body")
            elif current.type in ("pipeline", "negated_command"):
                current = current.named_children[0] if current.named_children else None
            else:
                break
        found = self._options_by_id.get(current.id) if current is not None else None
        return found or ShellOptions()

    def read_names(self) -> ReadNames:
        """The variables the script reads, found once (`auditor.shell.reads`)."""
        if self._read_names is None:
            unread = frozenset(self._unread_sources)
            libraries = [library.read_names() for library in self.libraries]  # (each once)
            self._read_names = read_names(self.parsed, self.commands, libraries, unread)
        return self._read_names

    def value_read(self, assignment: Node) -> bool:
        """Whether the value an assignment gives its variable may be read, along the
        statements bash may run next (`auditor.shell.liveness`)."""
        if self._liveness is None:
            read = self.read_names()
            library = read.functions - set(self.functions)
            self._liveness = ScriptLiveness(
                self.parsed.nodes(), self.functions, read.local, library
            )
        return self._liveness.value_read(assignment)

    def tested_names(self) -> Mapping[str, tuple[Node, ...]]:
        """The variables the script tests and the tests that read each, found once
        (`auditor.shell.reads`)."""
        if self._tested_names is None:
            self._tested_names = tested_names(self.parsed)
        return self._tested_names

    def tests_of(self, name: str, at: Node) -> list[Node]:
        """The tests that read the variable `name` as a command at `at` sets it: not those
        of a variable of the same name another function declares its own (`local`)."""
        local = self.read_names().local
        here = enclosing_definition(at)
        mine = here is not None and name in local.get(here.id, ())
        found = []
        for test in self.tested_names().get(name, ()):
            holder = enclosing_definition(test)
            elsewhere = holder is None or here is None or holder.id != here.id
            if elsewhere and (mine or (holder is not None and name in local.get(holder.id, ()))):
                continue
            found.append(test)
        return found

    def waited_use(self, node: Node) -> StatusUse | None:
        """Why the status a `wait` returns for the background statement `node` is used
        (found once per statement; a `wait` that is itself a background job, waited in
        turn, is followed `_MAX_WAIT_CHAIN` deep)."""
        if node.id not in self._waited:
            if self._waiting >= _MAX_WAIT_CHAIN:
                return None
            self._waiting += 1
            try:
                self._waited[node.id] = waited_use(node, self)
            finally:
                self._waiting -= 1
        return self._waited[node.id]

    # The walk returns the options in effect after the node.
    def _walk(self, node: Node, options: ShellOptions) -> ShellOptions:
        kind = node.type
        if kind == "command":
            return self._command(node, options)
        if kind in _GROUPS:  # as the shell around it runs it (its own `set` stays inside)
            self._options_by_id[node.id] = options
        if kind == "variable_assignment":
            self._options_by_id[node.id] = options
            self._walk_children(node, options)
            if self._recording:
                self._assign(node)
            name = node.child_by_field_name("name")
            written = node.child_by_field_name("value")
            text = self.parsed.node_text(written) if written is not None else ""
            folder = script_folder(text, self.script_dirs) if "$" in text else None
            if name is not None and self._recording:  # a folder, or no longer one
                assigned = self.parsed.node_text(name)
                if folder is not None:
                    self.script_dirs[assigned] = folder
                else:
                    self.script_dirs.pop(assigned, None)
                self._hold_paths(assigned, [text] if text else [], node)
            return options
        if kind == "unset_command" and self._recording:  # `unset TOOL`: no value now
            for name in node.named_children:
                if name.type in ("variable_name", "word"):
                    forget(self.env, self.parsed.node_text(name))
            return options
        if kind == "expansion" and self._recording:
            assign_default(node, self.env)  # `: "${AGENT:=claude}"`
        if kind in _SCOPES:
            self._walk_children(node, options)
            return options
        if kind == "command_substitution":
            self._walk_children(node, options.in_substitution())
            return options
        if kind == "for_statement" and self._recording:
            # Walked as written, then (over known words) again one element at a time.
            before = dict(self.env)
            variable = node.child_by_field_name("variable")
            if variable is not None:  # it holds an element, not its old value
                loop_variable(node, self.parsed.node_text(variable), self.env)
                words = [self.parsed.node_text(word) for word in loop_words(node)]
                self._hold_paths(self.parsed.node_text(variable), words)
                forget(before, self.parsed.node_text(variable))
            options = self._walk_children(node, options)
            if run_loop(node, self.functions, before, self._seen_in_call, self._calls):
                self.env = before
            if variable is not None:
                forget(self.env, self.parsed.node_text(variable))
            return options
        if kind == "function_definition":
            if not self._recording:
                return options  # a nested function runs with the options of its own calls
            name = node.child_by_field_name("name")
            outer = dict(self.env)
            first = len(self.commands)
            with self._arms.suspended():
                self._walk_children(node, options)  # until its calls are known
            self._body_commands[node.id] = (first, len(self.commands))
            self.env = outer  # its assignments reach the script where it is called
            if name is not None:
                self._define(self.parsed.node_text(name), node)
            return options
        parts = pipeline_parts(node) if kind in _PIPELINE_NODES else None
        if parts is not None:
            for body in heredoc_bodies(node):  # `cat <<EOF | b`: its `$(…)` run first
                self._walk(body, options)
            for part, _ in parts.stages:
                self._walk(part, options)  # each stage runs in a subshell
            if self._recording:
                self._pipeline_index[node.id] = len(self.pipelines)
                for part, _ in parts.stages:
                    self._stage_pipeline[part.id] = len(self.pipelines)
                self.pipelines.append(StageReader(self).pipeline(node, parts, options))
            else:
                index = self._pipeline_index[node.id]
                self.pipelines[index] = self.pipelines[index]._replace(options=options)
            return options
        return self._walk_children(node, options)

    def _may_assign(self, statement: Node) -> bool:
        """Whether the right operand of an `&&`/`||` list may set a variable, so its arm
        is worth joining (`arm_values`): an assignment (`|| rc=$?`, `${X:=…}`), or a call
        of a function of the script; an `if` or `case` always is."""
        if statement.type != "list":
            return True
        right = statement.named_children[-1] if statement.named_children else None
        if right is None:
            return False
        if b":=" in (right.text or b""):
            return True
        for node in (right, *descendants(right)):
            if node.type == "variable_assignment":
                return True
            name = node.child_by_field_name("name") if node.type == "command" else None
            if name is not None and self.parsed.node_text(name) in self.functions:
                return True
        return False

    def _assign(self, node: Node) -> None:
        """Apply an assignment to the variables."""
        assign(node, self.env)

    def _walk_children(self, node: Node, options: ShellOptions) -> ShellOptions:
        arms = node.type in BRANCHING and self._recording and self._may_assign(node)
        if arms:
            self._arms.enter(node, self.env)
        for child in node.named_children:
            if arms:
                self._arms.arm(child, self.env)
            options = self._walk(child, options)
        if arms:
            self._arms.leave(self.env)
        return options

    def _command(self, node: Node, options: ShellOptions) -> ShellOptions:
        self._walk_children(node, options)  # substitutions in the words run first
        self._options_by_id[node.id] = options
        holder = node.parent
        if holder is not None and holder.type == "redirected_statement" and self._recording:
            for body in _script_bodies(holder):  # `cat > run.sh <<EOF`, `#!/bin/bash` …
                self.written_env[body.id] = dict(self.env)
        command = self._command_by_id.get(node.id)
        if command is None:
            command = self._analysed(node, self.env)
            if command.command_name in ("return", "exit") and command.literal_code is None:
                self._hold_codes(command)
            if holder is not None and (written := written_script(command, holder)):
                before = self.written.get(written.file, "") if written.appends else ""
                self.written[written.file] = before + written.text
            self._command_index[node.id] = len(self.commands)
            self.commands.append(command)
            self._command_by_id[node.id] = command
            if command.sourced_word is not None:
                options = self._source(command.sourced_word, options)
            dynamic = b"$" in (node.text or b"")
            if dynamic and command.agent is None and not self._runs_agent_function(command):
                found = self._agent_variant(node, self.env)  # another value of its words
                if found is not None:
                    self._adopt(node, command, found)
                    command = found
            elif dynamic and command.agent is not None:
                command = self._with_alternatives(node, command)
        if self._recording and command.command_name:
            self._library_call(command.command_name, self.env, command.argv[1:])
        if self._recording and command.command_name in self.functions:
            self._call(node, command)
        if command.command_name in _FORGETTING and self._recording:
            # `read -r TOOL`: not its value now (`mapfile -t LINES`: its operands, roughly)
            named = command.command_name == "read"
            words = read_variables(command) if named else command.argv[1:]
            for word in words:
                if word and not word.startswith("-"):
                    forget(self.env, word)
        if command.command_name == "set":
            if self._recording:
                set_positional(self.env, command.argv[1:])  # `set -- -p "…" --model m`
            return apply_set(options, command.argv[1:])
        if command.command_name == "shopt":
            return apply_shopt(options, command.argv[1:])
        return options

    def _call(self, node: Node, command: SimpleCommand) -> None:
        """A call of a function of the script: its body runs here (its assignments reach
        the caller's variables), also with each other value its words may hold (which the
        variables it assigns may then hold too); the agent its body ends by running with
        them is the call's (`run claude`, `run "$AGENT"`)."""
        name, seen = command.command_name or "", self._seen_in_call
        first = apply_call(name, self.functions, self.env, seen, self._calls, command.argv[1:])
        ended = {first: command}  # what each walk's body ended running, and the call
        # its other values matter where they decide the program the body ends running, or
        # the program the call is, or a variable the body assigns from an argument
        varies = first is not None or _program_varies(command) or self._assigns_arguments(name)
        for variant in variants(node, self.env) if varies and may_vary(node, self.env) else ():
            scratch, varied = Overlay(variant), self._analysed(node, variant)
            called = varied.command_name or ""  # `$STEP claude`: another function, maybe
            if called not in self.functions:
                continue
            arguments = varied.argv[1:]
            found = apply_call(called, self.functions, scratch, seen, self._calls, arguments)
            ended.setdefault(found, varied)
            for key, value in scratch.changes.items():
                if "\0" not in key and value != self.env.get(key):
                    add_alternatives(self.env, key, [value])
        agents = sorted(each for each in ended if each)
        if agents:  # one of them runs an agent: the call may, as that walk called it
            if ended[agents[0]].command_name != name:
                self._adopt(node, command, ended[agents[0]])
            self._call_agents[node.id] = self._ending_agents[agents[0]]
        elif set(ended) == {""}:  # none does, where the values decide the program
            self._call_agents[node.id] = None

    def _assigns_arguments(self, name: str) -> bool:
        """Whether a function's body gives a variable of its caller one of its arguments
        (`AGENT=$1`; not `local tool=$1`)."""
        definition = self.functions.get(name)
        if definition is None:
            return False
        if definition.id not in self._argument_assigners:
            self._argument_assigners[definition.id] = any(
                _ASSIGNED_ARGUMENT.search(line) and not line.lstrip().startswith(_SCOPED)
                for line in (definition.text or b"").splitlines()
            )
        return self._argument_assigners[definition.id]

    def _analysed(self, node: Node, env: Env) -> SimpleCommand:
        """A command with its words, wrappers and agent: its own, one it forwards through a
        wrapper function, or the one a string it runs as shell passes its status on."""
        analysed = analyse_command(node, env, self.catalog)
        # seen through a pass-through wrapper: its agent, or the `bash -c "…"` it is given
        view = forwarded_command(
            analysed, self.summaries, self.catalog, self._project_script, strings=True
        )
        command = view if view.agent is not None else analysed  # (the call stays the command)
        text = command_string(view, env) if command.agent is None else None
        if text is None and command.agent is None and self.written and (file := run_file(command)):
            text = self.written.get(file)  # a script it wrote before: `"$runner"`
        found = self._string_agent(text) if text else None
        if found is None and command.agent is None:
            found = self._project_script(command)
        if found is None:
            return self._unseen_wrapper(command) if command.agent is None else command
        interactive = found[2] and terminal_session(node)
        return command._replace(agent=found[0], inner=found[1], interactive=interactive)

    def _unseen_wrapper(self, command: SimpleCommand) -> SimpleCommand:
        """A command the script cannot see (no function of it or of the files it reads,
        no program runaudit knows) whose arguments are an agent's headless run
        (`ns_run_subscription claude -p …`, `caffeinate -i claude -p …`): a wrapper that
        runs them, as every wrapper does, with codes of its own unknown here."""
        name = command.command_name
        if command.program_index != 0 or not name or not self._unseen_program(name):
            return command
        at = next(
            (i for i, w in enumerate(command.argv[1:4], 1) if not (w or "-").startswith("-")), 0
        )
        agent = headless_run(command.argv[at:], self.catalog) if at else None
        if agent is None:
            return command
        wrapper = WrapperUse(name, command.argv[1:at], unseen=True)
        return command._replace(program_index=at, wrappers=(wrapper,), agent=agent)

    def _unseen_program(self, name: str) -> bool:
        """Whether a command's name is a plain program name that the script cannot see:
        no function of it or of the files it reads, no common or known program."""
        return not (
            not _PLAIN_NAME.fullmatch(name)
            or name in COMMON_COMMANDS
            or name in self.functions
            or name in self.summaries
            or any(name in library.functions for library in self.libraries)
            or self.catalog.knows_command(name)
        )

    def _project_script(self, command: SimpleCommand) -> ScriptRun | None:
        """The agent whose status a script of the project returns when this one runs it
        by its path (`auditor.shell.run_scripts`): read from the tree as a sourced file
        is, and walked once."""
        key = self._project_script_key(command)
        if key is None or self.sourced is None:
            return None
        self._scripts_run[command.node.id] = key
        return cast("ScriptRun | None", self.sourced.runs.get(key))

    def runs_project_agent(self, command: SimpleCommand) -> bool:
        """Whether a command runs a script of the project that runs an agent, whatever
        its own status says (`./loop.sh 10`, which exits 1 when the agent did not
        finish): its failure is the agent's work failing."""
        key = self._scripts_run.get(command.node.id)
        return (
            key is not None
            and self.sourced is not None
            and self.sourced.agent_scripts.get(key, False)
        )

    def _project_script_key(self, command: SimpleCommand) -> Path | None:
        """Where the runs of the project script a command runs by its path are kept, once
        that script is walked; None when it names none the tree holds."""
        named = script_word(command, self.parsed.node_text) if self.sourced is not None else None
        if self.sourced is None or self.depth >= _MAX_STRING_DEPTH:
            return None
        if named is None:
            return self._tree_program_key(command)
        word, value = named
        held = sourced_paths(self.parsed.node_text(word), self.script_dirs, self.path_variables)
        paths = tuple(path for path in held if not path.startswith(NEAREST))
        tails = [path.removeprefix(NEAREST) for path in held if path.startswith(NEAREST)]
        if not held and (tail := variable_prefixed(self.parsed.node_text(word))) is not None:
            tails.append(tail)  # `"$SF_ROOT/scripts/agent.sh"`, as a `source` of it
        if not paths and not tails and value is not None:  # its caller's (`"$@"`, `$1`)
            paths = sourced_paths(value, self.script_dirs, self.path_variables)
        if not paths and value is not None and value.startswith("/"):
            paths = (value,)  # the project checked out elsewhere (`SourcedFiles.tree_copy`)
        runs = self.sourced.runs  # shared by every walk of this audit: each file read once
        if not paths and len(tails) == 1 and not is_pattern(tails[0]):
            # behind a variable set at run time (`"$SF_ROOT/scripts/agent.sh"`): the
            # nearest folder above that holds the rest, as a `source` of it reads it
            path = tails[0]
            found = self.sourced.search_roots(path)
            if found is None or found[0] in runs:
                return found[0] if found else None
            runs[found[0]] = None
            self._script_run(found, path, found[0])
            return found[0]
        if len(paths) != 1 or is_pattern(paths[0]):
            return None
        return self._run_path(posixpath.normpath(paths[0]), word)

    def _tree_program_key(self, command: SimpleCommand) -> Path | None:
        """Where the runs of the tree's script a command runs by its bare name are kept: a
        program on the PATH named as a script of the tree that runs an agent is (`agent
        run …` for `workers/claude/agent`, installed there by its Dockerfile or setup),
        when the script sees no other program of that name, nor defines a function of it
        anywhere in its text (before or after this call); the first such script in path
        order."""
        assert self.sourced is not None
        name = command.command_name or ""
        paths = self.sourced.programs.get(name, ())
        if not paths or command.program_index != 0 or not self._unseen_program(name):
            return None
        if self._defined_names is None:  # (read once, and only for such a name)
            self._defined_names = frozenset(
                self.parsed.node_text(node.child_by_field_name("name") or node)
                for node in descendants(self.parsed.root)
                if node.type == "function_definition"
            )
        if name in self._defined_names:
            return None
        return self._run_path(os.path.relpath(paths[0], self.sourced.current.parent), None)

    def _run_path(self, path: str, word: Node | None) -> Path | None:
        """Where the runs of the project script at `path` (from the file being walked) are
        kept, once it is walked; None when the tree holds none there. `word`: the word
        that names it, when written in the script."""
        assert self.sourced is not None
        runs = self.sourced.runs
        real = self.sourced.real(path)
        if real in runs:
            return real
        runs[real] = None  # a script that runs itself stops here
        found = self.sourced.read(path)
        if found is None and word is not None and self._climbs(word, path):
            found = self.sourced.search_roots(path)
        if found is None and path.startswith(("/", "../")):
            found = self.sourced.tree_copy(path)  # also a checkout beside this one
        if found is None:
            return None
        self._script_run(found, path, real)
        return real

    def _script_run(self, found: tuple[Path, str], path: str, real: Path) -> ScriptRun | None:
        """What running the script `found` (its real path and text; `path` as written,
        `real` where the runs are kept) returns, walked once."""
        assert self.sourced is not None
        runs = self.sourced.runs
        # read as a script, not sourced: a later `source` of it reads it again, and it
        # counts against no bound of the files sourced
        self.sourced.put_back(found[0])
        if classify(found[0], found[1][:256].encode()) is not FileKind.SHELL:
            return None  # `./manage.py`, `./gradlew` of another language: no shell to read
        outer, self.sourced.current = self.sourced.current, found[0]
        try:
            inner = ShellScript.walk(ShellText(found[1]), self.catalog, sourced=self.sourced)
            runs[real] = runs[found[0]] = script_run(inner, path)
            agents = self.sourced.agent_scripts
            agents[real] = agents[found[0]] = inner.runs_agent_and_may_fail()
        except (RecursionError, NotAudited):
            pass  # too deep or too costly: that file's own audit says so (RA900, RA901)
        finally:
            self.sourced.current = outer
        return cast("ScriptRun | None", runs[real])

    def _string_agent(self, text: str) -> tuple[AgentProfile, str, bool] | None:
        """The agent (and its name there) whose status shell text run as a string returns,
        and whether each of its runs there is a person's session (`exec codex` with no
        prompt, in a `tmux` pane)."""
        if text in self._strings or self.depth >= _MAX_STRING_DEPTH:
            return self._strings.get(text)
        self._strings[text] = None  # a string that runs itself stops here
        try:
            inner = ShellScript(ShellText(text), self.catalog, end_use=None)
            inner.depth = self.depth + 1
            inner._walk(inner.parsed.root, ShellOptions())
        except (RecursionError, NotAudited):
            return None
        runs = [(c, inner.agent_of(c)) for c in inner.commands]
        agents = [(c.node, profile) for c, profile in runs if profile is not None]
        profile = passed_agent(agents, inner.status_kept)
        if profile is not None:
            label = next(c.label or profile.name for c, p in runs if p is profile)
            interactive = all(c.interactive for c, p in runs if p is profile)
            self._strings[text] = (profile, label, interactive)
        return self._strings[text]

    def _define(self, name: str, definition: Node) -> None:
        """Record a function and the summary of what a call of it does."""
        known = self.functions.get(name)
        if known is None:
            self._calls.defined(name)
        elif not same_node(known, definition):
            self._calls.clear()  # defined again: the calls of it ran the other one
        self.functions[name] = definition
        inside = self.inside(definition)
        for command in inside:
            if command.command_name:
                self._callers_of.setdefault(command.command_name, set()).add(name)
        printed = printed_words(definition, inside)  # `$(name)` holds one of them
        key = output_key(name)
        self.env.pop(key, None)
        self.env.pop(key + ALTERNATIVES_SUFFIX, None)
        if len(printed) == 1:
            self.env[key] = printed[0]
        elif printed:  # one of them, known on no path: each is a variant of `$(name)`
            add_alternatives(self.env, key, printed)
        if body_checks_effect(definition, self.command_at, self.tests_of, self.leaving):
            self.effect_checks.add(name)
        else:
            self.effect_checks.discard(name)
        self._leaves(name)
        says = (c.command_name in _SAYING or c.command_name in self.messages for c in inside)
        if inside and all(says):
            self.messages.add(name)
        else:
            self.messages.discard(name)
        self._summarise(name, inside)

    def _leaves(self, name: str) -> None:
        """Record whether every call of a function ends the script; where that changes, so
        may it for the functions that call it (each looked at again a bounded number of
        times, as functions that call each other may be)."""
        pending, times = [name], dict.fromkeys([name], 0)
        while pending:
            name = pending.pop()
            definition = self.functions[name]
            ends = leaves(definition, self.inside(definition), self.command_at, self.leaving)
            if ends == self.leaving.get(name):
                continue
            if ends is None:
                del self.leaving[name]
            else:
                self.leaving[name] = ends
            for caller in self._callers_of.get(name, ()):
                if caller in self.functions and times.get(caller, 0) < _MAX_RESUMMARIES:
                    times[caller] = times.get(caller, 0) + 1
                    pending.append(caller)

    def _alias(self, name: str) -> list[str]:
        """Summarise as `name` the sourcing scripts' functions that end by running it (not
        one this file defines itself); those whose summary changed."""
        changed = []
        summary = self.summaries.get(name)
        for alias in self._aliased_by.get(name, ()):
            if alias in self.functions or self.catalog.agent_for(name) is not None:
                continue
            given = summary._replace(name=alias) if summary is not None else None
            if given != self.summaries.get(alias):
                if given is None:
                    self.summaries.pop(alias, None)
                else:
                    self.summaries[alias] = given
                changed.append(alias)
        return changed

    def last_command(self, name: str) -> str | None:
        """The name of the command a function's body ends by running (its status is the
        function's): the last statement, when it is a simple command."""
        definition = self.functions.get(name)
        last = ending_command(definition) if definition is not None else None
        command = self.command_at(last) if last is not None else None
        return command.command_name if command is not None else None

    def inside(self, definition: Node) -> list[SimpleCommand]:
        """The commands a function's body recorded."""
        first, last = self._body_commands.get(definition.id, (0, len(self.commands)))
        return [c for c in self.commands[first:last] if within(c.node, definition)]

    def _hold_codes(self, command: SimpleCommand) -> None:
        """The numbers `return $ec` may return: those its variable holds on some path
        (`[[ $ec -eq 143 ]] && ec=124`), beside the status it holds on another."""
        word = command.word_nodes[1] if len(command.word_nodes) > 1 else None
        named = _VARIABLE_WORD.fullmatch(self.parsed.node_text(word)) if word else None
        held = values_held(self.env, named.group(1)) if named else ()
        codes = tuple(c for v in held if isinstance(v, str) and (c := bounded_int(v)) is not None)
        if codes:
            self.held_codes[command.node.id] = codes

    def _summarise(self, name: str, inside: list[SimpleCommand]) -> None:
        """Summarise a function; when that changes what a call of it does, summarise again
        the functions defined before that call it (each a bounded number of times, as
        functions that call each other may)."""
        pending, times = [(name, inside)], dict.fromkeys([name], 0)
        while pending:
            name, inside = pending.pop()
            definition = self.functions[name]
            summary = summarize_function(
                name,
                definition,
                inside,
                self.parsed,
                self.status_kept,
                self.summaries,
                self.held_codes,
            )
            if summary == self.summaries.get(name):
                continue
            self._calls.clear()  # a command a call ran may now run an agent
            if summary is not None:
                self.summaries[name] = summary
            else:
                self.summaries.pop(name, None)  # a later definition replaces an earlier one
            # (and of a sourcing script's function that ends running it: `_alias`)
            for changed in (name, *self._alias(name)):
                for caller in self._callers_of.get(changed, ()):
                    if caller in self.functions and times.get(caller, 0) < _MAX_RESUMMARIES:
                        times[caller] = times.get(caller, 0) + 1
                        pending.append((caller, self.inside(self.functions[caller])))

    def status_kept(self, node: Node) -> tuple[Node, bool]:
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

    def _hold_paths(self, variable: str, words: Sequence[str], at: Node | None = None) -> None:
        """Keep the paths a variable's value or a loop's words name (`source_sets`), for
        a later `source "$variable"`; forget what it held when they name none. Set in one
        branch (the assignment `at`), it holds those beside what it held before it."""
        branch = _branch_of(at) if at is not None else None
        previous = self._path_set_at.get(variable)
        kept = branch is not None and previous is not None and not within(previous, branch)
        before = self.path_variables.get(variable, ()) if kept else ()
        if at is not None:
            self._path_set_at[variable] = at
        if not words or not all("/" in word or "." in word or "$" in word for word in words):
            self.path_variables.pop(variable, None)  # no path: a name, a number, a flag
            return
        paths = [
            sourced_paths(word, self.script_dirs, self.path_variables)
            # (or a path behind a variable set at run time: `"$ROOT/commands/$cmd.sh"`)
            or tuple(NEAREST + tail for tail in [variable_tail(word)] if tail)
            for word in words
        ]
        if all(paths):
            found = (*before, *(p for held in paths for p in held))
            self.path_variables[variable] = tuple(dict.fromkeys(found))
        else:
            self.path_variables.pop(variable, None)

    def source_paths(self, word: Node) -> tuple[str, ...]:
        """The paths (relative to the script's folder) a `source` word names: a directive
        right above says, or the word does (`source_sets.sourced_paths`); a pattern stands
        for each file it matches; none when it names none known statically."""
        directive = directive_source(self.parsed.text, word.start_point[0])
        if directive is not None:
            return (directive,)
        return sourced_paths(self.parsed.node_text(word), self.script_dirs, self.path_variables)

    def _source(self, word: Node, options: ShellOptions) -> ShellOptions:
        """Join the functions and variables of the sourced files found in the tree (each
        file a pattern names, in order); the options after them, with those their top
        levels set (they run in this shell)."""
        if not self._recording:
            return options
        held = self.source_paths(word)
        # (a variable may hold the rest of a path behind another: read from the nearest
        # folder above, as the sourced_by graph does)
        self.sourcing.extend((path, options) for path in held if path.startswith(NEAREST))
        paths = tuple(path for path in held if not path.startswith(NEAREST))
        self.sourcing.extend((path, options) for path in paths)
        tail = variable_prefixed(self.parsed.node_text(word)) if not held else None
        # read from the nearest folder above that holds it: the rest of a path behind a
        # variable, and a path that is not beside the script (`source lib/x.sh` reads it
        # from where the script runs, the project's top most often; and so does
        # ShellCheck's `source=` directive)
        nearest = [tail] if tail is not None else [p for p in paths if self._climbs(word, p)]
        self.sourcing.extend((NEAREST + held, options) for held in nearest)
        command = word.parent.id if word.parent is not None else -1
        if paths:  # a file of the project: unread, until one it names is read below
            self._unread_sources.add(command)
        if self.sourced is None:
            return options
        if not paths:  # `$LIBDIR/x.sh`: `x.sh` under a `--source-path` root, if one holds it
            tail = variable_prefixed(self.parsed.node_text(word))
            found = self.sourced.search_roots(tail) if tail else None
            return self._join_library(found, options) if found is not None else options
        for path in paths:
            for relative in self.sourced.matching(path) if is_pattern(path) else [path]:
                found = self.sourced.read(relative)
                if found is None and self._climbs(word, path):
                    found = self.sourced.search_roots(relative)
                if found is not None:
                    options = self._join_library(found, options)
                    self._unread_sources.discard(command)
        return options

    def _climbs(self, word: Node, path: str) -> bool:
        """Whether a path a `source` word names is read from where the script runs, so
        looked for in the nearest folder above that holds it when it is not beside the
        script: one written as a literal relative path (`source lib/x.sh`), or given by
        ShellCheck's `source=` directive; not one from the script's own folder
        (`"$SCRIPT_DIR/lib/x.sh"`)."""
        written = self.parsed.node_text(word)
        directed = directive_source(self.parsed.text, word.start_point[0]) is not None
        return climbs(path) and (directed or not any(c in written for c in "$`"))

    def _join_library(self, found: tuple[Path, str], options: ShellOptions) -> ShellOptions:
        """Join the functions and variables of a library read from the tree (`found`: its
        path and text); the options after it."""
        assert self.sourced is not None
        path, text = found
        outer, self.sourced.current = self.sourced.current, path
        try:
            inner = _walk_library(path, text, self.catalog, self.sourced, self.summaries, options)
        except (RecursionError, NotAudited):
            # Too deep or too costly to read: that file's own audit says so (RA900, RA901);
            # this script keeps its findings, without the library's functions.
            return options
        finally:
            self.sourced.current = outer
        self.libraries.append(inner)  # its reads, asked for only when needed (`read_names`)
        if any(self.summaries.get(name) != summary for name, summary in inner.summaries.items()):
            self._calls.clear()  # a command a call ran may now run an agent
        self.summaries.update(inner.summaries)
        self.effect_checks |= inner.effect_checks
        self.leaving.update(inner.leaving)
        self.messages |= inner.messages
        self.env.update(inner.env)
        self.sourced_values.update(inner.sourced_values)
        for name, value in inner.env.items():
            if is_output_key(name):
                continue  # what a function prints (`output_key`), not a variable's value
            for item in (value,) if isinstance(value, str) else value:
                if item and not self.catalog.knows_command(item):
                    self.sourced_values.setdefault(item, name)
        return options._replace(**inner.options_set)

    def _seen_in_call(
        self, node: Node, env: MutableMapping[str, Value], ending: bool
    ) -> str | None:
        """A command of a called body: an agent with the values of this call counts. When
        the body ends with it, the name of the agent it runs with them ("" for none)."""
        known = self._command_by_id.get(node.id)
        if known is not None and known.command_name:
            self._library_call(known.command_name, env)
        if known is None:
            return None
        unknown = known.agent is None and not self._runs_agent_function(known)
        decided = ending and _program_varies(known)  # the call's values decide its agent
        command: SimpleCommand | None = known
        program: str | None = None  # its program with these values, where they decide it
        if b"$" in (node.text or b"") and (unknown or decided):  # its words depend on them
            analysed = self._analysed(node, env)
            if analysed.program_index < len(analysed.argv):
                program = analysed.argv[analysed.program_index]
            runs = analysed.agent is not None or self._runs_agent_function(analysed)
            command = analysed if runs else self._agent_variant(node, env)
            if command is not None and unknown:
                self._adopt(node, known, command)
        if not decided:
            return None
        profile = self.agent_of(command) if command is not None else None
        if profile is None:  # no agent, unless its program is unknown with these values
            return "" if program else None
        self._ending_agents[profile.name] = profile
        return profile.name

    def _adopt(self, node: Node, known: SimpleCommand, command: SimpleCommand) -> None:
        """Record `command` as what the command at `node` runs, in place of `known`."""
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
                s._replace(command=command, agent=self.agent_of(command))
                if s.command is known
                else s
                for s in pipeline.stages
            )
            self.pipelines[found] = pipeline._replace(stages=stages)
        # The functions holding it now run an agent: their summaries say so (not when a
        # call's arguments name it: that is the agent of that call only).
        holder = node.parent if names_program(command, self.parsed) else None
        while holder is not None:
            if holder.type == "function_definition":
                name = holder.child_by_field_name("name")
                label = self.parsed.node_text(name) if name is not None else None
                if label is not None and same_node(self.functions.get(label), holder):
                    self._define(label, holder)
            holder = holder.parent

    def _with_alternatives(self, node: Node, command: SimpleCommand) -> SimpleCommand:
        """The agent's command with the wrappers it runs under with the other values its
        words may hold (`"${TIMEOUT_CMD[@]}" gemini …`, the array `(timeout 240)` on one
        path and empty on another): its status may come from any of them."""
        if not may_vary(node, self.env):
            return command
        found = {
            variant.wrappers
            for variant in (self._analysed(node, v) for v in variants(node, self.env))
            if variant.agent == command.agent and variant.wrappers != command.wrappers
        }
        if not found:
            return command
        varied = command._replace(alternatives=tuple(sorted(found, key=repr)))
        self._adopt(node, command, varied)
        return varied

    def agent_command(self, node: Node, env: Env) -> SimpleCommand | None:
        """The command at `node` as it runs an agent with the variables `env` (its own
        values, or one of the others they may hold), if it does."""
        command = self._analysed(node, env)
        if command.agent is not None or self._runs_agent_function(command):
            return command
        return self._agent_variant(node, env)

    def _library_call(
        self, name: str, env: MutableMapping[str, Value], arguments: Sequence[str | None] = ()
    ) -> None:
        """A call of a function a sourced library defines: its body runs here (its
        assignments reach the caller's variables: `load_config` sets `CLAUDE_BIN`), and
        with this call's values it may run an agent (`auditor.shell.library_calls`), and
        is summarised so from here."""
        if name in self.functions or not self.libraries:
            return
        library = self._library_calls.owner(name, self.libraries)
        if library is None:
            return
        apply_call(name, library.functions, env, _unseen, self._library_memo, tuple(arguments))
        summary = self._library_calls.summary(name, env, self.libraries, self.summaries)
        if summary is not None and summary.agent is not None:
            self.summaries[name] = summary
            self._calls.clear()  # a command a call ran may now run an agent

    def _agent_variant(self, node: Node, env: Env) -> SimpleCommand | None:
        """The command as it runs an agent with one of the other values its words may
        hold (`assignments.variants`), if one does."""
        if not may_vary(node, env):
            return None  # no word of it has another value: not walked for one
        for variant in variants(node, env):
            command = self._analysed(node, variant)
            if command.agent is not None or self._runs_agent_function(command):
                return command
        return None

    def _runs_agent_function(self, command: SimpleCommand) -> bool:
        """Whether a command calls a function that runs an agent (`"$@"` given one)."""
        return command.agent is None and self.agent_of(command) is not None

    def agent_of(self, command: SimpleCommand) -> AgentProfile | None:
        """The agent a command runs: itself, or the function it calls, whose body runs one
        and passes its status on."""
        if command.agent is not None:
            return command.agent
        if command.node.id in self._call_agents:  # this call's, with its values
            return self._call_agents[command.node.id]
        summary = self.summaries.get(command.command_name or "")
        return summary.agent if summary is not None else None

    def runs_agent_and_may_fail(self) -> bool:
        """Whether running the script runs an agent (a command of it does, or a function
        it calls, or a script of the project it runs by its path) and its own exit
        status may say it failed: errexit is on somewhere, or it `exit`s with something
        other than 0 (`exit 1` when the agent did not finish, `exit "$rc"`)."""
        runs = any(
            self.agent_of(command) is not None or self.runs_project_agent(command)
            for command in self.commands
        )
        return runs and any(
            self.options_at(command.node).errexit
            or (command.command_name == "exit" and command.argv[1:2] != ("0",))
            for command in self.commands
        )

    def may_run_agent(self) -> bool:
        """Whether running the script may run an agent: a command of it does, or a
        function it calls, or a file it sources or another script it runs (neither read
        here) may."""
        return any(
            self.agent_of(command) is not None
            or (command.sourced_word is not None and self.sourced is None)
            or (command.name or "").endswith(SCRIPT_SUFFIXES)
            for command in self.commands
        )

    def _enter_uncalled(self) -> None:
        """Run each function nothing in the script calls (an entry point another script
        or the command line calls, after every function is defined) as a call with no
        known arguments: the calls in its body then run the functions defined after it
        with the values it gives them (`main` defined first, calling `run_once` with
        `"$codex_bin"`). What it assigns stays in the call."""
        called = {c.command_name for c in self.commands if c.command_name in self.functions}
        for name in [name for name in self.functions if name not in called]:
            scratch = Overlay(self.env)
            apply_call(name, self.functions, scratch, self._seen_in_call, self._calls)

    def _walk_called_functions(self, outside: Mapping[str, ShellOptions]) -> None:
        """Walk each called function's body again with the options of its calls (and of
        those that scripts sourcing this file make: `outside`).

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
                if name in outside:
                    given = outside[name]
                    entry = given if entry is None else both_on(entry, given)
                if entry is None or entries.get(name) == entry:
                    continue
                entries[name] = entry
                body = definition.child_by_field_name("body")
                if body is not None:
                    self._walk(body, entry)
                changed = True
            if not changed:
                break
        # A function whose body runs under errexit on one call only: walked again as that
        # call runs it, and so are the functions its body then calls (a worklist: each
        # function once), in the foreground or as a job (`f &` keeps errexit in the job).
        pending = [name for name in entries if self._errexit_call(calls[name], entries[name])]
        walked: set[str] = set()
        while pending:
            name = pending.pop()
            if name in walked:
                continue
            walked.add(name)
            definition = self.functions[name]
            self._walk_errexit(definition, entries[name]._replace(errexit=True))
            pending += [  # the functions its body calls
                callee
                for callee, entry in entries.items()
                if callee not in walked
                and any(within(c.node, definition) for c in calls[callee])
                and self._errexit_call(calls[callee], entry)
            ]
        self._recording = True

    def _errexit_call(self, commands: list[SimpleCommand], entry: ShellOptions) -> bool:
        """Whether a function that its calls together run without errexit (`entry`) has a
        call that runs its body with it: outside any condition, where errexit is on for
        every call of the body around it or for one (`errexit_on_some_call`)."""
        return not entry.errexit and any(
            not in_condition(c.node)
            and (self.options_at(c.node).errexit or c.node.id in self._errexit_some)
            for c in commands
        )

    def _walk_errexit(self, definition: Node, entry: ShellOptions) -> None:
        """Walk a function's body again as a call under errexit runs it, when its other
        calls do not (`f` once, `if ! f` elsewhere): the nodes where errexit is then on
        (`errexit_on_some_call`), the model's options left as every call has them."""
        body = definition.child_by_field_name("body")
        if body is None:
            return
        options, pipelines = self._options_by_id, list(self.pipelines)
        self._options_by_id = {}
        self._walk(body, entry)
        self._errexit_some.update(n for n, o in self._options_by_id.items() if o.errexit)
        self._options_by_id, self.pipelines = options, pipelines

    def errexit_on_some_call(self, node: Node) -> bool:
        """Whether errexit is on at a node of a function's body on one of its calls, where
        its other calls run it without (`options_at` has the options all calls have)."""
        return node.id in self._errexit_some

    def _entry_options(self, calls: list[SimpleCommand], definition: Node) -> ShellOptions | None:
        """The options a function's body starts with: those every call runs it with
        (errexit is off for a call in a condition), or None if nothing calls it."""
        entry: ShellOptions | None = None
        for command in calls:
            node = command.node
            if within(node, definition):
                continue  # a recursive call runs with the options it is walked with
            options = self.options_at(node)
            if options.errexit and in_condition(node):
                options = options._replace(errexit=False)
            entry = options if entry is None else both_on(entry, options)
        return entry


def _unseen(node: Node, env: MutableMapping[str, Value], ending: bool) -> None:
    """A library's command, run by a call of its function: not one of this script's."""
    return None


# Sourced files walked in this process, by real path and content, most recent last: the
# scripts that source one library walk it once (20 scripts sourcing a 200 KB library of
# one-line functions took 38 s, walking it 20 times). A model holds about 140 times its
# text, and the values it built: 1 MiB of text and 64 MiB of values in all keep them
# near 200 MiB. Each entry keeps what its walk charged to the value budget.
_LIBRARIES: OrderedDict[tuple[Path, str, ShellOptions], tuple[AgentCatalog, ShellScript, int]] = (
    OrderedDict()
)
_MAX_LIBRARY_TEXT = 1 << 20
_MAX_LIBRARY_VALUES = 64 << 20
_MAX_LIBRARIES = 256


def _branch_of(node: Node) -> Node | None:
    """The innermost branch a statement runs in, in its function (or script): an `if`
    (its arm), a `case` arm, or an `&&`/`||` list."""
    current = node.parent
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type in _BRANCHES:
            return current
        current = current.parent
    return None


_BRANCHES = frozenset({"if_statement", "elif_clause", "else_clause", "case_item", "list"})


def _walk_library(
    path: Path,
    text: str,
    catalog: AgentCatalog,
    sourced: SourcedFiles,
    defined: Mapping[str, FunctionSummary],
    options: ShellOptions,
) -> ShellScript:
    """The model of a sourced file, run in the script's shell with the `options` it has
    where it sources the file (`set -o pipefail` before `source lib.sh`: the library's
    `agent | tee` then returns the agent's failure), walked once per process for its path,
    content, those options and catalogue when it sources nothing itself and calls no
    function the script defined before (`defined`, as a library a sibling's functions
    call): its model then depends on nothing else. A kept model is charged to the value
    budget as its walk was, and used only when the budget affords it, so that a script's
    model is the same whichever script walked the library first."""
    budget = current_budget()
    if budget is None:  # outside a file's audit: charged all the same
        with value_budget():
            return _walk_library(path, text, catalog, sourced, defined, options)
    seeds = _seeds(defined, text)
    key = (path, text, options)  # the text is the model's: no copy, no hashlib (4 MiB of RSS)
    known = _LIBRARIES.get(key) if not seeds else None
    if known is not None and known[0] is catalog and budget.spend(known[2]):
        _LIBRARIES.move_to_end(key)
        return known[1]
    before = budget.spent
    inner = ShellScript.walk(
        ShellText(text), catalog, options, end_use=None, sourced=sourced, known=seeds
    )
    if budget.exhausted or seeds:
        return inner  # its values or summaries may be this script's only: not kept
    if not any(command.sourced_word is not None for command in inner.commands):
        _LIBRARIES[key] = (catalog, inner, budget.spent - before)
        while _too_many_libraries():
            _LIBRARIES.popitem(last=False)
    return inner


_DEFINES = re.compile(
    r"^[ \t]*(?:function[ \t]+)?([\w-]+)[ \t]*\([ \t]*\)"  # a function
    r"|^[ \t]*(?:export[ \t]+|readonly[ \t]+|declare(?:[ \t]+-\w+)*[ \t]+)?([A-Za-z_]\w*)=",
    re.M,
)


def _pipefail_calls(callers: Sequence[CallSite], text: str) -> bool:
    """Whether every call its sourcers make of the functions a sourced file's `text`
    defines has pipefail on (and there is one)."""
    if not callers:
        return False
    defined = {name for pair in _DEFINES.findall(text) for name in pair if name}
    calls = [pipefail for name, *_, pipefail in callers if name in defined]
    return bool(calls) and all(calls)


def _needed(libraries: Sequence[tuple[Path, str]], text: str) -> list[tuple[Path, str]]:
    """The libraries (sibling files) whose functions or variables `text` names, or those
    of a library it needs names (the others cost a walk and give nothing)."""
    provides = [{n for pair in _DEFINES.findall(body) for n in pair if n} for _, body in libraries]
    reading, chosen = [text], set[int]()
    while True:
        found = {
            i
            for i, names in enumerate(provides)
            if i not in chosen and names and any(_words_named(t, names) for t in reading)
        }
        if not found:
            return [library for i, library in enumerate(libraries) if i in chosen]
        chosen |= found
        reading = [libraries[i][1] for i in found]


def _seeds(defined: Mapping[str, FunctionSummary], text: str) -> dict[str, FunctionSummary]:
    """The functions of `defined` a library's text names as a word and does not define
    itself: those its own functions may call."""
    named = _words_named(text, defined)
    own = _words_named(text, named, defining=True)
    return {name: defined[name] for name in named - own}


def _words_named(text: str, names: Iterable[str], *, defining: bool = False) -> set[str]:
    """Which of `names` `text` holds as a word (a call, `$NAME`, `${NAME}`); with
    `defining`, as a function it defines (`name() {`)."""
    alternatives = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    if not alternatives:
        return set()
    after = r"\s*\(\s*\)" if defining else r"(?![\w-])"
    return set(re.findall(rf"(?<![\w.-])({alternatives}){after}", text))


def _too_many_libraries() -> bool:
    text = sum(len(model.parsed.text) for _, model, _ in _LIBRARIES.values())
    values = sum(spent for _, _, spent in _LIBRARIES.values())
    return (
        len(_LIBRARIES) > _MAX_LIBRARIES or text > _MAX_LIBRARY_TEXT or values > _MAX_LIBRARY_VALUES
    )


def _program_varies(command: SimpleCommand) -> bool:
    """Whether the values where a command runs decide its program (`"$1" -p …`, `timeout
    60 "$agent" …`): a word up to its program reads a variable."""
    words = command.word_nodes[: command.program_index + 1]
    return any(word is not None and b"$" in (word.text or b"") for word in words)


def _script_bodies(statement: Node) -> list[Node]:
    """The bodies of a statement's here-documents that start with a shebang."""
    return [
        body
        for redirect in statement.children
        if redirect.type == "heredoc_redirect"
        for body in redirect.children
        if body.type == "heredoc_body" and (body.text or b"").lstrip(b"\t").startswith(b"#!")
    ]
