"""A transient progress bar on stderr for long runs on a terminal."""

from __future__ import annotations

from typing import Any


class ProgressBar:
    """A per-file callback; the bar is shown only when a run has `threshold` files or more."""

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *_: object) -> None:
        if self._progress is not None:
            self._progress.stop()

    def __call__(self, done: int, total: int) -> None:
        """Record that `done` of `total` files are audited."""
        if total < self.threshold:
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn

            self._progress = Progress(
                TextColumn("auditing"),
                BarColumn(),
                TextColumn("{task.completed}/{task.total} files"),
                console=Console(stderr=True),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("audit", total=total)
        self._progress.update(self._task, completed=done)
