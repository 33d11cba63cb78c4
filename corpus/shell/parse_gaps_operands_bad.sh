#!/usr/bin/env bash
# Valid bash that tree-sitter-bash 0.25 fails on, mended before parsing: a `[[ ]]`
# pattern word with an escaped blank beside quoted text (one word to bash), and a
# single-bracket `\<` inside a subshell's `while` loop in a script with a here-doc
# (where a misread here-doc is the usual cause, and a cut that mends nothing is
# dropped). The agent runs around them are audited like any other.

safe_commit() {
    if [[ "$1" != git\ add*' && git commit -m '* ]]; then
        return 1
    fi
}

prune_tags() {
    (cd "$1" && git tag -l 'nightly-*' | while read -r tag; do
        if [ "${tag#nightly-}" \< "$CUTOFF" ]; then
            git tag -d "$tag" >/dev/null 2>&1 || true
        fi
    done) 2>/dev/null || true
}

cat > prompt.md <<EOF
Fix the failing test.
EOF
claude -p "$(cat prompt.md)" | tee -a run.log  # expect: RA203(warning)
prune_tags .
safe_commit "git add -A && git commit -m 'agent run'"
