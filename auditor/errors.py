"""The one kind of error a user's input causes (config, baseline, rule plugins)."""

from __future__ import annotations


class UserError(Exception):
    """Input runaudit cannot use: the message says which and where; exit status 2."""


class Terminated(BaseException):
    """SIGTERM reached the run: workers are stopped, and the CLI exits 143.

    A BaseException, as KeyboardInterrupt is, so that no `except Exception` swallows it.
    """
