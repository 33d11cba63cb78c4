"""The command line: argparse wiring only, no logic beyond choosing and printing.

argparse, not typer: the CLI starts in the time of a pre-commit hook.
typer (with the pydantic it now requires) took about 80 ms to import, more
than a whole run on one shell script should cost. Everything else
(engine, tree-sitter, rich) is imported only by the command that needs it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from auditor import __version__
from auditor.errors import Terminated
from auditor.options import EXIT_CLEAN, EXIT_ERROR
from auditor.output import FORMATS


class Exit(Exception):
    """Ends the command with an exit status (what it printed is already out)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _fail(message: str) -> Exit:
    from auditor.output.escape import printable

    sys.stderr.write(f"runaudit: error: {printable(message)}\n")
    return Exit(EXIT_ERROR)


def _codes(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def _help_width() -> int:
    """The width help is wrapped to: what `shutil.get_terminal_size` would say.

    argparse makes a formatter for every argument it adds, and a formatter given no
    width imports shutil (and its compression modules) to ask: 2 ms on every start.
    """
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_help_width())


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """`--help` and errors end the command, not the process (tests run it in-process)."""
        if message:
            sys.stderr.write(message)
        raise Exit(status)

    def error(self, message: str) -> NoReturn:
        """Usage errors: the usage line and the message on stderr, exit status 2."""
        from auditor.output.escape import printable

        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {printable(message)}\n")
        raise Exit(EXIT_ERROR)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="runaudit",
        description="Static auditor for the code that launches and supervises LLM agent CLIs.",
    )
    parser.add_argument("--version", action="store_true", help="print the version")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    check = commands.add_parser(
        "check", help="audit runner files and report findings", description="Audit runner files."
    )
    check.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="files or folders (default: .)"
    )
    add = check.add_argument
    add(
        "-f",
        "--format",
        dest="output_format",
        choices=FORMATS,
        metavar="FORMAT",
        help=f"output format (or --output-format): {', '.join(FORMATS)} (default: "
        "RUNAUDIT_OUTPUT_FORMAT, else `output-format` in config, else text)",
    )
    add("--output-format", dest="output_format", choices=FORMATS, help=argparse.SUPPRESS)
    add("-o", "--output", type=Path, metavar="FILE", help="write the report to this file")
    codes = "codes or prefixes, comma-separated"
    add("--select", action="append", metavar="CODES", help=f"rules to run: {codes}")
    add("--extend-select", action="append", metavar="CODES", help=f"rules to add: {codes}")
    add("--ignore", action="append", metavar="CODES", help=f"rules to skip: {codes}")
    add("--fail-on", metavar="LEVEL", help="lowest severity that fails: error, warning, info")
    add("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    add("--statistics", action="store_true", help="show counts per rule, not each finding")
    talk = check.add_mutually_exclusive_group()
    talk.add_argument("-q", "--quiet", action="store_true", help="print only the findings")
    talk.add_argument("-v", "--verbose", action="store_true", help="notes and timings on stderr")
    for flag, text in (
        ("--ignore-suppressions", "report the findings `# runaudit: ignore` comments would hide"),
        ("--force-exclude", "apply `exclude`/`extend-exclude` to paths named here too"),
        ("--show-settings", "print the settings in effect, and exit"),
        ("--show-files", "print the files that would be audited, and exit"),
        ("--fix-only", "apply fixes and report nothing else"),
        ("--show-fixes", "list the fixes available (or applied) on stderr"),
        ("--exit-non-zero-on-fix", "with --fix, exit 1 when a file was fixed"),
    ):
        add(flag, action="store_true", help=text)
    add("--config", type=Path, metavar="FILE", help="use this config file")
    add("--isolated", action="store_true", help="ignore every config file")
    add(
        "--stdin-filename",
        metavar="NAME",
        help="audit standard input, as if it were this file (the path `-` reads it too)",
    )
    add(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help="files audited in parallel (default: cores)",
    )
    add(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="longest one file's analysis may take; a file past it is skipped, and said so "
        "(default: 20, or `timeout` in config)",
    )
    add("--no-cache", action="store_true", help="do not read or write the cache")
    add(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="cache directory (default: RUNAUDIT_CACHE_DIR or ~/.cache/runaudit)",
    )
    add("--fix", action="store_true", help="apply safe fixes (and see --unsafe-fixes)")
    add("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply unsafe fixes too")
    add("--diff", action="store_true", help="print the fixes as a unified diff; write nothing")
    add(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="hide the findings recorded in this baseline file",
    )
    add(
        "--write-baseline",
        type=Path,
        metavar="FILE",
        help="record every current finding in this baseline file",
    )
    rules = commands.add_parser("rules", help="list every rule", description="List every rule.")
    listing = ("text", "json")
    rules.add_argument(
        "-f", "--format", dest="output_format", default="text", choices=listing, help="text or json"
    )
    rules.add_argument(
        "--output-format", dest="output_format", choices=listing, help=argparse.SUPPRESS
    )
    explain = commands.add_parser(
        "explain", help="print a rule's documentation", description="Print a rule's documentation."
    )
    explain.add_argument("code", help="a rule code, e.g. RA101")
    clean = commands.add_parser(
        "clean", help="empty the result cache", description="Remove every cached result."
    )
    clean.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="the cache to empty (default: RUNAUDIT_CACHE_DIR or the user cache directory)",
    )
    return parser


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {number}")
    return number


def _seconds(value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds: {value!r}") from None


def check(options: argparse.Namespace) -> int:
    """Audit runner files and report findings."""
    from auditor import options as checking
    from auditor.config import apply_overrides, check_selectors, load_settings
    from auditor.errors import UserError
    from auditor.registry import all_rules

    fixes = checking.FixRequest(
        options.fix or options.fix_only,
        options.diff,
        options.unsafe_fixes,
        options.fix_only,
        options.show_fixes,
        options.exit_non_zero_on_fix,
    )
    try:
        source = checking.input_of(options.paths, options.stdin_filename)
        start = source.config_start
        settings = load_settings(options.config, search_from=start, isolated=options.isolated)
        settings = apply_overrides(
            settings,
            select=_codes(options.select),
            ignore=_codes(options.ignore),
            extend_select=_codes(options.extend_select),
            fail_on=options.fail_on,
            timeout=options.timeout,
            ignore_suppressions=options.ignore_suppressions,
            force_exclude=options.force_exclude,
        )
        check_selectors(settings, (rule.code for rule in all_rules()))
        output_format = checking.output_format(options.output_format, settings, os.environ)
        if options.show_settings:
            return checking.show_settings(settings._replace(output_format=output_format))
        if options.show_files:
            return checking.show_files(source, settings)
        fixes.check_usable(source, options.output)
        cache = (options.cache_dir, not options.no_cache)
        how = checking.RunOptions(output_format, options.jobs, *cache, options.verbose)
        report, rules = checking.audit_input(source, settings, how)
        files_fixed = 0
        if fixes.wanted:
            fixed = checking.fix_files(
                report, rules, source.paths, settings, fixes, quiet=options.quiet
            )
            if fixed.status is not None:
                return fixed.status
            report, files_fixed = fixed.report, fixed.files_changed
        baselines = (options.baseline, options.write_baseline)
        report = checking.apply_baselines(
            report, rules, source.paths, *baselines, quiet=options.quiet
        )
        if not fixes.only:
            show_fixes = fixes.show and not fixes.wanted  # else `fix_files` listed them
            look = (output_format, options.output, options.statistics, options.quiet, show_fixes)
            checking.present(report, rules, checking.Presentation(*look))
    except UserError as error:
        raise _fail(str(error)) from None
    except FileNotFoundError as error:
        raise _fail(f"{error.filename}: no such file or directory") from None
    return checking.exit_status(
        report, settings, fixes, exit_zero=options.exit_zero, fixed=files_fixed
    )


def list_rules(options: argparse.Namespace) -> int:
    """List every rule with its code, name, severity and summary."""
    import json

    from auditor.registry import all_rules

    rows = [
        {
            "code": rule.code,
            "name": rule.name,
            "severity": rule.severity.value,
            "fix": "unsafe" if rule.fixable else "",
            "default": rule.selected_by_default,
            "summary": rule.summary(),
        }
        for rule in all_rules()
    ]
    if options.output_format == "json":
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return EXIT_CLEAN
    width = max(len(rule.name) for rule in all_rules())
    sys.stdout.write(f"{'CODE':<7} {'NAME':<{width}} {'SEVERITY':<8} {'DEFAULT':<7} SUMMARY\n")
    for row in rows:
        default = "on" if row["default"] else "off"
        sys.stdout.write(
            f"{row['code']:<7} {row['name']:<{width}} {row['severity']:<8} {default:<7} "
            f"{row['summary']}\n"
        )
    sys.stdout.write("Rules marked off run only when selected (`--extend-select CODE`).\n")
    return EXIT_CLEAN


def explain(options: argparse.Namespace) -> int:
    """Print a rule's documentation."""
    from auditor.registry import all_rules, rule_by_code

    rule = rule_by_code(options.code)
    if rule is None:
        known = ", ".join(r.code for r in all_rules())
        raise _fail(f"unknown rule code `{options.code}` (known: {known})")
    sys.stdout.write(
        f"# {rule.code} {rule.name}\n\n{rule.summary()}\n\n{rule.facts()}\n\n"
        f"{rule.documentation()}\n"
    )
    return EXIT_CLEAN


def clean(options: argparse.Namespace) -> int:
    """Empty the result cache, saying what was removed."""
    from auditor.cache import clear, default_cache_dir
    from auditor.output.escape import printable

    directory = options.cache_dir or default_cache_dir()
    removed = clear(directory)
    where = printable(str(directory))
    if removed.files:
        sys.stdout.write(f"Removed {removed.summary()} from {where}\n")
    else:
        sys.stdout.write(f"Nothing to remove: no cached results in {where}\n")
    return EXIT_CLEAN


COMMANDS = {"check": check, "rules": list_rules, "explain": explain, "clean": clean}


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on `argv` (default: the process's arguments); the exit status."""
    if sys.stdout is None:  # started with stdout closed (`runaudit check >&-`)
        return _stop("runaudit: error: standard output is closed")
    parser = _parser()
    try:
        options = parser.parse_args(argv)
        if options.version:
            sys.stdout.write(f"runaudit {__version__}\n")
            return EXIT_CLEAN
        if options.command is None:
            parser.print_help(sys.stderr)
            return EXIT_ERROR
        return COMMANDS[options.command](options)
    except Exit as done:
        return done.status
    except KeyboardInterrupt:
        return _stop("runaudit: interrupted", EXIT_INTERRUPTED)
    except Terminated:
        return _stop("runaudit: terminated", EXIT_TERMINATED)
    except BrokenPipeError:
        _silence_stdout()  # the reader went away: nothing more to say, and no traceback
        return EXIT_ERROR
    except (OSError, MemoryError, RecursionError) as error:
        # Resources, not bugs: the output could not be written, the input was too large
        # or too deeply nested. One line says which; no traceback.
        return _stop(f"runaudit: error: {_describe(error)}")
    except Exception as error:
        return _stop(f"runaudit: internal error: {_describe(error)}")


EXIT_INTERRUPTED = 130  # as a shell reports SIGINT
EXIT_TERMINATED = 143  # and SIGTERM


def _describe(error: BaseException) -> str:
    from auditor.output.escape import printable

    if isinstance(error, OSError) and error.strerror:
        where = f"{error.filename}: " if error.filename else ""
        return printable(f"{where}{error.strerror.lower()}")
    if isinstance(error, MemoryError):
        return "out of memory"
    if isinstance(error, RecursionError):
        return "input nested too deeply"
    return printable(f"{type(error).__name__}: {error}")


def _stop(message: str, status: int = EXIT_ERROR) -> int:
    """Print one line on stderr (stdout may be what failed) and give the exit status."""
    _silence_stdout()
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (OSError, AttributeError):  # stderr is closed or failing too: the status says it
        pass
    return status


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # in-memory or closed (None) stdout
        pass


def main() -> NoReturn:
    """Console-script entry point."""
    import gc

    # Syntax trees are built and dropped file by file and `ast` nodes form no cycles: the
    # cyclic collector runs after 50,000 allocations, not 700 (a tenth of a cold run).
    gc.set_threshold(50_000, 20, 20)
    sys.exit(run())
