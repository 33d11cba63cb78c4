import asyncio

from .runner import ClaudeRunner


class SessionRetrier:
    MAX_RETRIES = 3

    async def drain(self, repo: str, session_id: str) -> bool:
        for batch in range(self.MAX_RETRIES):
            runner = ClaudeRunner(repo, session_id=session_id)
            returncode, out, err = await asyncio.to_thread(runner.run_task)
            if returncode != 0:  # a killed run's -1 too: stop, never run it again
                return False
            print(f"batch {batch} done: {out[:80]}")
        return True
