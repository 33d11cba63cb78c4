"""RA301: the status is item 1 of the pair the service's run returns; the attempt says
success or failure by it, and the loop tries again on a failure, re-running the fix
(and its edits) from scratch."""

from .fix_service import FixService


class FindingFixer:
    max_retries: int = 3

    def attempt_fix(self, finding: str) -> tuple[bool, str | None]:
        service = FixService()
        _, exit_code = service.run_fix(f"Fix {finding}")
        if exit_code == 0:
            return True, None
        return False, f"claude exited with {exit_code}"

    def fix_all(self, findings: list[str]) -> None:
        for finding in findings:
            for attempt in range(self.max_retries):  # expect: RA301(error)
                fixed, error = self.attempt_fix(finding)
                if fixed:
                    break
                print(f"attempt {attempt} failed: {error}")
