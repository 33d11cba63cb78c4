import subprocess
from pathlib import Path

from .paths import NODE_BIN

CLAUDE = NODE_BIN / "claude"


def turn(prompt: str, work: Path) -> None:
    command = [str(CLAUDE), "-p", prompt, "--output-format", "json"]
    subprocess.run(command, cwd=work, capture_output=True, text=True)  # expect: RA203(warning)
