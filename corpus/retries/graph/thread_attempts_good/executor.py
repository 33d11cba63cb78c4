import asyncio
import logging

from .clients import AgentClient, ClientError, run_codex

log = logging.getLogger(__name__)


class Executor:
    def __init__(self, client: AgentClient) -> None:
        self.client = client

    async def execute(self, prompt: str, attempts: int = 3) -> str | None:
        for attempt in range(1, attempts + 1):
            try:
                response = await self.client.run_agent(prompt)
                if "FAILED" not in response:
                    return response
            except ClientError as error:
                log.warning("attempt %s failed: %s", attempt, error)
        return None

    async def execute_codex(self, prompt: str, attempts: int = 3) -> str | None:
        for attempt in range(1, attempts + 1):
            try:
                return await asyncio.to_thread(run_codex, prompt)
            except ClientError:
                log.warning("attempt %s failed", attempt)
                return None
        return None

    async def execute_chain(self, prompts: list[str]) -> None:
        """Each round takes the next prompt: a failed run is not run again."""
        pending = list(prompts)
        while True:
            prompt = pending.pop(0)
            try:
                response = await asyncio.to_thread(run_codex, prompt)
                if "DONE" in response:
                    return
            except ClientError as error:
                log.warning("failed: %s", error)
            if not pending:
                break

    async def first_answer(self, prompts: list[str]) -> str | None:
        """Each round runs another prompt (the counter picks it): no run is repeated."""
        for i in range(len(prompts)):
            try:
                response = await asyncio.to_thread(run_codex, prompts[i])
                if "ANSWER" in response:
                    return response
            except ClientError as error:
                log.warning("prompt %d failed: %s", i, error)
        return None
