#!/bin/bash
# Near miss of parse_gaps_unread_expansions_bad.sh: the same expansions the grammar
# alone rejects, read as variables of unknown value (never RA900), and pipefail on
# before the agent's pipeline, which is then not RA101.
if [ -n "${BASH_VERSION:-}" ]; then
  src="${BASH_SOURCE[0]}"
else
  src="${(%):-%x}"
fi
root="$(cd "$(dirname "$src")/.." && pwd)"
if [[ "${#DURATIONS[@]:-0}" -gt 0 ]] 2>/dev/null; then
  echo "timings recorded"
fi
set -o pipefail
claude -p "Summarise the run in $root" | tee -a run.log
