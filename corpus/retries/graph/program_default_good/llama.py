from .base import CLIAdapter


class LlamaAdapter(CLIAdapter):
    def __init__(self, command: str = "llama-cli", args: list[str] | None = None) -> None:
        super().__init__(command=command, args=args or ["-p", "{prompt}"])
