"""Renderers: one module per output format, each `render(report, rules, *, color) -> str`.

A renderer only presents a `Report`; it never decides what is a finding.
Modules are imported on demand, so machine formats never load rich.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

from auditor.finding import Report

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

FORMATS: tuple[str, ...] = (
    "text",
    "concise",
    "grouped",
    "json",
    "sarif",
    "github",
    "junit",
    "markdown",
)
# Formats for which `--statistics` replaces the per-finding listing (JSON with an object).
STATISTICS_FORMATS: tuple[str, ...] = ("text", "concise", "grouped", "json")
# Formats for people, which `--quiet` trims to the findings alone.
QUIET_FORMATS: tuple[str, ...] = ("text", "concise")


class Renderer(Protocol):
    """The signature every format module's `render` has."""

    def __call__(
        self, report: Report, rules: Sequence[RuleClass], *, color: bool = False
    ) -> str: ...


def renderer(fmt: str) -> Renderer:
    """The `render` function of format `fmt`, importing its module on first use."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown output format {fmt!r}; expected one of {', '.join(FORMATS)}")
    module = importlib.import_module(f"{__name__}.{fmt}")
    return cast(Renderer, module.render)


def render(
    fmt: str,
    report: Report,
    rules: Sequence[RuleClass],
    *,
    color: bool = False,
    statistics: bool = False,
    quiet: bool = False,
) -> str:
    """`report` in format `fmt`; with `statistics`, counts per code where the format has them;
    with `quiet`, the formats for people show the findings alone (no summary, no notes)."""
    if statistics and fmt in STATISTICS_FORMATS:
        from auditor.output import statistics as counts

        render_counts = counts.render_json if fmt == "json" else counts.render
        return render_counts(report, rules, color=color)
    if quiet and fmt in QUIET_FORMATS:
        from auditor.output.quiet import render as render_quiet

        return render_quiet(fmt, report, color=color)
    return renderer(fmt)(report, rules, color=color)
