"""RA301: a retry loop opens a fresh session of the Agent SDK's client (`async with
ClaudeSDKClient(…) as client`) and sends the task again after a failure it judges
transient; a time-out handler before it names one transient class of many, so an
overloaded API mid-session still goes round and repeats the turn's tool calls."""

import asyncio

from claude_agent_sdk import ClaudeSDKClient


class TaskRunner:
    def _transient(self, error):
        return "overloaded" in str(error).lower()

    async def run(self, task, options, seconds):
        for attempt in range(4):  # expect: RA301(error)
            try:
                async with asyncio.timeout(seconds):
                    async with ClaudeSDKClient(options=options) as client:
                        await client.query(task)
                        async for message in client.receive_response():
                            print(message)
                break
            except TimeoutError:
                raise
            except Exception as error:
                if not self._transient(error) or attempt == 3:
                    raise
                await asyncio.sleep(2**attempt)
