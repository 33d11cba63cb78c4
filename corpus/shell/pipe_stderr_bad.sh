#!/usr/bin/env bash
# RA101 for `|&` pipelines (stdout and stderr piped): they mask a stage's
# status exactly like `|`. Under errexit, and then as an `if` condition.
set -e

LOG=${LOG:-agent.log}
PROMPT=${PROMPT:-"Bump the version and update CHANGELOG.md"}

gptme --non-interactive "$PROMPT" |& tee -a "$LOG"  # expect: RA101(error)
make test |& tail -n 30 > test-tail.txt  # expect: RA101(warning)

set +e
if claude -p "Explain the failing test in test-tail.txt" |& grep -q 'Traceback'; then  # expect: RA101(error)
  echo "claude itself crashed"
fi
echo "done"
