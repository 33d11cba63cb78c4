#!/usr/bin/env bash
# RA203 in and around loops: a schedule makes an unread status new work, but
# not a status thrown away on purpose, and not a loop that is no schedule.

PLAN=${PLAN:-PLAN.md}
TURNS=${TURNS:-turns.jsonl}

# A schedule, but `|| true` throws the status away, and every turn is then
# recorded as completed, failures and timeouts included.
for turn in $(seq 1 30); do
  timeout 1200 opencode run "Continue $PLAN" 2>&1 | tee -a opencode.log || true  # expect: RA203(warning)
  printf '{"turn":%d,"status":"completed"}\n' "$turn" >> "$TURNS"
  grep -q '<done/>' opencode.log && break
  sleep 5
done

# The same in a substitution: `|| true` keeps errexit quiet and the status away.
for turn in {1..10}; do
  reply=$(claude -p "Continue $PLAN" 2>&1 | tee /dev/stderr) || true  # expect: RA203(warning)
  case "$reply" in
    *'<done/>'*) break ;;
  esac
done

# Not schedules: one task per iteration (each task's failure is its own) ...
for task in lint docs tests; do
  gptme --non-interactive "Fix the $task job" | tee -a "tasks.log"  # expect: RA203(warning)
  echo "$task done"
done

# ... tasks read from a file ...
while read -r issue; do
  codex exec "Fix issue $issue" > "issue-$issue.log" 2>&1  # expect: RA203(warning)
  gh issue comment "$issue" --body "fixed by the agent"
done < issues.txt

# ... and a tight counted loop that stops on something other than the agent's output.
n=0
while [ "$n" -lt 5 ]; do
  aider --yes --message "Make the tests pass"  # expect: RA203(warning)
  n=$((n + 1))
  make test && break
done

# A function run once outside any loop as well as from a schedule: that run's status counts.
summarise() {
  gptme --non-interactive "Summarise the day's commits" > summary.md  # expect: RA203(warning)
  echo "summary written"
}
summarise
while true; do
  summarise
  sleep 86400
done

# Outside any loop, a pipeline hides the agent's status behind the last stage's.
claude -p "Write the release notes" | tee NOTES.md  # expect: RA203(warning)
echo "notes written"
