#!/usr/bin/env bash
# Near misses: scripts written out from here-documents that keep the agent's status (the
# wrapper sets pipefail; the other reads `PIPESTATUS`, escaped so the written script
# reads it), and a here-document that is a prompt, not a script.
set -euo pipefail

cat > run-agent.sh <<'WRAPPER'
#!/usr/bin/env bash
set -o pipefail
claude -p "$(cat prompt.md)" 2>&1 | tee agent.log
WRAPPER

cat > run-review.sh <<WRAPPER
#!/bin/bash
codex exec --full-auto "Review $(git rev-parse HEAD)" | tee review.log
exit \${PIPESTATUS[0]}
WRAPPER

claude -p <<PROMPT > summary.md
#!/bin/bash is the first line of every script in scripts/: check that they all keep it.
PROMPT
bash run-agent.sh && bash run-review.sh
