#!/usr/bin/env bash
# RA900 near misses: valid shell that tree-sitter-bash 0.25 misreads. runaudit
# mends each place before parsing, so none of it is reported, and the agent
# pipelines around them are still audited (pipefail is on: nothing masked).
set -euo pipefail

LOG=${LOG:-agent.log}
RUN_LABEL="${RUN_LABEL:-(unnamed run)}"
NOTE=${NOTE:-(see $LOG)}
MODE="${MODE:-plan(a|b)}"

# `for NAME do` (no `in`) loops over the script's arguments.
for prompt do
    if [ -n "$prompt" ]; then
        gptme --non-interactive "$prompt" 2>&1 | tee -a "$LOG"
    fi done

# `\<` and `\>` compare strings inside `[ ]`: the newest timestamp wins.
last=$(cat .last-run 2>/dev/null || true)
now=$(date -u +%FT%TZ)
if [ -z "$last" ] || [ "$last" \< "$now" ]; then
    echo "$now" > .last-run
fi
[ "$now" \> "$last" ] && echo "$RUN_LABEL $NOTE $MODE: clock moved on"

# Substrings whose offset is a variable, quoted and not.
session="agent-$(date +%s)"
short=""
for (( i = 0; i < ${#session}; i += 3 )); do
    short+="${session:$i:1}"
done
tail=${session:$((${#session} - 4))}
echo "$short ${tail:$#}"

# Blocks closed together on one line.
if [ -d .git ]; then
    if git diff --quiet; then echo "tree is clean"; fi fi
while read -r file; do
    case "$file" in *.md) echo "changed: $file" ;; esac done < changed.txt
if [ -s changed.txt ]; then
    for file in $(cat changed.txt); do claude -p "Review $file" | tee -a "$LOG"; done fi
