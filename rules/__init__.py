"""Built-in rules: one module per rule, grouped by family; their data files in `data/`."""

import functools
import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


@functools.cache
def builtin_data(name: str) -> dict[str, Any]:
    """A data file that ships with the rules (`agents`, `steps`, `sdk`), parsed.

    `data/NAME.toml` is the source, commented for people to read and extend;
    `data/NAME.json`, written from it by `python -m rules`, is what a run reads:
    `json` imports in a third of `tomllib`'s time, and this is paid on every
    start. A test keeps each pair the same. Read beside this package, not through
    `importlib.resources`, which costs more to import than the read. Callers must
    not change what it returns (it is read once per process).
    """
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data
