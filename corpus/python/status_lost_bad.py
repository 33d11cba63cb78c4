"""gptme's exit status thrown away."""

import asyncio
import os
import subprocess
from subprocess import Popen


def dropped(prompt: str) -> None:
    subprocess.run(["gptme", "--non-interactive", prompt])  # expect: RA203(warning)
    os.system(f"gptme -n {prompt}")  # expect: RA203(warning)
    subprocess.call(["nice", "gptme", "-n", prompt])  # expect: RA203(warning)
    subprocess.call(f"timeout 600 gptme -n {prompt} > agent.log 2>&1", shell=True)  # expect: RA203(warning)


def never_read(prompt: str) -> None:
    result = subprocess.run(["gptme", "-n", prompt], capture_output=True)  # expect: RA203(warning)
    print("done")


def never_waited(prompt: str) -> int:
    proc = Popen(["gptme", "-n", prompt])  # expect: RA203(warning)
    subprocess.Popen(["bash", "-c", f"gptme -n {prompt}"])  # expect: RA203(warning)
    return proc.pid


async def async_never_waited(prompt: str) -> None:
    await asyncio.create_subprocess_exec("gptme", "-n", prompt)  # expect: RA203(warning)


def waited_but_dropped(prompt: str) -> None:
    proc = Popen(["gptme", "-n", prompt])  # expect: RA203(warning)
    proc.wait()
    print("agent finished")


async def async_waited_but_dropped(prompt: str) -> None:
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt)  # expect: RA203(warning)
    await proc.wait()


def check_false_explicit(prompt: str) -> None:
    # Written out, `check=False` still drops the status: the message names it.
    subprocess.run(["gptme", "-n", prompt], check=False)  # expect: RA203(warning)
    print("next step")


def windows_shim(prompt: str) -> None:
    # On Windows the npm shim is `codex.cmd` (or `claude.exe`): the same agent.
    subprocess.run(["codex.cmd", "exec", prompt])  # expect: RA203(warning)
    subprocess.run([r"C:\tools\claude.exe", "-p", prompt])  # expect: RA203(warning)


def pane_text() -> str:
    # raises when its run fails (`check=True`): it returns nothing of a status
    return subprocess.run(["tmux", "capture-pane", "-p"], stdout=subprocess.PIPE, text=True, check=True).stdout


def explain_pane() -> None:
    # one defect, one finding: the run's, not a second one at the call of this function
    # (the run before it raises on failure, which makes this one raise, not return a status)
    subprocess.run(["gptme", "Explain this output"], input=pane_text(), text=True)  # expect: RA203(warning)


explain_pane()
