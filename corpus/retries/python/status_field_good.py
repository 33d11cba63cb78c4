"""Near miss: a helper returns a result object holding the run's exit code; the caller
reports a failure instead of running the agent again."""

import asyncio
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass
class RunResult:
    output: str
    exit_code: int


async def spawn(prompt: str) -> RunResult:
    argv = ["codex", "exec", "--full-auto", prompt]
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return RunResult(output=out.decode(errors="replace"), exit_code=proc.returncode)


async def implement_all(prompts: list[str]) -> list[str]:
    done = []
    for prompt in prompts:  # each prompt once: new work, not a retry
        result = await spawn(prompt)
        if result.exit_code != 0:
            log.error("codex failed on %r with exit %d", prompt, result.exit_code)
            continue
        done.append(result.output)
    return done
