#!/usr/bin/env bash
# A here-document inside an assigned command substitution whose command goes on after
# its word on the line (`|| echo …`, `2>/dev/null ||`): valid bash the grammar misreads,
# mended before parsing (no RA900). The fallback text is the value when the run fails.
set -euo pipefail

describe_task() {
  local index_file="$1" task="$2"
  local name
  name="$(python3 - "$index_file" "$task" <<'PYEOF' 2>/dev/null || echo "task ${task}"
import json, sys
print(json.load(open(sys.argv[1]))["tasks"][sys.argv[2]]["name"])
PYEOF
)"
  echo "$name"
}

summary=$(claude -p - <<'PROMPT' || echo "no summary"
Summarise the build log in one line.
PROMPT
)
printf '%s\n' "$summary" >> summaries.txt

# the same with the command's words continued over lines before its here-document
skills="$(python3 - \
    skills/ "review" \
    docs/PLAN.md <<'PYEOF' 2>/dev/null || true
import sys
print(", ".join(sys.argv[1:]))
PYEOF
)"
echo "$skills"
describe_task index.json 3
