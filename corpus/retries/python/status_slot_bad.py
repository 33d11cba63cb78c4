"""A helper runs aider and returns what it printed, its exit status and why it was killed
(`rc` is the status, or 1 once the helper killed it); the loop's success test reads the
status and that the slot of the reason is empty. A failure goes round: on a provider
error the same model again (a count kept in a mapping caps those), then the next model
of a fallback chain, each run redoing the failed run's edits."""

import asyncio

MODEL_CHAIN = {"sonnet": "gpt-4o", "gpt-4o": "deepseek"}
PROVIDER_RETRIES = 2


async def run_aider_attempt(model: str, task: str) -> tuple[str, int, str | None]:
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


async def aider_with_fallbacks(task: str, model: str) -> str:
    tried: set[str] = set()
    provider_errors: dict[str, int] = {}
    while True:  # expect: RA301(warning)
        if model in tried:
            raise RuntimeError(f"every model failed; the last was {model}")
        tried.add(model)
        output, rc, killed_by = await run_aider_attempt(model, task)
        if rc == 0 and not killed_by:
            return output
        if "500 Internal Server Error" in output:
            so_far = provider_errors.get(model, 0)
            if so_far < PROVIDER_RETRIES:
                provider_errors[model] = so_far + 1
                await asyncio.sleep(30 * (so_far + 1))
                tried.discard(model)
                continue
        fallback = MODEL_CHAIN.get(model)
        if fallback and fallback not in tried:
            model = fallback
            continue
        raise RuntimeError(f"aider exited {rc}")
