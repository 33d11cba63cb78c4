#!/usr/bin/env bash
# Values known in part: the program is found among candidate paths whose folder depends on
# the run (`$HOME`), kept in a command string run unquoted, and replaced on one branch by
# another command. Every value the string may hold is followed: the one that runs claude
# pipes it into `tee` without pipefail, under errexit; with pipefail on (its near miss,
# below), the pipeline keeps the status of every value the string may hold.
set -e

CLAUDE_BIN=""
for candidate in "$HOME/.local/bin/claude" /usr/local/bin/claude "$(command -v claude)"; do
  if [ -x "$candidate" ]; then
    CLAUDE_BIN="$candidate"
    break
  fi
done
[ -n "$CLAUDE_BIN" ] || exit 1

CLAUDE_CMD="$CLAUDE_BIN --dangerously-skip-permissions -p"
if [ "${USE_SANDBOX:-false}" = true ]; then
  CLAUDE_CMD="sandbox-exec -f agent.sb claude-sandboxed -p"
fi

for round in 1 2 3; do
  $CLAUDE_CMD "Work on the next item of PRD.md (round $round)" | tee "round-$round.txt"  # expect: RA101(error)
done

set -o pipefail
$CLAUDE_CMD "Summarise what changed in the last three rounds" | tee summary.txt
