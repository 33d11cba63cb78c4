import time

from .invoker import resume, review


def reviewed(task: str) -> str:
    for _ in range(2):
        summary = review(task)
        if summary.lines > 0:
            return summary.text
    return ""


def finish(session: str, task: str) -> int:
    for attempt in range(3):
        outcome = resume(session, task)
        if outcome.exit_code != 75:
            return outcome.exit_code
        time.sleep(600 * (attempt + 1))
    return 75
