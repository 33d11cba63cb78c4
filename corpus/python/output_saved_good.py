"""Near miss of output_saved_bad.py: the code saves the output and fails the task when
the run printed errors (`if result.stderr: raise`): it judges the run by its output."""

import subprocess
from pathlib import Path


def run_task(prompt: str, out_dir: Path) -> None:
    result = subprocess.run(
        ["claude", "-p", prompt, "--dangerously-skip-permissions"],
        capture_output=True,
        text=True,
    )
    (out_dir / "claude_output.txt").write_text(result.stdout)
    if result.stderr:
        with open(out_dir / "claude_stderr.txt", "w") as f:
            f.write(result.stderr)
        raise RuntimeError(f"claude failed: {result.stderr[:200]}")
