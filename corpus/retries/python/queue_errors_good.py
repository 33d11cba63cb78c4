"""A queue worker: each round takes a new task, counts the lines of its output (reset per
task) and stops after three failed tasks in all; no task is run again."""
import subprocess


def main(queue):
    errors = 0
    while queue:
        task = queue.pop(0)
        lines = 0
        proc = subprocess.run(["gptme", "--non-interactive", task], capture_output=True, text=True)
        for _ in proc.stdout.splitlines():
            lines += 1
        if proc.returncode != 0:
            errors += 1
            if errors >= 3:
                break
            continue
        print("done", task, lines)
