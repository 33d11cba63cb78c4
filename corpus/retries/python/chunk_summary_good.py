"""Near miss for RA301: a chunked session whose summary step fails inside the chunk loop.
The `except` falls through to the rest of the iteration, where the same completion test
ends the loop after a failed summary as after a good one: each round summarises a new
chunk, so no failed summary is run again."""
import logging
import subprocess
from pathlib import Path


def summarise(messages: list[str]) -> str:
    done = subprocess.run(
        ["claude", "-p", "Summarise these messages", "--allowedTools", "Write"],
        input="\n".join(messages),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def run_chunks(prompt: str, workdir: Path, chunks: int = 5) -> list[str]:
    summaries: list[str] = []
    for chunk in range(chunks):
        done = subprocess.run(
            ["claude", "-p", prompt if chunk == 0 else "Continue", "--continue"],
            cwd=workdir,
            capture_output=True,
            text=True,
            check=True,
        )
        try:
            summaries.append(summarise(done.stdout.splitlines()))
        except Exception as error:
            logging.warning("summary of chunk %d failed: %s", chunk, error)
        if (workdir / "DONE").exists():
            break
    return summaries
