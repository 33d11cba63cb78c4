#!/usr/bin/env bash
# Near misses of held_strings_bad.sh: the kept strings turn pipefail on, or report
# the agent's own stage, or end with the pipeline whose status nothing reads there.

WORK_DIR=${1:?work dir}
LOG_DIR=${2:-/tmp/agents}
SESSION="agent-$(date +%s)"

RUN_CMD=""
case "${AGENT:-claude}" in
  codex)
    RUN_CMD="set -o pipefail; cd '$WORK_DIR' && codex exec --full-auto 'Fix the failing tests' 2>&1 | tee '$LOG_DIR/codex.log'; echo 'EXIT='\$?"
    ;;
  *)
    RUN_CMD="cd '$WORK_DIR' && claude -p 'Fix the failing tests' 2>&1 | tee '$LOG_DIR/claude.log'; echo 'EXIT='\${PIPESTATUS[0]}"
    ;;
esac

tmux new-session -d -s "$SESSION" "$RUN_CMD"
tmux capture-pane -p -t "$SESSION" > "$LOG_DIR/pane.txt"

SHOW="git -C '$WORK_DIR' log --oneline | head -5"
bash -c "$SHOW"
