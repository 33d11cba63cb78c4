import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass
class UpdateResult:
    content: str | None
    error: str | None = None


def update_docstrings(path: Path, program: str = "claude") -> UpdateResult:
    return _execute(f"Add docstrings to {path.name}", path, program)


def _execute(prompt: str, path: Path, program: str) -> UpdateResult:
    cmd = [program, "-p", prompt, "--allowedTools", "Edit"]
    result = subprocess.run(cmd, cwd=path.parent, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        return UpdateResult(None, error=result.stderr)
    return UpdateResult(path.read_text())
