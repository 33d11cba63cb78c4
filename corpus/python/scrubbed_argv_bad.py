"""RA203 through a launcher that cleans each word of the argv it is given before running
it (an annotated name, a comprehension under a switch): the words are still the caller's,
so the caller that drops the status it returns loses the agent's."""
import subprocess
from collections.abc import Sequence


def scrub(word: str) -> str:
    return word.replace("\x00", "")


def run_cmd(cmd: Sequence[str], *, sanitize: bool = True) -> tuple[str, int]:
    argv: list[str] = [scrub(word) for word in cmd] if sanitize else list(cmd)
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    return proc.stdout, proc.returncode


def review(diff: str) -> str:
    out, code = run_cmd(["codex", "exec", f"Review {diff}"])  # expect: RA203(warning)
    return out
