"""The same worker, with a clause that also catches the step's failure: `RuntimeError`
beside `KeyError` sends a failed run round again (RA301)."""
import subprocess


def run_agent(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def work(names: list[str], prompts: dict[str, str]) -> None:
    attempts = 0
    while attempts < 10:  # expect: RA301(warning)
        attempts += 1
        try:
            run_agent(prompts[names[0]])
            return
        except (KeyError, RuntimeError):
            continue
