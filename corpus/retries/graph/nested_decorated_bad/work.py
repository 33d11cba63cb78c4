from .retrying import with_backoff
from .runner import run_task


def execute(task: str) -> None:
    @with_backoff  # expect: RA301(error)
    def attempt() -> None:
        run_task(task)

    attempt()
