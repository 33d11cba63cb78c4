#!/usr/bin/env bash
# A launcher: it starts the agent in the background, shows whoever ran it the pid and
# the log, and ends. The status is theirs to collect (`wait` cannot reach it from
# here, and nothing here depends on it): nothing to report.
set -euo pipefail
prompt=$(mktemp)
log="$HOME/.agent-logs/run-$(date +%s).log"
mkdir -p "$(dirname "$log")"
printf '%s\n' "$*" >"$prompt"
codex exec "$(cat "$prompt")" >"$log" 2>&1 &
pid=$!
echo "$pid" >"$log.pid"  # for `kill`: the person who ran this watches the job
echo "Started codex (pid $pid)"
echo "Follow it: tail -f $log"
echo "Stop it:   kill $pid"
trap 'rm -f "$prompt"' EXIT  # its clean-up, as it ends
