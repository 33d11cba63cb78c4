"""The agent's path on a Windows machine, kept in another module than its runs."""

import os
from pathlib import Path

CODEX_EXE = Path(os.environ.get("CODEX_EXE", r"C:\Tools\npm\node_modules\@openai\codex\codex.exe"))
