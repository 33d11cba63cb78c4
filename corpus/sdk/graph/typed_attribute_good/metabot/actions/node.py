from pydantic import BaseModel
from tenacity import retry, stop_after_attempt

from metabot.provider.formatter import TemplateFormatter


class ActionNode(BaseModel):
    instruction: str
    fmt: TemplateFormatter

    @retry(stop=stop_after_attempt(4))
    async def fill(self, prompt):
        return await self.fmt.aask(f"{self.instruction}\n{prompt}")
