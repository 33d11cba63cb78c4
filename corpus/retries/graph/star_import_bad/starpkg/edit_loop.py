"""A name bound by a star import is the star-imported module's: the loop re-runs the
`claude` launch that `run_claude_edit` makes."""

import time

from .launch_helpers import *  # noqa: F403


def apply_edits(prompt, workdir):
    for attempt in range(4):  # expect: RA301
        try:
            run_claude_edit(prompt, workdir)  # noqa: F405
            return True
        except Exception:
            time.sleep(5)
    return False
