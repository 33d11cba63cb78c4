#!/usr/bin/env bash
# Valid shell that tree-sitter-bash 0.25 misreads, mended before parsing: the
# agent pipelines inside the mended places are audited like any others, and
# each finding points at its own line.

LOG=${LOG:-agent.log}

for prompt do
    if [ -n "$prompt" ]; then
        gptme --non-interactive "$prompt" 2>&1 | tee -a "$LOG"  # expect: RA203(warning)
    fi done

last=$(cat .last-run 2>/dev/null)
if [ -z "$last" ] || [ "$last" \< "$(date -u +%FT%TZ)" ]; then
    claude -p "Summarise the runs since ${last:-(never)}" | tee -a "$LOG"  # expect: RA203(warning)
fi

# bash reads `a || b 2>&1 | c` as `a || (b 2>&1 | c)`: the pipeline is the
# right operand, and `||` makes its status the script's (no pipefail: `tee`'s).
cd "${WORKDIR:-.}" || gptme --non-interactive "set up the workspace" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
