"""Built-in rules: one module per rule, grouped by family; their data files in `data/`."""

from pathlib import Path


def data_text(name: str) -> str:
    """The text of a data file that ships with the rules (`agents.toml`, `steps.toml`, …).

    Read beside this package: `importlib.resources` would cost more to import
    than reading the file, on every start.
    """
    return (Path(__file__).parent / "data" / name).read_text(encoding="utf-8")
