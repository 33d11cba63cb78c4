"""A flat checkout: a task runner on the Claude Agent SDK, run once per task."""

from claude_agent_sdk import ClaudeAgentOptions, query


class TaskWorker:
    def __init__(self, workdir):
        self.options = ClaudeAgentOptions(cwd=workdir, permission_mode="acceptEdits")

    async def run(self, prompt):
        return [message async for message in query(prompt=prompt, options=self.options)]
