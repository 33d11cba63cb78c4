"""Write the JSON twin of each TOML data file: `python -m rules` (see `builtin_data`)."""

import json

import tomllib

from rules import DATA


def main() -> None:
    """Rewrite `data/*.json` from `data/*.toml`."""
    for source in sorted(DATA.glob("*.toml")):
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        source.with_suffix(".json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
