"""Near miss of `scrubbed_argv_bad`: the caller reads the status item it unpacks."""
import subprocess
from collections.abc import Sequence


def scrub(word: str) -> str:
    return word.replace("\x00", "")


def run_cmd(cmd: Sequence[str], *, sanitize: bool = True) -> tuple[str, int]:
    argv: list[str] = [scrub(word) for word in cmd] if sanitize else list(cmd)
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    return proc.stdout, proc.returncode


def review(diff: str) -> str:
    out, code = run_cmd(["codex", "exec", f"Review {diff}"])
    if code != 0:
        raise RuntimeError(f"codex exited {code}")
    return out


def run_sorted(cmd: Sequence[str]) -> tuple[str, int]:
    # each word's letters sorted: no longer the caller's words, so no agent is known here
    argv = ["".join(sorted(word)) for word in cmd]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    return proc.stdout, proc.returncode


def shuffled(diff: str) -> str:
    out, code = run_sorted(["codex", "exec", f"Review {diff}"])
    return out
