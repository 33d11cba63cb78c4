"""Near miss: the same wrapper gives a value only when codex succeeded, and the loop
stops at the first failure (`is None`: raise); only a run that succeeded with an
answer that fails the format check goes round."""

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


def generate(prompt: str, model: str) -> str:
    for _ in range(3):
        answer = call_once(prompt, model)
        if answer is None:
            raise RuntimeError("codex failed")
        if answer.startswith("{"):
            return answer
    raise RuntimeError("no well-formed answer")
