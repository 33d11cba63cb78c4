"""Near misses for RA101: none of these may produce a pipeline finding (an agent
status that nothing reads is RA203's, and is marked)."""

import os
import subprocess

LOG = "agent.log"


def argv_is_not_a_shell(pattern_file: str) -> None:
    subprocess.run(["grep", "-E", "a|b", pattern_file], check=True)


def pipefail_prefix(prompt: str) -> None:
    subprocess.run(
        f"set -o pipefail; gptme {prompt} | tee {LOG}", shell=True, check=True, executable="/bin/bash"
    )


def trivial_producer() -> None:
    subprocess.run("echo hello | gptme -", shell=True, check=True)


def not_shell(prompt: str) -> None:
    subprocess.run(f"gptme {prompt} | tee {LOG}", check=True)  # a single program name, no shell


def status_dropped(prompt: str) -> None:
    os.system(f"gptme {prompt} | tee {LOG}")  # expect: RA203(warning)


def pipefail_in_argv(prompt: str) -> None:
    subprocess.run(["bash", "-o", "pipefail", "-c", f"gptme {prompt} | tee {LOG}"], check=True)


def getoutput_reads_no_status() -> str:
    return subprocess.getoutput("git log --oneline | head -5")
