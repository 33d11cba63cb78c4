"""One `ast.parse` per Python text, shared by the project index and the file's audit.

A run audits a handful of files in one process (a pre-commit hook, `--jobs 1`):
the index parses each module, then the audit reads the same tree. The last
few trees are kept (a tree is never changed once parsed); larger runs go
through worker processes, where each phase parses what it needs.
"""

from __future__ import annotations

import ast
import functools
import warnings

KEPT = 8  # trees: a pre-commit run's modules; a bigger run gains nothing from more


@functools.lru_cache(maxsize=KEPT)
def parse_module(text: str) -> ast.Module:
    """The module `text` parses to (SyntaxError, ValueError for NUL characters,
    RecursionError or MemoryError when it cannot)."""
    with warnings.catch_warnings():  # the audited code's SyntaxWarnings (`"\\$"`)
        warnings.simplefilter("ignore")
        return ast.parse(text)
