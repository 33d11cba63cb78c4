"""A corpus package: the agent's argv is a list spread into the process call
(`create_subprocess_exec(*command)`), and the caller awaits the run through
`asyncio.wait_for`: both pass the values along."""
import asyncio
import shutil


class ReviewAgent:
    def __init__(self, workdir):
        self.workdir = workdir

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return None

    def _program(self):
        return shutil.which("claude") or "/usr/local/bin/claude"

    async def _execute(self, prompt):
        command = [self._program()]
        command.extend(["-p", prompt, "--output-format", "text"])
        process = await asyncio.create_subprocess_exec(
            *command, cwd=self.workdir, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"claude exited with {process.returncode}")
        return out.decode()

    async def ask(self, prompt, timeout=600.0):
        return await asyncio.wait_for(self._execute(prompt), timeout)
