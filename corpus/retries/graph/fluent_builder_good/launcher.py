from .command import GitCommand
from .runner import Runner


def refresh(remote: str) -> None:
    Runner.run_git(GitCommand().with_fetch().with_remote(remote).build())
