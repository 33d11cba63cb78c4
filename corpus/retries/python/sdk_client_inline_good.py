"""Near miss for RA301: the same loop, but the session's options give the agent no tool,
so a retried turn only answers again; and a loop that re-raises every failure."""

import asyncio

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


async def answer(question, seconds):
    options = ClaudeAgentOptions(tools=[], disallowed_tools=["*"], max_turns=1)
    for attempt in range(4):
        try:
            async with asyncio.timeout(seconds):
                async with ClaudeSDKClient(options=options) as client:
                    await client.query(question)
                    async for message in client.receive_response():
                        print(message)
            break
        except Exception:
            await asyncio.sleep(2**attempt)


async def work(task, options):
    for _attempt in range(4):
        try:
            async with ClaudeSDKClient(options=options) as session:
                await session.query(task)
            break
        except TimeoutError:
            raise
        except Exception:
            raise
