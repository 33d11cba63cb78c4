"""A launcher declared to return an `int` hands the process it started to a helper of
another module (`follow_codex_events(proc=…)`), whose value it returns: the helper waits
for the process and returns its exit status. The loop re-runs codex on any non-zero one."""

import subprocess
import time

from .codex_stream_io import follow_codex_events


def run_codex_task(prompt: str) -> int:
    proc = subprocess.Popen(
        ["codex", "exec", "--full-auto", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    return follow_codex_events(proc=proc, prompt=prompt, log_path="codex.jsonl")


def codex_until_done(prompt: str) -> None:
    for attempt in range(3):  # expect: RA301(error)
        rc = run_codex_task(prompt)
        if rc == 0:
            return
        time.sleep(10 * (attempt + 1))
    raise RuntimeError("codex failed three times")
