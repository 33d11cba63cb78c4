#!/bin/bash
# A counted loop whose number only picks the pause between attempts (`${DELAYS[$i]}`)
# re-runs the same task after each failure: RA302.
DELAYS=(5 30 120)
for i in 0 1 2; do  # expect: RA302(warning)
  if claude -p "Fix the failing build"; then
    break
  fi
  sleep "${DELAYS[$i]}"
done
