"""Near miss: the same retry through the status a pair carries, of a run that changes
nothing (plan mode): running it again repeats no side effect."""

from .review_service import ReviewService


class FindingReviewer:
    max_retries: int = 3

    def attempt_review(self, finding: str) -> tuple[bool, str | None]:
        service = ReviewService()
        _, exit_code = service.run_review(f"Review {finding}")
        if exit_code == 0:
            return True, None
        return False, f"claude exited with {exit_code}"

    def review_all(self, findings: list[str]) -> None:
        for finding in findings:
            for attempt in range(self.max_retries):
                reviewed, error = self.attempt_review(finding)
                if reviewed:
                    break
                print(f"attempt {attempt} failed: {error}")
