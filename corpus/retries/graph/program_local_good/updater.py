import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass
class FormatResult:
    error: str | None = None


def format_file(path: Path, program: str = "ruff") -> FormatResult:
    return _execute(path, program)


def _execute(path: Path, program: str) -> FormatResult:
    cmd = [program, "format", str(path)]
    result = subprocess.run(cmd, cwd=path.parent, capture_output=True, text=True, timeout=600)
    return FormatResult(result.stderr if result.returncode != 0 else None)
