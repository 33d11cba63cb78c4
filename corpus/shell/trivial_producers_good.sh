#!/usr/bin/env bash
# Near misses for RA101: every non-final stage is a trivial producer that
# cannot meaningfully fail (`echo`, `printf`, `true`, `:`, `yes`, `cat` of a
# here-doc), so the final stage's status is the one that matters and it is
# kept. Errexit is on, pipefail is not.
set -e

BRANCH=${BRANCH:-agent/fix-123}
WORKDIR=${WORKDIR:-$PWD}
PROMPT=${PROMPT:-"Fix the failing unit tests"}
TASK=${TASK:-"Add a --dry-run flag to the sync command"}
ISSUE_JSON=${ISSUE_JSON:-'{"title": "Crash on empty config"}'}

if echo "$BRANCH" | grep -q '^agent/'; then
  echo "running on an agent branch"
fi

printf '%s\n' "$PROMPT" | gptme --non-interactive -

cat <<EOF | gptme --non-interactive -
Read TASKS.md and pick the first unchecked task.
Workspace: $WORKDIR
EOF

cat <<'EOF' | claude -p --output-format text > plan.md
Plan the next refactoring step. Do not edit any files.
EOF

title=$(printf '%s' "$ISSUE_JSON" | jq -r '.title')
yes | ./scripts/reset-workspace.sh
true | gptme --non-interactive "$PROMPT"
: | codex exec "$TASK"

echo "all prompts sent; last issue: $title"
