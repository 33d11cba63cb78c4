"""RA301: a session of the Agent SDK's client (`ClaudeSDKClient`) runs in a function of
its own, and a loop runs that function again after any failure: each `query` of the
client runs a turn of `claude` with its tools, so a retry repeats their side effects."""

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


async def run_feature(prompt):
    options = ClaudeAgentOptions(permission_mode="bypassPermissions")
    async with ClaudeSDKClient(options) as client:
        await client.query(prompt)
        async for message in client.receive_response():
            print(message)


async def main(features):
    for feature in features:
        for attempt in range(3):  # expect: RA301(error)
            try:
                await run_feature(feature)
                break
            except Exception:
                continue
