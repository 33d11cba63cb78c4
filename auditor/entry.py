"""The console script's entry point: Ctrl-C while the CLI is still being imported ends
the run with the one line a later Ctrl-C prints, not a traceback. It imports nothing
itself (not even `typing`), so that nothing stands unguarded before that import."""

import sys


def main() -> None:
    """Import the command line, then run it (it exits with the run's status)."""
    try:
        from auditor.cli import main as command_line
    except KeyboardInterrupt:
        sys.stderr.write("runaudit: interrupted\n")
        sys.exit(130)  # EXIT_INTERRUPTED, not imported: that is what was interrupted
    command_line()
