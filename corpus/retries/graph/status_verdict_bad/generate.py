"""The module reads the exit status a launcher of another module returns (`rc !=
0`: None), through a transport switch of its own; the attempt loops, one inside the
other, run codex again whenever it failed: one defect, reported at the outer loop."""

import time

from .codex_exec import run_codex_exec


def run_codex(prompt: str, model: str) -> int:
    return run_codex_exec(prompt, model)


def call_once(prompt: str, model: str) -> str | None:
    return_code = run_codex(prompt, model)
    if return_code != 0:
        return None
    with open("last_message.json", encoding="utf-8") as handle:
        return handle.read()


def generate(prompt: str, model: str) -> str | None:
    for infra_retry in range(3):  # expect: RA301(error)
        if infra_retry:
            time.sleep(5 * infra_retry)
        for format_retry in range(2):
            answer = call_once(prompt, model)
            if answer is not None:
                return answer
            print(f"call {infra_retry}/{format_retry} failed")
    return None
