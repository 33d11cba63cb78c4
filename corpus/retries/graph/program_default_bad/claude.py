from .base import CLIAdapter


class ClaudeAdapter(CLIAdapter):
    def __init__(self, command: str = "claude", args: list[str] | None = None) -> None:
        super().__init__(command=command, args=args or ["-p", "{prompt}"])
