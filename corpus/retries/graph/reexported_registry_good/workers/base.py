"""The base of every worker: a worker that runs nothing fails its task."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Result:
    ok: bool
    output: str


class BaseWorker:
    AGENT_NAME = "none"

    def run(self, task: str) -> Result:
        return Result(False, f"no agent for {task}")
