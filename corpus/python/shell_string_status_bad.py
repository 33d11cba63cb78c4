"""Shell strings written apart from the call that runs them: the status the host drops is
lost at that call (RA203 there, the command as a related location), once per call however
many strings the variable may hold; a file the run writes is only examined on the other
branch, which the background run never reaches."""

import subprocess


def launch(task: str, out: str, background: bool) -> None:
    cmd = f'claude -p "{task}" --output-format json > {out} 2>&1'
    if background:
        subprocess.Popen(cmd, shell=True)  # expect: RA203(warning)
    else:
        subprocess.run(cmd, shell=True, check=True)
        print(open(out).read())


def resume(task: str, session: str | None) -> None:
    if session:
        cmd = f'claude -r {session} -p "{task}"'
    elif task:
        cmd = f'claude -p "{task}"'
    else:
        cmd = 'claude -p "continue"'
    subprocess.run(cmd, shell=True, capture_output=True, text=True)  # expect: RA203(warning)


def start_logged(task: str, log: str) -> None:
    """The process is bound to a name that is only logged: nothing reads its status."""
    process = subprocess.Popen(f'claude -p "{task}" > {log} 2>&1', shell=True)  # expect: RA203(warning)
    print("started", process)


def run_issue(issue: int) -> None:
    """A sequence with `shell=True`: its first item is the command string the shell runs."""
    result = subprocess.run(  # expect: RA203(warning)
        [f'claude -p --dangerously-skip-permissions "/fix-issue {issue}"'],
        capture_output=True,
        text=True,
        shell=True,
    )
    print(result.stdout)


def run_named(task: str) -> None:
    """The same sequence held in a name."""
    cmd = [f'claude -p "{task}"']
    subprocess.run(cmd, shell=True, capture_output=True)  # expect: RA203(warning)


def review_remote(host: str) -> None:
    """An argv that runs `ssh`: the remote shell runs the words after the host."""
    subprocess.run(["ssh", host, "cd /srv/app && claude -p 'Review the deploy'"])  # expect: RA203(warning)
