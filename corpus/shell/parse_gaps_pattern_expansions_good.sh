#!/usr/bin/env bash
# Near miss: the same pattern words, mended before parsing, and a run whose status is
# read through pipefail and tested: nothing to report, and no RA900.
set -o pipefail

landed() {
    local subject story="$1"
    subject=$(git log -1 --format=%s)
    if [[ "$subject" == feat:\ \[${story}\]* ]]; then
        return 0
    fi
    [[ "$subject" == fix-${story}-done ]]
}

for story in US-1 US-2; do
    if ! claude -p "Implement story $story" | tee -a "logs/$story.log"; then
        echo "claude failed on $story" >&2
        exit 1
    fi
    landed "$story" || echo "story $story did not land"
done
