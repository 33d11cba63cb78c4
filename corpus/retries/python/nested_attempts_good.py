"""Near miss for RA301: nested loops around one run, neither a retry: the outer loop walks
the tasks, the inner one their files; a failed run is recorded and the next file runs."""

import subprocess


def fix_all(tasks: dict[str, list[str]]) -> list[str]:
    failed = []
    for task, files in tasks.items():
        for path in files:
            result = subprocess.run(
                ["claude", "-p", f"{task}: fix {path}"], capture_output=True, text=True
            )
            if result.returncode != 0:
                failed.append(path)
    return failed
