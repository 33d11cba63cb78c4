# A worker library: a retry helper that reports the run in codes of its own (0, or 1
# once its retries are spent) runs the agent for its callers, in a subshell here.
guarded_llm() {
  claude -p "$1" --max-turns 20
}

guarded_retry() {
  local attempt=0
  while [[ $attempt -le 2 ]]; do
    "$@"
    local exit_code=$?  # expect: RA204(error)
    if [[ $exit_code -eq 0 ]]; then
      return 0
    fi
    attempt=$((attempt + 1))
    sleep 10
  done
  return 1
}

guarded_work() {
  local rc=0
  (
    cd /srv/worktree || exit 1
    guarded_retry guarded_llm "implement $1"
  ) > result.json 2>> worker.log
  rc=$?  # expect: RA204(error)
  if [[ $rc -ne 0 ]]; then
    echo "task $1 failed ($rc)" >&2
  fi
}

guarded_phase() {
  guarded_work "$1" &
  wait
}
