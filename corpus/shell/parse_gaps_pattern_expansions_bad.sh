#!/usr/bin/env bash
# Valid bash that tree-sitter-bash 0.25 fails on, mended before parsing: a `[[ ]]`
# pattern word with an expansion and an escaped bracket in it, or a word character
# right after its `${…}` (one word to bash). The runs after them are audited as any
# other; without the mend the whole function is unread (RA900).

landed() {
    local subject story="$1"
    subject=$(git log -1 --format=%s)
    if [[ "$subject" == feat:\ \[${story}\]* ]]; then
        return 0
    fi
    [[ "$subject" == fix-${story}-done ]]
}

for story in US-1 US-2; do
    claude -p "Implement story $story" | tee -a "logs/$story.log"  # expect: RA203(warning)
    landed "$story" || echo "story $story did not land"
done
