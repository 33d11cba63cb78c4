"""An agent started through anyio: the process's status is dropped."""

import anyio


async def run_agent(prompt: str) -> str:
    async with await anyio.open_process(["claude", "-p", prompt]) as process:  # expect: RA203(warning)
        await process.wait()
    return "done"


def run_entered(prompt: str) -> str:
    # `with Popen(…) as proc` binds the process itself: waited for, its status unread.
    import subprocess

    with subprocess.Popen(["gptme", "--non-interactive", prompt]) as proc:  # expect: RA203(warning)
        proc.wait()
    return "done"


async def review_unchecked(prompt: str) -> None:
    # `check=False` turns off `run_process`'s raise: the result is never read.
    result = await anyio.run_process(["codex", "exec", prompt], check=False)  # expect: RA203(warning)
    print("review finished")
