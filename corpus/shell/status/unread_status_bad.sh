#!/usr/bin/env bash
# A status kept in a variable that nothing reads is thrown away, as `|| true` throws it:
# the run's output is only shown, so its failure is lost (RA203). Where the variable is
# read, `||` uses the status, which without pipefail is `tee`'s (RA101).
rc=0
out=$(claude -p "summarise the changes" | tee summary.log) || rc=$?  # expect: RA203(warning)
echo "$out"

status=0
notes=$(codex exec "write release notes" | tee notes.log) || status=$?  # expect: RA101(error)
if ((status==0)); then
  echo "$notes" > NOTES.md
fi
