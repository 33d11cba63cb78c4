"""RA203 at the call: a launcher returns its run's output and exit status together, and
the caller drops the status while it only shows (or never reads) the output."""

import subprocess
from collections.abc import Iterator


def run_codex(prompt: str, timeout: int = 180) -> tuple[str, str, int]:
    try:
        result = subprocess.run(
            ["codex", "exec", "--full-auto", prompt],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        return result.stdout, result.stderr, result.returncode
    except subprocess.TimeoutExpired:
        return "", "timeout", -1


def nightly() -> None:
    out, err, code = run_codex("Tidy the changelog")  # expect: RA203(warning)
    print(f"codex said: {out[:200]}")


def weekly() -> None:
    out, _, _ = run_codex("Refresh the lock file")  # expect: RA203(warning)
    print("refreshed")


def earlier() -> None:
    out = open("notes.txt").read()
    if "TODO" in out:
        out, err, code = run_codex("Finish the TODOs")  # expect: RA203(warning)
        print(out)


def to_file(path: str) -> None:
    out, err, code = run_codex("Tidy the changelog")  # expect: RA203(warning)
    with open(path, "w") as log:
        log.write(out)


def streamed() -> Iterator[str]:
    out, err, code = run_codex("Summarise the diff")  # expect: RA203(warning)
    yield out


def run_command(argv: list[str]) -> tuple[str, str, int]:
    result = subprocess.run(argv, capture_output=True, text=True)
    return result.stdout, result.stderr, result.returncode


def tidy_through_wrapper() -> None:
    out, err, code = run_command(["codex", "exec", "--full-auto", "Tidy the changelog"])  # expect: RA203(warning)
    print(out)
