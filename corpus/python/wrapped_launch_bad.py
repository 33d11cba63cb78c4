"""Agent argv built by a helper (a builder method, a function returning a list) and run
through a generic runner (`run_command(cmd)`): the call of the runner launches the agent,
and its status is lost there."""

import asyncio
import subprocess


def run_command(cmd: list[str], cwd: str | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(cmd, cwd=cwd)


def fire_and_forget(argv: list[str]) -> None:
    subprocess.run(argv)  # expect: RA203(warning)


async def spawn(cmd: list[str]) -> int:
    proc = await asyncio.create_subprocess_exec(*cmd)
    return await proc.wait()


class ClaudeCommand:
    def __init__(self, prompt: str) -> None:
        self.prompt = prompt

    def build(self) -> list[str]:
        return ["claude", "-p", self.prompt, "--output-format", "json"]

    def launch(self) -> None:
        run_command(self.build())  # expect: RA203(warning)


def codex_argv(task: str) -> list[str]:
    argv = ["codex", "exec", "--full-auto"]
    argv.append(task)
    return argv


def nightly(prompt: str, tasks: list[str]) -> None:
    run_command(ClaudeCommand(prompt).build(), cwd="/srv/repo")  # expect: RA203(warning)
    command = ClaudeCommand(prompt)
    result = run_command(command.build())  # expect: RA203(warning)
    print("claude finished")
    for task in tasks:
        fire_and_forget(codex_argv(task))  # reported where the agent runs, above


async def background(task: str) -> None:
    await spawn(codex_argv(task))  # expect: RA203(warning)
