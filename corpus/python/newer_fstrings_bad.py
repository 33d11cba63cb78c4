"""Python 3.12 f-strings (PEP 701) read on Python 3.11 too: a field that reuses the
f-string's quote, holds a backslash, or spans lines. The module is audited, not
reported as invalid syntax."""

import subprocess

settings = {"model": "sonnet", "tools": ["Read", "Edit"]}


def review(task: dict[str, str]) -> None:
    command = f"claude -p {task["prompt"]} --model {settings["model"]}"
    subprocess.run(command, shell=True)  # expect: RA203(warning)
    print(f"allowed: {", ".join(settings["tools"])}")


def summarise(lines: list[str]) -> None:
    argv = ["codex", "exec", f"{'\n'.join(lines)}"]
    subprocess.run(argv)  # expect: RA203(warning)
    print(f"{
        len(lines)  # what was sent
    } lines")
