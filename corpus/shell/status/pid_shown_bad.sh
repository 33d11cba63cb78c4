#!/usr/bin/env bash
# RA203: the pid is shown, but the script goes on to the next step, which depends on
# the first run having worked; and a loop that starts a run each time round and never
# waits for one is no launcher either.
set -euo pipefail
codex exec "Write the migration" >migration.log 2>&1 &  # expect: RA203(warning)
echo "Started codex (pid $!)"
claude -p "Review the migration in db/" >review.md
for task in tasks/*.md; do
  claude -p "$(cat "$task")" >"$task.log" 2>&1 &  # expect: RA203(warning)
  echo "started $task as $!"
  sleep 60
done
# A handler that waits for the run and then commits is no clean-up: the script acts on
# the run as it ends, and never reads its status.
opencode run "Update the changelog" >changelog.log 2>&1 &  # expect: RA203(warning)
pid=$!
echo "Started opencode (pid $pid)"
trap 'wait "$pid"; git commit -qam "changelog"' EXIT
