#!/bin/bash
# A review loop whose run can write: each failed attempt may have edited the tree.
prompt_file=$1
attempt=0
while [ "$attempt" -lt 3 ]; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  if claude --print --tools "Bash,Edit" --output-format text < "$prompt_file" > review.txt; then
    break
  fi
  sleep 2
done

# `--tools ""` turns off the built-in tools only: the MCP servers' tools stay.
attempt=0
while [ "$attempt" -lt 3 ]; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  if claude --print --tools "" --mcp-config servers.json < "$prompt_file" > review.txt; then
    break
  fi
  sleep 2
done
