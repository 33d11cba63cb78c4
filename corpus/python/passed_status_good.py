"""Near misses: a classifier one of whose callers passes a code that is not the agent's
(a `timeout` wrapper's 124), a parameter the function assigns before it compares it, a
claude status compared with a code of no time-out meaning, and a gptme status compared
with a code gptme documents."""

import subprocess


def run_plain_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return describe_exit(result.returncode)


def run_wrapped_task(prompt: str) -> str:
    result = subprocess.run(["timeout", "600", "claude", "-p", prompt], check=False)
    return describe_exit(result.returncode)


def describe_exit(code: int) -> str:
    if code == 124:
        return "timed out"
    return "ok" if code == 0 else "failed"


def run_checked_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return reassigned_code(result.returncode)


def reassigned_code(code: int) -> str:
    code = 124 if code < 0 else code
    if code == 124:
        return "killed"
    return "done"


def run_usage_task(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], check=False, timeout=600)
    return usage_failure(result.returncode)


def usage_failure(code: int) -> bool:
    return code == 2


def run_gptme_task(prompt: str) -> str:
    process = subprocess.run(["gptme", "--non-interactive", prompt], check=False)
    return gptme_outcome(process)


def gptme_outcome(process: subprocess.CompletedProcess[bytes]) -> str:
    if process.returncode == 75:
        return "rate limited"
    return "ok" if process.returncode == 0 else "failed"
