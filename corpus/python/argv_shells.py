"""Shell hidden in argv lists: `bash -c`, `sh -c` and tmux shell-commands."""

import shlex
import subprocess


def bash_c(prompt: str) -> None:
    subprocess.run(["bash", "-lc", f"gptme '{prompt}' 2>&1 | tee agent.log"], check=True)  # expect: RA101(error)


def sh_c_variable(task: str) -> int:
    script = "aider --yes --message " + shlex.quote(task) + " | tee -a aider.log"  # expect: RA101(error)
    argv = ["/bin/sh", "-c", script]
    return subprocess.call(argv)


def tmux_session(name: str, out: str) -> None:
    inner = f"gptme --non-interactive 'work' 2>&1 | tee {out}; echo \"EXIT=$?\" >> {out}"  # expect: RA101(error)
    full_cmd = f"bash -l -c {shlex.quote(inner)}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, full_cmd])


def tmux_status_unread(name: str, out: str) -> None:
    # Nothing reads the status inside the detached session: no RA101, but RA203.
    subprocess.run(["tmux", "new-window", "-t", name, f"gptme 'work' | tee {out}"])  # expect: RA203(warning)
