"""What a retry construct is asked about a call, and its answer.

How a call fails (`CallFailure`) and how a construct re-runs it (`Retry`):
the words the retry catalogue (`auditor.python.runner.retries`) and the loop walk
(`auditor.python.runner.loop_flow`) share, kept apart so that neither imports the other
for them.
"""

from __future__ import annotations

from typing import NamedTuple

from auditor.python.runner.error_tests import EVERY_ERROR, RetriedErrors

# Where a call's value says it succeeded: -1 the value itself, N item N of a returned
# tuple, "NAME" an attribute true on success (`result.success`), "NAME=VALUE" an
# attribute equal to VALUE on success (`result.status == Status.OK`, `result.error is None`)
SuccessFlag = int | str
# In a success flag of a result object (`NAME=VALUE`: the field holds VALUE when the run
# succeeded), between the field's name and the values it takes only when the run failed
# (`retry_code~Code.ERROR|Code.TIMEOUT`); before it, after `=`, the values a success gives
# it where there are several (`status=Status.DONE|Status.MORE~Status.ERROR`).
FAILURE_VALUES = "~"
# Between the fields of a result object that each tell how the run went (`return_code=0;
# status~Status.ERROR`): a test of any of them reads the flag.
FIELDS = ";"


class CallFailure(NamedTuple):
    """How a call fails: it raises, it ends with a non-zero status, or either."""

    raises: bool = True
    status: bool = False  # a process: it has an exit status
    checked: bool = False  # a non-zero status raises (`check=True`) instead of being returned
    transient_codes: frozenset[int] = frozenset({75})
    # its value is a success flag, not a status (see `SuccessFlag`)
    flag: SuccessFlag | None = None
    status_item: int | None = None  # item N of the tuple it returns is the exit status
    # without a flag or an item, its value is its exit status (`subprocess.call(…)`, a
    # launcher that returns `proc.returncode`); False: its value says nothing of the run
    valued: bool = True


class Retry(NamedTuple):
    """How a construct re-runs a failed call."""

    blanket: bool  # after any failure
    transient_only: bool  # only after a transient one (exit 75, a rate-limit marker or class)
    reason: str  # "after `except Exception`", "on any non-zero exit"
    errors: RetriedErrors = EVERY_ERROR  # the raised failures it re-runs after


class RetryDecorator(NamedTuple):
    """A retry decorator written in a module: how many attempts, and what it catches."""

    name: str
    attempts: int | None  # with the factory's defaults
    parameter: str | None  # the factory parameter the attempt count comes from
    position: int | None  # that parameter's index among the positional ones
    blanket: bool  # it goes on after a bare `except`, `Exception` or `BaseException`
    catches: str  # "`except Exception`", for messages
    helper: bool = False  # it calls the function it is given (`retrying(fn)`), no wrapper
    errors: RetriedErrors = EVERY_ERROR  # what it retries
    label: str = ""  # how messages name it, when not by its name (what it applies)
    # the factory parameter whose classes its `except` catches, read at its default
    # (`errors=(Exception,)`): a call that gives it other classes retries those
    classes_parameter: str | None = None
