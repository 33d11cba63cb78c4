"""Loops that go round after a failed agent run along a branch the failure takes, while a
success goes round only to retry its own output (RA301); and one that goes round only
when a test of the failure passes (a narrowed retry: warning)."""

import json
import subprocess
import time


def score(prompt: str, retries: int = 3) -> dict | None:
    failures = 0
    while True:  # expect: RA301(error)
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if proc.returncode != 0:
            failures += 1
            if failures > retries:
                return None
            time.sleep(2**failures)
            continue
        data = json.loads(proc.stdout)
        if data.get("score") is None:
            continue  # the answer had no score: ask again
        return data


def is_transient(text: str) -> bool:
    return any(marker in text for marker in ("503", "overloaded", "high demand"))


def run_review(prompt: str) -> str:
    for attempt in range(5):  # expect: RA301(warning)
        result = subprocess.run(["gemini", "-p", prompt], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout
        transient = is_transient(result.stdout + result.stderr)
        if transient and attempt < 4:
            time.sleep(60 * 2**attempt)
        else:
            raise subprocess.CalledProcessError(result.returncode, result.args)
    return ""


def grade(prompt: str) -> str | None:
    """A failure goes round only when it timed out (narrowed); an answer with no score is
    asked for again, under a test that leaves the others out."""
    for _ in range(3):  # expect: RA301(warning)
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if proc.returncode != 0:
            if "timeout" in proc.stderr:
                time.sleep(10)
                continue
            raise RuntimeError(proc.stderr)
        if "SCORE:" not in proc.stdout:
            continue
        return proc.stdout
    return None


def summarise(prompt: str, max_retries: int = 3) -> str | None:
    """A test that counts attempts, or-ed with a flag: the loop may end, so no message
    says it has no attempt limit."""
    attempt, pending = 1, False
    while attempt <= max_retries or pending:  # expect: RA301(error)
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if proc.returncode == 0:
            return proc.stdout
        pending = False
        attempt += 1
    return None
