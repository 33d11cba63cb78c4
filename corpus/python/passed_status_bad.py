"""A run's status handed to a private classifier of the module: the parameter holds what
every call passes, so its comparisons are guards on the run (RA202 for claude, whose codes are
unknown, only where the time-out it cannot give as 124 is meant)."""

import subprocess


def run_claude_task(prompt: str, timeout: int) -> str:
    try:
        result = subprocess.run(
            ["claude", "-p", prompt, "--dangerously-skip-permissions"],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if result.returncode == 0:
        return "success"
    return _classify_claude_failure(result.stderr, result.returncode)


def _classify_claude_failure(stderr: str, returncode: int) -> str:
    if returncode == 124:  # expect: RA202(warning)
        return "agent_timeout"
    if "not authenticated" in stderr:
        return "auth_error"
    return "agent_error"


class GptmeJob:
    def run(self, prompt: str) -> str:
        process = subprocess.run(["gptme", "--non-interactive", prompt], check=False)
        return self._describe(process)

    def _describe(self, process: subprocess.CompletedProcess[bytes]) -> str:
        if process.returncode == 2:  # expect: RA202(warning)
            return "usage error"
        return "ok" if process.returncode == 0 else "failed"
