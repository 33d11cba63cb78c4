"""Agents whose program is looked up with `shutil.which`: findings sit where they run."""

import shutil
import subprocess

AGENT = shutil.which("gptme") or "gptme"


def run_then_report(prompt: str) -> None:
    subprocess.run(f"{AGENT} --non-interactive {prompt}; echo finished", shell=True)  # expect: RA203
    print("reported")


def run_in_bash(prompt: str) -> None:
    subprocess.run(["bash", "-c", f"{AGENT} --non-interactive {prompt} || true"], check=True)  # expect: RA203


def run_claude(prompt: str) -> None:
    claude = shutil.which("claude")
    argv = [claude, "-p", prompt]
    subprocess.run(argv, check=False)  # expect: RA203
    print("done")
