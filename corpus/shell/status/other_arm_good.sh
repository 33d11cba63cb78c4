#!/bin/bash
# Near miss of other_arm_bad.sh: in a loop, the next round may take the other arm after
# the run, and that arm examines the file the run was told to write.
for round in 1 2 3; do
  case "$round" in
    1)
      claude -p "Write the review to review.md" > /dev/null
      ;;
    *)
      if grep -q "APPROVED" review.md; then
        break
      fi
      ;;
  esac
done
