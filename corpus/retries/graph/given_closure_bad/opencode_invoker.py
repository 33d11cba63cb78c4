from __future__ import annotations

from pathlib import Path

from .invokers import BaseInvoker


class OpenCodeInvoker(BaseInvoker):
    agent_id = "opencode"

    def build_command(self, prompt: str, workdir: Path) -> list[str]:
        return ["opencode", "run", "--agent", "build", prompt]
