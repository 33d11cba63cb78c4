#!/usr/bin/env bash
# An array set in each arm of an `if` holds either arm's elements after it: the agent
# may be the command it spells on one path only.
set -e
if [ "${USE_CLAUDE:-1}" = 1 ]; then
    RUNNER=(claude -p --output-format text)
else
    RUNNER=(./bin/local-model --prompt)
fi
"${RUNNER[@]}" "$TASK" | tee run.log  # expect: RA101(error)

# Neither path wraps gemini in `timeout`: 124 never comes back.
if [ -n "${NICE:-}" ]; then
    WRAP=(nice -n 10)
else
    WRAP=()
fi
set +e
"${WRAP[@]}" gemini -p "$TASK" >review.md
rc=$?
if [ "$rc" -eq 124 ]; then  # expect: RA202(warning)
    echo "review timed out" >&2
fi
exit "$rc"
