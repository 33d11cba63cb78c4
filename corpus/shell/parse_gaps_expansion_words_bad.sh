#!/bin/bash
# Valid bash the grammar alone rejects (mended before parsing, so none of it is RA900):
# an escaped backquote around an expansion in an alternative word, a quoted word in a
# command substitution of one, and a here-document whose command takes arguments after
# its word and then a redirect, or a redirect and then a pipe. The last pipeline is
# RA101; the inline Python's status is kept out on purpose (`|| true`), its output is a
# report, and the verdict's JSON is examined.
MODEL="${MODEL:-sonnet}"
log() { printf '%s\n' "$*" >&2; }
review=$(claude -p "review the diff" --model "$MODEL" 2>err.txt) || { log "review failed"; exit 1; }
stderr_text=$(cat err.txt)
log "reviewed${stderr_text:+ (stderr: $(echo "$stderr_text" | head -1))}"
echo "> by \`claude\` (model \`$MODEL\`${AGENT_PROFILE:+, agent \`$AGENT_PROFILE\`})" > pr.md
python3 - <<'PY' "$review" "pr.md" >> report.txt || true
import sys
print(len(sys.argv[1]), sys.argv[2])
PY
verdict=$(claude -p --output-format json <<EOF 2>/dev/null | jq -r '.result' 2>/dev/null
Reply PASS or FAIL for the review in pr.md.
EOF
)
case "$verdict" in PASS*) ;; *) log "review rejected: ${verdict:-no verdict}"; exit 1 ;; esac
claude -p "summarise pr.md" | tee -a run.log  # expect: RA101(error)
