"""Near misses: queue workers that take a task once. A failed task goes to a queue of
failures for a person, a finished one puts the next stage's task on the queue, and a
verdict word only reports how the run went."""

import json
import subprocess

TASKS = "agent:tasks"
FAILED = "agent:failed"


def run_task(prompt: str) -> str:
    proc = subprocess.run(["claude", "-p", prompt, "--dangerously-skip-permissions"])
    return "ok" if proc.returncode == 0 else "fail"


def dead_letters(redis) -> None:
    while True:
        item = redis.blpop(TASKS, timeout=5)
        if item is None:
            continue
        _, raw = item
        if run_task(json.loads(raw)["prompt"]) == "fail":
            redis.rpush(FAILED, raw)


def stages(pending: list[dict[str, str]]) -> None:
    while pending:
        task = pending.pop(0)
        if run_task(task["prompt"]) == "ok" and task.get("next"):
            pending.append({"prompt": task["next"]})


def report(prompts: list[str]) -> dict[str, str]:
    return {prompt: run_task(prompt) for prompt in prompts}
