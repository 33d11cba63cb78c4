"""Loops that re-run a launcher after any exception (RA301): one launcher keeps the run's
own failures in, but reads its output after the `try` (another in the `try`'s `else`),
where a failure comes after the agent ran; the last one's `try` logs the failure and
raises it again."""

import json
import subprocess
from pathlib import Path


def run_agent(name: str, prompt_path: Path, log_path: Path) -> dict[str, str]:
    prompt = prompt_path.read_text()
    try:
        subprocess.run(
            ["claude", "-p", prompt, "--output-format", "json"],
            stdout=log_path.open("w"),
            timeout=3600,
        )
    except Exception as error:
        print(f"{name}: {error}")
    return json.loads(log_path.read_text())


def plan(prompt: str) -> dict[str, str]:
    try:
        done = subprocess.run(["claude", "-p", prompt], capture_output=True, timeout=3600)
    except Exception as error:
        print(error)
        return {}
    else:
        return json.loads(done.stdout)


def review(name: str, prompt: str) -> None:
    try:
        subprocess.run(["codex", "exec", "--full-auto", prompt], check=True, timeout=3600)
    except Exception as error:
        print(f"{name}: {error}")
        raise


def main(agents: list[str]) -> None:
    for name in agents:
        for attempt in range(3):  # expect: RA301(error)
            try:
                run_agent(name, Path(f"prompts/{name}.md"), Path(f"logs/{name}.json"))
                break
            except Exception as error:
                print(f"attempt {attempt + 1} failed: {error}")
        for attempt in range(3):  # expect: RA301(error)
            try:
                plan(f"plan the work of {name}")
                break
            except Exception as error:
                print(f"attempt {attempt + 1} failed: {error}")
        for attempt in range(3):  # expect: RA301(error)
            try:
                review(name, "review the last change")
                break
            except Exception as error:
                print(f"attempt {attempt + 1} failed: {error}")
