#!/usr/bin/env bash
# Sources the agent library and calls it; sets no option of its own.
source "$(dirname "${BASH_SOURCE[0]}")/agent.sh"

plan_step() {
  run_claude "Write the plan for $1"
}
