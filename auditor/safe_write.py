"""Rewriting a file the user owns without replacing anything else: one write for `--fix`
and `--write-baseline` alike."""

from __future__ import annotations

import contextlib
import os
import stat
from glob import escape as glob_escape
from pathlib import Path

from auditor.numbers import bounded_int


class NotRewritten(OSError):
    """A file runaudit will not rewrite: read-only, or one of several hard links."""


def write_atomic(path: Path, data: bytes, *, create: bool = False) -> None:
    """Replace the file at `path` (a link's target) with `data`, keeping its mode and owner;
    with `create`, a file not there yet is written new (its mode 0666 less the umask, as
    other tools write).

    The new text goes to a temporary beside it, renamed over it once complete. The
    temporary's name holds this process's id, so one left by a killed run is recognised
    and removed by the next write there. A read-only file, or one with other hard links
    (which a rename would silently split off), is refused.
    """
    target = Path(os.path.realpath(path))
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        if not create:
            raise
        status = None
    if status is not None:
        # No write bit is read-only even for root, whom `access` lets write anything.
        if not os.access(target, os.W_OK) or not status.st_mode & 0o222:
            raise NotRewritten("it is read-only")
        if status.st_nlink > 1:
            raise NotRewritten(f"it has {status.st_nlink} hard links, which a rewrite would split")
    _remove_stale_temporaries(target)
    temporary = target.with_name(f".{target.name}.runaudit-{os.getpid()}~")
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _new_mode() if status is None else stat.S_IMODE(status.st_mode))
        if status is not None:
            with contextlib.suppress(OSError):  # only the owner or root may keep the owner
                os.chown(temporary, status.st_uid, status.st_gid)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _new_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporaries that killed runs left beside `target` (their process is gone)."""
    for leftover in target.parent.glob(f".{glob_escape(target.name)}.runaudit-*~"):
        # a name of other digits, or of more than a number holds, is not one runaudit wrote
        pid = bounded_int(leftover.name.rsplit("runaudit-", 1)[1][:-1])
        if pid is not None and not _running(pid):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # none, or past what a process id holds
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True
