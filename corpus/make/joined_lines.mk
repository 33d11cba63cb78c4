# A recipe line continued with backslashes is one shell line, so blocks that
# end on consecutive lines close together (`fi done`, `fi fi`): valid shell that
# tree-sitter-bash 0.25 misreads, mended before parsing. Nothing is reported
# as unreadable, and the agent pipeline inside the loop is still audited.
SHELL := /bin/bash

.PHONY: review publish

review:
	@while read -r file; do \
		if [ -f "$$file" ]; then \
			# expect-next-line: RA203(warning) \
			claude -p "Review $$file" | tee -a review.log; \
		fi \
	done < changed.txt

publish:
	if [ -d site ]; then \
		if [ -s site/index.html ]; then \
			rsync -a site/ "$$DEST"; \
		else \
			echo "site is empty"; \
		fi \
	fi
