#!/usr/bin/env bash
# RA302: the loop leaves only when the run succeeded and wrote its last message; a
# failure goes round whatever it wrote. Reading the status makes it a retry of the
# failed run, not a Ralph loop that stops on a marker.
set -euo pipefail

msg="$(mktemp)"
attempt=1
while [[ "$attempt" -le 5 ]]; do  # expect: RA302(warning)
  set +e
  codex exec --full-auto -o "$msg" - < TASK.md > codex.log 2>&1
  rc=$?
  set -e
  if [[ $rc -eq 0 && -s "$msg" ]]; then
    cat "$msg"
    exit 0
  fi
  sleep $((attempt * 2))
  attempt=$((attempt + 1))
done
echo "gave up"

for try in 1 2 3; do  # expect: RA302(warning)
  rc=0
  claude -p "Fix the build" > fix.md 2>&1 || rc=$?
  if [[ $rc -eq 0 && -s fix.md ]]; then
    break
  fi
done
