#!/usr/bin/env bash
# Node.js runs the agent's own script (`node --require proxy.js "$(which gemini)"`): the
# program is the script, so without pipefail the pipeline returns the display loop's
# status and the timeout check below never sees gemini's.
set -e
timeout 1800 node --require "$PROXY" "$(which gemini)" --prompt "$PROMPT" 2>&1 | while IFS= read -r line; do  # expect: RA101(error)
    echo "[gemini] $line"
done
rc=$?
if [ "$rc" -eq 124 ]; then
    echo "gemini timed out" >&2
fi
exit "$rc"
