"""The near misses of unrelated_errors_good.py: a clause that also catches the step's
failure (`RuntimeError` beside `queue.Empty`), and a step that parses its run's output,
whose `KeyError` is its failure, each send a failed run round again (RA301)."""
import json
import queue
import subprocess
import time


def run_agent(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def work(prompts: queue.Queue) -> None:
    attempts = 0
    while attempts < 10:  # expect: RA301(warning)
        attempts += 1
        try:
            run_agent(prompts.get(timeout=5))
            return
        except (queue.Empty, RuntimeError):
            continue


def answer(prompt: str) -> str:
    proc = subprocess.run(
        ["claude", "-p", prompt, "--output-format", "json"], capture_output=True, text=True
    )
    return json.loads(proc.stdout or "{}")["result"]  # `KeyError` when the run failed


def ask(prompt: str) -> str:
    for _ in range(5):  # expect: RA301(warning)
        try:
            return answer(prompt)
        except KeyError:
            time.sleep(30)
    return ""
