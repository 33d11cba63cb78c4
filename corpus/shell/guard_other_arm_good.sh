#!/usr/bin/env bash
# No RA202: in one arm the status comes from a timeout wrapper written in perl (it exits
# 124 when the alarm fires), in the other from gemini itself; the guard reads either, so
# 124 can reach it.
set -e
if [[ "${TIMEOUT_MODE:-}" == enforce ]]; then
  set +e
  perl -e 'alarm(600); $SIG{ALRM} = sub { exit(124) }; exec("gemini", @ARGV) or die $!;' -- -p "work" > out.json
  rc=$?
  set -e
else
  set +e
  gemini -p "work" > out.json
  rc=$?
  set -e
fi
if [[ $rc -eq 124 ]]; then
  echo "timed out" >&2
  exit 13
fi
exit "$rc"
