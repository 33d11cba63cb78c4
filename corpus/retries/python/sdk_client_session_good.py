"""Near miss for RA301: the Agent SDK's client is made with options that give the agent no
tool, so its session only answers, and a retry repeats no side effect."""

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


async def run_feature(prompt):
    options = ClaudeAgentOptions(tools=[], disallowed_tools=["*"], max_turns=1)
    async with ClaudeSDKClient(options) as client:
        await client.query(prompt)
        async for message in client.receive_response():
            print(message)


async def main(features):
    for feature in features:
        for attempt in range(3):
            try:
                await run_feature(feature)
                break
            except Exception:
                continue
