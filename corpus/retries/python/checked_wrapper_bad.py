"""A wrapper reads the exit status a launcher of the module returns and gives a value
only when codex succeeded (None after a failure); the retry loop tests that value with
`is not None` and runs codex again after every failure."""

import subprocess


def build_command(model: str) -> list[str]:
    return ["codex", "exec", "--full-auto", "-m", model, "-"]


def run_codex(prompt: str, model: str) -> int:
    proc = subprocess.Popen(build_command(model), stdin=subprocess.PIPE, text=True)
    proc.communicate(prompt)
    return proc.returncode


def call_once(prompt: str, model: str) -> str | None:
    return_code = run_codex(prompt, model)
    if return_code != 0:
        return None
    with open("last_message.json", encoding="utf-8") as handle:
        return handle.read()


def generate(prompt: str, model: str) -> str | None:
    for attempt in range(3):  # expect: RA301(error)
        answer = call_once(prompt, model)
        if answer is not None:
            return answer
        print(f"attempt {attempt + 1} failed")
    return None
