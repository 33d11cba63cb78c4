#!/usr/bin/env bash
# Near misses of counter_errexit_good.sh that do go round again after a failure: a
# pre-increment (`((++n))` is 1 on the first turn) and a counter that starts at 1.
set -euo pipefail
MAX_RETRIES=2

ask() {
  local attempt=0
  while [[ $attempt -le $MAX_RETRIES ]]; do  # expect: RA302(warning)
    if out=$(claude -p --output-format text < prompt.md 2>/dev/null); then
      echo "$out"
      return 0
    fi
    ((++attempt))
  done
  return 1
}

review() {
  local tries=1
  while [[ $tries -le $MAX_RETRIES ]]; do  # expect: RA302(warning)
    if codex exec "Review the diff" > review.md; then
      return 0
    fi
    ((tries++))
  done
  return 1
}

ask
review

# errexit is off where the counter goes up, the counter is 0 only on one way in, or
# only a function that is never called sets it to 0: the loop goes round again.
attempt=0
while [[ $attempt -le 3 ]]; do  # expect: RA302(warning)
  if claude -p "Fix the lint errors" < prompt.md; then break; fi
  set +e
  ((attempt++))
  set -e
done

if [[ -f .attempt ]]; then tries=$(cat .attempt); else tries=0; fi
while [[ $tries -le 3 ]]; do  # expect: RA302(warning)
  if claude -p "Fix the lint errors" < prompt.md; then break; fi
  ((tries++))
done

rounds=1
reset_rounds() { rounds=0; }
while [[ $rounds -le 3 ]]; do  # expect: RA302(warning)
  if claude -p "Fix the lint errors" < prompt.md; then break; fi
  ((rounds++))
done
