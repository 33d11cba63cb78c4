"""Near miss: the adapter the registry gives runs once; its failure ends the review."""

from .cli.base import get_adapter


async def review(prompt: str, cwd: str, name: str) -> str:
    adapter = get_adapter(name)
    return await adapter.run_review(prompt, cwd)
