from pydantic import BaseModel
from tenacity import retry, stop_after_attempt

from metabot.llm import ChatBackendBase


class ActionNode(BaseModel):
    instruction: str
    llm: ChatBackendBase

    @retry(stop=stop_after_attempt(4))
    async def fill(self, prompt):
        return await self.llm.aask(f"{self.instruction}\n{prompt}")
