from dataclasses import dataclass

from .process import run_checked, run_status


@dataclass
class Summary:
    lines: int
    text: str


@dataclass
class Outcome:
    exit_code: int
    text: str


def summarise(text: str, lines: int) -> Summary:
    return Summary(lines=lines, text=text)


def record(text: str, exit_code: int) -> Outcome:
    return Outcome(exit_code=exit_code, text=text)


def review(task: str) -> Summary:
    out = run_checked(["claude", "-p", task])
    return summarise(out, len(out.splitlines()))


def resume(session: str, task: str) -> Outcome:
    out, code = run_status(["gptme", "--non-interactive", "--name", session, task])
    return record(out, code)
