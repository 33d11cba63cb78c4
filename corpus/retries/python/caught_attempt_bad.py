"""RA301: a step made again in an `except` clause that catches every failure of it, a
straight-line retry: the first run may have edited files before it failed, and the
clause starts it over (on a fresh client, or on another model)."""
import logging
import subprocess

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

log = logging.getLogger(__name__)
_sessions: dict[str, ClaudeSDKClient] = {}


async def _session_for(project: str, cwd: str) -> ClaudeSDKClient:
    if project not in _sessions:
        options = ClaudeAgentOptions(cwd=cwd, permission_mode="acceptEdits")
        _sessions[project] = ClaudeSDKClient(options=options)
    return _sessions[project]


async def send_to_project(project: str, cwd: str, prompt: str) -> str:
    session = await _session_for(project, cwd)
    try:
        await session.query(prompt)
        return "sent"
    except Exception as error:  # expect: RA301(error)
        log.warning("session failed (%s), reconnecting", error)
        _sessions.pop(project, None)
        session = await _session_for(project, cwd)
        await session.query(prompt)
        return "sent again"


def apply_patch_task(task: str) -> str:
    argv = ["codex", "exec", "--full-auto", task]
    try:
        return subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    except:  # expect: RA301(error)
        return subprocess.run(argv, check=True, capture_output=True, text=True).stdout
