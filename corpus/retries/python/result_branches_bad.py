"""A launcher that returns the result object of one of two ways to run the agent (a
terminal of its own, or a plain run): the results tell the run by the same `success`
field, with other fields told apart. The loop that tests `success` re-runs the agent;
its near miss gives up at the first failed result instead."""
import subprocess
from dataclasses import dataclass


@dataclass
class RunResult:
    success: bool
    output: str
    error: str | None = None
    exit_code: int = 0


class Runner:
    def _run_in_terminal(self, cmd: list[str]) -> RunResult:
        process = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        output, _ = process.communicate()
        code = process.returncode
        return RunResult(
            success=code == 0, output=output, error=None if code == 0 else "failed", exit_code=code
        )

    def _run(self, cmd: list[str], terminal: bool = False) -> RunResult:
        if terminal:
            return self._run_in_terminal(cmd)
        done = subprocess.run(cmd, capture_output=True, text=True)
        return RunResult(success=done.returncode == 0, output=done.stdout, exit_code=done.returncode)

    def review(self, prompt: str) -> str:
        for attempt in range(3):  # expect: RA301(error)
            result = self._run(["claude", "--print", prompt])
            if result.success:
                return result.output
        raise RuntimeError("review failed three times")

    def review_all(self, prompts: list[str]) -> list[str]:
        reviews = []
        for prompt in prompts:
            result = self._run(["claude", "--print", prompt])
            if not result.success:
                raise RuntimeError(f"review failed: {result.error}")
            reviews.append(result.output)
        return reviews
