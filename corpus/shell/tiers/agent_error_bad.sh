#!/bin/bash
# RA101 error tier: the masked stage is an agent run. One finding per
# pipeline, naming the agent, even where other stages are masked too.
set -e

PROMPT=${PROMPT:-"Triage the open issues"}
LOG=${LOG:-agent.log}

gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"  # expect: RA101(error)

# A group that runs the agent is named by the agent, not as `{ … }`.
{ claude -p "$PROMPT"; echo "exit noted"; } 2>&1 | tee -a "$LOG"  # expect: RA101(error)

# `time` times the whole pipeline; the agent is still its first stage.
time codex exec "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)

# An agent stays an error even when the last stage stops reading early:
# pipefail would break here, so the hint is ${PIPESTATUS[0]}.
claude -p "$PROMPT" | grep -q "TASK COMPLETE"  # expect: RA101(error)

# The agent and a filter masked together: one finding, at error.
cat PROMPT.md | gemini -p - | sed 's/\r$//' > answer.md  # expect: RA101(error)

# An agent run from its npm package is an agent run.
npx -y @anthropic-ai/claude-code@latest -p "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
