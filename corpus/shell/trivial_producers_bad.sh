#!/usr/bin/env bash
# RA101 where the first stage looks like a producer but is not trivial, or a
# trivial producer feeds an agent that is itself masked: `cat` of a file can
# fail, `sed` can fail, and `cat <<EOF | gptme | tee` masks gptme.
set -e

LOG=${LOG:-agent.log}
PROMPT=${PROMPT:-"Rename the config module to settings"}
TASK=${TASK:-"Write the migration guide"}

cat PROMPT.md | gptme --non-interactive -  # expect: RA102(info)

cat <<EOF | gptme --non-interactive - | tee -a "$LOG"  # expect: RA101(error)
Read TASKS.md and do the first unchecked task.
EOF

echo "$PROMPT" | sed 's/\r$//' | gptme --non-interactive -  # expect: RA102(info)

printf '%s\n' "$TASK" | codex exec - | tee -a "$LOG"  # expect: RA101(error)

echo "done"
