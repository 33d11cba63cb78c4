#!/bin/bash
# Valid bash the grammar alone rejects (mended before parsing, so the whole script is
# audited and none of it is RA900): the root folder as a test's operand, a `[` before
# a quote in a default word, a substring length that is an arithmetic expansion, and
# arithmetic groups in a here-document (first or later in the expression), a template's
# placeholder as a command word. The agent's pipeline after them is RA101.
start=$(date +%s)
# {{IF SETUP}}
{{SETUP_COMMANDS}}
# {{ENDIF}}
if command -v sync >/dev/null 2>&1 && [ -w / ]; then sync; fi
ALLOWED="${ALLOWED_TOOLS:-["Read", "Grep"]}"
batch=("${tasks[@]:$first:$((last-first))}")
end=$(date +%s)
cat <<EOT > summary.txt
tasks: ${batch[*]}, tools: $ALLOWED, elapsed: $(( (end - start) * 1000 )) ms
share: $(( done_count * 100 / (done_count + failed_count + 1) ))%
EOT
claude -p "$(cat summary.txt)" --allowedTools "$ALLOWED" | tee -a run.log  # expect: RA101(error)
