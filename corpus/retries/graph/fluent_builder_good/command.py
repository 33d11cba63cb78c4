class GitCommand:
    def __init__(self) -> None:
        self._argv: list[str] = ["git"]

    def with_fetch(self) -> "GitCommand":
        self._argv.append("fetch")
        return self

    def with_remote(self, remote: str) -> "GitCommand":
        self._argv.append(remote)
        return self

    def build(self) -> list[str]:
        return self._argv
