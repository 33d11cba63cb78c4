"""Agents started in parallel and kept in a list: the loops over it read each status, or
the list goes to code that may."""

import subprocess


def launch_parallel(tasks):
    procs = []
    for number, task in enumerate(tasks, 1):
        proc = subprocess.Popen(["claude", "-p", task])
        procs.append((f"agent{number}", proc))
    failed = []
    for name, proc in procs:
        if proc.wait() != 0:
            failed.append(name)
    return failed


def launch_all(tasks):
    procs = [subprocess.Popen(["codex", "exec", task]) for task in tasks]
    codes = [proc.wait() for proc in procs]
    return all(code == 0 for code in codes)


def launch_later(tasks):
    procs = []
    for task in tasks:
        procs.append(subprocess.Popen(["claude", "-p", task]))
    return procs
