#!/usr/bin/env bash
# RA101 in a command string kept in a variable and run by tmux or `bash -c`: each
# value the variable is given (one per arm of a `case`) is read where it is written,
# with the parts only the run knows (`$WORK_DIR`) left opaque, and its pipeline's
# status is what the `echo` after it reports.

WORK_DIR=${1:?work dir}
LOG_DIR=${2:-/tmp/agents}
SESSION="agent-$(date +%s)"

RUN_CMD=""
case "${AGENT:-claude}" in
  codex)
    RUN_CMD="cd '$WORK_DIR' && codex exec --full-auto 'Fix the failing tests' 2>&1 | tee '$LOG_DIR/codex.log'; echo 'EXIT='\$?"  # expect: RA101(error)
    ;;
  *)
    RUN_CMD="cd '$WORK_DIR' && claude -p 'Fix the failing tests' 2>&1 | tee '$LOG_DIR/claude.log'; echo 'EXIT='\$?"  # expect: RA101(error)
    ;;
esac

tmux new-session -d -s "$SESSION" "$RUN_CMD"

REVIEW="cd '$WORK_DIR' && claude -p 'Review the diff' | tee '$LOG_DIR/review.log'; echo \"review exit \$?\" >> '$LOG_DIR/status'"  # expect: RA101(error)
bash -c "$REVIEW"
