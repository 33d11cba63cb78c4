#!/usr/bin/env bash
# `|| status=$?` keeps the status of a captured pipeline, and the script reads it: without
# pipefail it holds `tee`'s status, so the failed run writes release notes (RA101).
status=0
notes=$(codex exec "write release notes" | tee notes.log) || status=$?  # expect: RA101(error)
if ((status==0)); then
  echo "$notes" > NOTES.md
fi

# The status kept in a variable nothing reads decides nothing; showing the output
# examines nothing.
rc=0
out=$(claude -p "summarise the changes") || rc=$?  # expect: RA203(warning)
echo "$out"
