"""The command line: argparse wiring only, no logic beyond choosing and printing.

argparse, not typer: the CLI starts in the time of a pre-commit hook.
typer (with the pydantic it now requires) took about 80 ms to import, more
than a whole run on one shell script should cost. Everything else
(engine, tree-sitter, rich) is imported only by the command that needs it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from auditor import __version__
from auditor.arguments import Exit, parser
from auditor.errors import Terminated, terminated
from auditor.options import EXIT_CLEAN, EXIT_ERROR


def _fail(message: str) -> Exit:
    from auditor.output.escape import printable

    sys.stderr.write(f"runaudit: error: {printable(message)}\n")
    return Exit(EXIT_ERROR)


def _codes(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def check(options: argparse.Namespace) -> int:
    """Audit runner files and report findings."""
    from auditor import options as checking
    from auditor.configs import command_line_configs
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
        configs = command_line_configs(
            options.config,
            isolated=options.isolated,
            flags={
                "select": _codes(options.select),
                "ignore": _codes(options.ignore),
                "extend_select": _codes(options.extend_select),
                "fail_on": options.fail_on,
                "timeout": options.timeout,
                "ignore_suppressions": options.ignore_suppressions,
                "force_exclude": options.force_exclude,
                "source_path": options.source_path,
            },
            patterns=(options.exclude, options.extend_exclude, options.per_file_ignores),
            known_codes=[rule.code for rule in all_rules()],
        )
        settings = configs.for_run(source.config_paths)
        output_format = checking.output_format(options.output_format, settings, os.environ)
        if options.show_settings:
            return checking.show_settings(configs, source, output_format)
        if options.show_files:
            return checking.show_files(source, configs)
        fixes.check_usable(source, options.output)
        cache = (options.cache_dir, not options.no_cache)
        how = checking.RunOptions(output_format, options.jobs, *cache, options.verbose)
        report, rules, run = checking.audit_input(source, configs, how)
        files_fixed = 0
        if fixes.wanted:
            fixed = checking.fix_files(
                report, source.paths, configs, fixes, quiet=options.quiet, run=run
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
            shown = checking.Presentation(*look, options.min_severity)
            checking.present(report, rules, shown)
    except UserError as error:
        raise _fail(str(error)) from None
    except FileNotFoundError as error:
        raise _fail(_missing(error)) from None
    return checking.exit_status(
        report, configs, fixes, exit_zero=options.exit_zero, fixed=files_fixed
    )


def _missing(error: FileNotFoundError) -> str:
    """What a missing file means: a named path, or the working directory deleted under us."""
    if error.filename is None:
        try:
            os.getcwd()
        except FileNotFoundError:
            return "the working directory no longer exists (it was deleted or moved)"
    return f"{error.filename}: no such file or directory"


def list_rules(options: argparse.Namespace) -> int:
    """List every rule with its code, name, severity and summary."""
    import json

    from auditor.registry import all_rules

    rows = [
        {
            "code": rule.code,
            "name": rule.name,
            "severity": rule.severity_label(),
            "severities": [severity.value for severity in rule.severity_range()],
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
    levels = max(len(str(row["severity"])) for row in rows)
    sys.stdout.write(
        f"{'CODE':<7} {'NAME':<{width}} {'SEVERITY':<{levels}} {'DEFAULT':<7} SUMMARY\n"
    )
    for row in rows:
        default = "on" if row["default"] else "off"
        sys.stdout.write(
            f"{row['code']:<7} {row['name']:<{width}} {row['severity']:<{levels}} {default:<7} "
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


def server(options: argparse.Namespace) -> int:
    """Run the language server over stdio until the client exits."""
    try:
        from auditor.server import serve
    except ImportError as error:  # pygls is the `server` extra
        raise _fail(
            f"the language server needs pygls and lsprotocol ({error.name} is missing): "
            "pip install 'runaudit[server]'"
        ) from None
    return serve()


COMMANDS = {
    "check": check,
    "rules": list_rules,
    "explain": explain,
    "clean": clean,
    "server": server,
}


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on `argv` (default: the process's arguments); the exit status."""
    if sys.stdout is None:  # started with stdout closed (`runaudit check >&-`)
        return _stop("runaudit: error: standard output is closed")
    try:
        command_line = parser()
        try:
            status = _command(command_line, argv)
        except Exit as done:  # `--help` printed, a usage error said, a command's error
            status = done.status
        # Flushed here, where a failure (a full disk) is one line and exit 2, not lost at exit.
        sys.stdout.flush()
        return status
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
        # Ctrl-C while Python wraps what it runs (`__set_name__` during an import gives a
        # `RuntimeError` caused by the `KeyboardInterrupt`): an interruption, not a bug
        if isinstance(_cause(error), KeyboardInterrupt):
            return _stop("runaudit: interrupted", EXIT_INTERRUPTED)
        if isinstance(_cause(error), Terminated):
            return _stop("runaudit: terminated", EXIT_TERMINATED)
        return _stop(f"runaudit: internal error: {_describe(error)}")


def _cause(error: BaseException) -> BaseException:
    """The first exception of the chain that led to `error` (its causes, in turn)."""
    seen: set[int] = set()
    while error.__cause__ is not None and id(error) not in seen:
        seen.add(id(error))
        error = error.__cause__
    return error


def _command(command_line: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    options, unknown = command_line.parse_known_args(argv)
    if unknown:  # said by the command's own parser, which knows its flags
        command_parser = getattr(options, "command_parser", command_line)
        command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if options.version:
        sys.stdout.write(f"runaudit {__version__}\n")
        return EXIT_CLEAN
    if options.command is None:
        commands = ", ".join(COMMANDS)
        command_line.error(f"no command given (one of {commands})")
    return COMMANDS[options.command](options)


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
    try:
        import gc
        import signal

        # SIGTERM ends an in-process run (`--jobs 1`) as it ends a parallel one: one line.
        signal.signal(signal.SIGTERM, terminated)
        # Syntax trees are built and dropped file by file and `ast` nodes form no cycles: the
        # cyclic collector runs after 50,000 allocations, not 700 (a tenth of a cold run).
        gc.set_threshold(50_000, 20, 20)
        status = run()
    except KeyboardInterrupt:  # before `run` could catch it
        status = _stop("runaudit: interrupted", EXIT_INTERRUPTED)
    except Terminated:
        status = _stop("runaudit: terminated", EXIT_TERMINATED)
    if status in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        # Stopped: the line is said, and the workers are gone. Interpreter shutdown would
        # join the worker pool's own thread, which may find its pipe closed and print a
        # traceback ("Exception ignored in: <module 'threading'>"): leave without it.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(status)
    sys.exit(status)
