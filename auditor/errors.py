"""The one kind of error a user's input causes (config, baseline, rule plugins)."""

from __future__ import annotations


class UserError(Exception):
    """Input runaudit cannot use: the message says which and where; exit status 2."""
