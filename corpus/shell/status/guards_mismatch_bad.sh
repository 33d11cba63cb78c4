#!/usr/bin/env bash
# RA201: guards whose intent (from words in the condition and guarded body)
# does not match the code gptme uses for it: 75 rate limit, 76 auth, 77
# model unavailable, 124 a timeout wrapper's time limit.

ERR=$(mktemp)
EXIT_CODE=0
gptme --non-interactive "Continue the task in TASKS.md" 2>"$ERR" || EXIT_CODE=$?

if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$ERR"; then  # expect: RA201(error)
  echo "rate limited; resuming in 10 minutes"
  sleep 600
fi

if [[ $EXIT_CODE == 1 ]]; then  # expect: RA201(error)
  echo "authentication failed: check the API key (401)"
  exit 2
fi

rc=0
timeout 1800 gptme --non-interactive "Write the weekly report" || rc=$?
status=$rc
case "$status" in
  0) echo "done" ;;
  1)  # expect: RA201(error)
    echo "run timed out, will retry tomorrow"
    ;;
esac

if ! claude -p "Summarise the open issues" > summary.md; then
  code=$?  # expect: RA203(warning)
fi
if (( code == 1 )); then echo "usage_limit reached"; fi

# In an if/elif chain each branch says what its own code means: here the elif.
timeout 3600 gptme --non-interactive "Nightly session" || rc=$?
if [ "${rc:-0}" -eq 0 ]; then
  echo "session completed successfully"
elif [ "$rc" -eq 1 ]; then  # expect: RA201(error)
  echo "rate limited, sleeping"
fi
