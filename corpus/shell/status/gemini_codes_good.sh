#!/usr/bin/env bash
# Near misses: guards on the codes Gemini CLI documents, each for its own meaning.
gemini -p "Triage the new issues" --output-format json > triage.json
rc=$?
case "$rc" in
  0) echo "triaged" ;;
  41) echo "authentication failed: refresh the credentials" >&2 ;;
  53) echo "turn limit reached; continuing tomorrow" ;;
  *) echo "gemini failed with $rc" >&2 ;;
esac
exit "$rc"
