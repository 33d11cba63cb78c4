# Near miss for RA101 in a Makefile: bash with `-o pipefail` in .SHELLFLAGS
# makes every recipe line fail when any stage of its pipeline fails.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

.PHONY: run
run:
	mkdir -p logs
	gptme --non-interactive "$$(cat PROMPT.md)" 2>&1 | tee -a logs/agent.log
	@curl -fsS https://hc.example.com/ping | tee -a logs/healthcheck.log
