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

# A recognition-only profile (no exit-code table): nothing to compare with.
codex exec "Refactor utils.py" || code=$?
[ "${code:-0}" -eq 2 ] && echo "codex exited 2"
exit 0
