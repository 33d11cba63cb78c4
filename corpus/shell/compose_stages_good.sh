#!/usr/bin/env bash
# No RA101: `docker compose ps` only asks which containers run; its count through `wc`
# is a probe (RA102, off by default), as `docker ps | wc -l` is.
set -e

running=$(docker compose -f compose.agents.yml -p runners ps -q 2>/dev/null | wc -l)
if [[ "$running" -eq 0 ]]; then
  docker compose -f compose.agents.yml -p runners up -d
fi
