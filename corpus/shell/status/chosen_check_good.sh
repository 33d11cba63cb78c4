#!/usr/bin/env bash
# Near misses: the same look at the file, where the mode it tests also decides whether
# the run happens (inside the same `if`, or tested by the function that runs it).
MODE="${1:-draft}"
OUT_DIR="$(mktemp -d)"
if [[ "$MODE" == "publish" ]]; then
  claude -p "Write the release notes to $OUT_DIR/notes.md" --permission-mode acceptEdits || true
  if [[ -f "$OUT_DIR/notes.md" ]]; then
    cp "$OUT_DIR/notes.md" docs/release-notes.md
  else
    echo "no release notes written" >&2
    exit 1
  fi
fi

summarise() {
  [[ "$DRY_RUN" == true ]] && return 0
  claude -p "$1" --permission-mode acceptEdits
}
summarise "Write a summary of the changes to $OUT_DIR/summary.md" || true
if [[ "$DRY_RUN" != true && ! -f "$OUT_DIR/summary.md" ]]; then
  echo "no summary written" >&2
  exit 1
fi
exit 0
