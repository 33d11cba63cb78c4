"""Near misses: the same dict result where the loop leaves on a failure, where the
`"success"` item says nothing of the exit status (it is true whatever the run did), and
a loop over tasks that runs each once."""

import subprocess


def execute_task(task: str) -> dict[str, object]:
    result = subprocess.run(["claude", "-p", task], capture_output=True, text=True)
    if result.returncode == 0:
        return {"success": True, "output": result.stdout}
    return {"success": False, "error": f"claude exited with code {result.returncode}"}


def report_task(task: str) -> dict[str, object]:
    result = subprocess.run(["claude", "-p", task], capture_output=True, text=True)
    if result.returncode == 0:
        return {"success": True, "output": result.stdout}
    return {"success": True, "output": result.stderr}


def execute_once(task: str) -> dict[str, object] | None:
    for _ in range(3):
        outcome = execute_task(task)
        if not outcome["success"]:
            return None
        if "DONE" in str(outcome["output"]):
            return outcome
    return None


def execute_all(tasks: list[str]) -> list[dict[str, object]]:
    return [execute_task(task) for task in tasks if execute_task(task)["success"]]


def report_until_shown(task: str) -> dict[str, object] | None:
    for _ in range(3):
        outcome = report_task(task)
        if outcome["success"]:
            return outcome
    return None
