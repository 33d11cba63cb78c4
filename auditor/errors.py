"""The one kind of error a user's input causes (config, baseline, rule plugins)."""

from __future__ import annotations

import signal


class UserError(Exception):
    """Input runaudit cannot use: the message says which and where; exit status 2."""


class Terminated(BaseException):
    """SIGTERM reached the run: workers are stopped, and the CLI exits 143.

    A BaseException, as KeyboardInterrupt is, so that no `except Exception` swallows it.
    """


def terminated(signum: int, frame: object) -> None:
    """The SIGTERM handler of a run: raise `Terminated`, once. A second SIGTERM while the
    run stops (a supervisor's, `timeout`'s) ends the process at once, as by default,
    instead of raising again inside the interpreter's exit handlers."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise Terminated
