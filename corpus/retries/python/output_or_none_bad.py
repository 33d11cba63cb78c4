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
