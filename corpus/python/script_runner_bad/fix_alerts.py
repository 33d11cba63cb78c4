"""RA203 in Python: a script of the tree that runs the agent, started by its path and
waited for, with nothing reading how it ended; every alert counts as fixed."""

import subprocess


def fix(path: str, prompt: str) -> None:
    process = subprocess.Popen(  # expect: RA203(warning)
        ["./tools/fix_alert.sh", path], stdin=subprocess.PIPE, text=True
    )
    assert process.stdin is not None
    process.stdin.write(prompt)
    process.stdin.close()
    process.wait()


def main(alerts: list[tuple[str, str]]) -> None:
    for path, prompt in alerts:
        fix(path, prompt)
