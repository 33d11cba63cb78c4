#!/usr/bin/env bash
# A driver that runs the project's own agent scripts by their paths: each run is a run of
# the agent the script ends running (or exits with the status of).
set -e
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

with_retries() {
  local n=0
  until "$@"; do  # expect: RA302(warning)
    n=$((n + 1))
    [ "$n" -ge 5 ] && return 1
    sleep 10
  done
}

for i in $(seq 1 10); do
  echo "turn $i"
  "$SCRIPT_DIR/one_turn.sh" 2>&1 | tee -a ralph.log  # expect: RA101(error)
  bash logged_turn.sh | tee -a ralph.log  # expect: RA101(error)
done
until ./one_turn.sh; do sleep 5; done  # expect: RA302(warning)
# a script that runs the agent and exits with a verdict of its own: its failure is the
# agent's work failing, consequential work whose status the pipeline loses
./judged_turn.sh | tee -a ralph.log  # expect: RA101(warning)
with_retries ./logged_turn.sh
