#!/bin/bash
# Valid bash the grammar alone rejects: zsh's flags in a branch only zsh runs
# (`${(%):-%x}`) and a length with an operator after it (`${#a[@]:-0}`, which bash
# rejects only when it runs it). Each is read as a variable of unknown value, so the
# whole script is audited and none of it is RA900; the agent's pipeline after them is
# RA101.
if [ -n "${BASH_VERSION:-}" ]; then
  src="${BASH_SOURCE[0]}"
else
  src="${(%):-%x}"
fi
root="$(cd "$(dirname "$src")/.." && pwd)"
if [[ "${#DURATIONS[@]:-0}" -gt 0 ]] 2>/dev/null; then
  echo "timings recorded"
fi
claude -p "Summarise the run in $root" | tee -a run.log  # expect: RA101(error)
