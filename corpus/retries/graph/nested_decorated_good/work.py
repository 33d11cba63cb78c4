from .retrying import with_backoff
from .runner import push, run_task


def execute(task: str, branch: str) -> None:
    run_task(task)

    @with_backoff
    def publish() -> None:
        push(branch)

    publish()
