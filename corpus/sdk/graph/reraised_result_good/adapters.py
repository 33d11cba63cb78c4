import abc

import anthropic

from .results import Status, StepResult


class Adapter(abc.ABC):
    @abc.abstractmethod
    async def execute(self, prompt: str) -> StepResult: ...


class ClaudeAdapter(Adapter):
    def __init__(self) -> None:
        self.client = anthropic.AsyncAnthropic()

    async def execute(self, prompt: str) -> StepResult:
        try:
            reply = await self.client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except Exception as error:
            return StepResult(Status.FAILED, error=str(error))
        return StepResult(Status.DONE, output=reply.content[0].text)
