"""A task's verdict is a word: `ok` or `question` when claude succeeded, `fail` when it
failed. The attempt loop runs the task again on `fail`."""

from claude_runner import run_claude


async def process(prompt: str) -> str:
    ok, out = await run_claude(prompt)
    if ok and "QUESTION:" in out:
        return "question"
    return "ok" if ok else "fail"


async def handle(prompt: str) -> str:
    verdict = "fail"
    for attempt in range(3):  # expect: RA301(error)
        verdict = await process(prompt)
        if verdict != "fail":
            break
    return verdict
