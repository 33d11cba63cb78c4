#!/usr/bin/env bash
# RA900: a syntax error partway through the file (a stray `)` after a
# command) is reported on its line, and the well-formed function before it is
# still audited: its last command masks gptme's status (RA101).

LOG=${LOG:-agent.log}

run_agent() {
  gptme --non-interactive "$1" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
}

run_agent "Update the changelog"
if [ -s "$LOG" ]; then
  echo "log written at $(date +%T)")  # expect: RA900(info)
fi
echo "after the error"
exit 0
