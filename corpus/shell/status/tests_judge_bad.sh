#!/bin/bash
# RA203: the agent's run is to fix the tests, but the script runs them again only to
# print their result and exits 0 whatever happened: nothing judges the run.
TESTCMD="uv run pytest -q"
cat PROMPT.md | claude -p "Fix the failing tests." --dangerously-skip-permissions --output-format stream-json | tee claude_run.json  # expect: RA203(warning)
${TESTCMD} || echo "tests still failing"
exit 0
