import asyncio

from .runner import ClaudeRunner


class SessionRetrier:
    MAX_RETRIES = 3

    async def retry(self, repo: str, session_id: str) -> bool:
        for attempt in range(self.MAX_RETRIES):  # expect: RA301
            runner = ClaudeRunner(repo, session_id=session_id)
            returncode, out, err = await asyncio.to_thread(runner.run_task)
            if returncode == 0:
                return True
            print(f"attempt {attempt} crashed with {returncode}")
        return False
