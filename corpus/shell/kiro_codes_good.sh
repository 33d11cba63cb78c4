#!/usr/bin/env bash
# Near miss: guards on the codes Kiro CLI documents (3: a required MCP server did not
# start; 4: the agent named is not there).
set -u

rc=0
kiro-cli chat --no-interactive --require-mcp-startup --agent triage "Triage the open issues" || rc=$?
if [ "$rc" -eq 3 ]; then
  echo "MCP server down; not retrying" >&2
  exit 3
elif [ "$rc" -eq 4 ]; then
  echo "agent 'triage' is not installed" >&2
  exit 4
fi
exit "$rc"
