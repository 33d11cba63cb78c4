#!/usr/bin/env bash
# RA101 in shell nested in strings: the STRING of `bash -c STRING` (or
# `sh -c`) is a script of its own, and a pipeline that is its last command
# decides its exit status. `bash -o pipefail -c` and a string that starts
# with `set -o pipefail;` are near misses. No errexit in the outer script.

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
PROMPT=${PROMPT:-"Fix the flaky test in tests/test_sync.py"}

bash -c 'gptme --non-interactive "$1" 2>&1 | tee -a "$2"' _ "$PROMPT" "$LOG"  # expect: RA101(error)

bash -o pipefail -c 'gptme --non-interactive "$1" 2>&1 | tee -a "$2"' _ "$PROMPT" "$LOG"

bash -c 'set -o pipefail; curl -fsS "$1/queue" | jq ".items" > queue.json' _ "$API"

sh -c "curl -fsS '$API/health' | grep -q ok"  # expect: RA101(warning)

echo "nested runs finished"
