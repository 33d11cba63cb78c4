#!/usr/bin/env bash
# A script given the rest of the command line runs it (a logger or a pty relay): an
# agent's headless run among its arguments is an agent run under a wrapper whose codes
# are its own.
set -e
LOG=${LOG:-run.log}
python3 tools/pty_relay.py "$LOG" claude -p "$(cat PROMPT.md)" --dangerously-skip-permissions | tee -a summary.log  # expect: RA101(error)
node scripts/stream-log.mjs --out "$LOG" codex exec --full-auto "Fix the tests" || true  # expect: RA203(warning)
./tools/relay.py "$LOG" claude --print "Update the changelog" > /dev/null || true  # expect: RA203(warning)
python3 -u tools/pty_relay.py "$LOG" timeout 600 claude -p "Update the docs" || true  # expect: RA203(warning)
echo "done"
