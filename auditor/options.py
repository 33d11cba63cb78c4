"""The `check` command's flags resolved into what the run does: what it reads, in
which format it reports, which fixes it applies, what it prints, its exit status.

A flag wins over the environment, the environment over the config file, and the
config file over the default, as in ruff. `cli.py` declares the flags and calls
these in order; nothing here parses arguments.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.errors import UserError
from auditor.finding import Severity

if TYPE_CHECKING:
    from auditor.config import Settings
    from auditor.configs import Configs
    from auditor.finding import Report
    from auditor.rule import Rule
    from auditor.run import AuditRun

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
OUTPUT_FORMAT_ENV = "RUNAUDIT_OUTPUT_FORMAT"
DEFAULT_FORMAT = "text"
STDIN = "-"  # as a path: read standard input
PROGRESS_THRESHOLD = 20  # files; smaller runs finish before a bar would be seen


class Input(NamedTuple):
    """What `check` audits: paths, or standard input as if it were the file `stdin_name`."""

    paths: list[Path]
    stdin_name: str | None = None

    @property
    def config_paths(self) -> list[Path]:
        """Where run-wide settings are looked for: the paths, or the file stdin stands for."""
        if self.stdin_name is not None and self.stdin_name != STDIN:
            return [Path(self.stdin_name)]
        return self.paths


def input_of(paths: Sequence[Path], stdin_filename: str | None) -> Input:
    """`-` as the path, or `--stdin-filename` alone, reads standard input; no path is `.`."""
    reads_stdin = any(str(path) == STDIN for path in paths)
    if reads_stdin and len(paths) > 1:
        raise UserError("`-` reads standard input: it cannot be combined with other paths")
    if stdin_filename is not None and paths and not reads_stdin:
        raise UserError("--stdin-filename names standard input: give no path, or `-`")
    if reads_stdin or stdin_filename is not None:
        return Input([Path(".")], stdin_filename or STDIN)
    return Input(list(paths) or [Path(".")])


def output_format(flag: str | None, settings: Settings, environ: Mapping[str, str]) -> str:
    """`--output-format`, else `RUNAUDIT_OUTPUT_FORMAT`, else `output-format`, else text."""
    if flag is not None:
        return flag
    value = environ.get(OUTPUT_FORMAT_ENV, "")
    if value:
        from auditor.output import FORMATS
        from auditor.output.escape import printable

        if value not in FORMATS:
            choices = ", ".join(FORMATS)
            shown = printable(value)
            raise UserError(
                f"{OUTPUT_FORMAT_ENV}: unknown format `{shown}` (choose from {choices})"
            )
        return value
    return settings.output_format or DEFAULT_FORMAT


class RunOptions(NamedTuple):
    """How to run the audit: progress bar, workers, cache, notes."""

    output_format: str
    jobs: int | None
    cache_dir: Path | None  # None: the default directory
    use_cache: bool
    verbose: bool

    def cache(self) -> Path | None:
        """The cache directory the run uses (None: no cache)."""
        if not self.use_cache:
            return None
        from auditor.cache import default_cache_dir

        return self.cache_dir or default_cache_dir()


def audit_input(
    source: Input, configs: Configs, options: RunOptions
) -> tuple[Report, Sequence[type[Rule[Any]]], AuditRun | None]:
    """Audit the paths or standard input, each file under its own settings; the report,
    the rules run (on any file) and, for paths, the run (its fixes reuse its files, index
    and cache). `--verbose` notes (files passed over or sourced, timings) go to stderr;
    so does a warning for a folder without runner files."""
    import time

    from auditor.engine import enabled_rules

    started = time.perf_counter()
    if source.stdin_name is not None:
        from auditor.run import audit_stdin

        if sys.stdin is None:  # started with stdin closed (`runaudit check - <&-`)
            raise UserError("standard input is closed: there is nothing to audit")
        settings = configs.for_path(source.stdin_name)
        # Bounded like a file: one byte past the limit is enough to report it.
        data = sys.stdin.buffer.read(settings.max_file_size + 1)
        report = audit_stdin(data, source.stdin_name, settings)
        run = None
    else:
        from auditor.run import AuditRun

        cache_dir = options.cache()
        with _progress(options.output_format) as progress:
            run = AuditRun(source.paths, configs, jobs=options.jobs, cache_dir=cache_dir)
            report = run.audit(progress, options.verbose)
    from auditor.output.escape import printable

    sys.stderr.write("".join(f"runaudit: warning: {printable(w)}\n" for w in report.warnings))
    if options.verbose:
        from auditor.show import verbose_text

        sys.stderr.write(verbose_text(report, configs.all(), time.perf_counter() - started))
    chosen = {rule.code: rule for s in configs.all() for rule in enabled_rules(s)}
    return report, [chosen[code] for code in sorted(chosen)], run


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


def show_settings(configs: Configs, source: Input, output_format: str) -> int:
    """`--show-settings`: print the settings each path given is audited under (a folder:
    those of its own config), and end the run."""
    from auditor.engine import enabled_rules
    from auditor.show import settings_text

    paths = sorted(set(source.config_paths))
    for number, path in enumerate(paths):
        settings = configs.for_path(path)._replace(output_format=output_format)
        if len(paths) > 1:
            from auditor.output.escape import printable

            sys.stdout.write(("\n" if number else "") + f"# for {printable(path.as_posix())}:\n")
        sys.stdout.write(settings_text(settings, enabled_rules(settings)))
    return EXIT_CLEAN


def show_files(source: Input, configs: Configs) -> int:
    """`--show-files`: print the files the run would audit, and end the run."""
    from auditor.show import files_text

    if source.stdin_name is None:
        from auditor.discover import discover

        run_settings = configs.for_run(source.paths)
        found = discover(source.paths, run_settings, settings_for=configs.for_directory)
        files = [candidate.display for candidate in found.candidates]
    else:
        settings = configs.for_path(source.stdin_name)
        stdin = Path(source.stdin_name)
        excluded = settings.force_exclude and settings.is_excluded(stdin, settings.root)
        files = [] if excluded else [source.stdin_name]
    sys.stdout.write(files_text(files))
    return EXIT_CLEAN


class FixRequest(NamedTuple):
    """What `--fix`, `--fix-only`, `--diff` and the flags that go with them ask for."""

    write: bool  # --fix or --fix-only
    diff: bool
    unsafe: bool
    only: bool  # --fix-only: apply fixes, report nothing else
    show: bool  # --show-fixes
    exit_non_zero: bool  # --exit-non-zero-on-fix

    @property
    def wanted(self) -> bool:
        """Whether the run computes fixes at all."""
        return self.write or self.diff

    def check_usable(self, source: Input, output: Path | None) -> None:
        """Refuse combinations that cannot work (a usage error, exit 2)."""
        if self.wanted and source.stdin_name is not None:
            raise UserError("--fix, --fix-only and --diff work on files, not on standard input")
        if self.only and output is not None:
            raise UserError("--fix-only reports nothing: --output would have nothing to write")


class FixResult(NamedTuple):
    """The report after fixing, how many files changed, and the status if the run ends."""

    report: Report
    files_changed: int
    status: int | None  # `--diff` ends the run with this status


def fix_files(
    report: Report,
    targets: list[Path],
    settings: Settings | Configs,
    request: FixRequest,
    *,
    quiet: bool,
    run: AuditRun | None = None,
) -> FixResult:
    """Apply the fixes (or, with `--diff`, print them) in the workers of the `run` that
    made the report (its files, index and cache; without one, a run of `targets`), each
    file under its own settings and the rules they select; say what was fixed on stderr."""
    from auditor.fixes import fix_report, fixable_paths

    unsafe, write = request.unsafe, not request.diff
    paths = fixable_paths(report, unsafe)
    if paths and run is None:
        from auditor.run import AuditRun

        run = AuditRun(targets, settings, jobs=1)
    attempts = run.fix(paths, unsafe=unsafe) if paths and run is not None else ()
    outcome = fix_report(report, attempts, settings, write=write)
    if not quiet:
        sys.stderr.write(outcome.summary(unsafe))
    if request.show:
        from auditor.registry import all_rules
        from auditor.show import applied_fixes_text

        names = {rule.code: rule.name for rule in all_rules()}
        sys.stderr.write(applied_fixes_text(outcome.changes, names, written=write))
    if write:
        return FixResult(outcome.report, len(outcome.changes), None)
    sys.stdout.write(outcome.diff(escape=sys.stdout.isatty()))
    if any(diagnostic.is_error for diagnostic in report.diagnostics):
        return FixResult(report, len(outcome.changes), EXIT_ERROR)
    status = EXIT_FINDINGS if outcome.changes else EXIT_CLEAN
    return FixResult(report, len(outcome.changes), status)


def apply_baselines(
    report: Report,
    rules: Sequence[type[Rule[Any]]],
    targets: list[Path],
    baseline: Path | None,
    write_baseline: Path | None,
    *,
    quiet: bool,
) -> Report:
    """Record the findings (`--write-baseline`), then hide the recorded ones (`--baseline`);
    say so on stderr unless `quiet`."""
    if baseline is None and write_baseline is None:
        return report
    from auditor.baseline import apply_baseline, load_baseline, write_baseline_file
    from auditor.output.escape import printable
    from auditor.output.summary import plural

    if write_baseline is not None:
        count = plural(write_baseline_file(report, write_baseline), "finding")
        if not quiet:
            sys.stderr.write(f"runaudit: recorded {count} in {printable(str(write_baseline))}.\n")
        baseline = write_baseline
    assert baseline is not None
    applied = apply_baseline(report, load_baseline(baseline), targets, [r.code for r in rules])
    if not quiet:
        sys.stderr.write(applied.summary(baseline))
    return applied.report


class Presentation(NamedTuple):
    """How the report is shown: format, destination, and the flags that trim or add to it."""

    output_format: str
    output: Path | None  # None: stdout
    statistics: bool
    quiet: bool
    show_fixes: bool  # list the fixes available (when none were applied)
    min_severity: str | None = None  # `--min-severity`: hide findings below it


def present(report: Report, rules: Sequence[type[Rule[Any]]], how: Presentation) -> None:
    """Render the report to stdout or `--output`; `--quiet` keeps only the findings (and,
    on stderr, what made the run fail); `--show-fixes` lists the fixes on stderr."""
    from auditor.output import QUIET_FORMATS, render

    fmt, quiet = how.output_format, how.quiet
    if how.min_severity is not None:
        report = report.at_least(Severity(how.min_severity))
    color = how.output is None and _color_wanted(fmt)
    text = render(fmt, report, rules, color=color, statistics=how.statistics, quiet=quiet)
    if how.output is not None:
        write_output(how.output, text)
    else:
        sys.stdout.write(text)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt == "github" and summary:
        _append_step_summary(summary, render("markdown", report, rules))
    if quiet and fmt in QUIET_FORMATS:
        from auditor.output.escape import printable
        from auditor.output.summary import diagnostic_line

        errors = [d for d in report.diagnostics if d.is_error]
        sys.stderr.write("".join(f"runaudit: {printable(diagnostic_line(d))}\n" for d in errors))
    if how.show_fixes:
        from auditor.show import available_fixes_text

        sys.stderr.write(available_fixes_text(report))


def _append_step_summary(summary: str, markdown: str) -> None:
    """Add the Markdown report to the GitHub Actions job summary (annotations show only the
    first findings of each level); a summary that cannot be written is said, not fatal."""
    try:
        with open(summary, "a", encoding="utf-8") as stream:
            stream.write(markdown)
    except OSError as error:
        from auditor.output.escape import printable

        reason = (error.strerror or str(error)).lower()
        sys.stderr.write(f"runaudit: warning: GITHUB_STEP_SUMMARY {printable(summary)}: {reason}\n")


def _color_wanted(output_format: str) -> bool:
    if os.environ.get("NO_COLOR") or output_format != "text":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def write_output(path: Path, text: str) -> None:
    """Write the report to `--output`, making its folder; a path that cannot take it is a
    usage error (exit 2), never a traceback."""
    if path.is_dir():
        raise UserError(f"--output {path}: is a directory")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        if path.is_file() and not os.path.islink(path):  # a partial report says nothing true
            with contextlib.suppress(OSError):
                path.unlink()
        reason = (error.strerror or str(error)).lower()
        raise UserError(f"--output {path}: cannot write: {reason}") from None


def exit_status(
    report: Report, configs: Settings | Configs, request: FixRequest, *, exit_zero: bool, fixed: int
) -> int:
    """2 on an internal error; else 1 on a finding at or above `fail-on` (not with
    `--fix-only`) or a fixed file (with `--exit-non-zero-on-fix`); else 0. `--exit-zero`
    makes every 1 a 0, as in ruff. `fixed`: how many files the fixes changed."""
    if any(diagnostic.is_error for diagnostic in report.diagnostics):
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    if request.exit_non_zero and fixed:
        return EXIT_FINDINGS
    if request.only:
        return EXIT_CLEAN
    from auditor.config import Settings as OneSettings

    def fail_on(path: str) -> Severity:
        settings = configs if isinstance(configs, OneSettings) else configs.for_path(path)
        return settings.fail_on

    failing = [f for f in report.findings if f.severity.rank >= fail_on(f.path).rank]
    return EXIT_FINDINGS if failing else EXIT_CLEAN
