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

# In double quotes `\"` and `\$` are a quote and a dollar: the string runs `claude`.
# Backgrounded and waited for, `script` without `-e` still returns its own 0.
invoke_reviewer() {
    local prompt_file="$1" pid
    script -qc "claude -p \"\$(cat '$prompt_file')\" --output-format json" "$LOG" > /dev/null &  # expect: RA203(warning)
    pid=$!
    if wait "$pid"; then
        return 0
    fi
    return 1
}
invoke_reviewer prompt.md || exit 1

attempt_fix() {
    bash -c "cd \"$WORKDIR\" && claude -p \"\$(cat fix.md)\""
}
for attempt in 1 2 3; do  # expect: RA302(warning)
    attempt_fix && break
    sleep 10
done

# `ssh HOST WORDS` runs the words, joined, in the remote shell and returns its status.
SSH_CMD="ssh -o BatchMode=yes ${REMOTE_HOST} \"cd /srv/app && claude -p 'Review the deploy'\""
if ! REVIEW_OUT=$(timeout 600s bash -c "$SSH_CMD" 2>&1); then
    rc=$?  # expect: RA203(warning)
    echo "remote review failed with $rc: $REVIEW_OUT" >&2
fi
until ssh -p 2222 "$REMOTE_HOST" codex exec --full-auto "Fix the build"; do  # expect: RA302(warning)
    sleep 60
done
ssh "$REMOTE_HOST" -t "cd /srv/app && claude -p 'Summarise the logs'" || true  # expect: RA203(warning)
script -qc "claude -p 'Review the diff'" /dev/null &  # expect: RA203(warning)
if ! wait -n; then echo "review failed" >&2; fi
