from __future__ import annotations

from pathlib import Path


class BaseFetcher:
    def fetch_command(self, remote: str, workdir: Path) -> list[str]:
        raise NotImplementedError


class GitFetcher(BaseFetcher):
    def fetch_command(self, remote: str, workdir: Path) -> list[str]:
        return ["git", "-C", str(workdir), "fetch", remote]


class AgentBuilder:
    def build_command(self, prompt: str, workdir: Path) -> list[str]:
        return ["opencode", "run", "--agent", "build", prompt]
