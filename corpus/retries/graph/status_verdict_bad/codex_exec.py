"""Runs codex once and returns its exit status."""

import subprocess


def build_command(model: str) -> list[str]:
    return ["codex", "exec", "--full-auto", "--json", "-m", model, "-"]


def run_codex_exec(prompt: str, model: str) -> int:
    proc = subprocess.Popen(build_command(model), stdin=subprocess.PIPE, text=True)
    proc.communicate(prompt)
    return proc.returncode
