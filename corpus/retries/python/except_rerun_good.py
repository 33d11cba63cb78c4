"""Near misses: an `except` clause that runs another command (a notice), one that falls
back to another function, a resume of the same named session once more after a rate
limit only, one that reverts and raises again, one that queues the run for later, and
one inside a retry loop that reports the step itself."""

import subprocess
import time


class RateLimitError(Exception):
    pass


def run_claude_turn(prompt: str, session: str) -> str:
    done = subprocess.run(
        ["claude", "-p", prompt, "--resume", session], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RateLimitError(done.stderr)
    return done.stdout


def summarise_offline(prompt: str) -> str:
    return prompt[:200]


def notify_on_failure(prompt: str) -> None:
    try:
        subprocess.run(["claude", "-p", prompt], check=True)
    except subprocess.CalledProcessError:
        subprocess.run(["notify-send", "claude failed"], check=False)


def answer_or_summary(prompt: str, session: str) -> str:
    try:
        return run_claude_turn(prompt, session)
    except OSError:
        return summarise_offline(prompt)


def resume_after_limit(prompt: str, session: str) -> str:
    try:
        return run_claude_turn(prompt, session)
    except RateLimitError:
        time.sleep(60)
        return run_claude_turn(prompt, session)


def revert_and_fail(prompt: str, session: str) -> str:
    try:
        return run_claude_turn(prompt, session)
    except RateLimitError:
        run_claude_turn("Revert the changes of your last turn", session)
        raise


def queue_for_later(prompt: str, session: str, later: list) -> str:
    try:
        return run_claude_turn(prompt, session)
    except OSError:
        later.append(lambda: run_claude_turn(prompt, session))
        return ""


def answer_patiently(prompt: str, session: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return run_claude_turn(prompt, session)
        except Exception:
            run_claude_turn(prompt, session)
    return ""
