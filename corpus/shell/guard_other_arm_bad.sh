#!/usr/bin/env bash
# RA202: both arms run gemini itself (one with a sandbox), and no arm stores anything of
# its own: 124 never reaches the guard.
set -e
if [[ "${SANDBOX:-}" == 1 ]]; then
  set +e
  gemini --sandbox -p "work" > out.json
  rc=$?
  set -e
else
  set +e
  gemini -p "work" > out.json
  rc=$?
  set -e
fi
if [[ $rc -eq 124 ]]; then  # expect: RA202(warning)
  echo "timed out" >&2
  exit 13
fi
exit "$rc"
