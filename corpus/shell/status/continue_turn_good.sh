#!/usr/bin/env bash
# A near miss: the planning pass's log is examined before its round ends with
# `continue`, as the build run's is further down the loop.
set -uo pipefail

for round in $(seq 1 50); do
  if (( round % 5 == 0 )); then
    if [ -f PLAN.md ]; then
      codex exec "$(cat PLAN.md)" --full-auto 2>&1 | tee "logs/plan-$round.log" || true
      if ! grep -q "PLAN UPDATED" "logs/plan-$round.log"; then
        echo "planning failed" >&2
        exit 1
      fi
      git push origin HEAD || echo "push failed"
    fi
    continue
  fi
  codex exec "$(cat BUILD.md)" --full-auto > "logs/build-$round.log" 2>&1 || true
  if grep -q "BUILD COMPLETE" "logs/build-$round.log"; then
    break
  fi
done
