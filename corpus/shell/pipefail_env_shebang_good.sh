#!/usr/bin/env -S bash -eo pipefail
# Near miss for RA101: errexit and pipefail both come from the shebang
# (`env -S` splits "bash -eo pipefail" into separate arguments; a plain
# `#!/bin/bash -eo pipefail` would not work, Linux passes "-eo pipefail" to
# bash as a single argument and bash rejects it).

LOG=${LOG:-agent.log}

gptme --non-interactive "Regenerate the API docs" 2>&1 | tee -a "$LOG"
echo "docs regenerated"
