"""A flat checkout: a task runner on the Claude Agent SDK, whose `query` runs a whole
`claude` session (tools included), and a loop in another module that re-runs it."""

from claude_agent_sdk import ClaudeAgentOptions, query


class TaskSession:
    def __init__(self, workdir):
        self.options = ClaudeAgentOptions(cwd=workdir, permission_mode="acceptEdits")

    async def run(self, prompt):
        messages = []
        async for message in query(prompt=prompt, options=self.options):
            messages.append(message)
        return messages
