#!/usr/bin/env bash
# Near misses of a written runner: the script written runs no agent (a test
# command), the file run is another than the one written, and the written
# agent script is run once, its failure reported.
set -uo pipefail

checker=$(mktemp /tmp/check-XXXXXX)
printf '#!/usr/bin/env bash\nmake test\n' > "$checker"
chmod +x "$checker"
until "$checker"; do
  sleep 10
done

printf '#!/bin/sh\nclaude -p "fix the build"\n' > fix.sh
until bash other.sh; do
  sleep 10
done

if ! sh fix.sh; then
  echo "the fix run failed" >&2
  exit 1
fi
