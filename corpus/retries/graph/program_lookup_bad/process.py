import asyncio

from toolkit.paths import find_executable


class LaunchFailed(Exception):
    pass


class CodexProcess:
    def __init__(self, override=None):
        self.override = override

    def _argv(self, prompt):
        binary = find_executable("codex", self.override)
        return [binary, "exec", "--full-auto", prompt]

    async def stream(self, prompt):
        proc = await asyncio.create_subprocess_exec(
            *self._argv(prompt), stdout=asyncio.subprocess.PIPE
        )
        output, _ = await proc.communicate()
        if proc.returncode != 0:
            raise LaunchFailed(f"codex exited with {proc.returncode}")
        return output.decode()
