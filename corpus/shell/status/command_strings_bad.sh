#!/usr/bin/env bash
# A command kept in a plain string runs wherever the string is run as shell:
# spliced into `bash -c "…"`, through `eval`, or unquoted. The command that
# runs the string is then the agent's run, and a function whose body runs it
# is an agent function.
AGENT_CMD="claude -p --dangerously-skip-permissions"
REVIEW="gptme --non-interactive 'Review the diff'"

run_review() {
    eval "$REVIEW"
}

while true; do
    bash -c "cd \"$WORKDIR\" && $AGENT_CMD 'Pick the next task'"  # expect: RA203(warning)
    sleep 60
done &

# util-linux `script` runs its `-c` string in a shell on a new terminal (for live output)
while :; do
    script -q /dev/null -c "cat PROMPT.md | $AGENT_CMD --verbose"  # expect: RA203(warning)
    sleep 5
done &

# without `-e` (`--return`) `script` exits with its own status, 0, whatever the run returns
if script -q -c "$AGENT_CMD 'Triage the new issues'" /dev/null; then  # expect: RA203(warning)
    echo "triaged"
fi
script -q "$TRANSCRIPT" -c "$AGENT_CMD 'Label the new issues'" || echo "labelling failed" >&2  # expect: RA203(warning)

until run_review; do  # expect: RA302(warning)
    sleep 30
done

until eval "$AGENT_CMD 'Fix the build'"; do sleep 10; done  # expect: RA302(warning)
set -e
$AGENT_CMD --model opus "Update the docs"
rc=$?  # expect: RA204(error)
[ "$rc" -eq 0 ] || echo "docs run failed"
