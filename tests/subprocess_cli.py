"""Run `runaudit` as a user does: in its own process, under a wall-clock (and memory) bound."""

from __future__ import annotations

import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

_MAIN = "from auditor.cli import main; main()"
MIB = 1024 * 1024


def runaudit(
    args: Sequence[str],
    cwd: Path,
    *,
    timeout: float = 60,
    memory_mib: int | None = None,
    stdin: bytes | None = None,
) -> subprocess.CompletedProcess[str]:
    """`runaudit ARGS` run in `cwd`; raises `TimeoutExpired` past `timeout` seconds and
    runs with an address-space limit of `memory_mib` MiB (as `ulimit -v`), if given."""

    def limit() -> None:
        if memory_mib is not None:
            size = memory_mib * MIB
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return subprocess.run(
        [sys.executable, "-c", _MAIN, *args],
        cwd=cwd,
        input=stdin.decode("utf-8", "surrogateescape") if stdin is not None else None,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        check=False,
    )
