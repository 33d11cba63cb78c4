import asyncio

import anthropic


class Analyzer:
    def __init__(self) -> None:
        self.client = anthropic.AsyncAnthropic()

    async def _ask(self, prompt: str) -> dict[str, str]:
        response = await self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
        return {"output": response.content[0].text}

    async def ask(self, prompt: str, attempts: int = 5) -> dict[str, str]:
        for attempt in range(attempts):
            try:
                async with asyncio.timeout(60):
                    result = await self._ask(prompt)
                if result and not result.get("error"):
                    return result
            except asyncio.TimeoutError:
                await asyncio.sleep(2**attempt)
        return {"output": "", "error": f"no answer after {attempts} attempts"}
