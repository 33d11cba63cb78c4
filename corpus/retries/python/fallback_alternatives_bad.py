"""RA301: loops over alternatives for one piece of work (models, agents) that leave at
the first success: a failed run goes on to the next item, and the same prompt runs
again from the start, repeating the failed run's tool calls."""

import subprocess

MODELS = ["gemini-2.5-pro", "gemini-2.5-flash"]
AGENTS = (["claude", "-p"], ["codex", "exec"])


def ask(prompt: str) -> str:
    for model in MODELS:  # expect: RA301(error)
        try:
            done = subprocess.run(
                ["gemini", "--yolo", "-m", model, "-p", prompt], capture_output=True, text=True, check=True
            )
            return done.stdout
        except Exception:
            continue
    raise RuntimeError("every model failed")


def fix(task: str) -> None:
    for agent in AGENTS:  # expect: RA301(error)
        if subprocess.run([*agent, task]).returncode == 0:
            break


def review(diff: str) -> bool:
    # the attempts' numbers written out are a count, as `range(1, 4)` is
    for attempt in (1, 2, 3):  # expect: RA301(error)
        done = subprocess.run(["codex", "exec", f"review {diff}"])
        if done.returncode == 0:
            break
    return True
