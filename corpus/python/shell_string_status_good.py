"""Near misses of shell_string_status_bad: the run writes its answer to a file that the
code examines after the call, so the run is judged by its output; and a status the
string leaves to its host is read there."""

import json
import subprocess
from pathlib import Path


def resume(task: str, session: str | None, out: Path) -> dict:
    if session:
        cmd = f'claude -r {session} -p "{task}" --output-format json > {out} 2>&1'
    else:
        cmd = f'claude -p "{task}" --output-format json > {out} 2>&1'
    subprocess.run(cmd, shell=True, capture_output=True, text=True)
    try:
        return json.loads(out.read_text())
    except ValueError:
        return {"error": "no answer"}


def checked(task: str) -> int:
    cmd = f'codex exec "{task}"'
    return subprocess.run(cmd, shell=True).returncode


def start_in_background(task: str, log: Path) -> subprocess.Popen:
    """The process is bound to a name and returned: the caller owns its status."""
    process = subprocess.Popen(f'claude -p "{task}" > {log} 2>&1', shell=True)
    return process


def run_issue(issue: int) -> int:
    """The same sequence with `shell=True`, its status returned to the caller."""
    result = subprocess.run(
        [f'claude -p --dangerously-skip-permissions "/fix-issue {issue}"'], shell=True
    )
    return result.returncode
