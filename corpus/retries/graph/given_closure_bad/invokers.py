from __future__ import annotations

from pathlib import Path
from typing import Protocol


class AgentInvoker(Protocol):
    def build_command(self, prompt: str, workdir: Path) -> list[str]: ...


class BaseInvoker:
    agent_id = "base"

    def build_command(self, prompt: str, workdir: Path) -> list[str]:
        raise NotImplementedError
