#!/usr/bin/env bash
# RA203: the background job ends with `codex … || true`, so its status is always 0; the
# `wait` returns that 0, and the timeout test on it never fires (at the run, where the
# `|| true` to remove is).
out=$(mktemp)
(timeout 1200 codex exec --full-auto "$PROMPT" 2>&1 || true) > "$out" &  # expect: RA203(warning)
pid=$!
wait "$pid" 2>/dev/null
rc=$?
if [ "$rc" -eq 124 ]; then
  echo "codex timed out" >&2
  exit 1
fi
review=$(sed -n '/^codex$/,/^tokens used$/p' "$out")
[ -n "$review" ] || exit 1
printf '%s\n' "$review"
