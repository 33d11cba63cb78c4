#!/usr/bin/env bash
# RA203 near the end of a script: an `if` that is not the last command hands
# its status to nobody, an agent followed by another command in its branch is
# not the branch's last, and a loop's status is only its last iteration's.

MODE=${1:-work}
TASKS=(lint docs tests)

if [ "$MODE" = "nightly" ]; then
  gptme --non-interactive "Tidy the changelog"  # expect: RA203(warning)
fi
echo "changelog step done"

for task in "${TASKS[@]}"; do
  gptme --non-interactive "Fix the $task findings"  # expect: RA203(warning)
done

case "$MODE" in
  work)
    gptme --non-interactive "Work through TASKS.md"  # expect: RA203(warning)
    echo "work finished"
    ;;
  *)
    claude -p "Summarise the day"
    ;;
esac
