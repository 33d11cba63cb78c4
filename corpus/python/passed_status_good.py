"""Near misses: a classifier one of whose callers passes a code that is not the agent's
(a `timeout` wrapper's 124), a parameter the function assigns before it compares it, a
claude status compared with a code of no time-out meaning, a gptme status compared
with a code gptme documents, a private classifier also held as a value (`map`), and a
public one other modules may call."""

import subprocess


def run_plain_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return _describe_exit(result.returncode)


def run_wrapped_task(prompt: str) -> str:
    result = subprocess.run(["timeout", "600", "claude", "-p", prompt], check=False)
    return _describe_exit(result.returncode)


def _describe_exit(code: int) -> str:
    if code == 124:
        return "timed out"
    return "ok" if code == 0 else "failed"


def run_checked_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return _reassigned_code(result.returncode)


def _reassigned_code(code: int) -> str:
    code = 124 if code < 0 else code
    if code == 124:
        return "killed"
    return "done"


def run_usage_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return _usage_failure(result.returncode)


def _usage_failure(code: int) -> bool:
    return code == 2


def run_gptme_task(prompt: str) -> str:
    process = subprocess.run(["gptme", "--non-interactive", prompt], check=False)
    return _gptme_outcome(process)


def _gptme_outcome(process: subprocess.CompletedProcess[bytes]) -> str:
    if process.returncode == 75:
        return "rate limited"
    return "ok" if process.returncode == 0 else "failed"


def run_mapped_tasks(prompts: list[str]) -> list[str]:
    codes = [subprocess.run(["claude", "-p", p], check=False, timeout=600).returncode for p in prompts]
    codes.append(_timed_out_code(codes[0]))
    return [_timed_out_word(code) for code in codes] + list(map(_timed_out_word, codes))


def _timed_out_code(code: int) -> int:
    return code


def _timed_out_word(code: int) -> str:
    return "timed out" if code == 124 else "done"


def run_public_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return timeout_word(result.returncode)


def timeout_word(code: int) -> str:
    """Other modules may call it with a `timeout` wrapper's status."""
    return "timed out" if code == 124 else "done"
