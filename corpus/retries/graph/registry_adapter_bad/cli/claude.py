from .base import CLIAdapter


class ClaudeAdapter(CLIAdapter):
    async def run_review(self, prompt: str, cwd: str) -> str:
        cmd = ["claude", "-p", prompt, "--dangerously-skip-permissions"]
        return await self._execute(cmd, cwd)
