"""A Python file for rules: its parsed module, or why it could not be parsed.

The unit sits above the analyses it hands out (`agent_status()` loads
`auditor.python.runner.agent_status`, which builds on `auditor.python.model.module`), so
the module layer never imports them. Like the module, it is imported only when
a Python file's text passes a prefilter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from auditor.agent_status import AgentStatus
from auditor.finding import Position, Span
from auditor.profiles import AgentCatalog, default_catalog
from auditor.project import ProjectIndex, PythonSummary
from auditor.python.model.module import NestedTooDeeply, PythonModule, index_module
from auditor.python.model.parse import parse_module
from auditor.source import SourceFile
from auditor.unit import ParseError

if TYPE_CHECKING:
    from auditor.python.runner.project_calls import ProjectCalls
    from auditor.python.runner.sdk_catalog import SdkCatalog
    from auditor.python.runner.steps import StepCatalog

_SURROGATE = re.compile("[\ud800-\udfff]")
# What CPython's parser says when a file nests beyond its own limits.
_CPYTHON_LIMITS = ("too many nested", "too many levels of indentation", "too complex")


@dataclass
class PythonUnit:
    """A Python file for rules: the parsed module, or why it could not be parsed."""

    source: SourceFile
    module: PythonModule | None
    error: ParseError | None = None
    catalog: AgentCatalog = field(default_factory=default_catalog)  # profiles in force
    project: ProjectIndex = field(default_factory=ProjectIndex)  # the rest of the tree
    sdk: SdkCatalog | None = None  # LLM SDK constructors and policy; None: the built-in data
    steps: StepCatalog | None = None  # step callables and retry libraries; None: built-in
    _agent_status: AgentStatus | None = None
    _own_summary: tuple[str | None, PythonSummary] | None = None
    _project_calls: ProjectCalls | None = None

    def agent_status(self) -> AgentStatus:
        """What this module does with its agents' exit statuses (computed once)."""
        if self._agent_status is None:
            if self.module is None:
                self._agent_status = AgentStatus.empty()
            else:
                from auditor.python.runner.agent_status import python_agent_status

                calls = self.project_calls()
                self._agent_status = python_agent_status(
                    self.module, self.catalog, calls.wrapped_launches, calls.status_calls
                )
        return self._agent_status

    def project_calls(self) -> ProjectCalls:
        """What the project index says about this module's calls (built once; the module
        must have parsed)."""
        if self._project_calls is None:
            from auditor.python.runner.project_calls import ProjectCalls

            self._project_calls = ProjectCalls(self)
        return self._project_calls

    def own_summary(self) -> tuple[str | None, PythonSummary]:
        """This module's dotted name and summary: the project index's, or read now (once)."""
        if self._own_summary is None:
            from auditor.python.runner.project_calls import own_summary

            self._own_summary = own_summary(self)
        return self._own_summary

    @property
    def text(self) -> str:
        """The file's text (prefilters read it)."""
        return self.source.text

    def parse_error(self) -> ParseError | None:
        """Where `ast` failed to parse the file, if it did."""
        return self.error

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


def parse_python(source: SourceFile, catalog: AgentCatalog | None = None) -> PythonUnit:
    """Parse a Python file with `ast` and index it; a syntax error, or nesting deeper than
    runaudit analyses, is kept as a parse error, not raised."""
    catalog = catalog or default_catalog()
    if _SURROGATE.search(source.text):
        # Text that did not come through `decode` (stdin, tests) may hold lone surrogates,
        # which cannot be encoded; U+FFFD is one character too, so offsets stay.
        text = _SURROGATE.sub("\ufffd", source.text)
        source = SourceFile(source.path, text, source.encoding, source.decode_error)
    try:
        tree = parse_module(source.text, keep=False)
    except SyntaxError as error:
        return PythonUnit(source, None, _syntax_error(source, error), catalog)
    except ValueError:  # NUL characters (Python 3.11)
        start = max(source.text.find("\0"), 0)
        error_ = ParseError(start, start + 1, "invalid Python syntax: a NUL character")
        return PythonUnit(source, None, error_, catalog)
    except (RecursionError, MemoryError):
        message = "Python nested too deeply to parse: beyond Python's own parser"
        return PythonUnit(source, None, ParseError(0, min(1, len(source.text)), message), catalog)
    try:
        module = index_module(source, tree)
        module.catalog = catalog
    except NestedTooDeeply as deep:
        start = PythonModule(source, tree).span(deep.node)[0]
        message = f"Python nested too deeply to analyse: {deep}"
        return PythonUnit(source, None, ParseError(start, start + 1, message), catalog)
    return PythonUnit(source, module, None, catalog)


def _syntax_error(source: SourceFile, error: SyntaxError) -> ParseError:
    """Where `ast` stopped, and why, in one short line."""
    if any(limit in str(error.msg) for limit in _CPYTHON_LIMITS):
        prefix = "Python nested too deeply to parse"
    else:
        prefix = "invalid Python syntax"
    line = max(1, min(error.lineno or 1, source.line_count))
    column = max(1, min(error.offset or 1, len(source.line_text(line)) + 1))
    start = source.offset(Position(line, column))
    detail = str(error.msg or "").strip()
    if len(detail) > 60:
        detail = detail[:57] + "..."
    return ParseError(start, start + 1, f"{prefix}: {detail}" if detail else prefix)
