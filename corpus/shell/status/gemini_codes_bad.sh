#!/usr/bin/env bash
# Gemini CLI documents its headless exit codes (41 authentication, 42 input,
# 44 sandbox, 52 configuration, 53 turn limit): guards written for gptme's codes
# never fire for it.
gemini -p "Triage the new issues" --output-format json > triage.json
rc=$?
if [ "$rc" -eq 75 ]; then  # expect: RA202(warning)
  echo "quota exhausted, retrying later"
  exit 0
fi
if [ "$rc" -eq 1 ]; then  # expect: RA201(error)
  echo "authentication failed: refresh the credentials" >&2
fi
exit "$rc"
