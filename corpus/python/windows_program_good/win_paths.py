"""A Windows path of a program that is not an agent (its name only starts like one)."""

import os
from pathlib import Path

HELPER_EXE = Path(os.environ.get("HELPER_EXE", r"C:\Tools\codex-helper\codex-helper.exe"))
