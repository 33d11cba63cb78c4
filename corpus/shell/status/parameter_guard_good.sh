#!/usr/bin/env bash
# Near misses: the function's `$2` is a count of lines, not a status, so comparing it
# with 429 is fine; and the status itself is compared with codes a process can exit with.
too_long() {
    local text="$1"
    local lines="$2"
    [[ "$lines" -gt 400 || "$lines" -eq 429 ]] && return 0
    [[ -z "$text" ]]
}

gave_up() {
    local code="$1"
    [[ "$code" -eq 124 ]]  # `timeout`'s status when the run ran out of time
}

code=0
output=$(timeout 600 claude -p "Summarise the open issues" 2>&1) || code=$?
if too_long "$output" "$(wc -l <<< "$output")"; then
    echo "summary too long" >&2
fi
if gave_up "$code"; then
    echo "the run timed out" >&2
fi

# a helper given an HTTP code by one call and the agent's status by another: its 429
# may hold for the first
is_limited() {
    [[ "$1" -eq 429 ]]
}
http=$(curl -s -o /dev/null -w '%{http_code}' https://api.example.com/health)
if is_limited "$http"; then
    echo "the API is rate limited" >&2
fi
if is_limited "$code"; then
    echo "rate limited" >&2
fi

# a helper that shifts its arguments: `$1` is then the second one given
check_codes() {
    local label="$1"
    shift
    [[ "$1" -eq 429 ]] && echo "$label: rate limited" >&2
    return 0
}
check_codes "summary" "$http" "$code"

# helpers that hand each other their argument
ping_step() { [[ "$2" -gt 0 ]] && pong_step "$1" "$(( $2 - 1 ))"; }
pong_step() { [[ "$2" -gt 0 ]] && ping_step "$1" "$(( $2 - 1 ))"; }
ping_step "$code" 3
exit "$code"
