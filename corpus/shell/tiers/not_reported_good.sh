#!/bin/bash
# Near misses of RA101 and RA102: nothing here is reported, even with RA102
# selected.
set -e

# A --version or --help probe is not an agent run, for any rule.
version=$(gptme --version | head -n 1)
claude --help | grep -q -- '--print'
echo "using $(claude --version)"
claude --version || true

# The last stage stops reading on purpose: pipefail would add SIGPIPE
# failures, so neither rule reports a pipeline without an agent.
latest=$(ls -t logs/ | head -1)
curl -fsS "$HEALTH_URL" | grep -q '"status": *"ok"'
first=$(git log --format=%H | grep -m1 "$PATTERN")
top=$(sort -rn counts.txt | sed q)
curl -s "$FEED" | sed -n '1p;q' > first-line.txt
if git status --porcelain | grep -qE '^ M'; then echo dirty; fi
if tmux list-panes -a -F '#{pane_current_command}' | grep -q claude; then echo running; fi

# RA102 skips a filter whose stderr is thrown away: its failure is ignored
# on purpose.
n=$(find "$DIR" -name '*.log' 2>/dev/null | wc -l)
sessions=$(tmux list-sessions -F '#S' 2>/dev/null | sort)

# Trivial producers cannot meaningfully fail.
echo "$PROMPT" | gptme --non-interactive -
printf '%s\n' "$TASK" | claude -p

# PIPESTATUS read as a whole, or pipefail on.
gptme "$PROMPT" | tee -a agent.log
status=("${PIPESTATUS[@]}")
(set -o pipefail; curl -fsS "$URL" | sh)

echo "$version $latest $first $top $n $sessions ${status[*]}"
