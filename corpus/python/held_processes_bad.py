"""Agents started in parallel, kept in a list, and waited for in a loop over it: the
loop waits, but reads no status, so every failed run is reported as done."""

import subprocess


def launch_parallel(tasks):
    procs = []
    for number, task in enumerate(tasks, 1):
        proc = subprocess.Popen(["claude", "-p", task])  # expect: RA203(warning)
        procs.append((f"agent{number}", proc))
    for name, proc in procs:
        proc.wait()
        print(f"{name} completed")


def launch_all(tasks):
    procs = [subprocess.Popen(["codex", "exec", task]) for task in tasks]  # expect: RA203(warning)
    for proc in procs:
        proc.wait()


def launch_shell(tasks, out_dir):
    procs = []
    for number, task in enumerate(tasks):
        command = f'claude -p "{task}" > {out_dir}/agent{number}.txt 2>&1'
        procs.append(subprocess.Popen(command, shell=True))  # expect: RA203(warning)
    for proc in procs:
        proc.wait()


def launch_detached(task_file, task_text, log_file, as_file):
    # two arms start the one process kept in `process`, never waited for: one defect,
    # reported once, at the first arm
    if as_file:
        process = subprocess.Popen(["aider", "--yes", "-f", task_file], stdout=log_file)  # expect: RA203(warning)
    else:
        process = subprocess.Popen(["aider", "--yes", "--message", task_text], stdout=log_file)
    return process.pid
