import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RuntimeConfig:
    claude_path: Path
    max_retries: int

    @classmethod
    def from_env(cls):
        return cls(
            claude_path=Path(os.getenv("CLAUDE_PATH", "claude")),
            max_retries=int(os.getenv("MAX_RETRIES", "3")),
        )


@dataclass
class Config:
    runtime: RuntimeConfig

    @property
    def claude_path(self):
        return self.runtime.claude_path
