import asyncio

from .gateway import lazy


class Summariser:
    def __init__(self, model: str) -> None:
        self.model = model

    async def _ask(self, prompt: str) -> str:
        return await lazy.call(self.model, prompt, tries=0)

    async def summarise(self, text: str) -> str:
        for attempt in range(5):
            try:
                return await self._ask(f"Summarise: {text}")
            except Exception as error:
                if "429" not in str(error):
                    raise
                await asyncio.sleep(2**attempt)
        return ""

    async def quick_title(self, text: str) -> str:
        """Sent once, outside the loop: litellm's own retries are its only ones."""
        return await lazy.call(self.model, f"Title: {text}", tries=5)
