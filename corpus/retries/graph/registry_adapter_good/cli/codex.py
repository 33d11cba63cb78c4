from .base import CLIAdapter


class CodexAdapter(CLIAdapter):
    async def run_review(self, prompt: str, cwd: str) -> str:
        return await self._execute(["codex", "exec", "--full-auto", prompt], cwd)
