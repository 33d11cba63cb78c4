"""Guards on gptme's exit status that test the wrong code, or a code it never produces."""

import asyncio
import os
import subprocess
import sys
from subprocess import PIPE, Popen

EX_TEMPFAIL = 75


def rate_limit_as_generic_failure(prompt: str) -> None:
    result = subprocess.run(["gptme", "--non-interactive", prompt], capture_output=True, text=True)
    if result.returncode == 1 and "429" in result.stderr:  # expect: RA201(error)
        print("rate limited, sleeping")


def copied_status(prompt: str) -> int:
    result = subprocess.run(["gptme", "-n", prompt], capture_output=True, text=True)
    code = result.returncode
    status = code
    if status in (1, 130):  # expect: RA201(error)
        print("quota exhausted, retry tomorrow")
    return status


class Runner:
    def run(self, prompt: str) -> None:
        proc = Popen(["gptme", "-n", prompt], stderr=PIPE)
        self.exit_code = proc.wait()
        if self.exit_code == 1:  # expect: RA201(error)
            print("authentication failed: check your credentials")


def popen_returncode(prompt: str) -> None:
    with Popen(["timeout", "600", "gptme", "-n", prompt]) as proc:
        proc.communicate()
    if proc.returncode == 1:  # expect: RA201(error)
        print("timed out")


def timeout_keyword(prompt: str) -> None:
    result = subprocess.run(["gptme", "-n", prompt], timeout=1800)
    if result.returncode == 124:  # expect: RA202(warning)
        print("took too long")


def no_timeout_wrapper(prompt: str) -> bool:
    return subprocess.call(["gptme", "-n", prompt]) == 124  # expect: RA202(warning)


def made_up_code(prompt: str) -> None:
    rc = subprocess.call(["/home/bob/.local/bin/gptme", "-n", prompt])
    if rc != 0 and rc != 2:  # expect: RA202(warning)
        sys.exit(rc)


def wait_status(prompt: str) -> None:
    if os.system("gptme -n " + prompt) == 75:  # expect: RA202(warning)
        print("rate limited")
    rc = os.system(f"gptme -n {prompt}")
    if rc == EX_TEMPFAIL:  # expect: RA202(warning)
        print("rate limited")


async def async_agent(prompt: str) -> None:
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt)
    if await proc.wait() == 1:  # expect: RA201(error)
        print("model unavailable (503)")


# A status returned by a helper of this module is followed into the caller.
def run_gptme(prompt: str) -> int:
    return subprocess.run(["gptme", "--non-interactive", prompt]).returncode


def guard_through_a_helper(prompt: str) -> None:
    if run_gptme(prompt) == 1:  # expect: RA201(error)
        print("rate limited, sleeping")


class Agent:
    def launch(self, prompt: str) -> int:
        proc = Popen(["gptme", "-n", prompt])
        return proc.wait()

    def supervise(self, prompt: str) -> None:
        code = self.launch(prompt)
        if code == 124:  # expect: RA202(warning)
            print("took too long")


def timeout_in_neither(prompt: str, limit: int, quiet: bool) -> str:
    # Neither value of the command has a `timeout` wrapper: 124 never comes.
    if quiet:
        cmd = ["nice", "-n", "10", "gptme", "-n", prompt]
    else:
        cmd = ["gptme", "-n", prompt]
    process = subprocess.run(cmd)
    if process.returncode == 124:  # expect: RA202(warning)
        return "timed out"
    return "done" if process.returncode == 0 else "failed"
