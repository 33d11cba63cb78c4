"""An agent run whose status nothing reads, and whose output the code only saves: the
test of whether there is any (`if result.stderr:`) decides what to write, not how the
run went (RA203)."""

import subprocess
from pathlib import Path


def run_task(prompt: str, out_dir: Path) -> None:
    result = subprocess.run(  # expect: RA203(warning)
        ["claude", "-p", prompt, "--dangerously-skip-permissions"],
        capture_output=True,
        text=True,
    )
    (out_dir / "claude_output.txt").write_text(result.stdout)
    if result.stderr:
        with open(out_dir / "claude_stderr.txt", "w") as f:
            f.write(result.stderr)
