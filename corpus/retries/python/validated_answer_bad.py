"""A launcher returns a result whose `success` field is false whenever gemini failed:
the failure return sits in the `else` of a test of a good run (`if ok and out: pass`,
else `if failed: return …`). The loop runs gemini again after a failure; a success
leaves, unless its answer came from another model than the one asked for."""

import subprocess
import time
from dataclasses import dataclass


@dataclass
class Answer:
    success: bool
    text: str
    model: str = ""


def ask_gemini(prompt: str, model: str) -> Answer:
    cmd = ["gemini", "-p", prompt, "--model", model, "--output-format", "json"]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if result.returncode == 0 and "{" in result.stdout:
        pass
    else:
        if result.returncode != 0 or "429" in result.stderr:
            return Answer(success=False, text=result.stderr)
    return Answer(success=True, text=result.stdout, model=model)


def review(prompt: str, model: str) -> str:
    for attempt in range(5):  # expect: RA301(error)
        answer = ask_gemini(prompt, model)
        if answer.success:
            if answer.model != model:
                print(f"answered by {answer.model}, asking again")
            else:
                return answer.text
        time.sleep(30 * (attempt + 1))
    raise RuntimeError("no review")
