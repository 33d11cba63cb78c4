"""Near miss: the same script run by its path, its exit status read and reported."""

import subprocess


def fix(path: str, prompt: str) -> bool:
    process = subprocess.Popen(["./tools/fix_alert.sh", path], stdin=subprocess.PIPE, text=True)
    assert process.stdin is not None
    process.stdin.write(prompt)
    process.stdin.close()
    if process.wait() != 0:
        print(f"could not fix {path}")
        return False
    return True
