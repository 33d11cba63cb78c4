"""A workspace as the language server sees it: each file's own configuration, the
project index of the tree, and the audit of one open document from its editor text.

The index is built once, on the first audit; a change to a document re-summarises
that document alone and replaces its entry, so a keystroke costs one file's audit.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import NamedTuple

from auditor.config import CONFIG_NAMES, PYPROJECT, Settings
from auditor.configs import Configs, FileSettings
from auditor.discover import WORKFLOW_HEAD, Candidate, classify, discover
from auditor.engine import Auditor, enabled_rules
from auditor.finding import Diagnostic, DiagnosticKind, Finding
from auditor.indexing import (
    NOTHING_WANTED,
    IndexedModule,
    IndexedScript,
    Link,
    ModuleSummariser,
    Wanted,
    candidate_names,
    later_passes,
    script_facts,
    tree_modules,
)
from auditor.kinds import FileKind
from auditor.project import ProjectIndex, merge
from auditor.source import decode
from auditor.timebound import FileTimeout, time_bound

CONFIG_FILES = frozenset({*CONFIG_NAMES, PYPROJECT})
# An editor's language for a document with no file name (an untitled buffer).
_LANGUAGE_NAMES = {
    "shellscript": "untitled.sh",
    "sh": "untitled.sh",
    "bash": "untitled.sh",
    "python": "untitled.py",
    "dockerfile": "Dockerfile",
    "makefile": "Makefile",
    "systemd": "untitled.service",
}

IndexEntry = IndexedModule | IndexedScript | None  # what `ModuleSummariser` gives


class Audited(NamedTuple):
    """One document's audit: its findings and what stopped the audit, if anything."""

    findings: list[Finding]
    diagnostics: list[Diagnostic]


class Workspace:
    """One workspace folder (or the folder of a file opened alone)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(os.path.abspath(root))
        self.outdated = False  # a config changed: forget what was read, at the next audit
        self.reset()

    def reset(self) -> None:
        """Forget what was read from disk (a config file changed)."""
        self.configs = Configs(cwd=self.root)
        self.entries: dict[str, IndexEntry] | None = None  # by display path
        self.readers: dict[int, ModuleSummariser] = {}
        self.links: frozenset[Link] = frozenset()  # the index's later passes look for them
        self.wanted = NOTHING_WANTED  # and the modules they take whatever they hold
        self.names: dict[str, str] = {}  # the modules' dotted names, told apart
        self.index = ProjectIndex()
        self.auditors: dict[int, Auditor] = {}

    def display(self, path: Path) -> str:
        """How findings name `path`: relative to the workspace root when inside it."""
        absolute = os.path.abspath(path)
        if os.path.commonpath([absolute, str(self.root)]) == str(self.root):
            return Path(os.path.relpath(absolute, self.root)).as_posix()
        return Path(absolute).as_posix()

    def path_of(self, display: str) -> Path:
        """The file a display path names."""
        return self.root / display

    def settings_for(self, path: Path) -> Settings:
        """The settings of the file at `path`: its nearest config."""
        return self.configs.for_directory(os.path.dirname(os.path.abspath(path)))

    def kind_of(self, path: Path, text: str, language: str = "") -> FileKind | None:
        """The file's kind by name or shebang, else by the editor's language."""
        kind = classify(path, text[:WORKFLOW_HEAD].encode("utf-8", "surrogatepass"))
        if kind is None and language in _LANGUAGE_NAMES:
            kind = classify(Path(_LANGUAGE_NAMES[language]), b"")
        return kind

    def audit(
        self,
        path: Path,
        text: str,
        language: str = "",
        bound: Callable[[float], AbstractContextManager[None]] = time_bound,
    ) -> Audited | None:
        """Audit a document's text as the file at `path`; None if it is no runner file.
        `bound` bounds the analysis in time (the server's also lets a newer audit stop
        it); the index is updated before it, never stopped half-way."""
        if self.outdated:
            self.outdated = False
            self.reset()
        kind = self.kind_of(path, text, language)
        if kind is None:
            return None
        top = Path(os.path.realpath(self.root))  # (as discovery bounds it)
        candidate = Candidate(Path(os.path.abspath(path)), self.display(path), kind, top)
        data = text.encode("utf-8", "surrogatepass")
        self.update_index(candidate, data)
        settings = self.settings_for(path)
        source = decode(candidate.display, data, "utf-8")
        try:
            with bound(settings.timeout):
                # The workspace is the audited path: a script's sources are read inside it.
                auditor = self.auditor(settings)
                result = auditor.audit_source(source, kind, candidate.path, self.root)
        except FileTimeout:
            message = f"analysis took longer than {settings.timeout:g} s (`timeout`)"
            return Audited([], [Diagnostic(candidate.display, DiagnosticKind.SKIPPED, message)])
        return Audited(result.findings, result.diagnostics)

    def auditor(self, settings: Settings) -> Auditor:
        """The auditor of one settings over the current index."""
        if id(settings) not in self.auditors:
            rules = enabled_rules(settings)
            self.auditors[id(settings)] = Auditor(settings, rules, self.index)
        return self.auditors[id(settings)]

    def build_index(self) -> None:
        """Index the whole workspace (once): each module under its own settings."""
        run_settings = self.configs.for_run([self.root])
        found = discover(
            [self.root], run_settings, cwd=self.root, settings_for=self.configs.for_directory
        )
        per_file = FileSettings.of_candidates(found.candidates, self.configs)
        indexed = [c for c in found.candidates if c.kind in (FileKind.PYTHON, FileKind.SHELL)]
        self.names = candidate_names(indexed)
        self.readers, self.links, self.wanted = {}, frozenset(), NOTHING_WANTED
        self.entries = {c.display: self.reader(per_file.of(c.display))(c) for c in indexed}
        modules = [e for e in self.entries.values() if isinstance(e, IndexedModule)]
        entries = self.entries

        def take(links: frozenset[Link], wanted: Wanted) -> list[IndexedModule]:
            # (the readers of a later pass, and of an edit, look for what every pass did)
            self.links = self.links | links
            self.wanted = self.wanted | wanted
            self.readers = {}
            added: list[IndexedModule] = []
            for candidate in indexed:
                if entries[candidate.display] is None and candidate.kind is FileKind.PYTHON:
                    entry = self.reader(per_file.of(candidate.display))(candidate)
                    entries[candidate.display] = entry
                    added += [entry] if isinstance(entry, IndexedModule) else []
            return added

        later_passes(modules, tree_modules(indexed, self.names), take)
        self._merge()

    def reader(self, settings: Settings) -> ModuleSummariser:
        """The index's reader of files under one settings."""
        if id(settings) not in self.readers:
            self.readers[id(settings)] = ModuleSummariser(
                settings, None, self.links, self.names, wanted=self.wanted
            )
        return self.readers[id(settings)]

    def update_index(self, candidate: Candidate, data: bytes) -> None:
        """Re-summarise one document from its text; rebuild the index if that changed."""
        if self.entries is None:
            self.build_index()
        assert self.entries is not None
        if candidate.kind not in (FileKind.PYTHON, FileKind.SHELL):
            return
        entry = self.reader(self.settings_for(candidate.path)).summarise(candidate, data)
        if self.entries.get(candidate.display) != entry:
            self.entries[candidate.display] = entry
            self._merge()

    def _merge(self) -> None:
        assert self.entries is not None
        entries = [self.entries[display] for display in sorted(self.entries)]
        summaries = [
            (entry.name, entry.summary)
            for entry in entries
            if isinstance(entry, IndexedModule) and entry.summary is not None
        ]
        shell = [entry for entry in entries if isinstance(entry, IndexedScript)]
        scripts, sourced = script_facts(shell, self.entries)
        self.index = merge(summaries, scripts, sourced)
        self.auditors = {}  # their cached facts came from the old index


def is_config_file(path: Path) -> bool:
    """Whether saving `path` can change some file's settings."""
    return path.name in CONFIG_FILES


def workspace_for(workspaces: Iterable[Workspace], path: Path) -> Workspace | None:
    """The innermost workspace folder holding `path`."""
    absolute = os.path.abspath(path)
    holding = [w for w in workspaces if os.path.commonpath([absolute, str(w.root)]) == str(w.root)]
    return max(holding, key=lambda w: len(str(w.root)), default=None)
