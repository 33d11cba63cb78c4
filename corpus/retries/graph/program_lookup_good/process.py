import asyncio

from toolkit.paths import find_executable


class LaunchFailed(Exception):
    pass


class PandocProcess:
    def __init__(self, override=None):
        self.override = override

    def _argv(self, prompt):
        binary = find_executable("pandoc", self.override)
        return [binary, "--to", "html", prompt]

    async def stream(self, prompt):
        proc = await asyncio.create_subprocess_exec(
            *self._argv(prompt), stdout=asyncio.subprocess.PIPE
        )
        output, _ = await proc.communicate()
        if proc.returncode != 0:
            raise LaunchFailed(f"pandoc exited with {proc.returncode}")
        return output.decode()
