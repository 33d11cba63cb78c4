"""RA900 parse-error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from auditor.finding import Finding, Severity, Span
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule
from auditor.source import SourceFile
from auditor.unit import ParseError as ParseFailure


class ParsedUnit(Protocol):
    """A shell or Python unit that may have failed to parse."""

    @property
    def source(self) -> SourceFile: ...

    def host_span(self, start: int, end: int) -> Span: ...

    def parse_error(self) -> ParseFailure | None: ...


class ParseError(Rule[ParsedUnit]):
    """A file, or part of it, could not be parsed.

    ## What it does
    Reports the first place where the shell parser (tree-sitter-bash) or the
    Python parser (libcst) could not make sense of the text. Shell analysis
    goes on with whatever did parse: tree-sitter recovers with a partial
    tree, so findings in the intact parts of the file are still reported.
    Shell embedded in other files (a `RUN` line, a `run:` step) is reported
    too, unless it holds a value runaudit had to stand in for (an f-string
    placeholder), which may itself be what broke the parse. Python files are
    parsed only when their text can hold runner code, so only those are
    reported.

    ## Why is this bad?
    A script that does not parse fails when it runs, or runs something other
    than what it seems to say; and runaudit cannot vouch for the part it
    could not read.

    ## Example
    ```bash
    if [ -f "$LOG" ]; then
        gptme "$PROMPT"
    fi fi
    ```

    ## Use instead
    ```bash
    if [ -f "$LOG" ]; then
        gptme "$PROMPT"
    fi
    ```

    ## References
    - tree-sitter-bash: https://github.com/tree-sitter/tree-sitter-bash
    - libcst: https://libcst.readthedocs.io/
    """

    code = "RA900"
    name = "parse-error"
    severity = Severity.WARNING
    hosts = frozenset({Host.SHELL, Host.PYTHON, Host.PARSE_FAILURE})

    BAD = (
        Example('#!/bin/bash\nif true; then\n  echo "$X"\nfi fi )\n', (("RA900", 4),)),
        Example(
            "import subprocess\nsubprocess.run('gptme | tee log', shell=True\nx = 1\n",
            (("RA900", 3),),
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )
    GOOD = (
        Example('#!/bin/bash\nif true; then\n  echo "$X"\nfi\n'),
        Example(
            "import subprocess\nsubprocess.run('gptme | tee log', shell=True)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )

    def check(self, unit: ParsedUnit) -> Iterator[Finding]:
        """Yield one finding at the first parse error of the unit, if any."""
        error = unit.parse_error()
        if error is not None:
            yield self.finding(unit, error.start, error.end, error.message)
