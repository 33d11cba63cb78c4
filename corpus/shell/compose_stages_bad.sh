#!/usr/bin/env bash
# RA101: under errexit, a `docker compose` that builds and starts the stack, piped into
# `tee`, loses its failure (a subcommand after compose's own options is still read).
set -e

docker compose -f compose.agents.yml -p runners up --build -d 2>&1 | tee up.log  # expect: RA101(warning)
docker compose -f compose.agents.yml -p runners ps
