#!/bin/bash
# RA302 (warning): the loop re-runs the agent only when the classifier calls the
# failure transient, but it starts a fresh run each time (no named session), so
# a run that hit the rate limit halfway repeats the work it did.
classify() {
  if grep -qiE 'rate.limit|429|overloaded' "$1"; then printf 'transient'; else printf 'permanent'; fi
}

attempt=1
while (( attempt <= 5 )); do  # expect: RA302(warning)
  rc=0
  codex exec --full-auto "$(cat TASK.md)" > out.log 2>&1 || rc=$?
  if [[ "$rc" -eq 0 ]]; then
    break
  fi
  class=$(classify out.log)
  if [[ "$class" != "transient" ]]; then
    echo "giving up: $class failure" >&2
    exit 1
  fi
  sleep $(( attempt * 60 ))
  attempt=$(( attempt + 1 ))
done
