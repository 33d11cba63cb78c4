"""Near miss: the same result objects, but the loop goes round only on a timeout before
the agent started (`Code.NOT_STARTED`, given where nothing ran); any other failure's
result is returned, so no run that did work is repeated. The results are built by a
class method too, kept in an annotated name, and tested with `not in`."""
import asyncio
import enum
from dataclasses import dataclass

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


class Code(enum.Enum):
    NONE = "none"
    ERROR = "error"
    NOT_STARTED = "not started"


@dataclass
class AgentResult:
    output: str
    success: bool
    code: Code = Code.NONE

    @classmethod
    def failed(cls, output: str, code: Code) -> "AgentResult":
        return cls(output=output, success=False, code=code)


async def connect() -> None:
    await asyncio.sleep(0)


async def run_task(prompt: str, retries: int = 3) -> AgentResult:
    result = AgentResult(output="", success=False)
    for attempt in range(retries + 1):
        try:
            await asyncio.wait_for(connect(), timeout=10)
        except TimeoutError:
            result = AgentResult(output="no connection", success=False, code=Code.NOT_STARTED)
            await asyncio.sleep(2**attempt)
            continue
        options = ClaudeAgentOptions(permission_mode="acceptEdits", max_turns=50)
        try:
            text = ""
            async for message in query(prompt=prompt, options=options):
                if isinstance(message, ResultMessage):
                    text = message.result or ""
            result = AgentResult(output=text, success=True)
        except TimeoutError as error:
            result: AgentResult = AgentResult(str(error), False, Code.ERROR)
        except Exception as error:
            result = AgentResult.failed(str(error), Code.ERROR)
        if result.success or result.code not in (Code.NOT_STARTED,):
            return result
    return result
