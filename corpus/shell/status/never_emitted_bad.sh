#!/usr/bin/env bash
# RA202: comparisons with codes the invocation can never produce.

rc=0
gptme --non-interactive "Refresh the dependency lockfile" || rc=$?
if [ "$rc" -eq 124 ]; then  # expect: RA202(warning)
  echo "the agent timed out"
fi
if [ "$rc" = 2 ]; then  # expect: RA202(warning)
  echo "misuse of the CLI"
fi

gptme --non-interactive "Tidy the changelog" &
pid=$!
wait "$pid"
result=$?
case $result in
  3) echo "three" ;;  # expect: RA202(warning)
  0) echo "ok" ;;
esac

# Each copy holds the run it was copied from last: here gptme's, which never exits 41.
gemini -p "Summarise the open issues"
rc=$?
saved=$rc
gptme --non-interactive "Triage the open issues"
rc=$?
saved=$rc
if [ "$saved" -eq 41 ]; then echo "authentication failed" >&2; fi  # expect: RA202(warning)
