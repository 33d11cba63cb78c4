#!/usr/bin/env bash
# Near misses for RA302: loops around the agent that are not respawns.
set -u

TASK=${TASK:-"Work through TASKS.md"}
SESSION=${SESSION:-nightly-$(date +%F)}

# A schedule: the agent runs every half hour whatever its status (new work, not
# a respawn); but nothing reads its status or examines its output, so a permanent
# failure (expired credentials) would go on forever unseen: RA203's finding.
while true; do
  gptme --non-interactive "$TASK"  # expect: RA203(warning)
  sleep 1800
done

# A schedule that only logs failures.
while true; do
  if ! gptme --non-interactive "$TASK"; then
    echo "run failed; next run in 30 minutes" >&2
  fi
  sleep 1800
done

# One task per iteration: a failed task is skipped, not retried.
for task in lint docs tests; do
  gptme --non-interactive "fix the $task" || continue
  git commit -qam "agent: $task"
done

# Fail fast: a failure leaves the loop.
for attempt in 1 2 3; do
  gptme --non-interactive "$TASK" || exit 1
  git push
done

# A bounded resume of a named session, only on EX_TEMPFAIL (75).
for attempt in 1 2 3 4 5; do
  rc=0
  gptme --non-interactive --name "$SESSION" "$TASK" || rc=$?
  if [ "$rc" -eq 75 ]; then
    sleep $(( 600 * attempt ))
    continue
  fi
  exit "$rc"
done

# The same resume with a wrong guard (RA201's finding, not RA302's): it is meant
# for a rate limit, so it is still the explicit, bounded resume.
for (( attempt = 1; attempt <= 3; attempt++ )); do
  EXIT_CODE=0
  gptme --non-interactive --name "$SESSION" "$TASK" 2>"$HOME/err.log" || EXIT_CODE=$?
  if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$HOME/err.log"; then  # expect: RA201(error)
    sleep 900
    continue
  fi
  break
done

# The tee's status decides, not the agent's (RA101 territory, no respawn).
until gptme --non-interactive "$TASK" | tee -a agent.log; do  # expect: RA101(error)
  sleep 60
done
