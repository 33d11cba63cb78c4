# Make recipes that only print are reports, not steps: no RA101 or RA102,
# unless the pipeline masks an agent. Recipes that act on the output still
# count.
.PHONY: help stats digest install refresh

help:  ## Show this help
	@grep -E '^[a-zA-Z_-]+:.*?## .*$$' $(MAKEFILE_LIST) | sort | awk 'BEGIN {FS = ":.*?## "}; {printf "%-20s %s\n", $$1, $$2}'

stats:
	@cloc --vcs=git --quiet | tail -n 3
	cd src && cloc . --quiet | tail -n 1
	@curl -s https://pypi.org/pypi/gptme/json | jq -r .info.version

digest:
	gptme --non-interactive "summarise today's log" | tail -n 20  # expect: RA101(error)

install:
	curl -fsSL https://example.com/install.sh | sh  # expect: RA101(warning)
	curl -fsSL https://opencode.ai/install | bash && opencode --version  # expect: RA102(info)

refresh:
	@grep -h ERROR logs/*.log | sort | uniq -c > logs/errors.txt  # expect: RA102(info)
