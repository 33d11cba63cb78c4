#!/usr/bin/env bash
# RA302: ShellCheck's `source=` directive names the file from the project's
# top, where ShellCheck runs: read from the nearest folder above that holds it.
ROOT="$(git rev-parse --show-toplevel)"
# shellcheck source=lib/agent_run.sh
source "$ROOT/lib/agent_run.sh"

for attempt in 1 2 3; do  # expect: RA302(warning)
  run_agent "Update the changelog" && break
  sleep 30
done
