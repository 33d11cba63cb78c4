import logging

from .clients import AgentClient, ClaudeClient, ClientError

log = logging.getLogger(__name__)


class Executor:
    def __init__(self, client: AgentClient) -> None:
        self.client = client

    async def execute(self, prompt: str, attempts: int = 3) -> str | None:
        for attempt in range(1, attempts + 1):  # expect: RA301(warning)
            try:
                response = await self.client.run_agent(prompt)
                if "FAILED" not in response:
                    return response
                log.warning("attempt %s reported a failure", attempt)
            except ClientError as error:
                log.warning("attempt %s failed: %s", attempt, error)
        return None


async def ask_until_answered(client: ClaudeClient, prompt: str) -> str:
    for _ in range(3):  # expect: RA301(warning)
        try:
            return await client.consult(prompt)
        except ClientError:
            continue
    raise ClientError("no answer")
