#!/usr/bin/env bash
# Valid bash the grammar misreads: a command substitution of a subshell (`$((cd d && make) 2>&1)`
# is no arithmetic), a substring offset holding arithmetic around a nested
# expansion, and a hex constant spliced from an expansion in arithmetic. Nothing here
# runs an agent; the file must read whole.
spin() {
    local i=0 frames='|/-\'
    while kill -0 "$1" 2>/dev/null; do
        local frame=${frames:i++%${#frames}:1}
        printf '\r[%s]' "$frame"
        sleep 0.1
    done
}

uuid_variant() {
    local hex=$1
    printf '%x%s\n' $(( (0x${hex:16:2} & 0x3f) | 0x80 )) "${hex:18:2}"
}

verify() {
    local out rc=0
    out=$((cd "$1" && npm run build) 2>&1) || rc=$?
    [ "$rc" -eq 0 ] || printf '%s\n' "$out" >&2
    return "$rc"
}
