"""Queue workers that put a failed task back on the queue they take work from: the next
turn runs the agent on it again, over whatever the failed run already changed."""

import asyncio
import json
import subprocess

TASKS = "agent:tasks"


def run_task(prompt: str) -> str:
    proc = subprocess.run(["claude", "-p", prompt, "--dangerously-skip-permissions"])
    return "ok" if proc.returncode == 0 else "fail"


async def redis_worker(redis) -> None:
    while True:  # expect: RA301(error)
        item = await redis.blpop(TASKS, timeout=5)
        if item is None:
            continue
        _, raw = item
        task = json.loads(raw)
        if run_task(task["prompt"]) == "fail":
            task["tries"] = task.get("tries", 0) + 1
            if task["tries"] < 3:
                await redis.rpush(TASKS, json.dumps(task))


async def queue_worker(queue: asyncio.Queue) -> None:
    while True:  # expect: RA301(error)
        prompt = await queue.get()
        try:
            subprocess.run(["codex", "exec", "--full-auto", prompt], check=True)
        except subprocess.CalledProcessError:
            queue.put_nowait(prompt)
        finally:
            queue.task_done()


def list_worker(pending: list[str]) -> None:
    while pending:  # expect: RA301(error)
        prompt = pending.pop(0)
        proc = subprocess.run(["aider", "--yes", "--message", prompt])
        if proc.returncode != 0:
            pending.append(prompt)
