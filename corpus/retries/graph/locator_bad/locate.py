import shutil
from dataclasses import dataclass


class Locator:
    """Finds the agent CLIs on PATH."""

    def find_codex(self):
        return shutil.which("codex")


@dataclass
class Settings:
    claude_path: str = "claude"
    turns: int = 20
