#!/usr/bin/env bash
# Kiro CLI documents its exit codes (0, 1, 3 a required MCP server did not start, 4 the
# named agent is missing): a guard on 75 (gptme's rate limit) never matches it.
set -u

rc=0
kiro-cli chat --no-interactive --require-mcp-startup "Triage the open issues" || rc=$?
if [ "$rc" -eq 75 ]; then  # expect: RA202(warning)
  echo "rate limited, resuming later"
  exit 75
fi
exit "$rc"
