#!/bin/bash
# Near miss of set_positional_bad.sh: the words `set --` gives `"$@"` ask only for a
# fixed reply (`reply with the single word ok`): a readiness probe, not an agent run,
# whose masked status is a filter's (RA102, opt-in).
probe_model() {
  set -- -p 'reply with the single word ok' --model "$1" --max-turns 1 --output-format json
  if ! claude "$@" </dev/null 2>/dev/null | jq -e '.result | length > 0' >/dev/null; then  # expect: RA102(info)
    echo "model $1 is not available" >&2
    return 1
  fi
}
probe_model claude-haiku-4-5
