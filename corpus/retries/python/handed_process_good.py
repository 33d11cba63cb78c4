"""Near misses: a launcher declared to return an `int` returns what the helper it hands
its process to returns (the exit status); each task of a list runs once and a failure
ends the list. A launcher declared to return text hands its process over too: what it
returns says nothing of the status."""

import subprocess

from .codex_stream_io import collect_codex_text, follow_codex_events


def run_codex_item(prompt: str) -> int:
    proc = subprocess.Popen(
        ["codex", "exec", "--full-auto", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    return follow_codex_events(proc=proc, prompt=prompt, log_path="codex.jsonl")


def codex_each(prompts: list[str]) -> None:
    for prompt in prompts:
        rc = run_codex_item(prompt)
        if rc != 0:
            raise RuntimeError(f"codex exited {rc} on {prompt!r}")


def codex_text(prompt: str) -> str:
    proc = subprocess.Popen(
        ["codex", "exec", "--full-auto", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    return collect_codex_text(proc, prompt)
