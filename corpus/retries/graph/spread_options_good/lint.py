"""Near miss: the spread mapping names a linter, not an agent; a retry around it
re-runs nothing with side effects."""

from .commands import run_tool


def lint_file(path: str, workdir: str) -> str:
    options = dict(binary="ruff", cwd=workdir)
    for attempt in range(3):
        try:
            return run_tool(path, **options)
        except Exception:
            continue
    return ""


def format_file(path: str, workdir: str) -> str:
    # written naming an agent, then changed before it is spread: `ruff` runs
    options = dict(binary="claude", cwd=workdir)
    options["binary"] = "ruff"
    for attempt in range(3):
        try:
            return run_tool(path, **options)
        except Exception:
            continue
    return ""
