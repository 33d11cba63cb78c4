"""A name a loop binds holds each item of what it loops over: the agent a loop picks
among candidates, or each agent of a list, is the agent the run launches."""

import shutil
import subprocess

CLAUDE_BIN = None
for candidate in ("claude", "/usr/local/bin/claude"):
    if shutil.which(candidate):
        CLAUDE_BIN = candidate
        break

AGENTS = ["gptme"]
AGENTS.append("codex")


def review(prompt: str) -> None:
    subprocess.run([CLAUDE_BIN, "-p", prompt])  # expect: RA203(warning)


def each_agent(prompt: str) -> None:
    for agent in ("aider", "claude"):
        subprocess.run([agent, "--message", prompt])  # expect: RA203(warning)


def each_listed(prompt: str, log: str) -> int:
    failures = 0
    for name in AGENTS:
        # the second turn runs codex: its status is lost to tee's too
        failures += subprocess.call(f"{name} '{prompt}' | tee -a {log}", shell=True)  # expect: RA101(error)
    return failures


def each_command(prompt: str) -> None:
    for argv in (["claude", "-p", prompt], ["gemini", "-p", prompt]):
        subprocess.Popen(argv)  # expect: RA203(warning)
