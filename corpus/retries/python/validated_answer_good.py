"""Near miss: the same launcher and loop, but a failed run ends the loop; only a run
that succeeded with an answer from another model than the one asked for goes round
(a verdict on what it said, no failure re-run). And a marker loop that reads the status
only to log it: every round is the next piece of work until the run says it is done."""

import subprocess
import time
from dataclasses import dataclass

DONE = "<promise>COMPLETE</promise>"


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
    for attempt in range(5):
        answer = ask_gemini(prompt, model)
        if not answer.success:
            raise RuntimeError(answer.text)
        if answer.model == model:
            return answer.text
        time.sleep(30 * (attempt + 1))
    raise RuntimeError("no review from the model asked for")


def work(prompt: str, rounds: int) -> int:
    for _ in range(rounds):
        run = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"round failed: {run.stderr}")
        if DONE in run.stdout:
            return 0
    return 1
