"""Near misses of delay_schedule_bad: loops over numbers that are work items (a task per
number, a pause that is not the item), so each turn is new work."""
import subprocess
import time


def run_agent(prompt: str) -> tuple[int, str]:
    done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    return done.returncode, done.stderr


def fix_issues(numbers: list[int]) -> list[int]:
    failed = []
    for number in numbers:
        code, _ = run_agent(f"Fix issue #{number}")
        if code != 0:
            failed.append(number)
        time.sleep(10)
    return failed


def shard(count: int) -> None:
    for part in (1, 2, 3):
        code, _ = run_agent(f"Review shard {part} of {count}")
        if code != 0:
            time.sleep(60)
            continue
