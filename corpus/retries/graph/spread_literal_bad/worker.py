"""RA301: the keywords are a mapping literal spread into the call (`**{"program":
"codex", …}`), so `run_session` runs `codex` here, and the retry loop re-runs it after
any failure."""

from .sessions import run_session


def fix_in_place(task: str, workdir: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return run_session(task, **{"program": "codex", "workdir": workdir})
        except Exception:
            continue
    return ""
