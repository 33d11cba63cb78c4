#!/usr/bin/env bash
# Near misses: scripts given an agent's name but no headless run of it (a report keyed
# by agent, an option's value, an interactive session a relay shows), and a relay whose
# status is kept.
set -euo pipefail
python3 tools/report.py --agent claude results.json | tee report.txt
python3 tools/bench.py --agent claude -p 4 | tee bench.txt
node scripts/stats.js codex gemini > stats.txt || true
python3 tools/pty_relay.py run.log claude
rc=0
python3 tools/pty_relay.py run.log claude -p "Fix the lint errors" || rc=$?
exit "$rc"
