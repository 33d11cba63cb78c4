# RA101 in a Makefile through a project script: make runs a recipe in the
# Makefile's folder, so `scripts/nightly-agent.sh` is the script beside it,
# which ends running the agent; without pipefail `tee` decides the line.
.PHONY: nightly nightly-checked

nightly:
	./scripts/nightly-agent.sh 2>&1 | tee -a nightly.log  # expect: RA101(error)

# Near miss: the script's status is what the recipe line returns.
nightly-checked:
	./scripts/nightly-agent.sh > nightly.log 2>&1
