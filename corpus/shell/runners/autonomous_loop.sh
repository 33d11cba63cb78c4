#!/usr/bin/env bash
# Autonomous agent loop: picks the next unchecked task from TASKS.md, runs
# gptme on it with the transcript tee'd to a per-iteration log, commits, and
# sleeps. Errexit is on but pipefail is not, so the tee'd agent run and the
# helper pipelines are RA101 findings; the trivial `echo | tee` logger and the
# `|| true` line are near misses. The loop runs on a schedule regardless of
# the agent's status (new work, not a retry).
set -eu

WORKSPACE=${WORKSPACE:-$HOME/agent-workspace}
LOG_DIR="$WORKSPACE/logs"
STOP_FILE="$WORKSPACE/STOP"
INTERVAL=${INTERVAL:-900}
MAX_ITERATIONS=${MAX_ITERATIONS:-48}
MODEL=${MODEL:-anthropic/claude-sonnet-4-20250514}
GPTME_ARGS=(--non-interactive --model "$MODEL" --workspace "$WORKSPACE")

mkdir -p "$LOG_DIR"
cd "$WORKSPACE"

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG_DIR/loop.log" >&2; }

next_task() {
  grep -m 1 '^- \[ \]' TASKS.md | sed 's/^- \[ \] //'  # expect: RA102(info)
}

iteration=0
while [[ $iteration -lt $MAX_ITERATIONS ]]; do
  iteration=$(( iteration + 1 ))
  if [[ -e "$STOP_FILE" ]]; then
    log "stop file found, leaving the loop"
    break
  fi

  task=$(next_task)
  if [[ -z "$task" ]]; then
    log "no open tasks; sleeping ${INTERVAL}s"
    sleep "$INTERVAL"
    continue
  fi

  iter_log="$LOG_DIR/iter-$(printf '%03d' "$iteration").log"
  prompt=$(cat <<EOF
You are the autonomous maintainer of this repository.
Task: $task
When you are done, tick the task in TASKS.md and summarise what changed.
EOF
)

  log "iteration $iteration/$MAX_ITERATIONS: $task"
  timeout 2700 gptme "${GPTME_ARGS[@]}" "$prompt" 2>&1 | tee "$iter_log"  # expect: RA101(error)

  case "$(tail -n 1 "$iter_log")" in
    *Traceback*) log "agent crashed, see $iter_log" ;;
    *) log "iteration $iteration finished" ;;
  esac

  if [[ -n "$(git status --porcelain)" ]]; then
    git add -A
    git commit -q -m "agent: $task"
  fi

  changed=$(git diff --shortstat HEAD~1 | grep -o '[0-9]* file' | cut -d' ' -f1)  # expect: RA102(info)
  log "files changed in the last commit: ${changed:-0}"
  git log --oneline -n 3 | sed 's/^/    /' >> "$LOG_DIR/loop.log" || true

  sleep "$INTERVAL"
done

log "loop finished after $iteration iterations"
