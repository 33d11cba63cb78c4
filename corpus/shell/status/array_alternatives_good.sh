#!/usr/bin/env bash
# Near misses of `array_alternatives_bad.sh`: on one path the array wraps the agent in
# `timeout` (found with `command -v`, a fallback after it; or set in a branch of a
# function the script calls), so 124 may come back; and
# pipefail keeps the agent's status whichever command the array spells.
set -eo pipefail
if [ "${USE_CLAUDE:-1}" = 1 ]; then
    RUNNER=(claude -p --output-format text)
else
    RUNNER=(./bin/local-model --prompt)
fi
"${RUNNER[@]}" "$TASK" | tee run.log

TIMEOUT_BIN="$(command -v timeout || command -v gtimeout || true)"
if [ -n "$TIMEOUT_BIN" ]; then
    WRAP=("$TIMEOUT_BIN" 600)
else
    WRAP=()
fi
set +e
"${WRAP[@]}" gemini -p "$TASK" >review.md
rc=$?
if [ "$rc" -eq 124 ]; then
    echo "review timed out" >&2
fi

# The same array set in the branches of a function the script calls.
pick_wrapper() {
    if command -v timeout >/dev/null; then
        WRAP=(timeout 600)
    else
        WRAP=()
    fi
}
pick_wrapper
"${WRAP[@]}" gemini -p "$TASK" >summary.md
rc=$?
if [ "$rc" -eq 124 ]; then
    echo "summary timed out" >&2
fi
exit "$rc"
