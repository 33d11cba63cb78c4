#!/usr/bin/env bash
# A review function that runs codex, leaves with 2 when codex failed, and after a
# successful run returns 1 when the review asks for another repair round (a verdict on
# what the run did, not a failure of it). A loop that goes round on 1 only runs new work
# (the near miss, first); one that goes round on 2 as well re-runs a failed codex.
set -uo pipefail

review_round() {
  local status=0
  if codex exec --full-auto "Review the last repair and answer pass or repair" > review.txt; then
    status=0
  else
    status=$?
  fi
  if (( status != 0 )); then
    echo "codex review failed with $status" >&2
    return 2
  fi
  if grep -q '^repair' review.txt; then
    return 1
  fi
  return 0
}

for ((round = 1; round <= 5; round++)); do
  review_round
  result=$?
  if (( result == 0 )); then
    echo "review passed"
    break
  fi
  if (( result == 2 )); then
    exit 1
  fi
done

for ((round = 1; round <= 5; round++)); do  # expect: RA302(warning)
  if review_round; then
    break
  fi
  sleep 30
done
