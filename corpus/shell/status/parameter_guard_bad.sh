#!/usr/bin/env bash
# A function's positional parameters hold what its callers pass: `$2` here is the
# agent's status, and no exit status (0 to 255) ever equals 429, so the quota
# branch is dead and only the text patterns below catch a rate limit.
is_quota_error() {
    local output="$1"
    local code="$2"
    [[ "$code" -eq 429 ]] && return 0  # expect: RA202(warning)
    grep -qiE "rate limit|quota exceeded" <<< "$output"
}

code=0
output=$(claude -p "Summarise the open issues" 2>&1) || code=$?
if is_quota_error "$output" "$code"; then
    echo "quota exhausted: handing over to the fallback" >&2
    touch .fallback
fi
exit "$code"
