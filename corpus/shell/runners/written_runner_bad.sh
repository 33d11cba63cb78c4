#!/usr/bin/env bash
# RA302: the agent runs from a script this runner writes first (`printf … >
# "$runner"`, `cat > file <<EOF`) and then runs (`setsid "$runner" &`, `bash
# file`): the written text's last command is the agent, so the run of the file
# is the agent's run, and a loop that runs it until it succeeds respawns it.
# The function maps a killed run's 143/137 to 124 (`[[ … ]] && ec=124`) and
# still returns the run's status on every other path.
set -uo pipefail

run_task() {
  local runner
  runner=$(mktemp /tmp/task-runner-XXXXXX)
  printf '#!/usr/bin/env bash\ncd "%s" || exit 1\nexec claude -p --model "%s"\n' "$1" "$2" > "$runner"
  chmod +x "$runner"
  setsid "$runner" < prompt.md >> task.log 2>&1 &
  local pid=$!
  wait "$pid"
  local ec=$?
  rm -f "$runner"
  [[ $ec -eq 143 || $ec -eq 137 ]] && ec=124
  return $ec
}

for attempt in $(seq 1 3); do  # expect: RA302(warning)
  exit_code=0
  run_task "$PWD" opus || exit_code=$?
  if [[ $exit_code -eq 0 ]]; then
    break
  fi
  echo "attempt $attempt failed with $exit_code" >&2
done

cat > review.sh <<'SCRIPT'
#!/bin/sh
cd "$REPO" || exit 1
codex exec --full-auto "Review the open pull request"
SCRIPT
until bash review.sh; do  # expect: RA302(warning)
  sleep 60
done
