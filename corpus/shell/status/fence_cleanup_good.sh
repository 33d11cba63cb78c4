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

# a grep for an error marker that reports it judges the run, though its branch only
# prints
codex exec --skip-git-repo-check -o notes.md - <<'PROMPT' || true
Write release notes for the last ten commits.
PROMPT
if grep -q "^ERROR" notes.md; then
    echo "codex failed to write the notes" >&2
fi
