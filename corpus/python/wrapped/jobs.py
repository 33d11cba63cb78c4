"""Agent commands run through wrapped/process.py: a dropped result loses the status."""

from wrapped import process
from wrapped.process import run_command


class ReviewJob:
    def __init__(self, pr: int) -> None:
        self.pr = pr

    def argv(self) -> list[str]:
        return ["claude", "-p", f"review pull request #{self.pr}"]

    def start(self) -> None:
        run_command(self.argv(), cwd="/srv/repo")  # expect: RA203(warning)

    def start_checked(self) -> None:
        if run_command(self.argv()).returncode != 0:
            raise RuntimeError(f"review of #{self.pr} failed")

    def start_logged(self) -> str:
        # The helper reads the status itself (and logs a failure).
        return process.run_logged(self.argv())


def triage(issue: int) -> None:
    process.run_command(["codex", "exec", f"triage issue {issue}"])  # expect: RA203(warning)
