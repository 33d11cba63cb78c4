#!/usr/bin/env bash
# Near misses for RA201/RA202: guards that test the right code, with a timeout
# wrapper present, covering every code gptme documents.

rc=0
timeout -k 30 1800 gptme --non-interactive "Fix the failing test" || rc=$?
case "$rc" in
  0) echo "done" ;;
  75|76) echo "rate limited (429) or auth failure; see the log" ;;
  77) echo "model unavailable (503)" ;;
  124|137) echo "timed out" ;;
  130) echo "interrupted" ;;
  *) echo "failed with $rc" ;;
esac

gptme --non-interactive "Triage new issues" 2>err.log
status=$?
if [ "$status" -eq 75 ] && grep -q "rate limit" err.log; then
  sleep 900
elif [ "$status" -ne 0 ]; then
  echo "agent failed with $status"
fi

# An if/elif chain: each branch's words say what its own code means, not the
# codes the other branches test (`-eq 0` here is success, not a timeout).
timeout 3600 gptme --non-interactive "Nightly session" 2>&1 || EXIT_CODE=$?
EXIT_CODE=${EXIT_CODE:-0}
if [ "$EXIT_CODE" -eq 0 ]; then
  echo "session completed successfully"
elif [ "$EXIT_CODE" -eq 124 ]; then
  echo "WARNING: session timed out"
else
  echo "ERROR: session failed with exit code $EXIT_CODE"
fi

# A recognition-only profile (no exit-code table): nothing to compare with.
codex exec "Refactor utils.py" || code=$?
[ "${code:-0}" -eq 2 ] && echo "codex exited 2"
exit 0
