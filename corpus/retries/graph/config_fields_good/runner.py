import enum
import subprocess
from dataclasses import dataclass

from .config import Config


class Status(enum.Enum):
    SUCCESS = "success"
    FAILURE = "failure"


@dataclass
class Result:
    status: Status
    output: str


def build_args(config: Config) -> list[str]:
    return [str(config.claude_path), "--dangerously-skip-permissions", "-p"]


def execute(args, prompt):
    process = subprocess.run([*args, prompt], capture_output=True, text=True)
    if process.returncode == 0:
        return Result(status=Status.SUCCESS, output=process.stdout)
    return Result(status=Status.FAILURE, output=process.stderr)


def run_once(config: Config, prompt):
    return execute(build_args(config), prompt)


def run_with_retry(config: Config, prompt):
    for attempt in range(3):  # expect: RA301(warning)
        result = run_once(config, prompt)
        if result.status == Status.SUCCESS or "rate limit" not in result.output:
            return result  # only a rate limit is tried again: narrowed, a warning (SPEC)
    return None
