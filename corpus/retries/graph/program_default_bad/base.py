import asyncio


class CLIAdapter:
    def __init__(self, command: str, args: list[str], retries: int = 2) -> None:
        self.command = command
        self.args = args
        self.retries = retries

    async def invoke(self, prompt: str) -> str:
        argv = [arg.format(prompt=prompt) for arg in self.args]
        for attempt in range(self.retries + 1):  # expect: RA301(error)
            process = await asyncio.create_subprocess_exec(
                self.command, *argv, stdout=asyncio.subprocess.PIPE
            )
            out, _ = await process.communicate()
            if process.returncode != 0:
                await asyncio.sleep(2**attempt)
                continue
            return out.decode()
        raise RuntimeError(f"{self.command} failed {self.retries + 1} times")
