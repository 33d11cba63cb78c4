"""Score runaudit's default findings on a held-out half against its hand labels.

Usage: python score.py SET HALF [--show] [--runaudit EXE]

A finding matches a label when it is in the label's file, its rule is one of the
label's rules, and its line or one of its related locations' lines is within
`SLACK` lines of the label's line. A defect label is found when a finding matches
it; a finding is right when it matches a defect label no other finding matched
first. Recall: defects found over defects; precision: right findings over
findings (RA900/RA901 included: valid code that is not audited is a defect too).
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
from pathlib import Path

ROOT = Path("/work/heldout")
SLACK = 3


def labels(half: Path) -> list[dict[str, str]]:
    with (half / "labels.tsv").open(newline="") as handle:
        rows = csv.DictReader((line for line in handle if line.strip()), delimiter="\t")
        return [row for row in rows if row.get("file") and not row["file"].startswith("#")]


def findings(half: Path, runaudit: str) -> list[dict]:
    argv = [runaudit, "check", "--isolated", "--no-cache", "--output-format", "json", "."]
    argv[0] = str(Path(argv[0]).resolve()) if "/" in argv[0] else argv[0]
    done = subprocess.run(argv, cwd=half, capture_output=True, text=True, check=False)
    return json.loads(done.stdout)["findings"]


def near(finding: dict, label: dict[str, str], half: Path) -> bool:
    rules = label["rule"].split("|")
    if finding["code"] not in rules:
        return False
    line = int(label["line"])
    places = [(finding["path"], finding["start"]["line"])]
    places += [(r["path"], r["start"]["line"]) for r in finding.get("related") or ()]
    target = (half / label["file"]).resolve()
    return any((half / path).resolve() == target and abs(at - line) <= SLACK for path, at in places)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("set")
    parser.add_argument("half")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--runaudit", default="runaudit")
    options = parser.parse_args()
    half = ROOT / options.set / options.half
    marked = labels(half)
    found = findings(half, options.runaudit)
    defects = [label for label in marked if label["kind"] == "defect"]
    hit: set[int] = set()
    right = 0
    wrong: list[tuple[dict, str]] = []
    for finding in found:
        match = next(
            (i for i, d in enumerate(defects) if i not in hit and near(finding, d, half)), None
        )
        if match is not None:
            hit.add(match)
            right += 1
            continue
        again = any(near(finding, d, half) for d in defects)
        nearby = any(near(finding, n, half) for n in marked if n["kind"] == "near")
        why = (
            "second finding of a found defect" if again else "near miss" if nearby else "unlabelled"
        )
        wrong.append((finding, why))
    missed = [d for i, d in enumerate(defects) if i not in hit]
    print(
        f"{options.set} {options.half}: recall {len(hit)}/{len(defects)}, "
        f"precision {right}/{len(found)}"
    )
    if options.show:
        for d in missed:
            print(f"  MISS {d['file']}:{d['line']} {d['rule']}: {d['why']}")
        for finding, why in wrong:
            path = Path(finding["path"])
            print(
                f"  FP ({why}) {path}:{finding['start']['line']} {finding['code']}: "
                f"{finding['message']}"
            )


if __name__ == "__main__":
    main()
