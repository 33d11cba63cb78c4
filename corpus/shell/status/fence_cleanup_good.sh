#!/usr/bin/env bash
# Near miss: after stripping the fences, the file is parsed, and a run that left no
# valid JSON stops the step.
options=docs/options.json
codex exec --skip-git-repo-check -o "$options" - <<'PROMPT' || true
Propose two or three ways to build the feature, as a JSON array.
PROMPT
if grep -q '^[[:space:]]*```' "$options"; then
    sed -i 's/^\s*```json//g; s/^\s*```//g' "$options"
fi
if ! jq -e 'length > 0' "$options" > /dev/null; then
    echo "no options were generated" >&2
    exit 1
fi
