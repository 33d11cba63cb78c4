from .base import CliClient


class GeminiClient(CliClient):
    async def ask(self, prompt: str) -> dict[str, str]:
        argv = ["gemini", "--output-format", "text", "--approval-mode", "yolo"]
        stdout, stderr, returncode = await self._run(argv, prompt)
        if returncode != 0:
            raise RuntimeError(f"gemini exited {returncode}: {stderr.strip()}")
        return {"content": stdout.strip()}

    def summary(self, path: str) -> str:
        text, code = self._run_sync(["gemini", "-p", f"Summarise {path}"])
        return text if code == 0 else ""
