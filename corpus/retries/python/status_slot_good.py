"""Near misses: a helper returns aider's output, its status (or 1 once it killed it) and
why it was killed; the callers test the status and that the reason's slot is empty, and
a failure leaves. A run of each task of a list is one run per task, not a retry."""

import asyncio


async def run_aider_task(model: str, task: str) -> tuple[str, int, str | None]:
    proc = await asyncio.create_subprocess_exec(
        "aider", "--yes-always", "--model", model, "--message", task,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout=1800)
        killed = None
    except asyncio.TimeoutError:
        proc.kill()
        out, killed = b"", "timeout"
    rc = proc.returncode if not killed else 1
    return out.decode(), rc, killed


async def aider_once(task: str, model: str) -> str:
    output, rc, killed_by = await run_aider_task(model, task)
    if rc == 0 and not killed_by:
        return output
    raise RuntimeError(f"aider exited {rc}: {killed_by or output[-200:]}")


async def aider_each(tasks: list[str], model: str) -> list[str]:
    done = []
    for task in tasks:
        output, rc, killed_by = await run_aider_task(model, task)
        if rc == 0 and killed_by is None:
            done.append(output)
            continue
        raise RuntimeError(f"aider failed on {task!r}: {killed_by or rc}")
    return done
