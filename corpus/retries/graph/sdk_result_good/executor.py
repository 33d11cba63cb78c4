"""Runs one Agent SDK task and turns every way it can end into a `RunResult`: the
failures caught around the query give `success=False`, the run that got through
computes it from the agent's own report (`not message.is_error`)."""
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKError, ResultMessage, query
from results import RunResult


async def run_once(prompt: str) -> RunResult:
    options = ClaudeAgentOptions(permission_mode="acceptEdits", max_turns=40)
    try:
        text, failed, session = "", False, None
        async for message in query(prompt=prompt, options=options):
            if isinstance(message, ResultMessage):
                text, failed, session = message.result or "", message.is_error, message.session_id
        if not text:
            return RunResult(output="no result", success=False, session_id=session)
        return RunResult(output=text, success=not failed, session_id=session)
    except ClaudeSDKError as error:
        return RunResult(output=f"SDK error: {error}", success=False)
    except Exception as error:
        return RunResult(output=f"error: {error}", success=False)
