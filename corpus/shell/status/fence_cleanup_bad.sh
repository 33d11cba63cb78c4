#!/usr/bin/env bash
# The run writes the options page's JSON; the only read of it strips the markdown
# fences a model may add, which judges nothing: a failed run leaves no options and
# no error.
options=docs/options.json
codex exec --skip-git-repo-check -o "$options" - <<'PROMPT' || true  # expect: RA203(warning)
Propose two or three ways to build the feature, as a JSON array.
PROMPT
if grep -q '^[[:space:]]*```' "$options"; then
    sed -i 's/^\s*```json//g; s/^\s*```//g' "$options"
fi
