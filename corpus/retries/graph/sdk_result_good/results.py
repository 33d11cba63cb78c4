"""The result object an agent run returns, in a module of its own (its defaults unknown
to the module that builds it)."""
from dataclasses import dataclass


@dataclass
class RunResult:
    output: str
    success: bool
    session_id: str | None = None
