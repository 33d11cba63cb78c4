#!/usr/bin/env bash
# RA101 in shell nested in strings: the STRING of `bash -c STRING` (or
# `sh -c`) is a script of its own, and a pipeline that is its last command
# decides its exit status, which matters when the outer script uses the
# status of the `bash -c` command. `bash -o pipefail -c`, a string that starts
# with `set -o pipefail;` and a `bash -c` whose status nothing reads are near
# misses (the agent's unread status there is RA203's). No errexit in the outer script.

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
PROMPT=${PROMPT:-"Fix the flaky test in tests/test_sync.py"}

bash -c 'gptme --non-interactive "$1" 2>&1 | tee -a "$2"' _ "$PROMPT" "$LOG" || exit 1  # expect: RA101(error)

bash -c 'gptme --non-interactive "$1" 2>&1 | tee -a "$2"' _ "retry: $PROMPT" "$LOG"  # expect: RA203(warning)

bash -o pipefail -c 'gptme --non-interactive "$1" 2>&1 | tee -a "$2"' _ "$PROMPT" "$LOG"  # expect: RA203(warning)

bash -c 'set -o pipefail; curl -fsS "$1/queue" | jq ".items" > queue.json' _ "$API"

if sh -c "curl -fsS '$API/health' | grep -q ok"; then  # not reported: the last stage stops reading early
  echo "queue is healthy"
fi

echo "nested runs finished"
