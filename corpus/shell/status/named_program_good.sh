#!/bin/bash
# Near misses: a variable whose name names no agent, an agent named so but only asked its
# version, and the same pipeline under pipefail.
set -eo pipefail

"$RUNNER_BIN" -p "Continue the task" | tee -a run.log

"$CLAUDE_BIN" --version | head -n 1

"$GEMINI_CLI_PATH" -p "Summarise the log" | tee summary.log
