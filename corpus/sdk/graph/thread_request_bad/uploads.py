import asyncio

from openai import OpenAI


class Uploader:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI()  # expect: RA401
        self.attempts = attempts

    async def upload(self, path: str, attempt: int = 0) -> str | None:
        try:
            with open(path, "rb") as handle:
                uploaded = await asyncio.to_thread(
                    self.client.files.create, file=handle, purpose="assistants"
                )
            return uploaded.id
        except Exception:
            if attempt >= self.attempts:
                return None
            await asyncio.sleep(2**attempt)
            return await self.upload(path, attempt + 1)
