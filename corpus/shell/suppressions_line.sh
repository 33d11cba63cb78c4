#!/usr/bin/env bash
# Line suppressions of RA101: on the finding's line, on the line directly
# above, on the line above a pipeline split over lines, with several codes;
# and unused ones, each reported as RA001 on the comment's line: too far
# above, naming the wrong code, on a line with nothing to suppress, or a code
# of a multi-code comment that silenced nothing.
set -e

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
TASK=${TASK:-"Bump the minimum Python version to 3.10"}
PROMPT=${PROMPT:-"Fix the typo in README.md"}

gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"  # runaudit: ignore[RA101] the log marker is checked below

# runaudit: ignore[RA101]
curl -fsS "$API/queue" | jq -r '.[0]' > next.txt

# Several codes: RA101 is used, RA203 suppresses nothing here and is reported.
# runaudit: ignore[RA101,RA203]  # expect: RA001(info)
claude -p "$TASK" | tee -a "$LOG"

# runaudit: ignore[RA102]
git log --oneline -n 5 |
  tee -a "$LOG"

# A suppression two lines above the pipeline does not apply.
# runaudit: ignore[RA101]  # expect: RA001(info)

codex exec "$TASK" | tee -a "$LOG"  # expect: RA101(error)

aider --yes-always --message "$TASK" | tee -a "$LOG"  # runaudit: ignore[RA203]  # expect: RA101(error), RA001(info)

echo "nothing to suppress here"  # runaudit: ignore[RA101]  # expect: RA001(info)

# runaudit: ignore[RA101]  # expect: RA001(info)
echo "nor here"

grep -q 'AGENT-DONE' "$LOG"
echo "agent finished"
