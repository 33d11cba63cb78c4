#!/usr/bin/env bash
# Near miss: the background job ends with codex itself, so `wait` returns its status and
# the timeout test reads it; the `|| true` only keeps a cleanup step from failing.
out=$(mktemp)
(rm -f last-review.md || true; timeout 1200 codex exec --full-auto "$PROMPT" 2>&1) > "$out" &
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
