"""Near miss: each task's verdict word is recorded once; a failed task is not run
again."""

from claude_runner import run_claude


async def process(prompt: str) -> str:
    ok, out = await run_claude(prompt)
    if ok and "QUESTION:" in out:
        return "question"
    return "ok" if ok else "fail"


async def handle_all(prompts: list[str]) -> dict[str, str]:
    verdicts: dict[str, str] = {}
    for prompt in prompts:
        verdicts[prompt] = await process(prompt)
        if verdicts[prompt] == "fail":
            print("failed:", prompt)
    return verdicts
