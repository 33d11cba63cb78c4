"""The command line's flags and commands, declared for argparse, and its usage errors.

argparse, not typer: the CLI starts in the time of a pre-commit hook.
typer (with the pydantic it now requires) took about 80 ms to import, more
than a whole run on one shell script should cost.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from auditor.options import EXIT_ERROR
from auditor.output import FORMATS


class Exit(Exception):
    """Ends the command with an exit status (what it printed is already out)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


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

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help and usage, written; argparse's own drops a failed write (`--help` to a full
        disk then exited 0), this one lets it end the run as an error."""
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        """A usage error: one line on stderr, with a suggestion for a mistyped command,
        flag or choice, and where the usage is; exit status 2."""
        from auditor.output.escape import printable

        line = f"{_suggested(message, self)}; see `{self.prog} --help`"
        sys.stderr.write(f"runaudit: error: {printable(line)}\n")
        raise Exit(EXIT_ERROR)


_INVALID_CHOICE = re.compile(r"^argument (?P<arg>[^:]+): invalid choice: '(?P<given>[^']*)'")
_UNRECOGNIZED = "unrecognized arguments: "


def _suggested(message: str, parser: argparse.ArgumentParser) -> str:
    """argparse's message, shortened, with the nearest known command, flag or choice."""
    invalid = _INVALID_CHOICE.match(message)
    if invalid:
        given, argument = invalid["given"], invalid["arg"]
        choices = [
            str(c)
            for a in parser._actions
            if (a.help != argparse.SUPPRESS or a.option_strings)  # hidden commands stay hidden
            and a.choices
            and (argument == a.metavar or set(argument.split("/")) & set(a.option_strings))
            for c in a.choices
        ]
        text = f"unknown command `{given}`"
        if argument != "COMMAND":
            text = f"argument {argument}: unknown value `{given}`"
        near = _nearest(given, choices)
        return text + (
            f" (did you mean `{near}`?)" if near else f" (choose from {', '.join(choices)})"
        )
    if message.startswith(_UNRECOGNIZED):
        given = message[len(_UNRECOGNIZED) :].split()
        flag = next((word for word in given if word.startswith("-")), given[0] if given else "")
        near = _nearest(flag.split("=", 1)[0], list(parser._option_string_actions))
        text = (
            f"unknown option `{flag}`" if flag.startswith("-") else f"unexpected argument `{flag}`"
        )
        return text + (f" (did you mean `{near}`?)" if near else "")
    return message


def _nearest(given: str, known: list[str]) -> str | None:
    import difflib

    lowered = {k.lower(): k for k in known}
    if given.lower() in lowered:
        return lowered[given.lower()]
    close = difflib.get_close_matches(given.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def parser() -> argparse.ArgumentParser:
    """The command line's parser: every command and flag."""
    parser = _Parser(
        prog="runaudit",
        description="Static auditor for the code that launches and supervises LLM agent CLIs.",
    )
    parser.add_argument("--version", action="store_true", help="print the version")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    check = commands.add_parser(
        "check",
        help="audit runner files and report findings",
        description="Audit runner files.",
        usage="%(prog)s [OPTIONS] [PATH ...]",  # as ruff's: the options are listed below
    )
    check.set_defaults(command_parser=check)
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
    add(
        "--config",
        action="append",
        metavar="FILE|KEY=VALUE",
        help="use this config file for every file, or override one setting, as TOML "
        "(`--config \"fail-on = 'error'\"`); repeatable",
    )
    add("--isolated", action="store_true", help="ignore every config file")
    patterns = "gitignore-style patterns, comma-separated"
    add("--exclude", action="append", metavar="GLOBS", help=f"files to skip: {patterns}")
    add("--extend-exclude", action="append", metavar="GLOBS", help=f"more to skip: {patterns}")
    add(
        "--per-file-ignores",
        action="append",
        metavar="PATTERN:CODES",
        help="rules to skip in files matching a pattern (`tests/*:RA203,RA101`); repeatable",
    )
    add(
        "--min-severity",
        metavar="LEVEL",
        choices=("error", "warning", "info"),
        help="show only findings at or above this severity (error, warning, info); the exit "
        "status still follows --fail-on",
    )
    add(
        "-P",
        "--source-path",
        action="append",
        type=_folder,
        metavar="DIR",
        help="look here for a sourced file the script's folder does not hold, and for the "
        'rest of a path behind one variable (`source "$LIBDIR/x.sh"` reads DIR/x.sh), as '
        "ShellCheck's -P; only files inside DIR, never through a link out of it; repeatable",
    )
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
        help="longest one file's analysis may take; a file past it is not audited, an RA901 "
        "error finding (default: 20, or `timeout` in config)",
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
    rules.set_defaults(command_parser=rules)
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
    explain.set_defaults(command_parser=explain)
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
    clean.set_defaults(command_parser=clean)
    server = commands.add_parser(
        "server",
        help="run the language server (LSP over stdio) for editors",
        description="Run runaudit's language server over stdin and stdout.",
    )
    server.set_defaults(command_parser=server)
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


def _folder(value: str) -> Path:
    """A `--source-path` folder, as an absolute path (the run's own folder is fixed)."""
    if not os.path.isdir(value):
        raise argparse.ArgumentTypeError(f"not a folder: {value!r}")
    return Path(os.path.abspath(value))
