"""Parse once, run rules, apply suppressions and config, isolate per-file failures.

The engine knows rules only through their class attributes (code, hosts,
prefilter); it never names one. A rule that raises on a file becomes an
internal-error diagnostic for that file, and the other files go on.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.config import Settings
from auditor.discover import Candidate, RefusedFile, TooLarge, read_bounded
from auditor.finding import AppliedSuppression, Diagnostic, DiagnosticKind, Finding, Span
from auditor.kinds import FileKind, Host, sources_a_file
from auditor.profiles import AgentCatalog, load_catalog
from auditor.python.model.parse import PROVIDERS_MODULE
from auditor.registry import all_rules
from auditor.rule import Rule
from auditor.shell.unit import ShellUnit
from auditor.source import SourceFile, decode, python_encoding
from auditor.unit import (
    FileUnit,
    NotAudited,
    NotAuditedUnit,
    ParseError,
    SuppressionUnit,
    UnparsableUnit,
)
from auditor.value_budget import value_budget

# The analysis of a kind of file is imported when a file of that kind needs it: a
# pre-commit run on a plain shell script never loads the Python side, nor the shell
# model when only the parse error check can match.
if TYPE_CHECKING:
    from auditor.hosts.mapped import EmbeddedShell
    from auditor.project import ProjectIndex
    from auditor.python.runner.sdk_catalog import SdkCatalog
    from auditor.python.runner.step_needles import StepNeedles
    from auditor.python.runner.steps import StepCatalog
    from auditor.shell.includes import Lookup

AnyRule = Rule[Any]
OUT_OF_MEMORY = (
    "its analysis ran out of memory; give runaudit more memory, or leave the file out"
    " with `extend-exclude`"
)
MAX_NESTING = 8  # `bash -c` inside `bash -c` …: deeper than this is not followed
# A Python file's shell hosts are looked for only if its text can hold one:
# a `shell=True` call, a shell-string function, a `-c` argv, tmux, or a generated
# script or unit. (Words are tested with `in`, which beats a regex of alternatives.)
_SHELL_STRING_WORDS = (
    "os.system",
    "os.popen",
    "getoutput",
    "getstatusoutput",
    "create_subprocess_shell",
    "tmux",
)
_SHELL_TRUE = re.compile(r"shell\s*=\s*True")
_DASH_C = re.compile(r"[\"']-[a-zA-Z]*c[\"']")
# Shell can hold shell only in a `-c` option word (`bash -lc`, `sh +e -c`), a tmux
# command or a here-document: text without any has no nested shell, and its model need
# not be built.
_MAY_NEST = re.compile(r"[-+][a-zA-Z]*c|tmux|<<")
# A here-document whose body starts with a shebang: a script the shell writes out.
_WRITES_SCRIPT = re.compile(r"<<[^\n]*\n\t*#!")
# A generated script or unit: looked for in string literals only (a Python file's own
# `#!/usr/bin/env python` line is a comment).
GENERATED_MARKERS = ("#!/", "[Service]")


def python_shell_host(text: str) -> bool:
    """Whether a Python file's text can hold a shell host call (see above)."""
    return (
        ("shell" in text and bool(_SHELL_TRUE.search(text)))
        or any(word in text for word in _SHELL_STRING_WORDS)
        or bool(_DASH_C.search(text))
    )


@functools.lru_cache(maxsize=8)
def _may_run_agent(text: str, agent_names: tuple[str, ...]) -> bool:
    """Whether shell text names an agent, or sources a file whose functions may run one.
    Asked once per text, however many rules and units ask (a str keeps its hash)."""
    return any(name in text for name in agent_names) or sources_a_file(text)


def _commands_folder(kind: FileKind, origin: Path | None) -> Path | None:
    """The folder a host file runs its commands in, when its place says: a workflow's
    (`.github/workflows/x.yml`), the repository's root, its workspace; a Makefile's, its
    own. Project scripts its shell runs by a relative path are read from there."""
    if origin is None:
        return None
    if kind is FileKind.MAKEFILE:
        return origin.parent
    folder = origin.parent
    if kind is FileKind.ACTIONS and folder.name == "workflows" and folder.parent.name == ".github":
        return folder.parent.parent
    return None


def enabled_rules(settings: Settings) -> list[type[AnyRule]]:
    """The rules the settings select, in code order."""
    return [
        rule
        for rule in all_rules()
        if settings.rule_selected(rule.code, by_default=rule.selected_by_default)
    ]


class FileResult(NamedTuple):
    """What auditing one file produced."""

    findings: list[Finding]
    diagnostics: list[Diagnostic]
    source: SourceFile | None
    suppressed: int = 0
    suppressions: tuple[AppliedSuppression, ...] = ()  # the comments that hid findings
    # a script's look-ups of the files it sources (None: its model was not built)
    sourced: tuple[Lookup, ...] | None = None


class Auditor:
    """Audits files with a fixed rule set and settings."""

    def __init__(
        self,
        settings: Settings,
        rules: Sequence[type[AnyRule]] | None = None,
        project: ProjectIndex | None = None,
    ) -> None:
        self.settings = settings
        self._project = project
        self.rules = [rule() for rule in (rules if rules is not None else enabled_rules(settings))]
        self.catalog: AgentCatalog = load_catalog(settings.agents, settings.consequential_commands)
        agent_names = tuple(sorted({n for p in self.catalog.profiles for n in p.commands}))
        self.agent_names = agent_names
        # a script may name one only in a variable set outside it (`"$CLAUDE_BIN" -p …`)
        self._agent_words = (*agent_names, *(name.upper() for name in agent_names))
        self._by_default = {rule.code: rule.selected_by_default for rule in all_rules()}
        self.known_codes = frozenset(self._by_default)
        self._calls_step: tuple[str, str, bool] = ("", "", False)  # last text, path, answer
        self._sdk_named: tuple[str | None, bool] = (None, False)  # last text, `_names_sdk`

    @functools.cached_property
    def project(self) -> ProjectIndex:
        """The project index (empty when auditing text alone)."""
        from auditor.project import ProjectIndex

        return self._project or ProjectIndex()

    @functools.cached_property
    def sdk(self) -> SdkCatalog | None:
        """The SDK catalogue the config extends, if it does (else the rule's default)."""
        from auditor.python.runner.sdk_catalog import load_sdk

        return load_sdk(self.settings.sdk) if self.settings.sdk else None

    @functools.cached_property
    def _sdk_names(self) -> tuple[str, ...]:
        """The names of the run's SDK constructors (`OpenAI`, `Mistral`)."""
        from auditor.python.runner.sdk_catalog import default_sdk

        return tuple((self.sdk or default_sdk()).names)

    @functools.cached_property
    def _sdk_needles(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """How a call of each SDK constructor of the run reads (`OpenAI(`, `Mistral(`), its
        import under another name (`OpenAI as OpenAI_`), its name read with `getattr`
        (`getattr(anthropic, "Anthropic")`), or the class handed on as a value (`_require(
        "openai", ChatOpenAI)`, `make(OpenAI, …)`), after the name itself (most texts have
        none of them: one scan per name); a factory given the class in another module is
        the call graph's answer (`client_factory_paths`)."""
        forms = ("{}(", "{} as ", '"{}"', "'{}'", "{})", "{},")
        return tuple((name, tuple(f.format(name) for f in forms)) for name in self._sdk_names)

    @functools.cached_property
    def _module_requests(self) -> tuple[str, ...]:
        """A request on a module's own client (`openai.chat.completions.create(`)."""
        from auditor.python.runner.sdk_catalog import default_sdk

        return tuple((self.sdk or default_sdk()).module_requests)

    @functools.cached_property
    def steps(self) -> StepCatalog | None:
        """The step catalogue the config extends, if it does (else the rules' default)."""
        from auditor.python.runner.steps import load_steps

        return load_steps(self.settings.steps) if self.settings.steps else None

    @functools.cached_property
    def launch_calls(self) -> tuple[tuple[str, str], ...]:
        """Calls of functions of the tree that launch what they are given (`run_command(`),
        each with the module a caller imports it from."""
        return self.project.launch_calls()

    @functools.cached_property
    def agent_argv_paths(self) -> frozenset[str]:
        """Modules the call graph hands an agent's argv to, from another module."""
        if not self.project.python:
            return frozenset()
        from auditor.python.model.call_graph import call_graph
        from auditor.python.model.graph_questions import agent_argv_paths

        return agent_argv_paths(call_graph(self.project), frozenset(self.agent_names))

    @functools.cached_property
    def client_factory_paths(self) -> frozenset[str]:
        """Modules of the index that build a client of a class their callers give them
        (`make_client(client_class=AsyncAnthropic)`): they need not name the SDK."""
        if not self.project.python:
            return frozenset()
        from auditor.python.model.call_graph import call_graph
        from auditor.python.model.graph_questions import class_factory_paths
        from auditor.python.runner.sdk_catalog import default_sdk

        sdk = self.sdk or default_sdk()
        return class_factory_paths(
            call_graph(self.project), lambda name: bool(sdk.constructor(name))
        )

    @functools.cached_property
    def tree_retry_names(self) -> frozenset[str]:
        """The names of the retry decorators and helpers the tree's modules define."""
        return frozenset(
            name.rsplit(".", 1)[-1]
            for summary in self.project.python.values()
            for name in summary.retry_decorators
        )

    def prepare(self) -> None:
        """Compute what the prefilters ask of the whole project (worker processes forked
        afterwards inherit it instead of each computing it again)."""
        if self.project.python:
            _ = self.agent_argv_paths, self.step_needles, self.client_factory_paths

    def _sibling_agents(self, path: str) -> bool:
        """Whether the scripts that source the file at `path` source another that runs an
        agent: its functions may call that file's (`Sourcers.siblings`)."""
        sourcers = self.project.sourced_by.get(path)
        if sourcers is None or not sourcers.siblings:
            return False
        folder = posixpath.dirname(path)
        return any(
            posixpath.normpath(posixpath.join(folder, sibling)) in self.project.agent_scripts
            for sibling in sourcers.siblings
        )

    @functools.cached_property
    def _agent_script_names(self) -> frozenset[str]:
        """The file names of the tree's scripts that run an agent."""
        return frozenset(posixpath.basename(script) for script in self.project.agent_scripts)

    @functools.cached_property
    def _agent_programs(self) -> Mapping[str, tuple[str, ...]]:
        """The tree's scripts that run an agent and are named as programs, by name: a
        script that runs one by its bare name runs it (`run_scripts.program_scripts`)."""
        from auditor.shell.run_scripts import program_scripts

        return program_scripts(self.project.agent_scripts)

    @functools.cached_property
    def _python_catalog(self) -> AgentCatalog:
        """The profiles Python code is read with: the tree's scripts that run an agent are
        agent programs too (`subprocess.run(["./scripts/run_aider.sh", path])`)."""
        return self.catalog.with_scripts(self.project.agent_scripts)

    def _runs_agent_script(self, text: str, path: str) -> bool:
        """Whether shell text names a script of the tree that runs an agent (not itself):
        running it by its path runs the agent (`auditor.shell.run_scripts`)."""
        own = posixpath.basename(path)
        return any(name in text for name in self._agent_script_names if name != own)

    def _handed_argv(self, path: str) -> bool:
        """Whether the call graph hands an agent's argv to the module at `path`: asked of
        the graph only for a module of the index (the graph is not built for the others)."""
        return path in self.project.module_paths and path in self.agent_argv_paths

    @functools.cached_property
    def step_needles(self) -> StepNeedles:
        """Words a Python file must hold to call an agent step (RA301's prefilter)."""
        from auditor.python.runner.step_needles import StepNeedles
        from auditor.python.runner.steps import default_steps

        steps = self.steps or default_steps()
        if not self.project.python:
            return StepNeedles.build(steps, self.project)
        from auditor.python.model.call_graph import call_graph
        from auditor.python.model.graph_launchers import graph_launchers
        from auditor.python.model.graph_questions import step_calling_paths
        from auditor.python.runner.steps import PROCESS_CALLS

        graph = call_graph(self.project)
        # the modules that define or call a step, also through the functions that run the
        # agent through other calls (the graph's launchers)
        agents, read_only = frozenset(self.agent_names), self.catalog.read_only_options()
        sessions = self.catalog.session_options()
        launchers = graph_launchers(
            graph, PROCESS_CALLS, agents, read_only, sessions, steps.functions, steps.agent_runs
        )
        known, calling = step_calling_paths(graph, steps.functions, launchers.found)
        return StepNeedles.build(steps, self.project, (known, calling))

    def audit_file(self, candidate: Candidate) -> FileResult:
        """Read, parse and check one file; never raises for a problem with the file."""
        try:
            data = read_bounded(candidate.path, self.settings.max_file_size)
        except TooLarge as error:
            return _skipped(candidate, DiagnosticKind.SKIPPED, str(error))
        except RefusedFile as error:
            return _skipped(candidate, DiagnosticKind.SKIPPED, str(error))
        except OSError as error:
            return _skipped(candidate, DiagnosticKind.UNREADABLE, error.strerror or str(error))
        encoding = python_encoding(data) if candidate.kind is FileKind.PYTHON else "utf-8"
        source = decode(candidate.display, data, encoding)
        return self.audit_source(source, candidate.kind, candidate.path, candidate.root)

    def audit_source(
        self,
        source: SourceFile,
        kind: FileKind,
        origin: Path | None = None,
        root: Path | None = None,
    ) -> FileResult:
        """Check already-decoded text of a given kind; `origin` is the file it was read
        from, when there is one (a shell script's sourced files are found beside it, inside
        `root`: the audited path it was found under; without one, the script's folder)."""
        diagnostics = []
        if source.decode_error:
            note = Diagnostic(source.path, DiagnosticKind.DECODING, source.decode_error)
            diagnostics.append(note)
        raw: list[Finding] = []
        lookups: tuple[Lookup, ...] | None = None
        try:
            with value_budget():  # what this file's values may take, all hosts together
                for host, unit in self._units(source, kind, origin, root):
                    raw.extend(self._run(host, unit, diagnostics))
                    if host is Host.SHELL:  # each unit's, after those of the units before it
                        lookups = unit.sourced_lookups(lookups)
        except RecursionError:
            # Nesting deeper than the parsers can follow: RA900 says so, nothing else runs.
            failure = ParseError(0, min(1, len(source.text)), "nested too deeply to analyse")
            raw = self._run(Host.PARSE_FAILURE, UnparsableUnit(source, failure), diagnostics)
        except NotAudited as refused:  # past a bound: RA901 says which, nothing else runs
            return self.not_audited(source.path, refused.reason, diagnostics)
        except MemoryError:
            return self.not_audited(source.path, OUT_OF_MEMORY, diagnostics)
        except Exception as error:  # a host extractor's bug must not stop the run
            diagnostics.append(_internal(source.path, "analysis", repr(error)))
        findings, suppressed, applied = self._suppress(source, _once(raw), diagnostics)
        path = Path(source.path)
        findings = [f for f in findings if not self.settings.ignored_for(path, f.code)]
        if self.settings.severity:  # `[severity]` in config, before `fail-on` judges them
            findings = [self._rated(finding) for finding in findings]
        findings.sort(key=lambda finding: finding.sort_key)
        return FileResult(findings, diagnostics, source, suppressed, applied, lookups)

    def not_audited(
        self, path: str, reason: str, diagnostics: list[Diagnostic] | None = None
    ) -> FileResult:
        """The result for a file that was not audited: RA901 with `reason`, unless the
        config turns it off for that path."""
        source = SourceFile(path, "")
        notes = diagnostics if diagnostics is not None else []
        found = self._run(Host.NOT_AUDITED, NotAuditedUnit(source, reason), notes)
        found = [f for f in found if not self.settings.ignored_for(Path(path), f.code)]
        if self.settings.severity:
            found = [self._rated(finding) for finding in found]
        return FileResult(found, notes, None)

    def _rated(self, finding: Finding) -> Finding:
        """`finding` with the severity the config gives its rule, if it gives one."""
        severity = self.settings.severity_of(finding.code)
        return finding if severity is None else finding._replace(severity=severity)

    def _units(
        self, source: SourceFile, kind: FileKind, origin: Path | None, root: Path | None
    ) -> Iterator[tuple[Host, Any]]:
        """Every unit of analysis in a file: the file itself, then the shell it holds."""
        text = source.text
        if self._wanted(Host.FILE, text, source.path, embedded=True):
            yield Host.FILE, FileUnit(source, kind, self.project, self.catalog)
        if kind is FileKind.SHELL:
            if self._wanted(Host.SHELL, text, source.path):
                yield from self._shell_units(source, None, origin=origin, root=root)
            return
        if kind is FileKind.PYTHON:
            from auditor.python.model.prefilter import string_literals

            shell = False
            host_call = python_shell_host(text)
            if host_call or any(marker in text for marker in GENERATED_MARKERS):
                literals = string_literals(text)  # only when a shell host is possible
                hosts = host_call or any(marker in literals for marker in GENERATED_MARKERS)
                shell = hosts and self._wanted(Host.SHELL, literals, source.path, embedded=True)
            python = self._python_wanted(text, source.path)
            if shell or python:
                yield from self._python_units(source, shell)
            return
        if not self._wanted(Host.SHELL, text, source.path, embedded=True):
            return
        from auditor.hosts import extractor_for
        from auditor.hosts.mapped import MappedText, UnreadableHost

        extractor = extractor_for(kind, text)
        folder = _commands_folder(kind, origin)
        if extractor is not None:
            try:
                for embedded in extractor(MappedText.verbatim(text, 0)):
                    yield from self._shell_units(source, embedded, root=root, folder=folder)
            except UnreadableHost as unreadable:
                yield Host.PARSE_FAILURE, UnparsableUnit(source, unreadable.error)

    def _python_units(self, source: SourceFile, shell: bool) -> Iterator[tuple[Host, Any]]:
        from auditor.hosts.python_commands import python_shells
        from auditor.python.unit import parse_python

        unit = parse_python(source, self._python_catalog)
        unit.project = self.project
        if unit.module is not None and self.project.python:
            from auditor.python.model.project_values import module_values

            unit.module.project = module_values(self.project, source.path, unit.module.tree)
        unit.sdk = self.sdk
        unit.steps = self.steps
        yield Host.PYTHON, unit
        if shell and unit.module is not None:
            for embedded in python_shells(unit.module, self.catalog):
                yield from self._shell_units(source, embedded)

    def _shell_units(
        self,
        source: SourceFile,
        embedded: EmbeddedShell | None,
        depth: int = 0,
        origin: Path | None = None,
        root: Path | None = None,
        folder: Path | None = None,
    ) -> Iterator[tuple[Host, Any]]:
        """A shell unit and, recursively, the shell nested in its `bash -c` strings;
        `folder`: the one the host file runs its commands in, when known."""
        from auditor.shell.options import shebang_options
        from auditor.shell.parse import ShellText, shell_text
        from auditor.shell.sourcing import initial_options

        if embedded is None:
            parsed = shell_text(source.text, keep=False)  # (the index's parse, if it kept one)
            # a file the tree's scripts source runs with their options (`sourcing`)
            own = shebang_options(source.text.split("\n", 1)[0])
            sourcers = self.project.sourced_by.get(source.path)
            initial = initial_options(self.project.sourced_by, source.path, own, source.text)
            unit = ShellUnit(source, source.text, parsed, self.catalog, initial)
            unit.programs = self._agent_programs
            if sourcers is not None:
                unit.callers, unit.siblings = sourcers.calls, sourcers.siblings
                unit.callbacks, unit.judged = sourcers.callbacks, sourcers.judged
            if origin is not None:
                unit.place(origin, root, self.settings.max_file_size, self.settings.source_path)
        else:
            code = embedded.code
            unit = ShellUnit(
                source,
                code.text,
                ShellText(code.text),
                self.catalog,
                embedded.options,
                embedded.end_use,
                code.offsets,
                embedded.where,
                embedded.pipefail_hint,
                embedded.pipefail_fix,
                interactive=embedded.interactive,
                output_read=embedded.output_read,
                host_after=embedded.after,
                host_call=embedded.host_call,
                templated=embedded.templated,
            )
        if embedded is not None and embedded.workdir is not None and folder is not None:
            # the project scripts the code runs by a relative path are read from its folder
            where = folder / embedded.workdir / Path(source.path).name
            unit.place(where, root, self.settings.max_file_size, self.settings.source_path)
        yield Host.SHELL, unit
        if depth >= MAX_NESTING or not _MAY_NEST.search(unit.text):
            return
        from auditor.hosts.mapped import MappedText
        from auditor.hosts.nested import nested_shells, written_scripts

        writes = _WRITES_SCRIPT.search(unit.text) is not None
        for nested in (
            *nested_shells(unit.script),
            *(written_scripts(unit.script) if writes else ()),
        ):
            offsets = tuple(unit.host_offset(offset) for offset in nested.code.offsets)
            mapped = nested._replace(code=MappedText(nested.code.text, offsets))
            yield from self._shell_units(source, mapped, depth + 1)

    def _passes(
        self, rule: AnyRule, text: str, path: str, agents: Callable[[], bool] | None = None
    ) -> bool:
        """Whether a rule's prefilter lets it run on `text` (the file at `path`).

        `agents` decides whether the text runs an agent (default: it names one).
        """
        if (
            rule.prefilter_also
            and not any(needle in text for needle in rule.prefilter_also)
            and not (
                rule.prefilter_also_tree_retries
                and any(name in text for name in self.tree_retry_names)
            )
        ):
            return False
        if not _has_prefilter(rule):
            return True
        if any(needle in text for needle in rule.prefilter):
            return True
        if rule.prefilter_steps and self._may_call_step(text, path):
            return True
        if rule.prefilter_sdk and self._names_sdk(text):
            return True
        if (
            rule.prefilter_sdk
            and PROVIDERS_MODULE in text
            and any(name in text for name in self._sdk_names)
        ):
            return True  # a provider constructs it: `Singleton(OpenAI, …)` (`parse`)
        if rule.prefilter_sdk and path in self.client_factory_paths:
            return True
        if not rule.prefilter_agents:
            return False
        if agents is not None:
            return agents()
        return (
            _may_run_agent(text, self._agent_words)
            or self._handed_argv(path)
            or self._sibling_agents(path)
            or self._runs_agent_script(text, path)
        )

    def _names_sdk(self, text: str) -> bool:
        """Whether a text names an SDK client's needle, asked once per text however many
        rules ask (the same `str` object)."""
        if self._sdk_named[0] is not text:
            named = any(
                name in text and any(form in text for form in forms)
                for name, forms in self._sdk_needles
            )
            requested = any(request in text for request in self._module_requests)
            self._sdk_named = (text, named or requested)
        return self._sdk_named[1]

    def _may_call_step(self, text: str, path: str) -> bool:
        """Whether a text may call an agent step, asked once per text however many rules
        ask (the same `str` object)."""
        if self._calls_step[0] is not text or self._calls_step[1] != path:
            self._calls_step = (text, path, self.step_needles.found(text, path))
        return self._calls_step[2]

    def _python_wanted(self, text: str, path: str) -> bool:
        """Whether a Python rule can match: rules about agents need a process launch and
        a literal naming an agent; the others their own needles anywhere in the text."""
        from auditor.python.model.prefilter import PROCESS_WORDS, has_command_literal

        launches: list[bool] = []

        def script() -> bool:
            """A script of the tree that runs an agent, run by its path, is one's run."""
            return any(w in text for w in PROCESS_WORDS) and self._runs_agent_script(text, path)

        def runs_agent() -> bool:
            if not launches and self.project.python:
                known, calling = self.step_needles.graph
                if path in known:  # the call graph knows the module whole: it answers
                    launches.append(path in calling or self._handed_argv(path) or script())
            if not launches:
                wrapped = any(c in text and m in text for c, m in self.launch_calls)
                launch = wrapped or any(w in text for w in PROCESS_WORDS)
                found = launch and has_command_literal(text, self.agent_names)
                launches.append(found or self._handed_argv(path) or script())
            return launches[0]

        return any(
            Host.PYTHON in rule.hosts
            and _has_prefilter(rule)
            and self._passes(rule, text, path, runs_agent)
            for rule in self.rules
        )

    def _wanted(self, host: Host, text: str, path: str, *, embedded: bool = False) -> bool:
        """Whether any rule for `host` can match this text (its prefilter).

        For shell embedded in another file a rule without a prefilter (RA900)
        is no reason to go looking: only a rule whose prefilter matches is.
        """
        return any(
            host in rule.hosts
            and not (embedded and not _has_prefilter(rule))
            and self._passes(rule, text, path)
            for rule in self.rules
        )

    def _run(self, host: Host, unit: Any, diagnostics: list[Diagnostic]) -> list[Finding]:
        found: list[Finding] = []
        for rule in self.rules:
            if host not in rule.hosts:
                continue
            filtered = _has_prefilter(rule) or rule.prefilter_also  # else a unit may have no text
            if filtered and not self._passes(rule, unit.text, unit.source.path):
                continue
            try:
                found.extend(rule.check(unit))
            except RecursionError:
                raise  # too deep for the analysis a rule asked for (built on first use): RA900
            except Exception as error:  # a rule's bug must not stop the run
                diagnostics.append(_internal(unit.source.path, f"rule {rule.code}", repr(error)))
        return found

    def _suppress(
        self, source: SourceFile, raw: list[Finding], diagnostics: list[Diagnostic]
    ) -> tuple[list[Finding], int, tuple[AppliedSuppression, ...]]:
        """The findings left, how many were suppressed, and the comments that hid them."""
        if "runaudit" not in source.text:  # also the forms RA001 reports as unreadable
            return raw, 0, ()
        from auditor.suppressions import SuppressionIndex, parse_suppressions

        index = SuppressionIndex(parse_suppressions(source))
        if self.settings.ignore_suppressions:
            # Not obeyed: each finding a comment would hide says which, and only the
            # comments that cannot work are reported (every other one would be "unused").
            kept = [index.with_would_be_note(source, finding) for finding in raw]
            unit = SuppressionUnit(source, [], self.known_codes, index.ineffective)
            return kept + self._run(Host.SUPPRESSIONS, unit, diagnostics), 0, ()
        kept = [finding for finding in raw if not index.suppresses(finding)]
        unused = []
        for suppression, codes in index.unused():
            reportable = tuple(
                code
                for code in codes
                if code not in self.known_codes
                or self.settings.rule_selected(code, by_default=self._by_default[code])
            )
            if reportable:
                unused.append((suppression, reportable))
        unit = SuppressionUnit(source, unused, self.known_codes, index.ineffective)
        extra = self._run(Host.SUPPRESSIONS, unit, diagnostics)
        # A file-level suppression may also silence RA001 itself.
        kept.extend(f for f in extra if not index.silences_file_wide(f))
        suppressed = len(raw) - (len(kept) - len(extra))
        return kept, suppressed, tuple(index.applied(source.path))


def _has_prefilter(rule: AnyRule) -> bool:
    return bool(
        rule.prefilter or rule.prefilter_agents or rule.prefilter_steps or rule.prefilter_sdk
    )


def _skipped(candidate: Candidate, kind: DiagnosticKind, message: str) -> FileResult:
    return FileResult([], [Diagnostic(candidate.display, kind, message)], None)


def _internal(path: str, what: str, detail: str) -> Diagnostic:
    return Diagnostic(path, DiagnosticKind.INTERNAL, f"{what} failed: {detail}")


def audit_text(
    text: str, filename: str, kind: FileKind, settings: Settings | None = None
) -> FileResult:
    """Audit text that is not on disk (rule examples, tests)."""
    auditor = Auditor(settings or Settings())
    return auditor.audit_source(SourceFile(filename.replace(os.sep, "/"), text), kind)


def _once(findings: list[Finding]) -> list[Finding]:
    """Each finding once: one rule at one place is one defect, one finding, however many
    values of the code reach it (the first value's message, their related locations kept
    together)."""
    kept: dict[tuple[str, Span], Finding] = {}
    for finding in findings:
        key = (finding.code, finding.span)
        held = kept.get(key)
        if held is None:
            kept[key] = finding
            continue
        more = tuple(r for r in finding.related if r not in held.related)
        kept[key] = held._replace(related=held.related + more)
    return list(kept.values())
