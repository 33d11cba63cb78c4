"""Near misses: guards on gptme's exit status that are right, or not about gptme."""

import os
import subprocess
from subprocess import Popen

EX_TEMPFAIL = 75


def rate_limit_guard(prompt: str) -> None:
    result = subprocess.run(["gptme", "--non-interactive", prompt], capture_output=True, text=True)
    if result.returncode == EX_TEMPFAIL and "429" in result.stderr:
        print("rate limited, sleeping")
    elif result.returncode != 0:
        print("failed")


def any_failure(prompt: str) -> None:
    result = subprocess.run(["gptme", "-n", prompt])
    if result.returncode != 0:
        raise SystemExit(result.returncode)


def timeout_wrapper(prompt: str) -> None:
    rc = subprocess.call(["timeout", "1800", "gptme", "-n", prompt])
    if rc == 124:
        print("timed out")
    elif rc in (75, 76, 77):
        print("transient or auth failure")


def killed_by_signal(prompt: str) -> None:
    proc = Popen(["gptme", "-n", prompt])
    if proc.wait() == -9:
        print("killed by the OOM killer")


def not_the_agent(prompt: str) -> None:
    result = subprocess.run(["git", "push"])
    if result.returncode == 1 and "429" in prompt:
        print("rate limited by the forge")
    result = subprocess.run(["gptme", "-n", prompt])
    if result.returncode == 75:
        print("rate limited")


def converted_wait_status(prompt: str) -> None:
    rc = os.waitstatus_to_exitcode(os.system(f"gptme -n {prompt}"))
    if rc == 75:
        print("rate limit: waiting")


def checked(prompt: str) -> None:
    subprocess.run(["gptme", "-n", prompt], check=True)
    subprocess.check_call(["gptme", "-n", prompt])


def sysexits_constant(prompt: str) -> None:
    rc = subprocess.call(["gptme", "-n", prompt])
    if rc == os.EX_TEMPFAIL:
        print("quota exhausted, waiting")


def run_gptme(prompt: str) -> int:
    return subprocess.run(["gptme", "--non-interactive", prompt]).returncode


def right_code_through_a_helper(prompt: str) -> None:
    if run_gptme(prompt) == EX_TEMPFAIL:
        print("rate limited, sleeping")


def status_or_default(prompt: str, dry_run: bool) -> int:
    if dry_run:
        return 1
    return subprocess.run(["gptme", "-n", prompt]).returncode


def not_followed_through_two_returns(prompt: str) -> None:
    if status_or_default(prompt, dry_run=False) == 1:  # 1 may be the dry run's own value
        print("quota exhausted")


def timeout_when_available(prompt: str, limit: int, wrapped: bool) -> str:
    # Built in either branch: the guard is for the branch with the `timeout` wrapper.
    if wrapped:
        cmd = ["timeout", "--kill-after=5s", f"{limit}s", "gptme", "-n", prompt]
    else:
        cmd = ["gptme", "-n", prompt]
    process = subprocess.run(cmd)
    if process.returncode == 137:
        return "killed after the time limit"
    return "done" if process.returncode == 0 else "failed"
