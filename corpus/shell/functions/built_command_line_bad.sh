#!/bin/bash
# RA101: the command line a function prints (`echo "claude … -p $(printf %q …)"`, its
# prompt known only at run time) is run unquoted through a pipe to `tee` without
# pipefail, so the script reads `tee`'s status, not the agent's.
build_agent_cmd() {
    case "$1" in
        codex) echo "codex exec --full-auto $(printf '%q' "$2")" ;;
        *) echo "claude --dangerously-skip-permissions -p $(printf '%q' "$2")" ;;
    esac
}

agent_cmd=$(build_agent_cmd "$AGENT" "$TASK")
$agent_cmd 2>&1 | tee -a agent.log  # expect: RA101(error)
echo "agent exited with $?"

review_cmd() {
    echo "claude --print $(printf '%q' "$1")"
}

review=$(review_cmd "$DIFF")
$review | tee -a review.log  # expect: RA101(error)
echo "review exited with $?"
