"""Agents known only by the name of the value that holds their path: a config object of
a class this tree does not define (`settings.claude_path`), a parameter no caller here
gives (`codex_bin`), a field read in a command string (`config.gemini_cli`). The name
says which agent runs: its first word is the agent's command, its last a word for a
program (path, bin, cmd, cli, exe)."""

import subprocess
import time

from app.config import Settings  # not in this tree


def run_until_done(settings: Settings, prompt: str) -> bool:
    for attempt in range(3):  # expect: RA301(error)
        result = subprocess.run([str(settings.claude_path), "-p", prompt])
        if result.returncode == 0:
            return True
        time.sleep(5)
    return False


def review(codex_bin: str, task: str) -> None:
    subprocess.run([codex_bin, "exec", task])  # expect: RA203(warning)
    print("review done")


def ask(config, question: str) -> int:
    command = f"{config.gemini_cli} -p '{question}' | tee -a answers.log"  # expect: RA101(error)
    return subprocess.run(command, shell=True).returncode
