#!/bin/bash
# Near miss: the agent's run is to fix the tests, and the script ends with the status of
# the tests run after it: they judge the run.
TESTCMD="uv run pytest -q"
cat PROMPT.md | claude -p "Fix the failing tests." --dangerously-skip-permissions --output-format stream-json | tee claude_run.json
${TESTCMD}
exit $?
