"""Near miss: a Python module named like a Dockerfile variant (`dockerfile_writer.py`)
is Python, not a Dockerfile: the `RUN` line it writes is a string, never a build step."""

from pathlib import Path

TEMPLATE = "FROM python:3.12-slim\nRUN gptme --non-interactive 'write NOTES.md' | tee log\n"


def write(folder: Path) -> None:
    (folder / "Dockerfile").write_text(TEMPLATE)
