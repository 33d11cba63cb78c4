"""Near misses: the caller drops the status, but examines the output the run gives back
with it (parses it, tests it, passes it on to be checked), so the run is judged by its
output, as a captured shell run is; or it reads the status."""

import subprocess


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


def extract_code(text: str) -> str:
    return text.split("```python", 1)[-1].split("```", 1)[0].strip() if "```" in text else ""


def sample(prompt: str) -> str:
    stdout, stderr, code = run_codex(prompt)
    extracted = extract_code(stdout)
    if not extracted:
        raise RuntimeError(f"no code in the answer: {stderr[:200]}")
    return extracted


def smoke() -> bool:
    stdout, _, _ = run_codex("Write Python: def test(): return 42")
    return "def test" in stdout


def checked() -> None:
    _, err, code = run_codex("Fix the failing test")
    if code != 0:
        raise SystemExit(f"codex failed: {err}")


def run_command(argv: list[str]) -> tuple[str, str, int]:
    result = subprocess.run(argv, capture_output=True, text=True)
    return result.stdout, result.stderr, result.returncode


def sample_through_wrapper(prompt: str) -> str:
    # a wrapper that runs the argv it is given: its caller names the agent, and examines
    # the output the wrapper hands back with the status
    stdout, stderr, code = run_command(["codex", "exec", "--full-auto", prompt])
    extracted = extract_code(stdout)
    if not extracted:
        raise RuntimeError(f"no code in the answer: {stderr[:200]}")
    return extracted
