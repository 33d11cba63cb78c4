#!/usr/bin/env bash
# RA203: every fifth round is a planning pass whose output goes to a log nothing reads:
# the round ends with `continue`, and the check further down the loop judges the build
# run of a later round, not the plan.
set -uo pipefail

for round in $(seq 1 50); do
  if (( round % 5 == 0 )); then
    if [ -f PLAN.md ]; then
      codex exec "$(cat PLAN.md)" --full-auto 2>&1 | tee "logs/plan-$round.log" || true  # expect: RA203(warning)
      git push origin HEAD || echo "push failed"
    fi
    continue
  fi
  codex exec "$(cat BUILD.md)" --full-auto > "logs/build-$round.log" 2>&1 || true
  if grep -q "BUILD COMPLETE" "logs/build-$round.log"; then
    break
  fi
done
