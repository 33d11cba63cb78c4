"""Near misses for RA301: an Agent SDK query retried on any failure, whose options give the
agent no tool at all (none offered, every one refused, or plan mode), built where the call
is, held in a local name, or returned by a method of the class: it only answers, so a
retry repeats no side effect."""
import asyncio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


class Completer:
    def __init__(self, retries: int = 3) -> None:
        self._retries = retries

    def _build_options(self, system_prompt: str) -> ClaudeAgentOptions:
        return ClaudeAgentOptions(
            system_prompt=system_prompt, tools=[], disallowed_tools=["*"], max_turns=1
        )

    async def complete(self, prompt: str, system_prompt: str) -> str:
        options = self._build_options(system_prompt)
        for attempt in range(self._retries + 1):
            try:
                async for message in query(prompt=prompt, options=options):
                    if isinstance(message, ResultMessage):
                        return message.result or ""
            except Exception:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("no answer")


async def plan(prompt: str) -> str:
    for attempt in range(3):
        try:
            async for message in query(
                prompt=prompt, options=ClaudeAgentOptions(permission_mode="plan", max_turns=2)
            ):
                if isinstance(message, ResultMessage):
                    return message.result or ""
        except Exception:
            await asyncio.sleep(1 + attempt)
    return ""
