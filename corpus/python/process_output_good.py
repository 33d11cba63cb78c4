"""Near misses: a process whose status nothing reads, judged by its output, which the
runner keeps and examines (a completion marker), or reads whole and returns."""

import subprocess

DONE = "<promise>COMPLETE</promise>"


def rounds(prompt: str, max_rounds: int) -> int:
    for _ in range(max_rounds):
        process = subprocess.Popen(["claude", "-p", prompt], stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        parts = []
        for line in process.stdout:
            print(line, end="")
            parts.append(line)
        process.wait()
        if DONE in "".join(parts):
            return 0
    return 1


def capture(argv: list[str]) -> str:
    process = subprocess.Popen(["codex", "exec", *argv], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    output = process.stdout.read()
    process.wait()
    return output
