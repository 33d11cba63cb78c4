#!/usr/bin/env bash
# Near miss for RA101: the script ends with a pipeline, but its only
# non-final stage is `printf` (a trivial producer), so the agent's status is
# the script's exit status and nothing is masked.

cd "${AGENT_HOME:-$HOME/agent}" || exit 1

PROMPT=$(cat <<'EOF'
Read NOTES.md, pick the oldest open question and answer it in NOTES.md.
Keep the answer under 200 words.
EOF
)

printf '%s\n' "$PROMPT" | gptme --non-interactive -
