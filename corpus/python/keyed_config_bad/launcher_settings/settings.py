"""Settings read by key from a dict of defaults that a loader copies and updates."""

import json
from pathlib import Path

LAUNCHER_DEFAULTS = {
    "AGENT_CMD": "aider",
    "EDITOR_CMD": "code",
    "PAGER_CMD": "less",
}


def _load_launcher_settings():
    settings = LAUNCHER_DEFAULTS.copy()
    path = Path(".launcher.json")
    if path.is_file():
        settings.update(json.loads(path.read_text()))
    return settings


_settings = _load_launcher_settings()
AGENT_CMD = _settings["AGENT_CMD"]
EDITOR_CMD = _settings["EDITOR_CMD"]
