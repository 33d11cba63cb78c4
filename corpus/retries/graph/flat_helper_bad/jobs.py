import subprocess

from relaunching import relaunch_on_error


def run_codex(task):
    return subprocess.run(["codex", "exec", task], check=True, capture_output=True, text=True)


def implement(task):
    return relaunch_on_error(run_codex, 3, task)


def review(diff):
    def run_review():
        argv = ["claude", "-p", f"Review this diff:\n{diff}"]
        return subprocess.run(argv, check=True, capture_output=True, text=True)

    # a function defined here: the call that applies the helper is where it is reported
    return relaunch_on_error(run_review, 3)  # expect: RA301
