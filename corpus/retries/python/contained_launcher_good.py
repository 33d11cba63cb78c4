"""A near miss: the loop re-runs `run_agent()` after any exception, but the launcher keeps
every failure of its run inside (its `try` logs it and returns), so what reaches the loop
was raised before the agent ran: a re-run repeats nothing."""

import subprocess
from pathlib import Path


def run_agent(name: str, prompt_path: Path, log_path: Path) -> None:
    prompt = prompt_path.read_text()
    try:
        result = subprocess.run(
            ["claude", "-p", prompt, "--dangerously-skip-permissions"],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        log_path.write_text(f"EXIT {result.returncode}\n{result.stdout}")
    except subprocess.TimeoutExpired:
        print(f"{name}: timed out")
    except Exception as error:
        print(f"{name}: {error}")


def main(agents: list[str]) -> None:
    for name in agents:
        for attempt in range(3):
            try:
                run_agent(name, Path(f"prompts/{name}.md"), Path(f"logs/{name}.log"))
                break
            except Exception as error:
                print(f"attempt {attempt + 1} failed: {error}")
