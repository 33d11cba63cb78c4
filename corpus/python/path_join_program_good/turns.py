import json
import subprocess
from pathlib import Path

from .paths import NODE_BIN

CLAUDE = NODE_BIN / "claude"
PRETTIER = NODE_BIN / "prettier"


def turn(prompt: str, work: Path) -> dict[str, object]:
    command = [str(CLAUDE), "-p", prompt, "--output-format", "json"]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def tidy(work: Path) -> None:
    subprocess.run([str(PRETTIER), "--write", "."], cwd=work, capture_output=True)
