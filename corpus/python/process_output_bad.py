"""A process whose status nothing reads is judged by its output only where the output is
kept: lines that are only printed or written to a log examine nothing."""

import subprocess


def stream(prompt: str, log_path: str) -> None:
    process = subprocess.Popen(  # expect: RA203(warning)
        ["claude", "-p", prompt], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    with open(log_path, "a") as log:
        for line in process.stdout:
            print(line, end="")
            log.write(f"[claude] {line.rstrip()}\n")
    process.wait()
