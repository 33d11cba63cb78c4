"""RA900 parse-error."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.finding import Finding, Severity
from auditor.rule import Example, Rule
from auditor.unit import ShellUnit


class ParseError(Rule[ShellUnit]):
    """A file, or part of it, could not be parsed.

    ## What it does
    Reports the first place where the shell parser (tree-sitter-bash) could
    not make sense of the text. Analysis goes on with whatever did parse:
    tree-sitter recovers with a partial tree, so findings in the intact parts
    of the file are still reported.

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
    """

    code = "RA900"
    name = "parse-error"
    severity = Severity.WARNING

    BAD = (Example('#!/bin/bash\nif true; then\n  echo "$X"\nfi fi )\n', (("RA900", 4),)),)
    GOOD = (Example('#!/bin/bash\nif true; then\n  echo "$X"\nfi\n'),)

    def check(self, unit: ShellUnit) -> Iterator[Finding]:
        """Yield one finding at the first parse error of the unit, if any."""
        error = unit.script.parsed.first_error()
        if error is not None:
            yield self.finding(unit, error.start, error.end, error.message)
