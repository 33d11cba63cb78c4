# The near miss: a worker library whose statuses are kept with `|| rc=$?`. A retry helper that reports the run in codes of its own (0, or 1
# once its retries are spent) runs the agent for its callers, in a subshell here.
kept_llm() {
  claude -p "$1" --max-turns 20
}

kept_retry() {
  local attempt=0
  while [[ $attempt -le 2 ]]; do  # expect: RA302(warning)
    local exit_code=0
    "$@" || exit_code=$?
    if [[ $exit_code -eq 0 ]]; then
      return 0
    fi
    attempt=$((attempt + 1))
    sleep 10
  done
  return 1
}

kept_work() {
  local rc=0
  (
    cd /srv/worktree || exit 1
    kept_retry kept_llm "implement $1"
  ) > result.json 2>> worker.log || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "task $1 failed ($rc)" >&2
  fi
}

kept_phase() {
  kept_work "$1" &
  wait
}
