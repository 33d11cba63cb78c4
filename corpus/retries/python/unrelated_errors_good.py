"""A worker polls a queue of prompts; a poll of the empty queue (`queue.Empty`) goes round
to the next poll. That clause catches no failure of the agent step, which raises
`RuntimeError`: the loop does not re-run a failed step."""
import queue
import subprocess


def run_agent(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def work(prompts: queue.Queue) -> None:
    attempts = 0
    while attempts < 10:
        attempts += 1
        try:
            run_agent(prompts.get(timeout=5))
            return
        except queue.Empty:
            continue
