#!/usr/bin/env bash
# RA203 in and around loops: a run whose status nothing reads and whose output
# nothing examines is lost, in a loop or not; one whose output is examined is
# judged by it, even behind `|| true`.

PLAN=${PLAN:-PLAN.md}
TURNS=${TURNS:-turns.jsonl}

# `|| true` throws the status away, but the log is grepped for the marker: the
# run is judged by its output.
for turn in $(seq 1 30); do
  timeout 1200 opencode run "Continue $PLAN" 2>&1 | tee -a opencode.log || true
  printf '{"turn":%d,"status":"completed"}\n' "$turn" >> "$TURNS"
  grep -q '<done/>' opencode.log && break
  sleep 5
done

# The same in a substitution: the captured text is examined by the `case`.
for turn in {1..10}; do
  reply=$(claude -p "Continue $PLAN" 2>&1 | tee /dev/stderr) || true
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
