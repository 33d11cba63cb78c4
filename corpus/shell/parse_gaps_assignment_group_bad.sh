#!/usr/bin/env bash
# Valid bash that tree-sitter-bash 0.25 fails on, mended before parsing: a bare
# assignment with a redirect whose failure a `{ …; }` group after `||` handles (the
# grammar takes the `{` in with the operator). The agent run after it is audited.
summary="$(jq -r '.summary' result.json)" 2>/dev/null || {
    echo "no summary in result.json" >&2
    summary=""
}
claude -p "Continue from: $summary" | tee -a run.log  # expect: RA101(error)
