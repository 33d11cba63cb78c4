"""A worker takes a task by name from a table; a name missing from the table (`KeyError`)
is skipped to the next round. That clause catches no failure of the agent step, which
raises `RuntimeError`: the loop does not re-run a failed step."""
import subprocess


def run_agent(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def work(names: list[str], prompts: dict[str, str]) -> None:
    attempts = 0
    while attempts < 10:
        attempts += 1
        try:
            run_agent(prompts[names[0]])
            return
        except KeyError:
            continue
