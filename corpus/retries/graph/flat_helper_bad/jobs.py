import subprocess

from relaunching import relaunch_on_error


def run_codex(task):
    return subprocess.run(["codex", "exec", task], check=True, capture_output=True, text=True)


def implement(task):
    return relaunch_on_error(run_codex, 3, task)  # expect: RA301


def review(diff):
    def run_review():
        argv = ["claude", "-p", f"Review this diff:\n{diff}"]
        return subprocess.run(argv, check=True, capture_output=True, text=True)

    # a function defined here, as one of the module: reported where the helper is applied
    return relaunch_on_error(run_review, 3)  # expect: RA301
