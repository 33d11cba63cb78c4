#!/usr/bin/env bash
# RA203: the only look at what the run must write is made for one mode of the script
# (`[[ "$MODE" == "publish" && -d … ]]`, then `jq` of the file in that branch): in every
# other mode a failed run goes unseen.
MODE="${1:-draft}"
OUT_DIR="$(mktemp -d)"
PROMPT="Write the release notes as JSON to $OUT_DIR/notes.json"
claude -p "$PROMPT" --permission-mode acceptEdits || true  # expect: RA203(warning)
if [[ "$MODE" == "publish" && -d "$OUT_DIR" ]]; then
  TITLE=$(jq -r '.title' "$OUT_DIR/notes.json")
  mv "$OUT_DIR" "releases/$TITLE"
fi
exit 0
