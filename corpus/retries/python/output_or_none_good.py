"""Near misses of `output_or_none_bad.py`: the runs return their output or `None`, but
the loop goes on to the next task, or the run it repeats is no agent."""

import asyncio
import subprocess


def review_once(diff: str) -> str | None:
    try:
        return subprocess.run(
            ["claude", "-p", f"Review:\n{diff}"], check=True, capture_output=True, text=True
        ).stdout
    except subprocess.CalledProcessError:
        return None


async def fetch_once(remote: str) -> str | None:
    command = ["git", "fetch"]
    command.extend(["--prune", remote])
    try:
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
        out, _ = await process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"git exited {process.returncode}")
        return out.decode()
    except RuntimeError:
        return None


def review_all(diffs: list[str]) -> list[str]:
    verdicts = []
    for diff in diffs:
        verdict = review_once(diff)
        if not verdict:
            continue
        verdicts.append(verdict)
    return verdicts


async def fetch(remote: str) -> str | None:
    for attempt in range(4):
        report = await fetch_once(remote)
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
    try:
        run_fix(task)
        return True
    except RuntimeError:
        return False


def fix_all(tasks: list[str]) -> list[str]:
    # each task once: a failed one is reported, not run again
    return [task for task in tasks if not fixed(task)]
