#!/usr/bin/env bash
# A retry loop with a way to give up: a success leaves, a failure that says the
# account is suspended ends the script with `exit 1`, and any other failure
# re-runs the whole agent session.
set -uo pipefail
for attempt in 1 2 3 4; do  # expect: RA302(warning)
  if codex exec --full-auto "Migrate the schema" > run.log 2>&1; then
    break
  fi
  if grep -q "account suspended" run.log; then
    exit 1
  fi
  sleep $((attempt * 30))
done
