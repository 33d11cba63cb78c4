"""RA301: a helper returns a dict whose `"success"` item says how the run ended (true
only where the exit status was 0; a success whose output does not parse is false too);
the loops re-run it until that item holds, read as `r["success"]` or `r.get("success")`."""

import json
import subprocess
import time


def execute_task(task: str) -> dict[str, object]:
    try:
        result = subprocess.run(
            ["claude", "-p", "--output-format", "json", task], capture_output=True, text=True
        )
    except subprocess.TimeoutExpired:
        return {"success": False, "error": "timed out"}
    if result.returncode == 0:
        try:
            return {"success": True, "output": json.loads(result.stdout)}
        except json.JSONDecodeError as error:
            return {"success": False, "error": f"bad output: {error}"}
    return {"success": False, "error": f"claude exited with code {result.returncode}"}


def execute_with_retry(task: str) -> dict[str, object]:
    outcome: dict[str, object] = {}
    for attempt in range(3):  # expect: RA301(error)
        outcome = execute_task(task)
        if outcome["success"]:
            return outcome
        time.sleep(2**attempt)
    return outcome


def execute_until_done(task: str) -> dict[str, object] | None:
    attempt = 0
    while attempt < 5:  # expect: RA301(error)
        attempt += 1
        outcome = execute_task(task)
        if outcome.get("success"):
            return outcome
    return None
