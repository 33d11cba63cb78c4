from .base import CliClient


class GeminiClient(CliClient):
    async def ask(self, prompt: str) -> dict[str, str]:
        argv = ["gemini", "--output-format", "text", "--approval-mode", "yolo"]
        stdout, stderr, _returncode = await self._run(argv, prompt)  # expect: RA203(warning)
        return {"content": stdout.strip()}

    def summary(self, path: str) -> str:
        text, code = self._run_sync(["gemini", "-p", f"Summarise {path}"])  # expect: RA203(warning)
        return text
