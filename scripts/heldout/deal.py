"""Deal a held-out set's candidate repositories into halves A and B."""

import random
import sys
from pathlib import Path

SEED = 137138


def main() -> None:
    name = sys.argv[1]
    root = Path("/work/heldout") / name
    repos = [
        line.strip()
        for line in (root / f"cand_{name}.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    order = sorted(dict.fromkeys(repos))
    random.Random(f"{SEED}:{name}").shuffle(order)
    lines = [f"{'AB'[i % 2]} {repo}" for i, repo in enumerate(order)]
    out = root / f"halves_{name}.txt"
    if out.exists():
        sys.exit(f"{out} exists: do not re-deal")
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
