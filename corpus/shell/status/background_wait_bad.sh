#!/usr/bin/env bash
# Background agents: under errexit, `wait "$pid"` of a failing agent ends the
# script, so the `$?` read after it only ever sees success (RA204); an agent
# started with `&` that no `wait` waits for loses its status (RA203).
set -e

claude -p "$TASK" &
pid=$!
wait "$pid"
rc=$?  # expect: RA204(error)
if [ "$rc" -ne 0 ]; then echo "agent failed"; fi

gptme --non-interactive "Write the docs" &
docs_pid=$!
echo "started $docs_pid"
wait $docs_pid
docs_rc=$?  # expect: RA204(error)
if [ "$docs_rc" -eq 75 ]; then echo "rate limited"; fi

claude -p "Warm the cache" &  # expect: RA203(warning)
make build &
build_pid=$!
wait "$build_pid"
echo "build finished"

aider --yes --message "Rename the helper" &  # expect: RA203(warning)
echo "started"

# Two runs waited by one `wait`: it returns the status of the last pid it names, so
# the first run's failure is lost (errexit sees only the second's).
codex exec "Sketch the architecture of $FEATURE" > arch.md 2>/dev/null &  # expect: RA203(warning)
arch_pid=$!
gemini -p "List the security risks of $FEATURE" > risks.md 2>/dev/null &
risks_pid=$!
wait "$arch_pid" "$risks_pid"
spec="$(cat arch.md)"
echo "$spec" > spec.md

# The pid variable is saved again for the next run: the later `wait "$job"` waits for
# that run, not the first, whose status the first `wait` passes over.
codex exec "Draft the plan" > plan.md 2>/dev/null &  # expect: RA203(warning)
job=$!
gemini -p "Draft the risks" > risks2.md 2>/dev/null &
other=$!
wait "$job" "$other"
codex exec "Draft the tests" > tests.md 2>/dev/null &
job=$!
wait "$job"
