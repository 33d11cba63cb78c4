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
    """A part of a file runaudit could not read.

    ## What it does
    Reports the first region the shell parser (tree-sitter-bash) or the
    Python parser (the standard library's `ast`) could not read. Valid shell that tree-sitter-bash
    0.25 is known to misread is mended before parsing, so it is not
    reported: `fi done` and `fi fi` on one line (as in a Makefile recipe
    joined with backslashes), `for i do`, `\\<` and `\\>` inside `[ ]`,
    `"${s:$i:1}"`, and parentheses (or `|`, `;`, `&`, `<`, `>`) in a
    `${VAR:-…}` default, a template's placeholder as a command word
    (`{{SETUP_COMMANDS}}`); every position still points into the original
    text. The `{{ }}` of a Python `.format()` template are unescaped before
    the template is read as shell.

    What still fails is named by its lines ("runaudit could not read lines
    12-14; the rest of the file was audited", or "…, every command of the
    script" when nothing outside the region parsed), never by a guessed syntax
    error: the grammar's guesses ("missing `;`") are often wrong. Shell
    analysis goes on with whatever did parse, so findings in the intact
    parts of the file are still reported. Shell embedded in other files (a
    `RUN` line, a `run:` step) is reported too, unless it holds a value
    runaudit had to stand in for (an f-string placeholder), which may itself
    be what broke the parse. Python files are parsed only when their text
    can hold runner code, so only those are reported; a Python syntax error
    stops the analysis of that file.

    ## Why is this bad?
    runaudit cannot vouch for the part it could not read: a masked agent
    status there goes unreported. The region may be a real syntax error (the
    script then fails when it runs), or shell no parser runaudit uses can
    read; either way, look at it.

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
    - Python's `ast`: https://docs.python.org/3/library/ast.html
    """

    code = "RA900"
    name = "parse-error"
    severity = Severity.INFO
    tags = ("analysis",)
    precision = "very-high"
    hosts = frozenset({Host.SHELL, Host.PYTHON, Host.PARSE_FAILURE})

    BAD = (
        Example('#!/bin/bash\nif true; then\n  echo "$X"\nfi fi )\n', (("RA900", 4),)),
        Example(
            "import subprocess\nsubprocess.run('gptme | tee log', shell=True\nx = 1\n",
            (("RA900", 2),),
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
