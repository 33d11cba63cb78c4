import asyncio

from .gateway import late, lazy


class Summariser:
    def __init__(self, model: str) -> None:
        self.model = model

    async def _ask(self, prompt: str) -> str:
        return await lazy.call(self.model, prompt)

    async def summarise(self, text: str) -> str:
        for attempt in range(5):
            try:
                return await self._ask(f"Summarise: {text}")
            except Exception as error:
                if "429" not in str(error):
                    raise
                await asyncio.sleep(2**attempt)
        return ""

    async def headline(self, text: str) -> str:
        for attempt in range(3):
            try:
                return await late.call_held(self.model, f"Headline: {text}")
            except Exception as error:
                if "429" not in str(error):
                    raise
                await asyncio.sleep(2**attempt)
        return ""
