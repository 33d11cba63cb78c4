#!/usr/bin/env bash
# A script run on the agent's log where its status decides nothing (no errexit, not a
# condition) converts or shows the log: it examines nothing, so the run's status is lost.

TASK="Grade the submission in ./work against RUBRIC.md"

codex exec --json "$TASK" 2>&1 | tee judge.json  # expect: RA203(warning)
python tools/pretty_trace.py judge.json -o judge.txt
cp judge.txt results/

claude -p "$TASK" > claude.log 2>&1  # expect: RA203(warning)
node tools/render.js claude.log > claude.html
echo "rendered"
