"""A Python file for rules: its parsed module, or why it could not be parsed.

The unit sits above the analyses it hands out (`agent_status()` loads
`auditor.python.agent_status`, which builds on `auditor.python.module`), so
the module layer never imports them. Like the module, it is imported only when
a Python file's text passes a prefilter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from auditor.agent_status import AgentStatus
from auditor.finding import Position, Span
from auditor.profiles import AgentCatalog, default_catalog
from auditor.project import ProjectIndex
from auditor.python.module import PythonModule, index_module
from auditor.python.nesting import too_deep
from auditor.source import SourceFile
from auditor.unit import ParseError

if TYPE_CHECKING:
    from auditor.python.sdk_catalog import SdkCatalog
    from auditor.python.steps import StepCatalog

_SURROGATE = re.compile("[\ud800-\udfff]")


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

    def agent_status(self) -> AgentStatus:
        """What this module does with its agents' exit statuses (computed once)."""
        if self._agent_status is None:
            if self.module is None:
                self._agent_status = AgentStatus.empty()
            else:
                from auditor.python.agent_status import python_agent_status
                from auditor.python.project_calls import wrapped_launches

                wrapped = wrapped_launches(self)
                self._agent_status = python_agent_status(self.module, self.catalog, wrapped)
        return self._agent_status

    @property
    def text(self) -> str:
        """The file's text (prefilters read it)."""
        return self.source.text

    def parse_error(self) -> ParseError | None:
        """Where libcst failed to parse the file, if it did."""
        return self.error

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


def parse_python(
    source: SourceFile, catalog: AgentCatalog | None = None, *, shallow: bool = False
) -> PythonUnit:
    """Parse a Python file with libcst and index it; a syntax error is kept, not raised.

    `shallow`: the file is known to nest little enough for libcst (the project index
    measured it), so the nesting guard's own `ast` parse is skipped.
    """
    catalog = catalog or default_catalog()
    if _SURROGATE.search(source.text):
        # Text that did not come through `decode` (stdin, tests) may hold lone surrogates,
        # which libcst cannot encode; U+FFFD has the same length in characters and bytes.
        source = SourceFile(
            source.path, _SURROGATE.sub("\ufffd", source.text), source.encoding, source.decode_error
        )
    nesting = None if shallow else too_deep(source.text)
    if nesting is not None:  # libcst would crash the process, or take minutes
        message = f"Python nested too deeply to parse: {nesting.reason}"
        return PythonUnit(
            source, None, ParseError(nesting.offset, nesting.offset + 1, message), catalog
        )
    try:
        tree = cst.parse_module(source.text)
    except cst.ParserSyntaxError as error:
        line = max(1, min(error.editor_line, source.line_count))
        column = max(1, min(error.editor_column, len(source.line_text(line)) + 1))
        start = source.offset(Position(line, column))
        detail = re.sub(r"^parser error: (error at \d+:\d+: )?", "", error.message)
        if len(detail) > 60:
            detail = detail[:57] + "..."
        message = f"invalid Python syntax: {detail}" if detail else "invalid Python syntax"
        return PythonUnit(source, None, ParseError(start, start + 1, message), catalog)
    except cst.CSTValidationError as error:
        # Syntax the grammar accepts but Python does not (`'' b''`); libcst gives no position.
        message = f"invalid Python syntax: {str(error).rstrip('.')}"
        return PythonUnit(source, None, ParseError(0, min(1, len(source.text)), message), catalog)
    except (RecursionError, MemoryError):
        error_ = ParseError(0, min(1, len(source.text)), "Python nesting too deep to parse")
        return PythonUnit(source, None, error_, catalog)
    try:
        module = index_module(source, tree)
    except (RecursionError, MemoryError):
        error_ = ParseError(0, min(1, len(source.text)), "Python nesting too deep to analyse")
        return PythonUnit(source, None, error_, catalog)
    return PythonUnit(source, module, None, catalog)
