"""The loop runs the task's session again after a failed run: the tools it called run
again."""

from server import OpenCodeRunner


async def run_task(runner: OpenCodeRunner, task: str) -> bool:
    for attempt in range(3):  # expect: RA301(error)
        try:
            if await runner.start(task):
                return True
        except OSError as error:
            print(f"run {attempt} failed: {error}")
    return False
