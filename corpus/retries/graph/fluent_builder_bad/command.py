class AgentCommand:
    def __init__(self) -> None:
        self._argv: list[str] = ["claude", "-p"]

    def with_resume(self) -> "AgentCommand":
        self._argv.append("--resume")
        return self

    def with_system_prompt(self, prompt: str) -> "AgentCommand":
        self._argv += ["--append-system-prompt", prompt]
        return self

    def build(self) -> list[str]:
        return self._argv
