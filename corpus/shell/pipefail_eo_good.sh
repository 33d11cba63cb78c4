#!/usr/bin/env bash
# Near misses for RA101: pipefail switched on with the clustered `set -eo
# pipefail` form.
set -eo pipefail

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}

task=$(curl -fsS "$API/next" | jq -r '.task')
gptme --non-interactive "$task" 2>&1 | tee -a "$LOG"
echo "task done: $task"
