import asyncio
import concurrent.futures
import time

from openai import OpenAI


class Uploader:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI(max_retries=0)
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


class Once:
    def __init__(self) -> None:
        self.client = OpenAI()

    async def upload(self, path: str) -> str:
        with open(path, "rb") as handle:
            uploaded = await asyncio.to_thread(
                self.client.files.create, file=handle, purpose="assistants"
            )
        return uploaded.id


class Batch:
    """`submit` only schedules the upload: its failure surfaces at `.result()`, outside the
    loop's `try`, so the loop never sends a failed upload again."""

    def __init__(self) -> None:
        self.client = OpenAI()

    def upload_all(self, paths: list[str]) -> list[str]:
        with concurrent.futures.ThreadPoolExecutor() as pool:
            for attempt in range(3):
                try:
                    futures = [
                        pool.submit(self.client.files.create, file=open(p, "rb"), purpose="batch")
                        for p in paths
                    ]
                    break
                except Exception:
                    time.sleep(2**attempt)
            else:
                return []
            return [future.result().id for future in futures]
