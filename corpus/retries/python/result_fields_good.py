"""Near miss: a helper like the one that is retried, in a loop that takes the next prompt
whatever the result says (new work each time, not a retry)."""

import os
import subprocess
from dataclasses import dataclass

CLAUDE = os.getenv("CLAUDE_CODE_PATH", "claude")


@dataclass
class Response:
    output: str
    success: bool


def prompt_claude(prompt: str) -> Response:
    done = subprocess.run([CLAUDE, "-p", prompt], capture_output=True, text=True, check=True)
    return Response(output=done.stdout, success=True)


def work_through(prompts: list[str]) -> list[str]:
    answers = []
    for prompt in prompts:
        response = prompt_claude(prompt)
        if response.success:
            answers.append(response.output)
    return answers

