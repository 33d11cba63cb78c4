#!/usr/bin/env bash
# RA203's loop rule: loops that run the agent again whatever its status (RA302
# calls them schedules, not respawns). A turn whose status nothing reads and whose
# output is only shown or appended to a log is lost: a permanent failure (expired
# credentials, exhausted quota, a missing binary) spins the loop forever unseen.
# The near misses examine the output (a marker grepped) or read the status.

PROMPT_FILE=${PROMPT_FILE:-PROMPT.md}
TRANSCRIPT=${TRANSCRIPT:-.agent/transcript.jsonl}

# Endless and paced: a fresh run every few seconds, streamed to a viewer.
while :; do
  # expect-next-line: RA203(warning)
  cat "$PROMPT_FILE" | claude -p --output-format=stream-json --verbose \
    | tee -a "$TRANSCRIPT" \
    | node tools/render-stream.js
  echo "turn finished; next turn shortly"
  sleep 15
done

# Event-driven: one run each time someone saves the prompt.
while inotifywait -qq -e close_write "$PROMPT_FILE"; do
  claude -p "$(cat "$PROMPT_FILE")" | tee -a "$TRANSCRIPT" | node tools/render-stream.js  # expect: RA203(warning)
  echo "handled a prompt change"
done

# Endless until a stop file appears, no pacing: the stop file is the off switch.
until [ -f .agent/STOP ]; do
  gptme --non-interactive "Pick the next item in TODO.md and do it" >> .agent/gptme.log 2>&1  # expect: RA203(warning)
  git add -A && git commit -qm "agent turn" || echo "nothing to commit"
done

# Bounded, stopping on a marker in what the agent printed (a "Ralph" loop).
for turn in {1..40}; do
  reply=$(opencode run "Continue the plan in PLAN.md" 2>&1 | tee /dev/tty)
  grep -q '<done/>' <<<"$reply" && exit 0
  echo "turn $turn: not done yet"
done

# Bounded, stopping on a marker in the log the agent wrote.
for turn in $(seq 1 25); do
  codex exec "Work on the next failing test" > .agent/codex.log 2>&1
  if grep -q 'ALL GREEN' .agent/codex.log; then
    break
  fi
done

# A worker and a reviewer every quarter of an hour; only the worker's status is logged.
while true; do
  claude -p "Work through docs/TODO.md"
  worker_status=$?
  echo "$(date -Is) worker exited $worker_status" >> .agent/monitor.log
  claude -p "Review what the worker did; append problems to docs/TODO.md"  # expect: RA203(warning)
  sleep 900
done

# Bounded and paced.
attempt=0
while [ "$attempt" -lt 12 ]; do
  attempt=$((attempt + 1))
  aider --yes --message "Tidy one module" | tee -a .agent/aider.log  # expect: RA203(warning)
  sleep 300
done

# A reviewer in a function, called only from a paced loop.
review() {
  claude -p "Review the last commit; note problems in REVIEW.md" | tee -a .agent/review.log  # expect: RA203(warning)
  echo "review done"
}
while true; do
  review
  sleep 1800
done

# A pipeline continued over lines, then a check with a file redirect: the lines
# after the pipeline are statements of the loop (tree-sitter-bash 0.25 reads them
# as arguments of `viz` unless the parse is mended), so the check of the plan the
# prompt names is seen, and each run is judged by it: no RA203. But the endless loop
# is left only when the plan says COMPLETE, which a failed run never writes: it
# re-runs a failing agent forever (RA302).
while true; do  # expect: RA302(warning)
  (echo "## Plan: $PLAN"; cat PROMPT.md) | claude -p \
      --output-format=stream-json \
      | npx viz
  # done yet?
  if grep -q "STATUS: COMPLETE" "$PLAN" 2>/dev/null; then
    break
  fi
  git push origin main
done
