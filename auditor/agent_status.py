"""What runners do with an agent's exit status, in terms every host shares.

The shell and Python front ends each find agent invocations, the guards that
compare their status with codes, status reads that errexit makes unreachable,
and statuses that are thrown away. Rules RA201-RA204 read these records and
never care which language they came from.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from auditor.exit_codes import ExitCodes
from auditor.finding import RelatedLocation, Span
from auditor.profiles import AgentCatalog, Intent
from auditor.source import SourceFile


class AgentCall(NamedTuple):
    """An agent invocation whose status is followed."""

    start: int  # unit offsets of the invocation
    end: int
    label: str  # how messages name it: `gptme`, or a function `run_agent`
    codes: ExitCodes


class StatusGuard(NamedTuple):
    """A comparison of an agent's status with codes (`[ "$rc" -eq 75 ]`, a `case` arm)."""

    start: int  # unit offsets of the comparison
    end: int
    call: AgentCall
    codes: tuple[int, ...]  # the codes compared with
    equality: bool  # `==`/`-eq`/a `case` arm; False for `!=`/`-ne`/`not in`
    intents: tuple[Intent, ...]  # what the guard's condition and body are about
    wait_status: bool = False  # the value is `os.system`'s wait status, not an exit code
    # codes the runner itself stores in the compared variable (`rc=429` after grepping the
    # log): the comparison can meet them whatever the agent exits with
    stored: tuple[int, ...] = ()
    # codes no exit status carries where statuses are 0 to 255 (a shell's `-eq 429`)
    out_of_range: tuple[int, ...] = ()


class UnreachableRead(NamedTuple):
    """A `$?`/`PIPESTATUS` read that errexit lets run only after success."""

    start: int  # unit offsets of the read
    end: int
    call: AgentCall
    guards: int  # how many guards test the value read here
    # the function holding it and the unit offsets of a call that runs it under errexit,
    # when its other calls do not (`f` called plainly once, in `if ! f` elsewhere)
    via: tuple[str, int, int] | None = None
    subshell: bool = False  # the read is inside a subshell `( … )` errexit leaves, not the script


class MaskedStage(NamedTuple):
    """An agent in a pipeline that returns another stage's status (no pipefail)."""

    winner: str  # the last stage, whose status the pipeline returns: `tee`
    stage: int  # the agent's index in it: `${PIPESTATUS[stage]}` holds its status
    # The NAME of a `NAME=$(…)` the pipeline runs in: its PIPESTATUS stays inside.
    captured: str | None


class LostStatus(NamedTuple):
    """An agent invocation whose status nothing reads."""

    start: int
    end: int
    call: AgentCall
    how: str  # why it is lost, for the message: "`|| true` discards it"
    masked: MaskedStage | None = None  # set when the agent is a masked pipeline stage
    discard: str | None = None  # the `|| true` (or `|| :`) that throws it away
    background: bool = False  # it runs in the background (`&`) and nothing waits for it
    hint: str | None = None  # what to do, when the general advice does not fit
    related: tuple[RelatedLocation, ...] = ()  # where the agent's command is written
    # lost where the script ends, so by its host, which drops the script's status
    at_end: bool = False
    host: Span | None = None  # where that host runs the script (the finding goes there)
    # a status read that cannot hold the agent's (`if ! agent; then rc=$?`): the finding
    # goes there (as ShellCheck's SC2319 does), the run is its related location
    read: tuple[int, int] | None = None


class AgentStatus(NamedTuple):
    """Everything one unit does with its agents' statuses."""

    calls: list[AgentCall]
    guards: list[StatusGuard]
    unreachable: list[UnreachableRead]
    lost: list[LostStatus]

    @classmethod
    def empty(cls) -> AgentStatus:
        """A status with nothing in it yet (its lists are filled by the analysis)."""
        return cls([], [], [], [])


class AgentUnit(Protocol):
    """A shell or Python unit that can say what it does with agents' statuses."""

    @property
    def source(self) -> SourceFile: ...

    @property
    def catalog(self) -> AgentCatalog: ...

    def host_span(self, start: int, end: int) -> Span: ...

    def agent_status(self) -> AgentStatus: ...
