"""Near misses for RA301's second attempt: the failure branch runs another step (a report),
the test judges what a run made rather than whether it failed, and the value is bound again
before any test of it."""
import subprocess


def run_codex(prompt: str, model: str = "gpt-5-codex") -> str | None:
    done = subprocess.run(
        ["codex", "exec", "--full-auto", "-m", model, prompt], capture_output=True, text=True
    )
    return done.stdout if done.returncode == 0 else None


def report_failure(issue: str) -> None:
    subprocess.run(["gh", "issue", "comment", issue, "--body", "The fix failed."], check=False)


def fix_or_report(issue: str) -> str | None:
    answer = run_codex(f"Fix issue: {issue}")
    if answer is None:
        report_failure(issue)
    return answer


def fix_then_tidy(issue: str) -> str | None:
    answer = run_codex(f"Fix issue: {issue}")
    if answer is not None and "TODO" in answer:
        answer = run_codex(f"Remove the TODOs you left for issue {issue}")
    return answer


def fix_twice(issue: str) -> str | None:
    answer = run_codex(f"Fix issue: {issue}")
    answer = run_codex(f"Review your fix for issue {issue}") if answer else answer
    if answer is None:
        report_failure(issue)
    return answer



def fix_later(issue: str, queue: list) -> str | None:
    answer = run_codex(f"Fix issue: {issue}")
    if answer is None:
        queue.append(lambda: run_codex(f"Fix issue: {issue}"))
    return answer
