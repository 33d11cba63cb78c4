#!/usr/bin/env bash
# RA900 near misses: more valid bash tree-sitter-bash 0.25 misreads, mended
# before parsing with every position kept: coprocesses, base-prefixed
# arithmetic, an assignment with a redirect and no command (also before `||`), a command word
# that starts with `[` (a glob, not a test), and a substring counted from the end
# by a variable (`${log: -$keep}`), and escaped quotes in a pattern (`"${2//\"/}"`) or
# in the message of `${1:?…}`.
set -euo pipefail

coproc WATCH { tail -f agent.log; }
coproc { sleep 1; }
wait "$COPROC_PID"

version="${1:-1.08}"
minor="${version#*.}"
if ((10#$minor < 10#${MIN_MINOR:-7})); then echo "old version: $((10#$minor))"; fi

if resolved="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" 2>/dev/null; then
    echo "$resolved"
fi

cost=$(python3 -c "
import re
m = re.search(r'Cost: \\$([\\d.]+) session', open('agent.log').read())
print(m.group(1) if m else 0)
")
claude -p "The last run cost $cost" | tee -a agent.log
kill "$WATCH_PID"
keep=2000
log=$(cat agent.log)
printf '%s\n' "${log: -$keep}" "${log: -$keep:100}"
task="${1:?usage: run.sh \"/slash-command [args]\"}"
title="${2//\"/}"
printf '%s: %s\n' "$title" "$task"
{
    IFS= read -r query
    IFS= read -r choice
} <<< "$(printf '%s\n' "$task" "$title")"
printf '%s %s\n' "$query" "$choice"

# A file opened for reading and writing (`<>`): a port probe in a wait loop.
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${PORT:-8080}") 2>/dev/null; then exec 3>&- 3<&-; break; fi
  sleep 0.1
done

# Escaped quotes and an escaped `$(` in default words, in double quotes and out.
agent_cmd() {
    echo "${AGENT_CLAUDE_CMD:-claude -p --dangerously-skip-permissions \"\$(cat {prompt})\"}"
}
PROVIDERS="${RALPH_PROVIDERS:-[\"claude\",\"gemini\",\"codex\"]}"
SUMMARY="${actuals_summary:-{\"total\": 0}}"
branch=$(git rev-parse --abbrev-ref HEAD) 2>/dev/null || branch=main
echo "on $branch"
