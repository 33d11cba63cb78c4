import enum
from dataclasses import dataclass


class Status(enum.Enum):
    DONE = "done"
    FAILED = "failed"


@dataclass
class StepResult:
    status: Status
    output: str = ""
    error: str = ""
