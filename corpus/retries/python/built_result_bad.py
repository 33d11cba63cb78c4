"""An SDK agent run whose every failure is caught and turned into a result object built
on the spot (`AgentResult(success=False, code=Code.ERROR)`); the loop tests the fields
it was given and goes round on a failure, so the failed run's tools run again."""
import asyncio
import enum
from dataclasses import dataclass

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


class Code(enum.Enum):
    NONE = "none"
    ERROR = "error"
    TIMEOUT = "timeout"


@dataclass
class AgentResult:
    output: str
    success: bool
    code: Code = Code.NONE


async def run_task(prompt: str, retries: int = 3) -> AgentResult:
    result = AgentResult(output="", success=False)
    for attempt in range(retries + 1):  # expect: RA301(error)
        options = ClaudeAgentOptions(permission_mode="acceptEdits", max_turns=50)
        try:
            text = ""
            async for message in query(prompt=prompt, options=options):
                if isinstance(message, ResultMessage):
                    text = message.result or ""
            result = AgentResult(output=text, success=True)
        except TimeoutError:
            result = AgentResult(output="timed out", success=False, code=Code.TIMEOUT)
        except Exception as error:
            result = AgentResult(output=str(error), success=False, code=Code.ERROR)
        if result.success or result.code == Code.NONE:
            return result
        await asyncio.sleep(2**attempt)
    return result
