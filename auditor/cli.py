"""The command line: typer wiring only, no logic beyond choosing and printing."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from auditor import __version__

if TYPE_CHECKING:
    from auditor.config import Settings
    from auditor.finding import Report
    from auditor.rule import Rule

app = typer.Typer(
    name="runaudit",
    help="Static auditor for the code that launches and supervises LLM agent CLIs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
FORMATS = ("text", "concise", "json", "sarif", "github", "junit", "markdown")
PROGRESS_THRESHOLD = 20  # files; smaller runs finish before a bar would be seen


def _fail(message: str) -> typer.Exit:
    from auditor.output.escape import printable

    sys.stderr.write(f"runaudit: error: {printable(message)}\n")
    return typer.Exit(EXIT_ERROR)


def _codes(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"runaudit {__version__}\n")
        raise typer.Exit()


@app.callback()
def main_callback(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Static auditor for LLM agent runner code."""


PathsArg = Annotated[
    list[Path] | None, typer.Argument(help="Files or folders (default: .).", metavar="PATH")
]
CodesOpt = Annotated[
    list[str] | None, typer.Option(help="Codes or prefixes, comma-separated.", metavar="CODES")
]


@app.command()
def check(
    paths: PathsArg = None,
    output_format: Annotated[
        str,
        typer.Option(
            "--format", "-f", help=f"Output format: {', '.join(FORMATS)}.", metavar="FORMAT"
        ),
    ] = "text",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the report to this file.", metavar="FILE"),
    ] = None,
    select: CodesOpt = None,
    extend_select: CodesOpt = None,
    ignore: CodesOpt = None,
    fail_on: Annotated[
        str | None,
        typer.Option(help="Lowest severity that fails: error, warning, info.", metavar="LEVEL"),
    ] = None,
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings.")
    ] = False,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Show counts per rule, not each finding.")
    ] = False,
    config: Annotated[
        Path | None, typer.Option(help="Use this config file.", metavar="FILE")
    ] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help="Ignore every config file.")] = False,
    stdin_filename: Annotated[
        str | None,
        typer.Option(help="Audit standard input, as if it were this file.", metavar="NAME"),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", help="Files audited in parallel (default: cores).", min=1),
    ] = None,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Do not read or write the cache.")
    ] = False,
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            help="Cache directory (default: RUNAUDIT_CACHE_DIR or ~/.cache/runaudit).",
            metavar="DIR",
        ),
    ] = None,
    fix: Annotated[
        bool, typer.Option("--fix", help="Apply safe fixes (and see --unsafe-fixes).")
    ] = False,
    unsafe_fixes: Annotated[
        bool, typer.Option("--unsafe-fixes", help="With --fix or --diff, apply unsafe fixes too.")
    ] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Print the fixes as a unified diff; write nothing.")
    ] = False,
    baseline: Annotated[
        Path | None,
        typer.Option(help="Hide the findings recorded in this baseline file.", metavar="FILE"),
    ] = None,
    write_baseline: Annotated[
        Path | None,
        typer.Option(help="Record every current finding in this baseline file.", metavar="FILE"),
    ] = None,
) -> None:
    """Audit runner files and report findings."""
    from auditor.baseline import BaselineError
    from auditor.config import ConfigError, apply_overrides, load_settings
    from auditor.registry import RuleLoadError

    if output_format not in FORMATS:
        raise _fail(f"unknown format `{output_format}` (choose from {', '.join(FORMATS)})")
    targets = list(paths or [Path(".")])
    try:
        settings = load_settings(config, search_from=targets[0], isolated=isolated)
        settings = apply_overrides(
            settings,
            select=_codes(select),
            ignore=_codes(ignore),
            extend_select=_codes(extend_select),
            fail_on=fail_on,
        )
        run = _RunOptions(stdin_filename, output_format, jobs, None if no_cache else cache_dir)
        if stdin_filename is not None and (fix or diff):
            raise _fail("--fix and --diff work on files, not on standard input")
        report, rules = _run(targets, settings, run, use_cache=not no_cache)
        if fix or diff:
            report = _fix(report, rules, targets, settings, unsafe=unsafe_fixes, diff=diff)
        report = _baseline(report, rules, targets, baseline, write_baseline)
    except (ConfigError, RuleLoadError, BaselineError) as error:
        raise _fail(str(error)) from None
    except FileNotFoundError as error:
        raise _fail(f"{error.filename}: no such file or directory") from None

    from auditor.output import render

    color = output is None and _color_wanted(output_format)
    text = render(output_format, report, rules, color=color, statistics=statistics)
    if output is not None:
        output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    raise typer.Exit(_exit_status(report, settings, exit_zero))


def _fix(
    report: Report,
    rules: Sequence[type[Rule[Any]]],
    targets: list[Path],
    settings: Settings,
    *,
    unsafe: bool,
    diff: bool,
) -> Report:
    """Apply (or, with `diff`, print) the fixes; `--diff` ends the run here."""
    from auditor.fixes import fix_report

    outcome = fix_report(report, targets, settings, rules, unsafe=unsafe, write=not diff)
    sys.stderr.write(outcome.summary(unsafe))
    if not diff:
        return outcome.report
    sys.stdout.write(outcome.diff(escape=sys.stdout.isatty()))
    if any(diagnostic.is_error for diagnostic in report.diagnostics):
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_FINDINGS if outcome.changes else EXIT_CLEAN)


def _baseline(
    report: Report,
    rules: Sequence[type[Rule[Any]]],
    targets: list[Path],
    baseline: Path | None,
    write_baseline: Path | None,
) -> Report:
    """Record the findings (`--write-baseline`), then hide the recorded ones (`--baseline`)."""
    if baseline is None and write_baseline is None:
        return report
    from auditor.baseline import apply_baseline, load_baseline, write_baseline_file
    from auditor.output.escape import printable
    from auditor.output.summary import plural

    if write_baseline is not None:
        count = plural(write_baseline_file(report, write_baseline), "finding")
        sys.stderr.write(f"runaudit: recorded {count} in {printable(str(write_baseline))}.\n")
        baseline = write_baseline
    assert baseline is not None
    applied = apply_baseline(report, load_baseline(baseline), targets, [r.code for r in rules])
    sys.stderr.write(applied.summary(baseline))
    return applied.report


def _color_wanted(output_format: str) -> bool:
    if os.environ.get("NO_COLOR") or output_format != "text":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


@dataclass(frozen=True)
class _RunOptions:
    stdin_filename: str | None
    output_format: str
    jobs: int | None
    cache_dir: Path | None


def _run(
    targets: list[Path], settings: Settings, options: _RunOptions, *, use_cache: bool
) -> tuple[Report, Sequence[type[Rule[Any]]]]:
    from auditor.engine import audit_stdin, enabled_rules

    rules = enabled_rules(settings)
    if options.stdin_filename is not None:
        return audit_stdin(sys.stdin.buffer.read(), options.stdin_filename, settings), rules
    from auditor.cache import default_cache_dir
    from auditor.run import audit

    cache_dir = (options.cache_dir or default_cache_dir()) if use_cache else None
    with _progress(options.output_format) as progress:
        report = audit(
            targets,
            settings,
            rules=rules,
            progress=progress,
            jobs=options.jobs,
            cache_dir=cache_dir,
        )
    return report, rules


class _NoProgress:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None


def _progress(output_format: str) -> Any:
    """A progress bar on stderr for long runs on a terminal, else nothing."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return _NoProgress()
    from auditor.progress import ProgressBar

    return ProgressBar(PROGRESS_THRESHOLD)


def _exit_status(report: Report, settings: Settings, exit_zero: bool) -> int:
    if any(diagnostic.is_error for diagnostic in report.diagnostics):
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    failing = [f for f in report.findings if f.severity.rank >= settings.fail_on.rank]
    return EXIT_FINDINGS if failing else EXIT_CLEAN


@app.command("rules")
def list_rules(
    output_format: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", metavar="FORMAT")
    ] = "text",
) -> None:
    """List every rule with its code, name, severity and summary."""
    import json

    from auditor.registry import all_rules

    rows = [
        {
            "code": rule.code,
            "name": rule.name,
            "severity": rule.severity.value,
            "fix": "unsafe" if rule.fixable else "",
            "summary": rule.summary(),
        }
        for rule in all_rules()
    ]
    if output_format == "json":
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    if output_format != "text":
        raise _fail(f"unknown format `{output_format}` (choose from text, json)")
    width = max(len(row["name"]) for row in rows)
    sys.stdout.write(f"{'CODE':<7} {'NAME':<{width}} {'SEVERITY':<8} SUMMARY\n")
    for row in rows:
        sys.stdout.write(
            f"{row['code']:<7} {row['name']:<{width}} {row['severity']:<8} {row['summary']}\n"
        )


@app.command()
def explain(code: Annotated[str, typer.Argument(help="A rule code, e.g. RA101.")]) -> None:
    """Print a rule's documentation."""
    from auditor.registry import all_rules, rule_by_code

    rule = rule_by_code(code)
    if rule is None:
        known = ", ".join(r.code for r in all_rules())
        raise _fail(f"unknown rule code `{code}` (known: {known})")
    fix = "unsafe fix available" if rule.fixable else "no automatic fix"
    sys.stdout.write(
        f"# {rule.code} {rule.name}\n\n{rule.summary()}\n\n"
        f"Severity: {rule.severity.value}. Fix: {fix}.\n\n{rule.documentation()}\n"
    )


def main() -> None:
    """Console-script entry point."""
    app()
