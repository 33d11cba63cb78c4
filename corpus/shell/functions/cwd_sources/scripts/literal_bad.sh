#!/usr/bin/env bash
# RA302: `source lib/agent_run.sh` is read from where the script runs (bash reads a
# relative path from the current folder): not beside this script, but in the
# nearest folder above that holds it, the project's top. Its `run_agent` runs
# codex, and the loop runs it until it succeeds.
source lib/agent_run.sh

until run_agent "Fix the failing tests"; do  # expect: RA302(warning)
  sleep 60
done
