"""RA203: a shell string whose last word is `exec claude …` passes the agent's status to
the host as the string's own, and the host drops the result; the same string whose status
the host reads is fine."""
import subprocess


def review(folder: str) -> None:
    subprocess.run(["bash", "-c", f'cd "{folder}" && exec claude -p "Review the diff"'])  # expect: RA203(warning)


def checked_review(folder: str) -> int:
    done = subprocess.run(["bash", "-c", f'cd "{folder}" && exec claude -p "Review the diff"'])
    return done.returncode
