#!/usr/bin/env bash
# Work loops that go on after a failure without retrying the failed run.
set +e

# Each iteration reads the next task: a failure moves on to new work.
while read -r task; do
    claude -p "$task" --dangerously-skip-permissions || continue
    git add -A && git commit -qm "agent: $task"
done < tasks.txt

# A failure falls through to the same pause a success takes: a schedule.
while true; do
    if ! claude -p "Triage the new issues" --dangerously-skip-permissions; then
        echo "triage failed; next run in an hour" >&2
    fi
    sleep 3600
done

# A failure waits and goes round again; a success only says so and goes round at once:
# the failure skips no work, so the loop is a schedule.
while true; do
    gptme --non-interactive "process the inbox" || { echo "run failed"; sleep 60; continue; }
    echo "run ok"
done

# Each iteration reads the next task (`readarray`, as `read` does): a failure moves on.
while readarray -t -n 1 task && [ -n "${task[*]}" ]; do
  claude -p "${task[0]}"
  if [ $? -ne 0 ]; then
    sleep 5
    continue
  fi
  git commit -am "${task[0]}"
done < tasks.txt

# A stop file at the top of the body, and a failure that falls through to the same pause
# a success takes: a schedule with a way out, not a retry.
while :; do
    [ -f STOP ] && break
    if ! codex exec --full-auto "Review yesterday's merged pull requests"; then
        echo "review failed; next one in an hour" >&2
    fi
    sleep 3600
done
