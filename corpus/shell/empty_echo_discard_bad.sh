#!/usr/bin/env bash
# RA203: `|| echo ""` (or a bare `|| echo`) does no more than `|| true`: the agent's
# failure is thrown away and the loop goes on as if the run had worked.
PROMPT_FILE=${PROMPT_FILE:-PROMPT.md}

while true; do
  claude -p "$(cat "$PROMPT_FILE")" --dangerously-skip-permissions || echo ""  # expect: RA203(warning)
  git add -A && git commit -qm "ralph: iteration" || true
  sleep 10
done

codex exec --full-auto "tidy the changelog" || echo  # expect: RA203(warning)
