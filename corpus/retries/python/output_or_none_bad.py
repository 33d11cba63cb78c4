"""Runs that say how they went by returning their output, or `None` when they failed:
the run raises on failure (`check=True`, or a non-zero exit turned into an exception)
and a clause turns that into `None`. A loop that goes round while the value is empty
re-runs a failed agent."""

import asyncio
import subprocess


def review_once(diff: str) -> str | None:
    try:
        return subprocess.run(
            ["claude", "-p", f"Review:\n{diff}"], check=True, capture_output=True, text=True
        ).stdout
    except subprocess.CalledProcessError:
        return None


async def verify_once(site: str) -> str | None:
    command = ["codex", "exec"]
    command.extend(["--json", f"Check {site} end to end"])
    try:
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
        out, _ = await process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"codex exited {process.returncode}")
        return out.decode()
    except RuntimeError:
        return None


def review(diff: str) -> str:
    for _ in range(3):  # expect: RA301(error)
        verdict = review_once(diff)
        if verdict:
            return verdict
    raise RuntimeError("no review")


async def verify(site: str) -> str | None:
    for attempt in range(4):  # expect: RA301(error)
        report = await verify_once(site)
        if not report:
            await asyncio.sleep(2**attempt)
            continue
        return report
    return None


def run_fix(task: str) -> str:
    proc = subprocess.run(["gptme", "--non-interactive", task], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    return proc.stdout


def fixed(task: str) -> bool:
    # `run_fix` raises when its run fails: `True` after it is a success, `False` the failure
    try:
        run_fix(task)
        return True
    except RuntimeError:
        return False


def fix(task: str) -> None:
    while not fixed(task):  # expect: RA301(error)
        pass


async def run_codex(task: str) -> bool:
    process = await asyncio.create_subprocess_exec("codex", "exec", task)
    return await process.wait() == 0


async def run_codex_within(task: str) -> bool:
    # `wait_for`'s value is `run_codex`'s: true when the run succeeded
    return await asyncio.wait_for(run_codex(task), 600)


async def until_done(task: str) -> None:
    while not await run_codex_within(task):  # expect: RA301(error)
        await asyncio.sleep(5)
